import type { Text } from '../../platform/text';

export const checkinMessages = {
  disabled: { zh: '签到功能未启用', en: 'Check-in is not enabled' },
  already: { zh: '今日已签到', en: 'You have already checked in today' },
  raced: { zh: '签到失败，请稍后重试', en: 'Check-in failed, please retry later' },
  badMonth: { zh: '月份格式应为 YYYY-MM', en: 'The month must be written YYYY-MM' },
} satisfies Record<string, Text>;
