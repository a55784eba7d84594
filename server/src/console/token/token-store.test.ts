import { MAX_TOKENS_PER_USER, TokenStatus } from '@switchboard/contract';
import { beforeAll, expect, it, vi } from 'vitest';
import { nowSeconds } from '../../db/dialect';
import { describeOnEachDatabase } from '../../testing/test-server';
import { TokenRepository } from './repository';
import { maskTokenKey } from './token-mask';
import { TokenService } from './token-service';
import { createToken, signInNewUser, tokenClient, type TokenClient } from '../../testing/token-fixtures';

await describeOnEachDatabase('tokens on %s', (server) => {
  let alice: TokenClient;
  let bob: TokenClient;
  let aliceId: number;
  const announced: string[] = [];

  beforeAll(async () => {
    const aliceHeaders = await signInNewUser(server, 'alice');
    aliceId = Number(aliceHeaders['New-Api-User']);
    alice = tokenClient(server, aliceHeaders);
    bob = tokenClient(server, await signInNewUser(server, 'bob'));
    server.context.bus.onTokenChanged((key) => {
      announced.push(key);
    });
  });

  const setColumns = (id: number, values: { expired_time?: number; status?: number }) =>
    server.context.database.db.updateTable('tokens').set(values).where('id', '=', id).execute();

  it('lists the owner tokens newest first with masked keys, paged from p=0 by size (as the reference)', async () => {
    const first = await createToken(alice, { name: 'first' });
    const second = await createToken(alice, { name: 'second' });
    const page = await alice.list('?p=0&size=1');
    expect(page).toMatchObject({ page: 0, page_size: 1, total: 2 });
    expect(page.data?.map((token) => token.id)).toEqual([second.id]);
    const next = await alice.list('?p=1&size=1');
    expect(next.data).toEqual([expect.objectContaining({ id: first.id, key: maskTokenKey(first.key), name: 'first' })]);
    expect(announced).toEqual(expect.arrayContaining([first.key, second.key]));
  });

  it('creates a batch: the first keeps the name, the others get a 6-character suffix', async () => {
    const reply = await alice.create({ name: 'batch', quantity: 3, remain_quota: 7 });
    expect(reply.success).toBe(true);
    const names = reply.data?.map((token) => token.name) ?? [];
    expect(names[0]).toBe('batch');
    expect(names.slice(1)).toEqual([
      expect.stringMatching(/^batch-[0-9a-zA-Z]{6}$/),
      expect.stringMatching(/^batch-[0-9a-zA-Z]{6}$/),
    ]);
    expect(new Set(reply.data?.map((token) => token.key)).size).toBe(3);
    expect(reply.data?.every((token) => token.remain_quota === 7)).toBe(true);
  });

  it('searches by part of the name in any case, and by part of the key with or without sk-', async () => {
    const token = await createToken(alice, { name: 'Findable Name' });
    const byName = await alice.search('keyword=findable');
    expect(byName.data?.map((item) => item.id)).toEqual([token.id]);
    const byKey = await alice.search(`token=sk-${token.key.slice(0, 20)}`);
    expect(byKey.data?.map((item) => item.id)).toEqual([token.id]);
    expect((await alice.search('keyword=50%25')).data).toEqual([]);
  });

  it('draws a new key when the drawn one is taken, and gives up on a source that only repeats', async () => {
    const taken = await createToken(alice, { name: 'taken' });
    const owner = { id: aliceId, group: 'default' };
    let calls = 0;
    const repeating = new TokenService(server.context, {
      generateKey: () => (calls++ === 0 ? taken.key : `${'k'.repeat(47)}${calls % 10}`),
    });
    const [created] = await repeating.create(owner, { name: 'collided' });
    expect(created?.key).not.toBe(taken.key);
    expect(created?.key).toHaveLength(48);
    const stuck = new TokenService(server.context, { generateKey: () => taken.key });
    await expect(stuck.create(owner, { name: 'stuck' })).rejects.toThrow('unique token key');
  });

  it('hides another user tokens: invisible, unreadable, unchangeable', async () => {
    const token = await createToken(alice, { name: 'private', remain_quota: 10 });
    expect((await bob.list()).data).toEqual([]);
    expect((await bob.search(`token=${token.key}`)).data).toEqual([]);
    for (const reply of [
      await bob.get(token.id),
      await bob.update({ id: token.id, name: 'stolen', remain_quota: 999 }),
      await bob.setStatus(token.id, TokenStatus.Disabled),
      await bob.remove(token.id),
    ]) {
      expect(reply).toEqual({ success: false, message: 'Token not found' });
    }
    expect((await alice.get(token.id)).data).toMatchObject({ name: 'private', status: 1, remain_quota: 10 });
  });

  it('disables and enables, and derives expired and exhausted in lists', async () => {
    const token = await createToken(alice, { name: 'toggled' });
    expect((await alice.setStatus(token.id, TokenStatus.Disabled)).data?.status).toBe(TokenStatus.Disabled);
    expect((await alice.setStatus(token.id, TokenStatus.Enabled)).data?.status).toBe(TokenStatus.Enabled);

    const expiring = await createToken(alice, { name: 'expiring', expired_time: nowSeconds() + 60 });
    await setColumns(expiring.id, { expired_time: nowSeconds() - 60 });
    const empty = await createToken(alice, { name: 'empty', remain_quota: 0 });
    const unlimited = await createToken(alice, { name: 'unlimited', remain_quota: 0, unlimited_quota: true });
    const statuses = new Map((await alice.list('?size=100')).data?.map((item) => [item.id, item.status]));
    expect(statuses.get(expiring.id)).toBe(TokenStatus.Expired);
    expect(statuses.get(empty.id)).toBe(TokenStatus.Exhausted);
    expect(statuses.get(unlimited.id)).toBe(TokenStatus.Enabled);
  });

  it('refuses to re-enable an expired or exhausted token, saying why, until an edit fixes it', async () => {
    const expired = await createToken(alice, { name: 'expired', expired_time: nowSeconds() + 60 });
    await setColumns(expired.id, { expired_time: nowSeconds() - 60, status: TokenStatus.Disabled });
    const refusedExpired = await alice.setStatus(expired.id, TokenStatus.Enabled);
    expect(refusedExpired).toMatchObject({
      success: false,
      message: expect.stringContaining('has expired and cannot be enabled'),
    });
    await alice.update({ id: expired.id, expired_time: -1 });
    expect((await alice.setStatus(expired.id, TokenStatus.Enabled)).data?.status).toBe(TokenStatus.Enabled);

    const exhausted = await createToken(alice, { name: 'exhausted', remain_quota: 0 });
    await alice.setStatus(exhausted.id, TokenStatus.Disabled);
    const refusedExhausted = await alice.setStatus(exhausted.id, TokenStatus.Enabled);
    expect(refusedExhausted).toMatchObject({ success: false, message: expect.stringContaining('used up its quota') });
    await alice.update({ id: exhausted.id, remain_quota: 100 });
    expect((await alice.setStatus(exhausted.id, TokenStatus.Enabled)).data?.status).toBe(TokenStatus.Enabled);
  });

  it('lifts a stored expired mark once an edit makes the token usable again', async () => {
    const token = await createToken(alice, { name: 'marked' });
    await setColumns(token.id, { status: TokenStatus.Expired });
    expect((await alice.get(token.id)).data?.status).toBe(TokenStatus.Expired);
    expect((await alice.update({ id: token.id, name: 'marked again' })).data?.status).toBe(TokenStatus.Enabled);
  });

  it('changes the remaining quota through the balance book, which the next read shows', async () => {
    const token = await createToken(alice, { name: 'balance', remain_quota: 1000 });
    const setRemain = vi.spyOn(server.context.balances, 'setTokenRemain');
    const reply = await alice.update({ id: token.id, remain_quota: 2500 });
    expect(reply.data?.remain_quota).toBe(2500);
    expect(setRemain).toHaveBeenCalledWith(token.id, 2500);
    expect((await alice.get(token.id)).data?.remain_quota).toBe(2500);
    await alice.update({ id: token.id, name: 'balance renamed' });
    expect(setRemain).toHaveBeenCalledTimes(1);
    setRemain.mockRestore();
    await server.context.balances.flush();
    const row = await new TokenRepository(server.context.database).find(aliceId, token.id);
    expect(row?.remain_quota).toBe(2500);
  });

  it('deletes a token: gone from reads and lists, announced to the relay', async () => {
    const token = await createToken(alice, { name: 'doomed' });
    announced.length = 0;
    expect((await alice.remove(token.id)).success).toBe(true);
    expect(announced).toEqual([token.key]);
    expect((await alice.get(token.id)).message).toBe('Token not found');
    expect((await alice.remove(token.id)).message).toBe('Token not found');
    expect((await alice.search(`token=${token.key}`)).total).toBe(0);
  });

  it(`holds each user to ${MAX_TOKENS_PER_USER} tokens`, async () => {
    const carol = tokenClient(server, await signInNewUser(server, 'carol'));
    const carolId = (await createToken(carol, { name: 'one' })).user_id;
    const now = nowSeconds();
    const rows = Array.from({ length: MAX_TOKENS_PER_USER - 3 }, (_, index) => ({
      user_id: carolId,
      key: `filler${String(index).padStart(42, '0')}`,
      name: `filler ${index}`,
      created_time: now,
      model_limits: '',
      allow_ips: '',
      deleted_at: null,
    }));
    await server.context.database.db.insertInto('tokens').values(rows).execute();
    expect((await carol.create({ name: 'too many', quantity: 3 })).message).toBe(
      `A user can have at most ${MAX_TOKENS_PER_USER} tokens; you already have ${MAX_TOKENS_PER_USER - 2}`,
    );
    expect((await carol.create({ name: 'last two', quantity: 2 })).success).toBe(true);
    expect((await carol.create({ name: 'one more' })).success).toBe(false);
  });
});
