import type { Text } from '../../platform/text';

export const oauthMessages = {
  stateMismatch: { zh: 'state 为空或不匹配', en: 'The state is empty or does not match' },
  codeMissing: { zh: '缺少授权码', en: 'The authorisation code is missing' },
  disabled: {
    zh: '管理员未开启通过 {provider} 登录以及注册',
    en: 'The administrator has not enabled sign-in and registration with {provider}',
  },
  alreadyBound: { zh: '该 {provider} 账户已被绑定', en: 'This {provider} account is already bound to another user' },
  unreachable: {
    zh: '无法连接至 {provider} 服务器，请稍后重试！',
    en: 'Could not reach the {provider} server, please try again later',
  },
  providerRefused: { zh: '{provider} 登录失败：{detail}', en: '{provider} sign-in failed: {detail}' },
  trustLevelTooLow: {
    zh: '您的 Linux DO 信任等级未达到管理员设置的最低信任等级',
    en: 'Your Linux DO trust level is below the minimum the administrator requires',
  },
  telegramInvalid: { zh: 'Telegram 登录数据校验失败', en: 'The Telegram sign-in data failed verification' },
  telegramStale: { zh: 'Telegram 登录数据已过期，请重新登录', en: 'The Telegram sign-in data has expired, please sign in again' },
  oidcNoSubject: { zh: 'OIDC 用户信息缺少 sub', en: 'The OIDC user info has no sub' },
  discoveryUnreachable: {
    zh: '无法读取 OIDC Well-Known 地址的发现文档，请检查地址',
    en: 'Could not read the OIDC discovery document at the well-known address, please check it',
  },
  discoveryIncomplete: {
    zh: 'OIDC 发现文档缺少 authorization_endpoint、token_endpoint 或 userinfo_endpoint',
    en: 'The OIDC discovery document lacks authorization_endpoint, token_endpoint or userinfo_endpoint',
  },
  emailCodeRequired: { zh: '请输入邮箱地址和验证码', en: 'Please enter the email address and the verification code' },
} satisfies Record<string, Text>;
