/** Messages of the prefill group calls, in both languages. */
export const prefillGroupMessages = {
  notFound: { zh: '预填组不存在', en: 'Prefill group not found' },
  nameTaken: { zh: '预填组名称已存在：{name}', en: 'A prefill group named {name} already exists' },
  idRequired: { zh: '请提供要修改的预填组 id', en: 'Give the id of the prefill group to change' },
  itemsInvalid: {
    zh: '条目必须是字符串列表（或其 JSON 文本），最多 {limit} 项',
    en: 'Items must be a list of strings (or its JSON text), at most {limit}',
  },
};
