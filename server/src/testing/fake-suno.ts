import type { ServerResponse } from 'node:http';
import { FakeTaskUpstream, readFixture, type FakeTask, type ReceivedCall } from './fake-task-upstream';

const finished = readFixture(new URL('../relay/suno/__fixtures__/task-success.json', import.meta.url));

/**
 * A fake Suno API: `POST /suno/submit/{music|lyrics}` answers `{code:"success", data:<task id>}`,
 * `POST /suno/fetch {ids}` reports the tasks by plan. Requires `Authorization: Bearer <key>`.
 */
export class FakeSuno extends FakeTaskUpstream {
  constructor(private readonly key = 'suno-key') {
    super();
  }

  private view(task: FakeTask) {
    task.reads += 1;
    const base = { ...finished, task_id: task.id };
    if (task.plan === 'succeed') return base;
    if (task.plan === 'fail')
      return { ...base, status: 'FAILURE', progress: '100%', fail_reason: 'content policy', data: [] };
    return { ...base, status: 'IN_PROGRESS', progress: '30%', finish_time: 0, data: [] };
  }

  protected respond(call: ReceivedCall, response: ServerResponse): void {
    if (call.headers.authorization !== `Bearer ${this.key}`)
      return this.reply(response, 401, { code: 'unauthorized', message: 'bad key' });
    const body = call.body.length ? (JSON.parse(call.body.toString('utf8')) as Record<string, unknown>) : {};
    if (call.path.startsWith('/suno/submit/')) {
      const prompt = String(body.prompt ?? body.gpt_description_prompt ?? '');
      return this.reply(response, 200, { code: 'success', message: '', data: this.accept(prompt).id });
    }
    if (call.path === '/suno/fetch') {
      const ids = Array.isArray(body.ids) ? (body.ids as string[]) : [];
      const tasks = ids.flatMap((id) => (this.tasks.has(id) ? [this.view(this.tasks.get(id)!)] : []));
      return this.reply(response, 200, { code: 'success', message: '', data: tasks });
    }
    return this.reply(response, 404, { code: 'not_found', message: call.path });
  }
}
