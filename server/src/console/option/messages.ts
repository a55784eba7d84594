import type { DescribedShape } from '@switchboard/contract';
import type { Text } from '../../platform/text';

/** Every message the option calls answer (spec 000 §5), in both languages. */
export const optionMessages = {
  unknownKey: { zh: '未知的配置项：{key}', en: 'Unknown option: {key}' },
  complianceByConfirmation: { zh: '支付合规确认只能通过确认操作完成', en: 'Payment compliance is set only by confirming it' },
  complianceNotConfirmed: { zh: '请勾选确认后再提交', en: 'Tick the confirmation before submitting' },
  notJson: { zh: '{key} 不是合法的 JSON 字符串', en: '{key} is not a valid JSON string' },
  duplicateName: { zh: '{key} 中“{name}”出现了多次，每个名称只能出现一次', en: '{key} lists "{name}" more than once; each name may appear only once' },
  negativeEntry: { zh: '{key} 中“{name}”的值为负数，倍率和价格不能小于 0', en: '{key}: the value of "{name}" is negative; ratios and prices cannot be less than 0' },
  entryNotNumber: { zh: '{key} 中“{name}”的值必须是数字', en: '{key}: the value of "{name}" must be a number' },
  entryNotText: { zh: '{key} 中“{name}”的值必须是文本', en: '{key}: the value of "{name}" must be text' },
  notBoolean: { zh: '{key} 只能是 true 或 false', en: '{key} must be true or false' },
  notNumber: { zh: '{key} 必须是数字', en: '{key} must be a number' },
  notInteger: { zh: '{key} 必须是整数', en: '{key} must be a whole number' },
  belowMinimum: { zh: '{key} 不能小于 {min}', en: '{key} cannot be less than {min}' },
  aboveMaximum: { zh: '{key} 不能大于 {max}', en: '{key} cannot be greater than {max}' },
  notAddress: { zh: '{key} 必须是以 http:// 或 https:// 开头的地址', en: '{key} must be an address starting with http:// or https://' },
  unsafeLink: {
    zh: '{key} 中“{name}”的链接使用了不安全的协议 {scheme}:（不允许 javascript:、data:、vbscript:、file:）',
    en: '{key}: the link "{name}" uses the unsafe scheme {scheme}: (javascript:, data:, vbscript: and file: are not allowed)',
  },
  notPrefix: { zh: '{key} 应以 {prefixes} 开头', en: '{key} must start with {prefixes}' },
  notChoice: { zh: '{key} 只能是以下值之一：{choices}', en: '{key} must be one of: {choices}' },
  notPositive: { zh: '{key} 必须大于 0', en: '{key} must be greater than 0' },
  groupNameEmpty: { zh: '{key} 中有空的分组名，分组名不能为空', en: '{key} has an empty group name; group names cannot be empty' },
  groupNameSpaces: {
    zh: '{key} 中的分组名“{name}”首尾有空格，请去掉空格',
    en: '{key}: the group name "{name}" begins or ends with a space; remove the space',
  },
  affinityRulesNotList: { zh: '{key} 必须是规则的 JSON 数组', en: '{key} must be a JSON array of rules' },
  affinityRule: {
    zh: '{key} 第 {rule} 条规则的 {field} 无效（名称必填且不重复，正则须可编译，键来源须写明请求头或路径；最多 50 条规则）',
    en: '{key}: rule {rule} has an invalid {field} (names are required and unique, patterns must compile, key sources must name their header or path; at most 50 rules)',
  },
  gitHubKeysFirst: {
    zh: '请先填写 GitHub 的 Client ID 和 Client Secret，再开启 GitHub 登录',
    en: 'Fill in the GitHub client ID and client secret before turning GitHub sign-in on',
  },
  linuxDoKeysFirst: {
    zh: '请先填写 LinuxDO 的 Client ID 和 Client Secret，再开启 LinuxDO 登录',
    en: 'Fill in the LinuxDO client ID and client secret before turning LinuxDO sign-in on',
  },
  serverAddressFirst: {
    zh: '请先填写服务器地址，再设置支付地址',
    en: 'Fill in the server address before setting the payment address',
  },
  serverAddressNeeded: {
    zh: '已设置支付地址，服务器地址不能为空',
    en: 'The server address cannot be empty while a payment address is set',
  },
  turnstileKeysFirst: {
    zh: '请先填写 Turnstile 的 Site Key 和 Secret Key，再开启人机验证',
    en: 'Fill in the Turnstile site key and secret key before turning the human check on',
  },
  valueMissing: { zh: '请提供配置项的值', en: 'Please give the option a value' },
  priceTablesReset: { zh: '模型倍率和价格已重置为默认值', en: 'Model ratios and prices have been reset to the defaults' },
} satisfies Record<string, Text>;

/** What a JSON option of each described shape must look like. */
export const shapeMessages = {
  'model-header-map': {
    zh: '{key} 必须是 JSON 对象：模型名 → {请求头名: [值, ...]}',
    en: '{key} must be a JSON object: model name → {header name: [value, ...]}',
  },
  'model-token-map': {
    zh: '{key} 必须是 JSON 对象：模型名 → 不小于 1 的整数（用 "default" 设默认值）',
    en: '{key} must be a JSON object: model name → whole number of at least 1 ("default" sets the fallback)',
  },
  'model-safety-map': {
    zh: '{key} 必须是 JSON 对象：模型名 → 安全阈值（{choices}）',
    en: '{key} must be a JSON object: model name → safety threshold ({choices})',
  },
  'model-version-map': {
    zh: '{key} 必须是 JSON 对象：模型名 → API 版本（如 v1、v1beta）',
    en: '{key} must be a JSON object: model name → API version (such as v1, v1beta)',
  },
  'rate-limit-map': {
    zh: '{key} 必须是 JSON 对象：分组名 → [总请求数（0 为不限）, 成功请求数（至少 1）]',
    en: '{key} must be a JSON object: group name → [total requests (0 for no limit), successful requests (at least 1)]',
  },
} satisfies Record<DescribedShape, Text>;
