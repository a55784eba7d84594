/** What the realtime relay tells a client, in both languages (zh is the fallback). */
export const realtimeMessages = {
  modelQuery: { zh: '请在地址中指定模型：/v1/realtime?model=…', en: 'Name the model in the address: /v1/realtime?model=…' },
  notWebSocket: { zh: '该接口只接受 WebSocket 连接', en: 'This endpoint accepts WebSocket connections only' },
  badFrame: { zh: '无法解析的实时事件：{detail}', en: 'A realtime event could not be parsed: {detail}' },
  upstreamRefused: { zh: '上游拒绝了实时连接（HTTP {status}）', en: 'The upstream refused the realtime connection (HTTP {status})' },
  upstreamUnreachable: { zh: '无法连接实时上游：{detail}', en: 'Could not reach the realtime upstream: {detail}' },
  upstreamGone: { zh: '实时上游连接出错：{detail}', en: 'The realtime upstream connection failed: {detail}' },
  quotaEnded: { zh: '额度不足，实时会话已结束：{detail}', en: 'The realtime session ended for lack of quota: {detail}' },
  shuttingDown: { zh: '网关正在关闭，实时会话已结束', en: 'The gateway is shutting down; the realtime session ended' },
} as const;
