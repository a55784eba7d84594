import type { ServerResponse } from 'node:http';
import { FakeTaskUpstream, readFixture, type FakeTask, type ReceivedCall } from './fake-task-upstream';

const finished = readFixture(new URL('../relay/midjourney/__fixtures__/task-success.json', import.meta.url));
/** A tiny PNG the fake serves as every finished drawing. */
export const FAKE_IMAGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A fake midjourney-proxy: `/mj/submit/*` and `/mj/insight-face/swap` accept with code 1 (a prompt
 * containing "refuse" is refused with code 24, "exists" answers 21 with a finished image, "queue" 22), `/mj/task/list-by-condition` and `/mj/task/{id}/fetch`
 * report tasks by plan (a failing prompt with "leak" prints the secret in its fail reason), `/images/{id}.png` serves the drawing. Requires `mj-api-secret` = `secret`.
 */
export class FakeMidjourneyProxy extends FakeTaskUpstream {
  /** where finished drawings say their image is; the proxy's own address when empty */
  imageBase = '';

  constructor(private readonly secret = 'mj-secret') {
    super();
  }

  private view(task: FakeTask) {
    task.reads += 1;
    const base = { ...finished, id: task.id, prompt: task.prompt, submitTime: Date.now() - 1000 };
    if (task.plan === 'succeed') return { ...base, imageUrl: `${this.imageBase || this.url}/images/${task.id}.png` };
    if (task.plan === 'fail') {
      const failReason = /leak/i.test(task.prompt)
        ? `Discord refused the account behind secret ${this.secret}`
        : 'Banned prompt detected';
      return { ...base, status: 'FAILURE', progress: '0%', imageUrl: '', buttons: [], failReason };
    }
    return { ...base, status: 'IN_PROGRESS', progress: '45%', imageUrl: '', buttons: [], finishTime: 0 };
  }

  protected respond(call: ReceivedCall, response: ServerResponse): void {
    if (call.path.startsWith('/images/')) {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(FAKE_IMAGE);
      return;
    }
    if (call.headers['mj-api-secret'] !== this.secret)
      return this.reply(response, 401, { code: 4, description: 'bad secret' });
    const body = call.body.length ? (JSON.parse(call.body.toString('utf8')) as Record<string, unknown>) : {};
    if (call.path.startsWith('/mj/submit/') || call.path === '/mj/insight-face/swap') {
      const prompt = typeof body.prompt === 'string' ? body.prompt : '';
      if (/refuse/i.test(prompt))
        return this.reply(response, 200, {
          code: 24,
          description: '可能包含敏感词',
          properties: { bannedWord: 'refuse' },
        });
      const task = this.accept(prompt);
      if (/exists/i.test(prompt)) {
        return this.reply(response, 200, {
          code: 21,
          description: '任务已存在',
          result: task.id,
          properties: { status: 'SUCCESS', imageUrl: `${this.url}/images/${task.id}.png` },
        });
      }
      if (/queue/i.test(prompt))
        return this.reply(response, 200, {
          code: 22,
          description: '排队中，前面还有1个任务',
          result: task.id,
          properties: { numberOfQueues: 1 },
        });
      return this.reply(response, 200, {
        code: 1,
        description: '提交成功',
        result: task.id,
        properties: { discordInstanceId: '1' },
      });
    }
    if (call.path === '/mj/task/list-by-condition') {
      const ids = Array.isArray(body.ids) ? (body.ids as string[]) : [];
      return this.reply(
        response,
        200,
        ids.flatMap((id) => (this.tasks.has(id) ? [this.view(this.tasks.get(id)!)] : [])),
      );
    }
    const seed = /^\/mj\/task\/([^/]+)\/image-seed$/.exec(call.path);
    if (seed && this.tasks.has(seed[1]!))
      return this.reply(response, 200, { code: 1, description: '成功', result: '1234567' });
    return this.reply(response, 404, { code: 3, description: 'not found' });
  }
}
