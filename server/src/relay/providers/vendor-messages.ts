import type { Text } from '../../platform/text';

/** Messages of the provider adapters (a channel that cannot be called as configured). */
export const vendorMessages = {
  noBaseUrl: {
    zh: '渠道 {channel} 的类型没有默认地址，请填写 Base URL',
    en: 'Channel {channel} has no base URL and its type has no default address; set one',
  },
  noAccount: {
    zh: '渠道 {channel} 缺少 Cloudflare 账户 ID（填在“其他”中）',
    en: 'Channel {channel} lacks its Cloudflare account id (set it in "other")',
  },
  noBotId: {
    zh: '渠道 {channel} 缺少 Coze 智能体 ID（填在“其他”中）',
    en: 'Channel {channel} lacks its Coze bot id (set it in "other")',
  },
  notRelayable: {
    zh: '渠道 {channel} 的类型 {type} 暂不支持转发',
    en: 'Channel {channel} is of type {type}, which Switchboard does not relay',
  },
  endpointNotServed: {
    zh: '该渠道类型不支持接口 {path}',
    en: 'This channel type does not serve {path}',
  },
  badKeyFormat: {
    zh: '渠道 {channel} 的密钥格式应为 {format}',
    en: 'The key of channel {channel} must have the form {format}',
  },
} satisfies Record<string, Text>;
