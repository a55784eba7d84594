import { MAX_TOKEN_REMAIN_QUOTA, TOKEN_NAME_MAX_LENGTH } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import { nowSeconds } from '../../db/dialect';
import { serverForTests } from '../../testing/test-server';
import { maskTokenKey } from './token-mask';
import { createToken, tokenClientsForTests } from '../../testing/token-fixtures';

const server = serverForTests();
const { english, chinese } = tokenClientsForTests(server, 'validator');

const inAnHour = () => nowSeconds() + 3600;

describe('creating a token refuses broken fields with a message in the caller language', () => {
  it.each([
    ['no name', {}, 'Please enter a token name', '请填写令牌名称'],
    ['a blank name', { name: '   ' }, 'Please enter a token name', '请填写令牌名称'],
    [
      'a name over 50 characters',
      { name: 'n'.repeat(TOKEN_NAME_MAX_LENGTH + 1) },
      'at most 50 characters',
      '最多 50 个字符',
    ],
    ['a fractional expiry', { name: 'a', expired_time: 1.5 }, 'Expiry time format error', '过期时间格式错误'],
    ['an expiry of 0', { name: 'a', expired_time: 0 }, 'Expiry time format error', '过期时间格式错误'],
    ['an expiry past the year 9999', { name: 'a', expired_time: 1e15 }, 'Expiry time format error', '过期时间格式错误'],
    ['an expiry in the past', { name: 'a', expired_time: 1_000_000 }, 'already passed', '已经过去'],
    ['a negative quota', { name: 'a', remain_quota: -1 }, 'cannot be negative', '不能为负数'],
    ['a fractional quota', { name: 'a', remain_quota: 0.5 }, 'whole number', '必须是整数'],
    [
      'a quota over a billion dollars',
      { name: 'a', remain_quota: MAX_TOKEN_REMAIN_QUOTA + 1 },
      'cannot exceed',
      '不能超过',
    ],
    ['a quantity of 0', { name: 'a', quantity: 0 }, 'positive integer', '正整数'],
    ['a fractional quantity', { name: 'a', quantity: 2.5 }, 'positive integer', '正整数'],
    [
      'a model limit without models',
      { name: 'a', model_limits_enabled: true, model_limits: ' , ' },
      'at least one model',
      '至少选择一个模型',
    ],
    [
      'a bad IP line',
      { name: 'a', allow_ips: '1.2.3.4\nlocalhost' },
      'Line 2 of the IP whitelist, "localhost"',
      '第 2 行“localhost”',
    ],
    [
      'a CIDR prefix too long',
      { name: 'a', allow_ips: '10.0.0.0/40' },
      'not a valid IP address or CIDR',
      '不是有效的 IP',
    ],
    ['a group the user may not use', { name: 'a', group: 'svip' }, 'cannot use the group svip', '无权使用分组 svip'],
  ])('%s', async (_case, body, englishText, chineseText) => {
    const inEnglish = await english.create(body);
    expect(inEnglish.success).toBe(false);
    expect(inEnglish.message).toContain(englishText);
    const inChinese = await chinese.create(body);
    expect(inChinese.success).toBe(false);
    expect(inChinese.message).toContain(chineseText);
  });

  it('refuses a field of the wrong type through the schema', async () => {
    const reply = await english.create({ name: 'a', unlimited_quota: 'yes' });
    expect(reply.success).toBe(false);
    expect(reply.message).toMatch(/^Invalid parameter: unlimited_quota/);
  });

  it('lets an unlimited token carry a negative quota', async () => {
    const token = await createToken(english, { name: 'unlimited', unlimited_quota: true, remain_quota: -5 });
    expect(token.unlimited_quota).toBe(true);
  });

  it('takes defaults for missing fields and normalises what it keeps', async () => {
    const token = await createToken(english, {
      name: '  spaced  ',
      model_limits_enabled: true,
      model_limits: ' gpt-4o, ,gpt-4o-mini,gpt-4o ',
      allow_ips: ' 10.0.0.0/8 \n\n::1\n',
      expired_time: inAnHour(),
    });
    expect(token).toMatchObject({
      name: 'spaced',
      status: 1,
      remain_quota: 500_000,
      unlimited_quota: false,
      model_limits: 'gpt-4o,gpt-4o-mini',
      allow_ips: '10.0.0.0/8\n::1',
      group: '',
      used_quota: 0,
    });
    expect(token.key).toMatch(/^[0-9a-zA-Z]{48}$/);
  });

  it('accepts the usable groups of the option and the user own group', async () => {
    expect((await createToken(english, { name: 'vip', group: 'vip' })).group).toBe('vip');
    expect((await createToken(english, { name: 'own', group: 'default' })).group).toBe('default');
    await server.context.options.save('UserUsableGroups', JSON.stringify({ svip: 'svip' }));
    expect((await createToken(english, { name: 'svip', group: 'svip' })).group).toBe('svip');
    expect((await createToken(english, { name: 'own again', group: 'default' })).group).toBe('default');
    expect((await english.create({ name: 'vip gone', group: 'vip' })).message).toContain('cannot use the group vip');
  });
});

describe('editing a token checks the same rules', () => {
  it('refuses a blank name, a bad IP and a past expiry, and leaves the token unchanged', async () => {
    const token = await createToken(english, { name: 'kept', expired_time: inAnHour() });
    expect((await english.update({ id: token.id, name: '' })).message).toBe('Please enter a token name');
    expect((await english.update({ id: token.id, allow_ips: '999.1.1.1' })).message).toContain('"999.1.1.1"');
    expect((await english.update({ id: token.id, expired_time: 1_000_000 })).message).toContain('already passed');
    expect((await english.update({ id: token.id, remain_quota: -3 })).message).toContain('cannot be negative');
    expect((await english.get(token.id)).data).toMatchObject({
      name: 'kept',
      allow_ips: '',
      expired_time: token.expired_time,
    });
  });

  it('keeps the fields an edit leaves out', async () => {
    const token = await createToken(english, { name: 'partial', allow_ips: '1.1.1.1', remain_quota: 42 });
    const reply = await english.update({ id: token.id, name: 'renamed' });
    expect(reply.success).toBe(true);
    expect(reply.data).toMatchObject({
      name: 'renamed',
      allow_ips: '1.1.1.1',
      remain_quota: 42,
      key: maskTokenKey(token.key),
    });
  });

  it('refuses a status other than enabled or disabled', async () => {
    const token = await createToken(english, { name: 'status' });
    expect((await english.setStatus(token.id, 3)).message).toBe('A token can only be set to enabled or disabled');
  });
});
