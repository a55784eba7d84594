import type { Text } from '../../platform/text';

export const taskMessages = {
  drawingDisabled: { zh: '绘图功能已关闭', en: 'Drawing is disabled on this gateway' },
  tasksDisabled: { zh: '异步任务功能已关闭', en: 'Async tasks are disabled on this gateway' },
  invalidBody: { zh: '请求体无效：{detail}', en: 'The request body is invalid: {detail}' },
  unknownAction: { zh: '不支持的操作：{action}', en: 'Unsupported action: {action}' },
  taskNotFound: { zh: '任务 {id} 不存在', en: 'The task {id} does not exist' },
  taskNotSuccess: { zh: '原任务 {id} 尚未成功，不能继续操作', en: 'The task {id} has not succeeded yet; it cannot be continued' },
  taskChannelDisabled: { zh: '该任务所属渠道已被禁用', en: 'The channel of this task has been disabled' },
  upstreamRefused: { zh: '上游拒绝了任务：{detail}', en: 'The upstream refused the task: {detail}' },
  upstreamStatus: { zh: '上游返回 {status}：{detail}', en: 'The upstream answered {status}: {detail}' },
  noResultYet: { zh: '任务 {id} 还没有结果', en: 'The task {id} has no result yet' },
} satisfies Record<string, Text>;
