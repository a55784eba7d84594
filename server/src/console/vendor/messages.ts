/** Messages of the vendor calls, in both languages. */
export const vendorMessages = {
  notFound: { zh: '供应商不存在', en: 'Vendor not found' },
  nameTaken: { zh: '供应商名称已存在：{name}', en: 'A vendor named {name} already exists' },
  idRequired: { zh: '请提供要修改的供应商 id', en: 'Give the id of the vendor to change' },
};
