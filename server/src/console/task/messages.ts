export const taskMessages = {
  windowReversed: { zh: '开始时间不能晚于结束时间', en: 'The start time cannot be later than the end time' },
};
