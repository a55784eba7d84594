import type { Text } from '../../platform/text';

export const subscriptionMessages = {
  planNotFound: { zh: '套餐不存在', en: 'The plan does not exist' },
  planDisabled: { zh: '套餐未启用', en: 'The plan is not enabled' },
  balancePayNotAllowed: { zh: '该套餐不支持余额购买', en: 'This plan cannot be paid with the balance' },
  insufficientBalance: { zh: '余额不足', en: 'Insufficient balance' },
  purchaseLimit: { zh: '已达到该套餐的购买上限', en: 'Purchase limit reached' },
  subscriptionNotFound: { zh: '订阅不存在', en: 'The subscription does not exist' },
  userNotFound: { zh: '用户不存在', en: 'The user does not exist' },
  titleRequired: { zh: '套餐标题不能为空', en: 'The plan needs a title' },
  titleTooLong: { zh: '套餐标题过长', en: 'The plan title is too long' },
  priceInvalid: { zh: '价格必须在 0 到 9999 之间', en: 'The price must be between 0 and 9999' },
  durationUnitInvalid: { zh: '时长单位无效', en: 'The duration unit is not valid' },
  durationValueInvalid: { zh: '时长必须大于 0', en: 'The duration must be greater than 0' },
  customSecondsInvalid: { zh: '自定义时长必须大于 0 秒', en: 'The custom duration must be more than 0 seconds' },
  resetPeriodInvalid: { zh: '额度重置周期无效', en: 'The quota reset period is not valid' },
  resetSecondsInvalid: { zh: '自定义重置周期必须大于 0 秒', en: 'The custom reset period must be more than 0 seconds' },
  amountInvalid: { zh: '数量必须是非负整数', en: 'Amounts must be non-negative whole numbers' },
  groupUnknown: { zh: '分组 {group} 不存在', en: 'The group {group} does not exist' },
  preferenceInvalid: { zh: '计费偏好无效', en: 'The billing preference is not valid' },
  groupChanged: { zh: '用户分组已变更为 {group}', en: "The user's group is now {group}" },
} satisfies Record<string, Text>;
