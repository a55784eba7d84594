import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toNumber } from '../../db/dialect';
import type { MailCatcher } from '../../testing/mail-catcher';
import { FakeJsonServer } from '../../testing/fake-json-server';
import { describeOnEachDatabase } from '../../testing/test-server';
import { BrowserClient, codeIn, setOptions, startMailCatcher } from '../../testing/account-fixtures';
import { storedWholeRow } from '../../testing/stored-rows';

const UNIT = 500_000;

await describeOnEachDatabase('registration on %s', (server, kind) => {
  let mail: MailCatcher;
  let visitor: BrowserClient;

  beforeAll(async () => {
    mail = await startMailCatcher(server);
  });
  afterAll(async () => {
    await mail.stop();
  });
  beforeEach(async () => {
    visitor = new BrowserClient(server);
    await setOptions(server, {
      RegisterEnabled: true,
      PasswordRegisterEnabled: true,
      EmailVerificationEnabled: false,
      EmailDomainRestrictionEnabled: false,
      EmailAliasRestrictionEnabled: false,
      TurnstileCheckEnabled: false,
      QuotaForNewUser: 0,
      QuotaForInvitee: 0,
      QuotaForInviter: 0,
    });
  });

  const register = (body: Record<string, string>, client = visitor) => client.send('POST', '/api/user/register', body);
  const userRow = (username: string) => storedWholeRow(server.context.database.db, 'users', { username });

  it.each([
    [{ username: '', password: 'password1' }, 'Username and password cannot be empty'],
    [{ username: 'abc', password: '' }, 'Username and password cannot be empty'],
    [{ username: 'a'.repeat(13), password: 'password1' }, 'The username must not be longer than 12 characters'],
    [{ username: 'shortpass', password: 'pass123' }, 'The password must be 8 to 20 characters long'],
    [{ username: 'longpass', password: 'p'.repeat(21) }, 'The password must be 8 to 20 characters long'],
    [{ username: 'differ', password: 'password1', password2: 'password2' }, 'The two passwords do not match'],
    [{ username: 'root', password: 'password1' }, 'This username is already taken'],
  ])('refuses %o with "%s" and creates nobody', async (body, message) => {
    const before = await server.context.database.db.selectFrom('users').select('id').execute();
    const reply = await register(body);
    expect(reply).toMatchObject({ success: false, message });
    const after = await server.context.database.db.selectFrom('users').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('answers in Chinese by default', async () => {
    const reply = await register({ username: 'zhuser', password: 'short' }, new BrowserClient(server, 'zh'));
    expect(reply.message).toBe('密码长度不得小于 8 位且不得大于 20 位');
  });

  it('honours RegisterEnabled and PasswordRegisterEnabled', async () => {
    await setOptions(server, { RegisterEnabled: false });
    expect((await register({ username: 'closed1', password: 'password1' })).message).toBe(
      'The administrator has turned off new registration',
    );
    await setOptions(server, { RegisterEnabled: true, PasswordRegisterEnabled: false });
    expect((await register({ username: 'closed2', password: 'password1' })).message).toMatch(
      /registration with a password/,
    );
  });

  it('registers, then the new user signs in with a gift and a log entry for it', async () => {
    await setOptions(server, { QuotaForNewUser: 2 * UNIT });
    const reply = await register({ username: 'newbie', password: 'password1', password2: 'password1' });
    expect(reply.success, reply.message).toBe(true);
    const newbie = new BrowserClient(server);
    expect((await newbie.signIn('newbie', 'password1')).success).toBe(true);
    const self = await newbie.get<{ quota: number; aff_code: string }>('/api/user/self');
    expect(self.data?.quota).toBe(2 * UNIT);
    expect(self.data?.aff_code).toMatch(/^[A-Za-z0-9]{4}$/);
    await server.context.logs.flush();
    const log = await server.context.database.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', toNumber((await userRow('newbie')).id))
      .executeTakeFirstOrThrow();
    expect(log.type).toBe(4);
    expect(log.content).toContain('新用户注册赠送');
  });

  it('links the inviter and pays invite gifts: to the invitee, and to the inviter as pending earnings', async () => {
    await setOptions(server, { QuotaForNewUser: UNIT, QuotaForInvitee: 3 * UNIT, QuotaForInviter: 4 * UNIT });
    expect((await register({ username: 'inviter', password: 'password1' })).success).toBe(true);
    const inviter = await userRow('inviter');
    expect(
      (await register({ username: 'invitee', password: 'password1', aff_code: inviter.aff_code ?? '' })).success,
    ).toBe(true);
    const invitee = await userRow('invitee');
    expect(toNumber(invitee.inviter_id)).toBe(toNumber(inviter.id));
    expect(await server.context.balances.userQuota(toNumber(invitee.id))).toBe(4 * UNIT);
    const rewarded = await userRow('inviter');
    expect(toNumber(rewarded.aff_quota)).toBe(4 * UNIT);
    expect(toNumber(rewarded.aff_history_quota)).toBe(4 * UNIT);
    expect(toNumber(rewarded.aff_count)).toBe(1);
    expect(await server.context.balances.userQuota(toNumber(inviter.id))).toBe(UNIT);
  });

  describe('with email verification', () => {
    beforeEach(async () => {
      await setOptions(server, { EmailVerificationEnabled: true });
    });

    it('requires the email and the code', async () => {
      expect((await register({ username: 'nomail', password: 'password1' })).message).toBe(
        'Email verification is on: please enter your email address and the verification code',
      );
    });

    it('mails a code over SMTP that registers the address once', async () => {
      const address = `carol-${kind}@example.com`;
      const sent = await visitor.get(`/api/verification?email=${encodeURIComponent(address)}`);
      expect(sent.success, sent.message).toBe(true);
      const message = await mail.latestTo(address);
      expect(message.from).toBe('switchboard@example.com');
      const code = codeIn(message.body);
      expect(
        (await register({ username: 'carol', password: 'password1', email: address, verification_code: 'ffffff' }))
          .message,
      ).toBe('The verification code is wrong or has expired');
      const done = await register({
        username: 'carol',
        password: 'password1',
        email: address,
        verification_code: code,
      });
      expect(done.success, done.message).toBe(true);
      expect((await userRow('carol')).email).toBe(address);
      const again = await register({
        username: 'carol2',
        password: 'password1',
        email: address,
        verification_code: code,
      });
      expect(again.message).toBe('This email address is already in use');
    });

    it('waits 30 seconds before sending another code to the same address', async () => {
      const address = `dave-${kind}@example.com`;
      expect((await visitor.get(`/api/verification?email=${address}`)).success).toBe(true);
      const second = await visitor.get(`/api/verification?email=${address}`);
      expect(second).toMatchObject({ success: false, message: 'Sent too recently, please try again in 30 seconds' });
    });

    it('applies the domain whitelist and the alias restriction before sending', async () => {
      await setOptions(server, { EmailDomainRestrictionEnabled: true, EmailDomainWhitelist: 'gmail.com,qq.com' });
      const refused = await visitor.get('/api/verification?email=eve@example.com');
      expect(refused.message).toMatch(/only accepts email addresses of listed domains/);
      await setOptions(server, { EmailDomainRestrictionEnabled: false, EmailAliasRestrictionEnabled: true });
      expect((await visitor.get('/api/verification?email=eve%2Btag@example.com')).message).toMatch(
        /does not accept email aliases/,
      );
      expect((await visitor.get('/api/verification?email=not-an-address')).message).toBe(
        'The email address is not valid',
      );
      expect(mail.mails.some((message) => message.to.some((to) => to.startsWith('eve')))).toBe(false);
    });
  });

  describe('human check', () => {
    let turnstile: FakeJsonServer;
    beforeAll(async () => {
      turnstile = await new FakeJsonServer((request) => ({
        body: { success: new URLSearchParams(request.body).get('response') === 'good-token' },
      })).start();
    });
    afterAll(async () => {
      await turnstile.stop();
    });

    it('verifies the token once per session against the verification endpoint', async () => {
      await setOptions(server, {
        TurnstileCheckEnabled: true,
        TurnstileSecretKey: 'secret-1',
        TurnstileVerifyEndpoint: turnstile.url,
      });
      const body = { username: 'human', password: 'password1' };
      expect((await register(body)).message).toBe('The human check token is empty');
      expect((await visitor.send('POST', '/api/user/register?turnstile=bad-token', body)).message).toBe(
        'The human check failed, please refresh and try again',
      );
      expect((await visitor.send('POST', '/api/user/register?turnstile=good-token', body)).success).toBe(true);
      const verified = turnstile.received.at(-1);
      expect(new URLSearchParams(verified?.body).get('secret')).toBe('secret-1');
      const calls = turnstile.received.length;
      expect((await register({ username: 'human2', password: 'password1' })).success).toBe(true);
      expect(turnstile.received.length).toBe(calls);
    });
  });
});
