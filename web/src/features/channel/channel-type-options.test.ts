import { describe, expect, it } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import { channelTypeOptions } from './channel-type-options';
import { typeFieldsOf } from './channel-type-fields';

const translate = (key: string, defaultValue?: string) => i18n.t(key, { ns: 'channel', defaultValue });

describe('the channel editor type list', () => {
  it('offers relayable types and shows the others disabled as unavailable, in both languages', async () => {
    await changeLanguage('en');
    const options = channelTypeOptions(1, translate);
    expect(options.find((option) => option.value === 26)).toMatchObject({ disabled: false });
    expect(options.find((option) => option.value === 57)).toMatchObject({
      disabled: true,
      label: expect.stringMatching(/\(unavailable\)$/),
    });
    expect(options.find((option) => option.value === 6)).toBeUndefined();
    await changeLanguage('zh');
    expect(channelTypeOptions(1, translate).find((option) => option.value === 11)?.label).toMatch(/\(暂不可用\)$/);
  });

  it('keeps a legacy type listed for a channel already of it', () => {
    expect(channelTypeOptions(6, translate).find((option) => option.value === 6)).toMatchObject({ disabled: false });
  });
});

describe('the fields of native vendors', () => {
  it('show the key form of Baidu, Zhipu v1 and Tencent, and ask Coze for its bot id and OpenRouter for its app URL, in both languages', async () => {
    await changeLanguage('en');
    expect(i18n.t('editor.keyFormat', { ns: 'channel', format: typeFieldsOf(15).keyFormat })).toBe(
      'Key in the form API Key|Secret Key',
    );
    expect(typeFieldsOf(16).keyFormat).toBe('id.secret');
    expect(typeFieldsOf(23).keyFormat).toBe('AppId|SecretId|SecretKey');
    expect(i18n.t(typeFieldsOf(49).other?.label ?? '', { ns: 'channel' })).toBe('Bot ID');
    expect(i18n.t(typeFieldsOf(20).other?.label ?? '', { ns: 'channel' })).toBe('App URL (sent as HTTP-Referer)');
    // Type 18 asks for its model version (spec 001 §5), which an empty field leaves at v2.1.
    expect(i18n.t(typeFieldsOf(18).other?.label ?? '', { ns: 'channel' })).toBe('Model version');
    expect(typeFieldsOf(18).other?.placeholder).toBe('v2.1');
    await changeLanguage('zh');
    expect(i18n.t('editor.keyFormat', { ns: 'channel', format: 'id.secret' })).toBe('密钥格式：id.secret');
    expect(i18n.t('editor.other.botId', { ns: 'channel' })).toBe('智能体 ID');
  });
});
