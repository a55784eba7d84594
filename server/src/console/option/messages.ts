import type { Text } from '../../platform/text';

/** Every message the option calls answer (spec 000 §5), in both languages. */
export const optionMessages = {
  unknownKey: { zh: '未知的配置项：{key}', en: 'Unknown option: {key}' },
  notJson: { zh: '{key} 不是合法的 JSON 字符串', en: '{key} is not a valid JSON string' },
  notBoolean: { zh: '{key} 只能是 true 或 false', en: '{key} must be true or false' },
  notNumber: { zh: '{key} 必须是数字', en: '{key} must be a number' },
  belowMinimum: { zh: '{key} 不能小于 {min}', en: '{key} cannot be less than {min}' },
  notChoice: { zh: '{key} 只能是以下值之一：{choices}', en: '{key} must be one of: {choices}' },
  valueMissing: { zh: '请提供配置项的值', en: 'Please give the option a value' },
  priceTablesReset: { zh: '模型倍率和价格已重置为默认值', en: 'Model ratios and prices have been reset to the defaults' },
} satisfies Record<string, Text>;
