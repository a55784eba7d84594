/** Messages of the key-authenticated token queries, in both languages. */
export const tokenUsageMessages = {
  keyMissing: {
    zh: '未提供令牌，请在 Authorization 请求头中以 Bearer sk-... 提供',
    en: 'No token given: send it as Authorization: Bearer sk-...',
  },
  keyInvalid: { zh: '无效的令牌', en: 'Invalid token' },
  tokenDisabled: { zh: '该令牌已被禁用', en: 'This token has been disabled' },
  userBanned: { zh: '该令牌的用户已被封禁', en: 'The user of this token has been banned' },
};
