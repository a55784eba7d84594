import type OpenAI from 'openai';
import { beforeAll } from 'vitest';
import { providerCaller } from './provider-test-kit';
import { openaiClient } from './sdk-clients';
import { describeOnEachDatabase, type TestServer } from './test-server';

/** What `providerCaller` sets up, with the caller's name and the headers its OpenAI client sends. */
export type ProviderSetup = Parameters<typeof providerCaller>[2] & {
  username: string;
  clientHeaders?: Record<string, string>;
};

/** The caller of a provider channel suite: its user, unlimited key, channels (in order) and an OpenAI SDK client. */
export interface ProviderSuiteCaller {
  userId: number;
  apiKey: string;
  channelIds: number[];
  openai: OpenAI;
}

/**
 * A provider channel test on each database this machine offers (titled `'… (%s)'`): a test server, the
 * vendor's fakes `upstreams` starts (each `.forTests()`), then the caller and channels `setup` builds
 * from them. The server and caller are filled in before the tests run.
 */
export async function describeProviderChannel<U>(
  title: string,
  upstreams: () => U,
  setup: (upstreams: U) => ProviderSetup | Promise<ProviderSetup>,
  suite: (server: TestServer, caller: ProviderSuiteCaller, upstreams: U) => void,
): Promise<void> {
  await describeOnEachDatabase(title, (server) => {
    const started = upstreams();
    const caller = {} as ProviderSuiteCaller;
    beforeAll(async () => {
      const { username, clientHeaders, ...values } = await setup(started);
      Object.assign(caller, await providerCaller(server, username, values));
      caller.openai = openaiClient(server, caller.apiKey, clientHeaders);
    });
    suite(server, caller, started);
  });
}
