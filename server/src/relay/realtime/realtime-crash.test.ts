import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleClient } from '../../testing/console-client';
import { readLedger } from '../../testing/crash-load';
import { FakeRealtimeUpstream, realtimeUsage } from '../../testing/fake-realtime-upstream';
import { openRealtime } from '../../testing/realtime-client';
import { startServerProcess, type ServerProcess } from '../../testing/server-process';
import { signIn } from '../../testing/test-server';

const MODEL = 'gpt-4o-realtime-preview';
const TURNS = 3;
// (10 + 5 × 4) × 2.5 = 75 per turn at the default prices of gpt-4o-realtime-preview
const PER_TURN = 75;

describe.each(['1', '2'])(
  'a SIGKILL in the middle of a realtime session (WORKERS=%s, the primary killed)',
  (workers) => {
    const folder = mkdtempSync(join(tmpdir(), 'switchboard-realtime-crash-'));
    const environment = {
      WORKERS: workers,
      SQLITE_PATH: join(folder, 'switchboard.db'),
      JOURNAL_DIR: join(folder, 'journal'),
    };
    const upstream = new FakeRealtimeUpstream();
    let running: ServerProcess | null = null;
    beforeAll(async () => {
      await upstream.start();
    });
    afterAll(async () => {
      await running?.kill();
      await upstream.stop();
      rmSync(folder, { recursive: true, force: true });
    });

    it('keeps every turn whose response.done reached the client, once', async () => {
      running = await startServerProcess(environment);
      const server = running;
      const call = { call: (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init) };
      const send = consoleClient(call, await signIn(call, 'root', '123456'));
      expect(
        (
          await send('POST', '/channel/', {
            type: 1,
            name: 'realtime',
            key: 'sk-upstream',
            base_url: upstream.url,
            models: MODEL,
            group: 'default',
          })
        ).success,
      ).toBe(true);
      const created = await send<Array<{ id: number; key: string }>>('POST', '/token/', {
        name: 'realtime',
        unlimited_quota: false,
        remain_quota: 1_000_000,
        expired_time: -1,
      });
      const token = created.data?.[0];
      if (!token) throw new Error(`token: ${created.message}`);
      const self = await send<{ id: number }>('GET', '/user/self');
      const setup = { userId: self.data?.id ?? 0, tokenId: token.id };
      const before = await readLedger({ kind: 'sqlite', sqlitePath: environment.SQLITE_PATH }, setup);

      upstream.behaviour = {
        usages: Array.from({ length: TURNS }, () =>
          realtimeUsage({ inputText: 10, inputAudio: 0, outputText: 5, outputAudio: 0 }),
        ),
      };
      const probe = await openRealtime(`${server.url.replace(/^http/, 'ws')}/v1/realtime?model=${MODEL}`, {
        headers: { authorization: `Bearer sk-${token.key}` },
      });
      await probe.next('session.created');
      for (let turn = 0; turn < TURNS; turn += 1) {
        probe.send({ type: 'response.create', response: { modalities: ['text'] } });
        await probe.next('response.done');
      }
      // The session is still open: no consumption log yet, only the turns' charges.
      await server.kill();
      running = null;
      await probe.closed;

      const restarted = await startServerProcess(environment);
      expect(await restarted.stop()).toBe(0);
      const after = await readLedger({ kind: 'sqlite', sqlitePath: environment.SQLITE_PATH }, setup);
      expect({
        user: before.userQuota - after.userQuota,
        token: before.tokenRemain - after.tokenRemain,
        userUsed: after.userUsed - before.userUsed,
        tokenUsed: after.tokenUsed - before.tokenUsed,
        requests: after.userRequests - before.userRequests,
      }).toEqual({
        user: TURNS * PER_TURN,
        token: TURNS * PER_TURN,
        userUsed: TURNS * PER_TURN,
        tokenUsed: TURNS * PER_TURN,
        requests: 1,
      });
    }, 60_000);
  },
);
