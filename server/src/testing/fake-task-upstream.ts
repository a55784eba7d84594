import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { readIncoming } from './fake-json-server';
import { LoopbackFake } from './loopback-server';

/** How a fake task ends: it succeeds, fails, or stays in progress forever. */
export type TaskPlan = 'succeed' | 'fail' | 'stall';

export interface FakeTask {
  id: string;
  plan: TaskPlan;
  prompt: string;
  /** how often the task was read */
  reads: number;
}

export interface ReceivedCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** The plan a prompt asks for: a prompt containing "fail" fails, "stall" stalls, anything else succeeds. */
export const planOfPrompt = (prompt: string): TaskPlan =>
  /fail/i.test(prompt) ? 'fail' : /stall/i.test(prompt) ? 'stall' : 'succeed';

export const readFixture = (url: URL) => JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;

/**
 * A fake async-task upstream on 127.0.0.1: records every call, keeps the tasks it accepted and answers
 * their state by plan. Subclasses speak one platform's wire format.
 */
export abstract class FakeTaskUpstream extends LoopbackFake {
  readonly received: ReceivedCall[] = [];
  readonly tasks = new Map<string, FakeTask>();
  private counter = 0;

  /** calls to paths starting with this prefix */
  callsTo(prefix: string): ReceivedCall[] {
    return this.received.filter((call) => call.path.startsWith(prefix));
  }

  /** ids to hand out before fresh ones (an upstream that answers an id it gave before) */
  readonly reusedIds: string[] = [];

  protected accept(prompt: string): FakeTask {
    this.counter += 1;
    const id = this.reusedIds.shift() ?? `${Date.now()}${String(this.counter).padStart(4, '0')}`;
    const task: FakeTask = { id, plan: planOfPrompt(prompt), prompt, reads: 0 };
    this.tasks.set(task.id, task);
    return task;
  }

  protected reply(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const { url, ...read } = await readIncoming(request);
    const call: ReceivedCall = { ...read, path: url.pathname + url.search };
    this.received.push(call);
    this.respond(call, response);
  }

  protected abstract respond(call: ReceivedCall, response: ServerResponse): void;
}
