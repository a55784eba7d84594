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
  tooManyFailedLogins: {
    zh: '登录失败次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed sign-ins, please try again in {minutes} minutes',
  },
} satisfies Record<string, Text>;

export const selfMessages = {
  originalPasswordWrong: { zh: '原密码错误', en: 'The current password is wrong' },
  originalPasswordRequired: { zh: '请输入原密码', en: 'Please enter your current password' },
  rootCannotLeave: { zh: '不能删除超级管理员账户', en: 'The super administrator account cannot be deleted' },
  transferMinimum: { zh: '转移额度最小为{amount}', en: 'The minimum transfer amount is {amount}' },
  affQuotaShort: { zh: '邀请额度不足', en: 'Not enough invite earnings' },
  transferLog: { zh: '邀请额度转入余额 {amount}', en: 'Invite earnings moved into the balance: {amount}' },
  webhookInvalid: { zh: 'Webhook 地址必须是 https 开头的有效地址', en: 'The webhook address must be a valid https address' },
  notificationEmailInvalid: { zh: '通知邮箱地址格式不正确', en: 'The notification email address is not valid' },
  thresholdInvalid: { zh: '额度预警阈值必须是非负整数', en: 'The quota warning threshold must be a whole number, zero or more' },
} satisfies Record<string, Text>;
