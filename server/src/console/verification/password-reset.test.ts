import { afterAll, beforeAll, expect, it } from 'vitest';
import { nowSeconds } from '../../db/dialect';
import type { MailCatcher } from '../../testing/mail-catcher';
import { addUser } from '../../testing/relay-fixtures';
import { describeOnEachDatabase } from '../../testing/test-server';
import { BrowserClient, setOptions, startMailCatcher } from '../../testing/account-fixtures';
import { CodeStore } from './code-store';

await describeOnEachDatabase('password reset and one-time codes on %s', (server, kind) => {
  let mail: MailCatcher;
  const address = `frank-${kind}@example.com`;

  beforeAll(async () => {
    mail = await startMailCatcher(server);
    await setOptions(server, { ServerAddress: 'https://gateway.example.com/' });
    const id = await addUser(server, 'frank');
    await server.context.database.db.updateTable('users').set({ email: address }).where('id', '=', id).execute();
  });
  afterAll(async () => {
    await mail.stop();
  });

  it('mails a reset link that sets a new password once, ending the sessions signed in before', async () => {
    const before = new BrowserClient(server);
    expect((await before.signIn('frank', 'password123')).success).toBe(true);
    const visitor = new BrowserClient(server);
    const sent = await visitor.get(`/api/reset_password?email=${encodeURIComponent(address)}`);
    expect(sent.success, sent.message).toBe(true);
    const message = await mail.latestTo(address);
    const link = /https:\/\/gateway\.example\.com\/user\/reset\?[^"<\s]+/.exec(message.body)?.[0];
    expect(link).toBeDefined();
    const query = new URL((link ?? '').replace(/&amp;/g, '&')).searchParams;
    expect(query.get('email')).toBe(address);
    expect(query.get('token')).toMatch(/^[0-9a-f]{32}$/);

    const reset = await visitor.send<string>('POST', '/api/user/reset', { email: address, token: query.get('token') });
    expect(reset.success, reset.message).toBe(true);
    expect(reset.data).toMatch(/^[0-9a-f]{12}$/);
    expect((await new BrowserClient(server).signIn('frank', 'password123')).success).toBe(false);
    expect((await new BrowserClient(server).signIn('frank', reset.data ?? '')).success).toBe(true);
    expect((await before.get('/api/user/self')).status).toBe(401);

    const replay = await visitor.send('POST', '/api/user/reset', { email: address, token: query.get('token') });
    expect(replay).toMatchObject({ success: false, message: 'The reset link is invalid or has expired' });
  });

  it('refuses unknown addresses, an empty address and a forged token', async () => {
    const visitor = new BrowserClient(server);
    expect((await visitor.get('/api/reset_password?email=nobody@example.com')).message).toBe(
      'This email address is not registered',
    );
    expect((await visitor.get('/api/reset_password?email=')).message).toBe('Please enter an email address');
    const forged = await visitor.send('POST', '/api/user/reset', { email: address, token: '0'.repeat(32) });
    expect(forged.message).toBe('The reset link is invalid or has expired');
  });

  it('says so when SMTP is not configured', async () => {
    await setOptions(server, { SMTPServer: '' });
    const reply = await new BrowserClient(server).get('/api/verification?email=new@example.com');
    expect(reply.message).toBe('The administrator has not configured SMTP mail');
    await setOptions(server, { SMTPServer: '127.0.0.1' });
  });

  it('keeps secrets in the database: once only, never after expiry, readable by another store instance', async () => {
    const store = new CodeStore(server.context.database);
    await store.issue('verify', 'one@example.com', 'abc123', 600);
    expect(await new CodeStore(server.context.database).consume('verify', 'one@example.com', 'abc123')).toBe('');
    expect(await store.consume('verify', 'one@example.com', 'abc123')).toBeNull();
    await store.issue('verify', 'two@example.com', 'def456', 600);
    expect(await store.consume('verify', 'other@example.com', 'def456')).toBeNull();
    await store.issue('verify', 'old@example.com', 'aaa111', 600);
    await server.context.database.db
      .updateTable('account_codes')
      .set({ expires_at: nowSeconds() - 1 })
      .where('subject', '=', 'old@example.com')
      .execute();
    expect(await store.consume('verify', 'old@example.com', 'aaa111')).toBeNull();
    const stored = await server.context.database.db.selectFrom('account_codes').select('secret_hash').execute();
    expect(stored.every((row) => row.secret_hash.length === 64)).toBe(true);
  });
});
