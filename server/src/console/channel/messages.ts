import type { Text } from '../../platform/text';

/** Every message the channel calls answer (spec 001 §5 and §8), in both languages. */
export const channelMessages = {
  nameAndKeyRequired: { zh: '请填写渠道名称和渠道密钥', en: 'Please fill in the channel name and key' },
  nameRequired: { zh: '渠道名称不能为空', en: 'The channel name cannot be empty' },
  modelsRequired: { zh: '请至少选择一个模型', en: 'Please select at least one model' },
  modelMappingInvalid: { zh: '模型重定向必须是合法的 JSON 格式', en: 'Model mapping must be valid JSON' },
  statusCodeMappingInvalid: { zh: '状态码复写必须是合法的 JSON 格式', en: 'Status code mapping must be valid JSON' },
  jsonFieldInvalid: { zh: '{field} 必须是合法的 JSON 格式', en: '{field} must be valid JSON' },
  unknownType: { zh: '未知的渠道类型：{type}', en: 'Unknown channel type: {type}' },
  typeNotRelayable: {
    zh: '渠道类型 {name} 暂不支持转发，不能创建或修改此类渠道',
    en: 'Channel type {name} cannot relay yet; channels of it cannot be created or edited',
  },
  modelNameTooLong: { zh: '模型名称过长（最多 255 个字符）：{value}', en: 'Model name too long (at most 255 characters): {value}' },
  groupNameTooLong: { zh: '分组名称过长（最多 64 个字符）：{value}', en: 'Group name too long (at most 64 characters): {value}' },
  priorityNotInteger: { zh: '优先级必须是整数', en: 'Priority must be an integer' },
  priorityTooLow: { zh: '优先级不能小于 -999', en: 'Priority cannot be less than -999' },
  weightInvalid: { zh: '权重必须是非负整数', en: 'Weight must be a non-negative integer' },
  maxConcurrencyInvalid: {
    zh: '最大并发请求数必须是不小于 0 的整数（0 表示不限制）',
    en: 'Max concurrent requests must be a whole number of 0 or more (0 means no cap)',
  },
  dailyTokenLimitInvalid: {
    zh: '每日 Token 上限必须是不小于 0 的整数（0 表示不限制）',
    en: 'The daily token limit must be a whole number of 0 or more (0 means no cap)',
  },
  unsupportedAddMode: { zh: '不支持的添加模式：{mode}', en: 'Unsupported add mode: {mode}' },
  keyRequired: { zh: '请填写密钥', en: 'Please fill in the key' },
  keyRequiredForNewDestination: {
    zh: '修改渠道类型、API 地址或其他地址参数（如 API 版本、区域）时，请重新填写渠道密钥；仅超级管理员可沿用已保存的密钥',
    en: 'Changing the type, base URL or other address fields (such as API version or region) needs the channel key entered again; only the super admin may keep the stored key',
  },
  channelNotFound: { zh: '渠道不存在，请刷新后重试', en: 'Channel not found, refresh and retry' },
  selectChannelsToDelete: { zh: '请先选择要删除的渠道', en: 'Please first select channels to delete' },
  selectChannelsToTag: { zh: '请先选择要设置标签的渠道', en: 'Please first select channels to tag' },
  tagEmpty: { zh: '标签不能为空', en: 'Tag cannot be empty' },
  tagNotFound: { zh: '没有渠道使用标签：{tag}', en: 'No channel has the tag: {tag}' },
  noBaseUrl: {
    zh: '该渠道类型没有默认的 API 地址，请填写 API 地址',
    en: 'This channel type has no default base URL; please fill in the base URL',
  },
  fetchModelsFailed: { zh: '获取模型列表失败：{detail}', en: 'Model list fetch failed: {detail}' },
  modelListUnavailable: {
    zh: '渠道类型 {name} 不提供模型列表，请手动填写模型',
    en: 'Channel type {name} offers no model list; fill in the models by hand',
  },
  balanceUnsupported: {
    zh: '该渠道类型不支持查询余额：{type}',
    en: 'Balance queries are not supported for this channel type: {type}',
  },
  balanceFailed: { zh: '查询余额失败：{detail}', en: 'Balance query failed: {detail}' },
  testUnsupported: { zh: '该渠道类型不支持测试：{type}', en: 'This channel type cannot be tested: {type}' },
  testPassed: { zh: '测试成功：{model}，耗时 {seconds} 秒', en: 'Test passed: {model} in {seconds} s' },
  testFailed: { zh: '测试失败（{model}）：{detail}', en: 'Test failed ({model}): {detail}' },
  testAllRunning: { zh: '已有渠道测试正在进行，请稍后再试', en: 'A test of all channels is already running, try again later' },
  testAllStarted: { zh: '已开始测试所有已启用的渠道', en: 'Testing all enabled channels has started' },
} satisfies Record<string, Text>;

/** Reasons stored in `other_info.status_reason` when a channel is disabled automatically. */
export const disableReasons = {
  insufficientBalance: 'insufficient balance',
  slowTest: (seconds: number, threshold: number) => `response time ${seconds}s exceeds the threshold of ${threshold}s`,
} as const;
