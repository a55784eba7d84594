import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MailCatcher } from '../../testing/mail-catcher';
import { addUser } from '../../testing/relay-fixtures';
import { describeOnEachDatabase } from '../../testing/test-server';
import { BrowserClient, codeIn, setOptions, startMailCatcher } from '../../testing/account-fixtures';
import { storedRows } from '../../testing/stored-rows';

const BOT_TOKEN = '123456:telegram-bot-token';

/** Widget data signed the way Telegram signs it. */
function signed(fields: Record<string, string>, token = BOT_TOKEN): string {
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(checkString).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

const now = () => String(Math.floor(Date.now() / 1000));

await describeOnEachDatabase('Telegram and email bindings on %s', (server, kind) => {
  let mail: MailCatcher;

  beforeAll(async () => {
    mail = await startMailCatcher(server);
    await setOptions(server, {
      TelegramOAuthEnabled: true,
      TelegramBotToken: BOT_TOKEN,
      TelegramBotName: 'switchboard_bot',
    });
  });
  afterAll(async () => {
    await mail.stop();
  });

  it('signs in with a good signature, creating the user once', async () => {
    const query = signed({ id: '777', first_name: 'Tele', username: 'teleuser', auth_date: now() });
    const first = await new BrowserClient(server).get<{ id: number; username: string }>(
      `/api/oauth/telegram/login?${query}`,
    );
    expect(first.success, first.message).toBe(true);
    expect(first.data?.username).toBe('teleuser');
    const again = await new BrowserClient(server).get<{ id: number }>(`/api/oauth/telegram/login?${query}`);
    expect(again.data?.id).toBe(first.data?.id);
  });

  it('refuses a forged signature, a changed field and stale data', async () => {
    const visitor = new BrowserClient(server);
    const forged = signed({ id: '778', first_name: 'Eve', auth_date: now() }, '999:another-bot');
    expect((await visitor.get(`/api/oauth/telegram/login?${forged}`)).message).toBe(
      'The Telegram sign-in data failed verification',
    );
    const tampered = signed({ id: '778', first_name: 'Eve', auth_date: now() }).replace('id=778', 'id=779');
    expect((await visitor.get(`/api/oauth/telegram/login?${tampered}`)).message).toBe(
      'The Telegram sign-in data failed verification',
    );
    const stale = signed({ id: '778', first_name: 'Eve', auth_date: String(Math.floor(Date.now() / 1000) - 600) });
    expect((await visitor.get(`/api/oauth/telegram/login?${stale}`)).message).toBe(
      'The Telegram sign-in data has expired, please sign in again',
    );
    const rows = await storedRows(server.context.database.db, 'users', { telegram_id: '778' }, ['id']);
    expect(rows).toHaveLength(0);
  });

  it('binds Telegram to a signed-in user, and refuses when turned off', async () => {
    await addUser(server, 'tgbinder');
    const browser = new BrowserClient(server);
    await browser.signIn('tgbinder', 'password123');
    const bound = await browser.get(
      `/api/oauth/telegram/bind?${signed({ id: '880', first_name: 'B', auth_date: now() })}`,
    );
    expect(bound).toMatchObject({ success: true, message: 'bind' });
    const row = await server.context.database.db
      .selectFrom('users')
      .select('username')
      .where('telegram_id', '=', '880')
      .executeTakeFirst();
    expect(row?.username).toBe('tgbinder');
    await setOptions(server, { TelegramOAuthEnabled: false });
    const off = await browser.get(
      `/api/oauth/telegram/bind?${signed({ id: '881', first_name: 'B', auth_date: now() })}`,
    );
    expect(off.message).toBe('The administrator has not enabled sign-in and registration with Telegram');
    await setOptions(server, { TelegramOAuthEnabled: true });
  });

  it('binds an email address with a mailed code; both are required and the code must match', async () => {
    await addUser(server, 'mailbinder');
    const browser = new BrowserClient(server);
    await browser.signIn('mailbinder', 'password123');
    const address = `bind-${kind}@example.com`;
    expect((await browser.get(`/api/oauth/email/bind?email=${address}`)).message).toBe(
      'Please enter the email address and the verification code',
    );
    expect((await browser.get(`/api/verification?email=${address}`)).success).toBe(true);
    const code = codeIn((await mail.latestTo(address)).body);
    expect((await browser.get(`/api/oauth/email/bind?email=${address}&code=000000`)).message).toBe(
      'The verification code is wrong or has expired',
    );
    expect((await browser.get(`/api/oauth/email/bind?email=${address}&code=${code}`)).success).toBe(true);
    expect((await browser.get<{ email: string }>('/api/user/self')).data?.email).toBe(address);
    expect((await new BrowserClient(server).get(`/api/oauth/email/bind?email=${address}&code=${code}`)).status).toBe(
      401,
    );
  });
});
