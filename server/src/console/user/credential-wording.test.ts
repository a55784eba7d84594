import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../testing/relay-fixtures';
import { signIn, serverForTests } from '../../testing/test-server';

/**
 * Issue 41 item 10: a username, password or display name rule reads the same wherever it is checked:
 * registration, an administrator's add and edit, and a user's own edit.
 */
describe('one wording per username, password and display name rule', () => {
  const server = serverForTests();
  let rootHeaders: Record<string, string>;
  let selfHeaders: Record<string, string>;
  let selfId: number;

  beforeAll(async () => {
    rootHeaders = await signIn(server, 'root', '123456');
    selfId = await addUser(server, 'wording-self');
    selfHeaders = await signIn(server, 'wording-self', 'password123');
  });

  const message = async (
    method: string,
    path: string,
    body: Record<string, unknown>,
    headers: Record<string, string>,
    language: string,
  ) => {
    const response = await server.call(path, {
      method,
      headers: { ...headers, 'accept-language': language, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const reply = (await response.json()) as { success: boolean; message: string };
    expect(reply.success).toBe(false);
    return reply.message;
  };

  /** The same bad username or password sent through each route that checks it. */
  const everyRoute = (fields: { username?: string; password?: string }, language: string) => {
    const username = fields.username ?? 'fresh-name';
    const password = fields.password ?? 'password123';
    return Promise.all([
      message('POST', '/api/user/register', { username, password, password2: password }, {}, language),
      message('POST', '/api/user/', { username, password, display_name: '' }, rootHeaders, language),
      message('PUT', '/api/user/', { id: selfId, ...fields }, rootHeaders, language),
      message('PUT', '/api/user/self', { ...fields, original_password: 'password123' }, selfHeaders, language),
    ]);
  };

  it.each([
    [
      'password length',
      { password: 'short' },
      'The password must be 8 to 20 characters long',
      '密码长度不得小于 8 位且不得大于 20 位',
    ],
    [
      'password length',
      { password: 'p'.repeat(21) },
      'The password must be 8 to 20 characters long',
      '密码长度不得小于 8 位且不得大于 20 位',
    ],
    [
      'username length',
      { username: 'u'.repeat(13) },
      'The username must not be longer than 12 characters',
      '用户名长度不能超过 12 个字符',
    ],
    ['duplicate username', { username: 'root' }, 'This username is already taken', '用户名已存在，请换一个'],
  ])('%s: %o', async (_rule, fields, english, chinese) => {
    expect(await everyRoute(fields, 'en')).toEqual([english, english, english, english]);
    expect(await everyRoute(fields, 'zh')).toEqual([chinese, chinese, chinese, chinese]);
  });

  it('display name length: an administrator adding or editing, and a user editing themselves', async () => {
    const long = 'd'.repeat(21);
    for (const [language, expected] of [
      ['en', 'The display name must not be longer than 20 characters'],
      ['zh', '显示名称不能超过 20 个字符'],
    ] as const) {
      expect(
        await Promise.all([
          message(
            'POST',
            '/api/user/',
            { username: 'fresh-name', password: 'password123', display_name: long },
            rootHeaders,
            language,
          ),
          message('PUT', '/api/user/', { id: selfId, display_name: long }, rootHeaders, language),
          message('PUT', '/api/user/self', { display_name: long }, selfHeaders, language),
        ]),
      ).toEqual([expected, expected, expected]);
    }
  });
});
