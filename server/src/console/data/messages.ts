export const dataMessages = {
  spanTooLong: { zh: '时间跨度不能超过 1 个月', en: 'The time span cannot exceed one month' },
};
