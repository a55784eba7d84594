/** Messages of the model metadata calls, in both languages. */
export const modelMetaMessages = {
  notFound: { zh: '模型元数据不存在', en: 'Model metadata not found' },
  nameTaken: { zh: '模型名称已存在：{name}', en: 'Metadata for the model {name} already exists' },
  nameRequired: { zh: '模型名称不能为空', en: 'The model name cannot be empty' },
  statusRequired: { zh: '请提供状态（0 或 1）', en: 'Give the status (0 or 1)' },
  idRequired: { zh: '请提供要修改的模型 id', en: 'Give the id of the model to change' },
  vendorNotFound: { zh: '供应商不存在：{id}', en: 'There is no vendor with id {id}' },
  syncUnavailable: {
    zh: 'Switchboard 不提供从官方仓库同步模型元数据：请手动添加，或从参考产品的数据库导入',
    en: "Switchboard does not sync model metadata from an official catalogue: add it by hand, or import it from the reference product's database",
  },
  endpointsInvalid: { zh: '端点必须是合法的 JSON', en: 'Endpoints must be valid JSON' },
};
