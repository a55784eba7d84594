import type { Text } from '../../platform/text';

export const topUpMessages = {
  keyRequired: { zh: '请输入兑换码', en: 'Please enter a redemption code' },
  keyInvalid: { zh: '无效的兑换码', en: 'Invalid redemption code' },
  keyUsed: { zh: '该兑换码已被使用', en: 'This redemption code has already been used' },
  keyDisabled: { zh: '该兑换码已被禁用', en: 'This redemption code has been disabled' },
  onlineTopUpDisabled: { zh: '管理员未开启在线充值', en: 'The administrator has not enabled online top-up' },
  callbackAddressMissing: {
    zh: '管理员未设置服务器地址，无法接收支付结果',
    en: 'The administrator has not set the server address, so payment results cannot be received',
  },
  amountInvalid: { zh: '充值数量必须是整数', en: 'The top-up amount must be a whole number' },
  amountTooSmall: { zh: '充值数量不能小于 {min}', en: 'The top-up amount cannot be less than the minimum ({min})' },
  moneyTooSmall: { zh: '充值金额过低', en: 'The amount payable is too low' },
  methodInvalid: { zh: '支付方式不存在', en: 'Unknown payment method' },
  topUpNotFound: { zh: '充值订单不存在', en: 'Top-up order not found' },
  stripeDisabled: { zh: '管理员未开启 Stripe 充值', en: 'The administrator has not enabled Stripe top-up' },
  amountTooLarge: { zh: '充值数量不能大于 {max}', en: 'The top-up amount cannot be more than {max}' },
  redirectUntrusted: { zh: '跳转地址不在本站域名内', en: 'The return address is not on this site' },
  checkoutFailed: { zh: '创建 Stripe 支付失败，请稍后重试', en: 'Stripe checkout could not be started; please retry later' },
  topUpNotPending: { zh: '充值订单状态错误，只能补单待支付的订单', en: 'Only a pending top-up order can be completed' },
} satisfies Record<string, Text>;
