export const logMessages = {
  clearTargetRequired: { zh: '请选择要清除的日志的截止时间', en: 'Choose the date before which logs are cleared' },
  windowReversed: { zh: '开始时间不能晚于结束时间', en: 'The start time cannot be later than the end time' },
};
