import type { Text } from '../../platform/text';

export const userMessages = {
  credentialsRequired: { zh: '请输入用户名和密码', en: 'Please enter username and password' },
  wrongCredentials: {
    zh: '用户名或密码错误，或用户已被封禁',
    en: 'Wrong username or password, or the user is banned',
  },
  passwordLoginDisabled: {
    zh: '管理员关闭了密码登录',
    en: 'The administrator has turned off password login',
  },
  userNotFound: { zh: '用户不存在', en: 'User does not exist' },
} satisfies Record<string, Text>;
