import type { Text } from '../../platform/text';

export const verificationMessages = {
  emailRequired: { zh: '请输入邮箱地址', en: 'Please enter an email address' },
  sendTooSoon: {
    zh: '发送过于频繁，请 {seconds} 秒后再试',
    en: 'Sent too recently, please try again in {seconds} seconds',
  },
  mailNotConfigured: { zh: '管理员未配置 SMTP 邮件服务', en: 'The administrator has not configured SMTP mail' },
  mailFailed: { zh: '邮件发送失败：{detail}', en: 'The mail could not be sent: {detail}' },
  emailNotRegistered: { zh: '该邮箱地址未注册', en: 'This email address is not registered' },
  resetLinkInvalid: { zh: '重置链接非法或已过期', en: 'The reset link is invalid or has expired' },
  codeSubject: { zh: '{system} 邮箱验证邮件', en: '{system} email verification' },
  codeBody: {
    zh: '<p>您好，你正在进行 {system} 邮箱验证。</p><p>您的验证码为：<strong>{code}</strong></p><p>验证码 {minutes} 分钟内有效，如果不是本人操作，请忽略。</p>',
    en: '<p>Hello, you are verifying your email address for {system}.</p><p>Your verification code is: <strong>{code}</strong></p><p>The code is valid for {minutes} minutes. If this was not you, please ignore this mail.</p>',
  },
  resetSubject: { zh: '{system} 密码重置', en: '{system} password reset' },
  resetBody: {
    zh: '<p>您好，你正在进行 {system} 密码重置。</p><p>点击 <a href="{link}">此处</a> 进行密码重置。</p><p>如果链接无法点击，请尝试复制以下链接到浏览器中打开：<br>{link}</p><p>重置链接 {minutes} 分钟内有效，如果不是本人操作，请忽略。</p>',
    en: '<p>Hello, you asked to reset your {system} password.</p><p>Click <a href="{link}">here</a> to reset it.</p><p>If the link does not open, copy this address into your browser:<br>{link}</p><p>The link is valid for {minutes} minutes. If this was not you, please ignore this mail.</p>',
  },
} satisfies Record<string, Text>;
