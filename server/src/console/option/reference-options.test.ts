import { beforeAll, expect, it } from 'vitest';
import { optionsByKey, type OptionEntry } from '../../testing/option-calls';
import { referenceConsoleClient, type ReferenceConsoleClient } from '../../testing/reference-console-client';
import { describeOnEachDatabase, signIn, startTestServer } from '../../testing/test-server';

/** Defaults of the option keys the reference console saves (issue 16), as `GET /api/option/` lists them. */
const DEFAULTS = {
  ModelRequestRateLimitEnabled: 'false',
  ModelRequestRateLimitDurationMinutes: '1',
  ModelRequestRateLimitCount: '0',
  ModelRequestRateLimitSuccessCount: '1000',
  ModelRequestRateLimitGroup: '{}',
  SelfUseModeEnabled: 'false',
  'general_setting.docs_link': '',
  StreamCacheQueueLength: '0',
};

const SAVED = {
  ModelRequestRateLimitEnabled: 'true',
  ModelRequestRateLimitDurationMinutes: '5',
  ModelRequestRateLimitCount: '100',
  ModelRequestRateLimitSuccessCount: '50',
  ModelRequestRateLimitGroup: '{"default":[200,100],"vip":[0,1000]}',
  'general_setting.docs_link': 'https://docs.example.com/switchboard',
  StreamCacheQueueLength: '8',
};

const GROUP_LIMITS_EXPECTED =
  'ModelRequestRateLimitGroup must be a JSON object: group name → [total requests (0 for no limit), successful requests (at least 1)]';

await describeOnEachDatabase('option keys of the reference console on %s', (server, kind) => {
  let root: ReferenceConsoleClient;

  beforeAll(async () => {
    root = referenceConsoleClient(server, await signIn(server, 'root', '123456'));
  });

  const listed = async (client: ReferenceConsoleClient) =>
    optionsByKey((await client<OptionEntry[]>('GET', '/api/option/')).data);

  it('lists each key with its default', async () => {
    expect(await listed(root)).toMatchObject(DEFAULTS);
  });

  it.each([
    ['ModelRequestRateLimitEnabled', 'on', 'ModelRequestRateLimitEnabled must be true or false'],
    ['ModelRequestRateLimitDurationMinutes', '0', 'ModelRequestRateLimitDurationMinutes cannot be less than 1'],
    ['ModelRequestRateLimitCount', '2.5', 'ModelRequestRateLimitCount must be a whole number'],
    ['ModelRequestRateLimitCount', '-1', 'ModelRequestRateLimitCount cannot be less than 0'],
    ['ModelRequestRateLimitSuccessCount', '0', 'ModelRequestRateLimitSuccessCount cannot be less than 1'],
    ['ModelRequestRateLimitGroup', '{"vip":[10]}', GROUP_LIMITS_EXPECTED],
    ['ModelRequestRateLimitGroup', '{"vip":[10,0]}', GROUP_LIMITS_EXPECTED],
    ['ModelRequestRateLimitGroup', '{"vip":[-1,5]}', GROUP_LIMITS_EXPECTED],
    ['ModelRequestRateLimitGroup', '{"vip":[1.5,5]}', GROUP_LIMITS_EXPECTED],
    ['SelfUseModeEnabled', 'yes', 'SelfUseModeEnabled must be true or false'],
    ['StreamCacheQueueLength', 'many', 'StreamCacheQueueLength must be a number'],
  ])('refuses %s = %s and keeps the stored value', async (key, value, message) => {
    const before = (await listed(root))[key];
    expect(await root('PUT', '/api/option/', { key, value })).toMatchObject({ success: false, message });
    expect((await listed(root))[key]).toBe(before);
  });

  it('keeps saved values across a restart, and shows the docs link in /api/status', async () => {
    for (const [key, value] of Object.entries(SAVED)) {
      expect(await root('PUT', '/api/option/', { key, value }), key).toMatchObject({ success: true });
    }
    expect(await listed(root)).toMatchObject(SAVED);
    expect((await root<{ docs_link: string }>('GET', '/api/status')).data?.docs_link).toBe(
      SAVED['general_setting.docs_link'],
    );

    const restarted = await startTestServer({ databaseKind: kind, sharedDatabase: server.database });
    try {
      const again = referenceConsoleClient(restarted, await signIn(restarted, 'root', '123456'));
      expect(await listed(again)).toMatchObject(SAVED);
      expect((await again<{ docs_link: string }>('GET', '/api/status')).data?.docs_link).toBe(
        SAVED['general_setting.docs_link'],
      );
    } finally {
      await restarted.stop();
    }
  });
});
