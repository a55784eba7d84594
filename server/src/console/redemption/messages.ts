import type { RedemptionProblem } from '@switchboard/contract';
import { fill, type Text } from '../../platform/text';

export const redemptionMessages = {
  nameTooLong: {
    zh: '兑换码名称长度必须在 1 到 {max} 个字符之间',
    en: 'The redemption code name must be 1 to {max} characters long',
  },
  quotaInvalid: { zh: '额度必须是整数', en: 'The quota must be a whole number' },
  quotaNegative: { zh: '额度不能为负数', en: 'The quota cannot be negative' },
  countInvalid: { zh: '兑换码个数必须是整数', en: 'The number of codes must be a whole number' },
  countTooSmall: { zh: '兑换码个数必须大于 0', en: 'The number of codes must be greater than 0' },
  countTooLarge: {
    zh: '一次最多只能生成 {max} 个兑换码',
    en: 'At most {max} codes can be created in one batch',
  },
  notFound: { zh: '兑换码不存在', en: 'Redemption code not found' },
  onlyUnusedEdited: { zh: '只能编辑未使用的兑换码', en: 'Only an unused code can be edited' },
  usedCannotEnable: { zh: '已使用的兑换码不能启用', en: 'A used code cannot be enabled' },
  usedCannotChange: { zh: '已使用的兑换码不能再改变状态', en: 'The status of a used code cannot be changed' },
  statusInvalid: { zh: '兑换码状态只能设为启用或禁用', en: 'A code can only be set to enabled or disabled' },
} satisfies Record<string, Text>;

/** Words a contract rule violation in both languages. */
export function redemptionProblemText(problem: RedemptionProblem): Text {
  switch (problem.code) {
    case 'name_too_long':
      return fill(redemptionMessages.nameTooLong, { max: problem.max });
    case 'quota_invalid':
      return redemptionMessages.quotaInvalid;
    case 'quota_negative':
      return redemptionMessages.quotaNegative;
    case 'count_invalid':
      return redemptionMessages.countInvalid;
    case 'count_too_small':
      return redemptionMessages.countTooSmall;
    case 'count_too_large':
      return fill(redemptionMessages.countTooLarge, { max: problem.max });
  }
}
