import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserClient } from '../testing/account-fixtures';
import { FakeOpenAIUpstream } from '../testing/fake-openai-upstream';
import { addChannel, addUser } from '../testing/relay-fixtures';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
let upstream: FakeOpenAIUpstream;

beforeAll(async () => {
  upstream = await new FakeOpenAIUpstream().start();
  server = await startTestServer();
  await server.context.options.save('GroupRatio', JSON.stringify({ default: 1, vip: 1 }));
  await server.context.options.save('UserUsableGroups', JSON.stringify({ default: 'Default', vip: 'VIP' }));
  await addChannel(server, { baseUrl: upstream.url, models: ['gpt-4o'], groups: ['vip'] });
});
afterAll(async () => {
  await server.stop();
  await upstream.stop();
});

describe('the playground (POST /pg/chat/completions)', () => {
  it('uses `group` to choose the user group inside the gateway and never forwards it to the vendor', async () => {
    await addUser(server, 'player', { quota: 10_000_000 });
    const browser = new BrowserClient(server);
    expect((await browser.signIn('player', 'password123')).success).toBe(true);
    const reply = await browser.send('POST', '/pg/chat/completions', {
      group: 'vip',
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(reply.status).toBe(200);
    const sent = upstream.received.at(-1)!;
    expect(sent.body).toMatchObject({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    expect(sent.body).not.toHaveProperty('group');
  });
});
