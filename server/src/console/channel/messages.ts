/** Reasons stored in `other_info.status_reason` when a channel is disabled automatically. */
export const disableReasons = {
  insufficientBalance: 'insufficient balance',
  slowTest: (seconds: number, threshold: number) => `response time ${seconds}s exceeds the threshold of ${threshold}s`,
} as const;
