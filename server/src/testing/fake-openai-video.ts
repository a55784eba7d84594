import type { ServerResponse } from 'node:http';
import { FakeTaskUpstream, readFixture, type FakeTask, type ReceivedCall } from './fake-task-upstream';

const completed = readFixture(new URL('../relay/openai-video/__fixtures__/video-completed.json', import.meta.url));
export const FAKE_VIDEO = Buffer.from('\u0000\u0000\u0000\u0018ftypmp42 fake video bytes');

const promptOf = (body: Buffer) => /name="prompt"\r\n\r\n([^\r]*)/.exec(body.toString('latin1'))?.[1] ?? '';

/**
 * A fake of OpenAI's video API: `POST /v1/videos` (multipart or JSON) queues a job, `GET /v1/videos/{id}`
 * reports it by plan, `GET /v1/videos/{id}/content` serves the bytes of a completed one.
 */
export class FakeOpenAIVideo extends FakeTaskUpstream {
  constructor(private readonly key = 'video-key') {
    super();
  }

  private view(task: FakeTask, status?: string) {
    task.reads += 1;
    const base = { ...completed, id: task.id, prompt: task.prompt, created_at: Math.floor(Date.now() / 1000) };
    if (status) return { ...base, status, progress: 0, completed_at: null };
    if (task.plan === 'succeed') return base;
    if (task.plan === 'fail')
      return {
        ...base,
        status: 'failed',
        progress: 0,
        completed_at: null,
        error: { code: 'moderation_blocked', message: 'blocked by moderation' },
      };
    return { ...base, status: 'in_progress', progress: 40, completed_at: null };
  }

  protected respond(call: ReceivedCall, response: ServerResponse): void {
    if (call.headers.authorization !== `Bearer ${this.key}`)
      return this.reply(response, 401, { error: { message: 'bad key', type: 'invalid_request_error' } });
    if (call.method === 'POST' && call.path === '/v1/videos') {
      const json = String(call.headers['content-type']).includes('json')
        ? (JSON.parse(call.body.toString()) as { prompt?: string })
        : null;
      const task = this.accept(json ? (json.prompt ?? '') : promptOf(call.body));
      return this.reply(response, 200, this.view(task, 'queued'));
    }
    const match = /^\/v1\/videos\/([^/?]+)(\/content)?/.exec(call.path);
    const task = match ? this.tasks.get(match[1]!) : undefined;
    if (!task) return this.reply(response, 404, { error: { message: 'no such video', type: 'invalid_request_error' } });
    if (!match![2]) return this.reply(response, 200, this.view(task));
    response.writeHead(200, { 'content-type': 'video/mp4' });
    response.end(FAKE_VIDEO);
  }
}
