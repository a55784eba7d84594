import type { Text } from '../../platform/text';

/** Messages of `POST /api/channel/multi_key/manage` (issue 37), in both languages. */
export const multiKeyMessages = {
  unsupportedAction: { zh: '不支持的操作', en: 'Unsupported operation' },
  notMultiKey: { zh: '该渠道不是多密钥模式', en: 'This channel is not a multi-key channel' },
  indexOutOfRange: { zh: '密钥索引无效（应为 0 到 {size} 之间，不含 {size}）', en: 'Invalid key index (must be from 0 up to, not including, {size})' },
  statusRead: { zh: '获取成功', en: 'Key status loaded' },
  keyDisabled: { zh: '密钥已禁用', en: 'The key is disabled' },
  keyEnabled: { zh: '密钥已启用', en: 'The key is enabled' },
  allEnabled: { zh: '已启用所有密钥', en: 'All keys are enabled' },
  allDisabled: { zh: '已禁用 {count} 个密钥', en: '{count} keys disabled' },
  noKeysToDisable: { zh: '没有可禁用的密钥', en: 'No keys to disable' },
  keyDeleted: { zh: '密钥已删除', en: 'The key is deleted' },
  lastKey: { zh: '不能删除最后一个密钥', en: 'The last key cannot be deleted' },
  noneToDelete: { zh: '没有需要删除的自动禁用密钥', en: 'No auto-disabled keys to delete' },
  disabledDeleted: { zh: '已删除 {count} 个自动禁用的密钥', en: '{count} auto-disabled keys deleted' },
} satisfies Record<string, Text>;
