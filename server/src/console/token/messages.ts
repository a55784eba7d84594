import type { TokenProblem } from '@switchboard/contract';
import { fill, type Text } from '../../platform/text';

export const tokenMessages = {
  remainQuotaStale: {
    zh: '令牌的剩余额度已在此期间变化（现为 {remain}），未保存：请刷新后重新填写',
    en: 'The token’s remaining quota changed meanwhile (now {remain}) and nothing was saved: reload and enter it again',
  },
  revealIdsMissing: { zh: '参数错误：请给出令牌 id', en: 'Invalid params: give the token ids' },
  revealTooMany: { zh: '令牌过多（最多 {max} 个）', en: 'Too many tokens (max {max})' },
  nameRequired: { zh: '请填写令牌名称', en: 'Please enter a token name' },
  nameTooLong: { zh: '令牌名称过长，最多 {max} 个字符', en: 'The token name is too long: at most {max} characters' },
  expiryInvalid: { zh: '过期时间格式错误', en: 'Expiry time format error' },
  expiryPast: {
    zh: '过期时间已经过去，请选择将来的时间或永不过期',
    en: 'The expiry time has already passed: choose a future time or never',
  },
  quotaInvalid: { zh: '额度必须是整数', en: 'The quota must be a whole number' },
  quotaNegative: { zh: '额度不能为负数', en: 'The remaining quota cannot be negative' },
  quotaTooLarge: { zh: '额度不能超过 {max}', en: 'The remaining quota cannot exceed {max}' },
  quantityInvalid: { zh: '数量必须是正整数', en: 'The quantity must be a positive integer' },
  modelLimitsEmpty: {
    zh: '开启模型限制后请至少选择一个模型',
    en: 'Select at least one model when the model limit is on',
  },
  rpmLimitInvalid: {
    zh: '每分钟请求数必须是不小于 0 的整数（0 表示不限制）',
    en: 'Requests per minute must be a whole number of 0 or more (0 means no limit)',
  },
  tpmLimitInvalid: {
    zh: '每分钟 Token 数必须是不小于 0 的整数（0 表示不限制）',
    en: 'Tokens per minute must be a whole number of 0 or more (0 means no limit)',
  },
  ipInvalid: {
    zh: 'IP 白名单第 {line} 行“{value}”不是有效的 IP 地址或 CIDR 网段',
    en: 'Line {line} of the IP whitelist, "{value}", is not a valid IP address or CIDR range',
  },
  groupNotUsable: { zh: '无权使用分组 {group}', en: 'You cannot use the group {group}' },
  tooManyTokens: {
    zh: '每个用户最多 {max} 个令牌，你已有 {count} 个',
    en: 'A user can have at most {max} tokens; you already have {count}',
  },
  tokenNotFound: { zh: '令牌不存在', en: 'Token not found' },
  statusInvalid: { zh: '令牌状态只能设为启用或禁用', en: 'A token can only be set to enabled or disabled' },
  expiredCannotEnable: {
    zh: '令牌已过期，不能启用：请先把过期时间改到将来或设为永不过期',
    en: 'The token has expired and cannot be enabled: first move its expiry time into the future or set it to never expire',
  },
  exhaustedCannotEnable: {
    zh: '令牌额度已用完，不能启用：请先增加剩余额度或设为无限额度',
    en: 'The token has used up its quota and cannot be enabled: first raise its remaining quota or make it unlimited',
  },
  keyGenerationFailed: { zh: '生成令牌密钥失败，请重试', en: 'Could not generate a unique token key, please try again' },
} satisfies Record<string, Text>;

/** Words a contract rule violation in both languages. */
export function problemText(problem: TokenProblem): Text {
  switch (problem.code) {
    case 'name_required':
      return tokenMessages.nameRequired;
    case 'name_too_long':
      return fill(tokenMessages.nameTooLong, { max: problem.max });
    case 'expiry_invalid':
      return tokenMessages.expiryInvalid;
    case 'expiry_past':
      return tokenMessages.expiryPast;
    case 'quota_invalid':
      return tokenMessages.quotaInvalid;
    case 'quota_negative':
      return tokenMessages.quotaNegative;
    case 'quota_too_large':
      return fill(tokenMessages.quotaTooLarge, { max: problem.max });
    case 'quantity_invalid':
      return tokenMessages.quantityInvalid;
    case 'model_limits_empty':
      return tokenMessages.modelLimitsEmpty;
    case 'rpm_limit_invalid':
      return tokenMessages.rpmLimitInvalid;
    case 'tpm_limit_invalid':
      return tokenMessages.tpmLimitInvalid;
  }
}
