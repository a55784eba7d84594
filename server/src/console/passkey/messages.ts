import type { Text } from '../../platform/text';

export const passkeyMessages = {
  disabled: { zh: '管理员未开启通行密钥（Passkey）登录', en: 'The administrator has not enabled Passkey' },
  insecureOrigin: {
    zh: '通行密钥的来源 {origin} 不是 https：请改用 https，或在设置中允许不安全的来源',
    en: 'The passkey origin {origin} is not https: use https, or allow insecure origins in the settings',
  },
  badOrigin: { zh: '通行密钥的来源设置无效：{origin}', en: 'The passkey origin setting is not valid: {origin}' },
  flowExpired: { zh: '通行密钥操作已过期，请重试', en: 'The passkey request expired: try again' },
  verificationFailed: { zh: '通行密钥验证失败', en: 'The passkey could not be verified' },
  unknownCredential: { zh: '未找到该通行密钥，请先在个人设置中注册', en: 'This passkey is not registered: register it in your profile first' },
  notRegistered: { zh: '尚未注册通行密钥', en: 'No passkey is registered' },
  userHasNoPasskey: { zh: '该用户没有通行密钥', en: 'The user has no passkey' },
  userDisabled: { zh: '用户已被封禁', en: 'The user is banned' },
} satisfies Record<string, Text>;
