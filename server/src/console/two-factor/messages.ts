import type { Text } from '../../platform/text';

export const twoFactorMessages = {
  required: { zh: '请输入两步验证码', en: 'Two-factor authentication required' },
  disableFirst: { zh: '两步验证已启用，请先停用', en: 'Two-factor authentication is already enabled: disable it first' },
  setupFirst: { zh: '请先设置两步验证', en: 'Set up two-factor authentication first' },
  alreadyEnabled: { zh: '两步验证已启用', en: 'Two-factor authentication is already enabled' },
  notEnabled: { zh: '该用户未启用两步验证', en: 'Two-factor authentication is not enabled' },
  codeRequired: { zh: '请输入验证码', en: 'Enter a verification code' },
  wrongCode: { zh: '验证码错误或已使用', en: 'The code is wrong or was already used' },
  locked: {
    zh: '验证失败次数过多，已锁定，请在 {time} 后重试',
    en: 'Too many failed attempts: locked, retry after {time}',
  },
  flowExpired: { zh: '登录会话已过期，请重新登录', en: 'The sign-in session expired: log in again' },
  userMissing: { zh: '用户不存在', en: 'The user does not exist' },
  removed: { zh: '已移除该用户的两步验证', en: "The user's two-factor authentication was removed" },
} satisfies Record<string, Text>;
