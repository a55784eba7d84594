/** Messages of the upstream model update calls, in both languages. */
export const modelUpdateMessages = {
  alreadyRunning: {
    zh: '上游模型检测任务已在运行，请稍后再试',
    en: 'An upstream model check is already running; try again later',
  },
  started: { zh: '已开始检测所有渠道的上游模型', en: 'Checking the upstream models of every channel has started' },
};
