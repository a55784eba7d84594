import { ChannelStatus } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel } from '../testing/relay-fixtures';
import { startTestServer, type TestServer } from '../testing/test-server';
import { disableAutomatically, enableAfterRecovery } from './channel-status';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await server.context.options.save('AutomaticEnableChannelEnabled', 'true');
});

afterAll(() => server.stop());

const row = (id: number) =>
  server.context.database.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const abilitiesOn = async (id: number) =>
  (
    await server.context.database.db.selectFrom('abilities').select('enabled').where('channel_id', '=', id).execute()
  ).map((ability) => ability.enabled);

describe('automatic status changes (the one writer the relay and the console share)', () => {
  it('disabling keeps what other_info held, clips the reason, takes the abilities out, and happens once', async () => {
    const id = await addChannel(server, {
      name: 'imported',
      baseUrl: 'http://127.0.0.1:9',
      models: ['gpt-4o', 'gpt-4o-mini'],
    });
    await server.context.database.db
      .updateTable('channels')
      .set({ other_info: JSON.stringify({ source: 'reference import', note: 'keep me' }) })
      .where('id', '=', id)
      .execute();
    const channel = { id, name: 'imported', type: 1 };

    expect(
      await disableAutomatically(server.context, channel, undefined, `upstream HTTP 401: ${'x'.repeat(600)}`),
    ).toBe(true);
    const disabled = await row(id);
    expect(disabled.status).toBe(ChannelStatus.AutoDisabled);
    const otherInfo = JSON.parse(disabled.other_info) as Record<string, unknown>;
    expect(otherInfo).toMatchObject({ source: 'reference import', note: 'keep me', status_time: expect.any(Number) });
    expect(otherInfo.status_reason).toHaveLength(500);
    expect(await abilitiesOn(id)).toEqual([0, 0]);

    expect(await disableAutomatically(server.context, channel, undefined, 'a second failure')).toBe(false);
    expect(JSON.parse((await row(id)).other_info).status_reason).toMatch(/^upstream HTTP 401: x+$/);
  });

  it('a passing test brings back an auto-disabled channel, but never one an administrator disabled meanwhile', async () => {
    const id = await addChannel(server, { name: 'flaky', baseUrl: 'http://127.0.0.1:9', models: ['gpt-4o'] });
    await disableAutomatically(server.context, { id, name: 'flaky', type: 1 }, undefined, 'upstream HTTP 401');
    const testedWhileAutoDisabled = await row(id);
    await server.context.database.db
      .updateTable('channels')
      .set({ status: ChannelStatus.Disabled })
      .where('id', '=', id)
      .execute();

    expect(await enableAfterRecovery(server.context, testedWhileAutoDisabled)).toBe(false);
    expect((await row(id)).status).toBe(ChannelStatus.Disabled);
    expect(await abilitiesOn(id)).toEqual([0]);

    await server.context.database.db
      .updateTable('channels')
      .set({ status: ChannelStatus.AutoDisabled })
      .where('id', '=', id)
      .execute();
    expect(await enableAfterRecovery(server.context, await row(id))).toBe(true);
    expect((await row(id)).status).toBe(ChannelStatus.Enabled);
    expect(await abilitiesOn(id)).toEqual([1]);
  });
});
