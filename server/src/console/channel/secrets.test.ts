import { Role } from '@switchboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForTests } from '../../testing/test-server';
import { storedChannelKey } from '../../testing/stored-channel-key';
import { addUser, callerFor, callerForTests, channelBody, type Caller } from '../../testing/channel-fixtures';

const SECRET = 'sk-never-show-this-7f3a';
const BATCH_SECRETS = ['sk-batch-secret-one', 'sk-batch-secret-two'];

const server = serverForTests();
const root = callerForTests(server);
let admin: Caller;
let channelId = 0;

beforeAll(async () => {
  await addUser(server, 'keeper', Role.Admin);
  admin = await callerFor(server, 'keeper', 'password-1234');
  const created = await root<{ ids: number[] }>(
    'POST',
    '/api/channel/',
    channelBody({ name: 'vault', key: SECRET, tag: 'safe' }),
  );
  channelId = created.data?.ids[0] ?? 0;
  await root('POST', '/api/channel/', channelBody({ name: 'batch', mode: 'batch', key: BATCH_SECRETS.join('\n') }));
});

function expectNoKeys(reply: unknown): void {
  const text = JSON.stringify(reply);
  for (const secret of [SECRET, ...BATCH_SECRETS]) expect(text).not.toContain(secret);
  expect(text).not.toContain('"key"');
}

describe('channel keys are secrets', () => {
  it.each([
    '/api/channel/?p=0&page_size=100',
    '/api/channel/?p=0&page_size=100&tag_mode=true',
    '/api/channel/?p=0&page_size=100&id_sort=true',
    '/api/channel/search?keyword=vault',
    '/api/channel/search?keyword=never-show&tag_mode=true',
    '/api/channel/search?keyword=sk-batch',
  ])('never shows a key in %s', async (path) => {
    const reply = await admin('GET', path);
    expect(reply.success).toBe(true);
    expectNoKeys(reply);
  });

  it('finds a channel by part of its key without showing the key', async () => {
    const reply = await admin<Array<{ id: number }>>('GET', '/api/channel/search?keyword=never-show');
    expect(reply.data?.map((item) => item.id)).toEqual([channelId]);
    expectNoKeys(reply);
  });

  it('omits the key from GET /api/channel/{id} and from the update reply', async () => {
    expectNoKeys(await admin('GET', `/api/channel/${channelId}`));
    const updated = await admin('PUT', '/api/channel/', { id: channelId, priority: 4 });
    expect(updated.success).toBe(true);
    expectNoKeys(updated);
  });

  it('refuses a plain admin the key call, and the super admin too without a security proof', async () => {
    expect(await storedChannelKey(server, channelId)).toBe(SECRET);
    const unproven = await root('POST', `/api/channel/${channelId}/key`);
    expect(unproven).toMatchObject({ status: 403, success: false, code: 'SECURITY_PROOF_REQUIRED' });
    expectNoKeys(unproven);
    const refused = await admin('POST', `/api/channel/${channelId}/key`);
    expect(refused.success).toBe(false);
    expectNoKeys(refused);
  });

  it('carries the key over to a copy without showing it', async () => {
    const copy = await admin<{ id: number }>('POST', `/api/channel/copy/${channelId}`);
    expectNoKeys(copy);
    expect(await storedChannelKey(server, copy.data?.id)).toBe(SECRET);
    expect((await admin<{ name: string }>('GET', `/api/channel/${copy.data?.id}`)).data?.name).toBe('vault_copy');
  });
});
