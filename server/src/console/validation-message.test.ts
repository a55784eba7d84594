import { beforeAll, describe, expect, it } from 'vitest';
import { serverForTests } from '../testing/test-server';
import { BrowserClient } from '../testing/account-fixtures';

/** Requests refused by a route's schema answer wholly in the caller's language, whatever the route. */
describe('schema validation messages', () => {
  const server = serverForTests();
  const root = { zh: null as unknown as BrowserClient, en: null as unknown as BrowserClient };

  beforeAll(async () => {
    root.zh = new BrowserClient(server, 'zh');
    root.en = new BrowserClient(server, 'en');
    await root.zh.signIn('root', '123456');
    await root.en.signIn('root', '123456');
  });

  const cases: Array<[what: string, method: string, path: string, body: unknown, zh: string, en: string]> = [
    [
      'a text where a number belongs',
      'PUT',
      '/api/user/',
      { id: 1, quota: 'lots' },
      '无效的参数：quota 应为数字',
      'Invalid parameter: quota must be a number',
    ],
    [
      'a fraction where a whole number belongs',
      'PUT',
      '/api/user/',
      { id: 1, quota: 1.5 },
      '无效的参数：quota 应为整数',
      'Invalid parameter: quota must be a whole number',
    ],
    [
      'a missing field',
      'POST',
      '/api/user/manage',
      { action: 'promote' },
      '无效的参数：id 不能为空',
      'Invalid parameter: id is required',
    ],
    [
      'a value outside a choice, with another problem',
      'POST',
      '/api/user/manage',
      { id: 0, action: 'explode' },
      '无效的参数：id 必须大于 0；action 只能是以下值之一：promote, demote, disable, enable, delete',
      'Invalid parameter: id must be greater than 0; action must be one of: promote, demote, disable, enable, delete',
    ],
    [
      'a refinement with its own words',
      'GET',
      '/api/log/?type=9',
      undefined,
      '无效的参数：type 只能是 0、1、2、3 或 4',
      'Invalid parameter: type must be 0, 1, 2, 3 or 4',
    ],
  ];

  it.each(cases)('%s', async (_what, method, path, body, zh, en) => {
    expect(await root.zh.send(method, path, body)).toMatchObject({ success: false, message: zh });
    expect(await root.en.send(method, path, body)).toMatchObject({ success: false, message: en });
  });

  it('answers a coerced field that is not a number in Chinese too', async () => {
    expect(await root.zh.send('POST', '/api/user/aff_transfer', { quota: 'abc' })).toMatchObject({
      success: false,
      message: '无效的参数：quota 应为数字',
    });
  });
});
