import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiEnvelope, ChannelView } from '@switchboard/contract';
import { beforeAll, expect } from 'vitest';
import { nowSeconds } from '../db/dialect';
import { hashPassword } from '../platform/password';
import { signIn, type TestServer } from './test-server';
import { sendJson } from './console-client';
import { UserRepository } from '../console/user/repository';
import { abilitiesOf, abilityKey } from '../console/channel/abilities';
import { normaliseChannelRow } from '../console/channel/channel-view';

/** Test helpers for the channel suites: a signed-in console caller, users, a fake upstream, consistency checks. */

export type Caller = <T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  language?: 'zh' | 'en',
) => Promise<ApiEnvelope<T> & { status: number } & Record<string, unknown>>;

/** Calls the console API as the signed-in user, in English unless asked otherwise. */
export async function callerFor(server: TestServer, username: string, password: string): Promise<Caller> {
  const headers = await signIn(server, username, password);
  return async (method, path, body, language = 'en') => {
    const response = await sendJson(server, { method, path, body }, headers, language);
    return { status: response.status, ...((await response.json()) as ApiEnvelope<never>) };
  };
}

/** A caller for the tests of the calling file or describe block, signed in (root by default) before they run. */
export function callerForTests(server: TestServer, username = 'root', password = '123456'): Caller {
  let caller: Caller | null = null;
  beforeAll(async () => {
    caller = await callerFor(server, username, password);
  });
  return (method, path, body, language) => {
    if (!caller) throw new Error(`${username} is not signed in yet: call inside a test`);
    return caller(method, path, body, language);
  };
}

/** Adds a user straight to the database (the user-administration API is another area's). */
export async function addUser(server: TestServer, username: string, role: number): Promise<void> {
  await new UserRepository(server.context.database).insert({
    username,
    password: await hashPassword('password-1234'),
    role,
    access_token: null,
    aff_code: null,
    created_at: nowSeconds(),
    deleted_at: null,
  });
}

/** Every ability row derived from the channels, against what the abilities table holds. */
export async function abilitySnapshot(server: TestServer): Promise<{ expected: string[]; actual: string[] }> {
  const { db } = server.context.database;
  const channels = (await db.selectFrom('channels').selectAll().execute()).map(normaliseChannelRow);
  const expected = channels.flatMap(abilitiesOf).map(abilityKey).sort();
  const actual = (await db.selectFrom('abilities').selectAll().execute()).map(abilityKey).sort();
  return { expected, actual };
}

export interface FakeUpstream {
  url: string;
  /** Every request received: method, path with query, headers. */
  requests: Array<{ method: string; url: string; headers: IncomingMessage['headers'] }>;
  close(): Promise<void>;
}

export type FakeRoute = (
  request: IncomingMessage,
) => { status?: number; body: unknown; delayMilliseconds?: number } | undefined;

/** A real HTTP server on 127.0.0.1 answering JSON from `route`; unknown paths answer 404. */
export async function startFakeUpstream(route: FakeRoute): Promise<FakeUpstream> {
  const requests: FakeUpstream['requests'] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requests.push({ method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers });
    const answer = route(request) ?? { status: 404, body: { error: { message: `no route for ${request.url}` } } };
    const send = () => {
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    };
    if (answer.delayMilliseconds) setTimeout(send, answer.delayMilliseconds);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A valid create body; override what a test is about. */
export const channelBody = (overrides: Record<string, unknown> = {}) => ({
  type: 1,
  name: 'primary',
  key: 'sk-secret-primary',
  base_url: '',
  models: 'gpt-4o,gpt-4o-mini',
  group: 'default',
  ...overrides,
});

/** Creates channels through the console (a batch makes one per key line) from a valid body with the overrides; answers their ids. */
export async function createChannels(caller: Caller, overrides: Record<string, unknown> = {}): Promise<number[]> {
  const reply = await caller<{ ids: number[] }>('POST', '/api/channel/', channelBody(overrides));
  expect(reply.success, reply.message).toBe(true);
  return reply.data?.ids ?? [];
}

/** The channel as the console shows it. */
export const channelView = async (caller: Caller, id: number): Promise<ChannelView> =>
  (await caller<ChannelView>('GET', `/api/channel/${id}`)).data as ChannelView;

/** The channel was disabled automatically (status 3), with the reason and the time kept in its other_info. */
export function expectAutoDisabled(channel: { status: number; other_info: string }, reason: string): void {
  expect(channel.status).toBe(3);
  expect(JSON.parse(channel.other_info)).toMatchObject({ status_reason: reason, status_time: expect.any(Number) });
}
