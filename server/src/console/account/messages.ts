import type { Text } from '../../platform/text';

export const accountMessages = {
  registerDisabled: { zh: '管理员关闭了新用户注册', en: 'The administrator has turned off new registration' },
  passwordRegisterDisabled: {
    zh: '管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册',
    en: 'The administrator has turned off registration with a password; please register with a third-party account',
  },
  passwordsDiffer: { zh: '两次输入的密码不一致', en: 'The two passwords do not match' },
  emailCodeRequired: {
    zh: '管理员开启了邮箱验证，请输入邮箱地址和验证码',
    en: 'Email verification is on: please enter your email address and the verification code',
  },
  emailInvalid: { zh: '邮箱地址格式不正确', en: 'The email address is not valid' },
  emailDomainRefused: {
    zh: '管理员启用了邮箱域名白名单，您的邮箱地址的域名不在白名单中',
    en: 'The administrator only accepts email addresses of listed domains, and yours is not one of them',
  },
  emailAliasRefused: {
    zh: '管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝',
    en: 'The administrator does not accept email aliases; your address was refused because it contains a special character',
  },
  emailTaken: { zh: '邮箱地址已被占用', en: 'This email address is already in use' },
  codeWrong: { zh: '验证码错误或已过期', en: 'The verification code is wrong or has expired' },
  turnstileEmpty: { zh: 'Turnstile token 为空', en: 'The human check token is empty' },
  turnstileFailed: { zh: 'Turnstile 校验失败，请刷新重试！', en: 'The human check failed, please refresh and try again' },
  newUserGift: { zh: '新用户注册赠送 {amount}', en: 'Gift for a new user: {amount}' },
  inviteeGift: { zh: '使用邀请码赠送 {amount}', en: 'Gift for registering with an invite code: {amount}' },
  inviterGift: { zh: '邀请用户赠送 {amount}', en: 'Reward for inviting a user: {amount}' },
} satisfies Record<string, Text>;
