import { fill, type Language, type Text } from '../platform/text';

/** One schema validation failure as fastify-type-provider-zod hands it over (the zod issue, spread). */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const typeNames: Record<string, Text> = {
  number: { zh: '数字', en: 'a number' },
  int: { zh: '整数', en: 'a whole number' },
  string: { zh: '文本', en: 'text' },
  boolean: { zh: 'true 或 false', en: 'true or false' },
  object: { zh: '对象', en: 'an object' },
  array: { zh: '列表', en: 'a list' },
};

const reasons = {
  required: { zh: '不能为空', en: 'is required' },
  wrongType: { zh: '应为{type}', en: 'must be {type}' },
  atLeast: { zh: '不能小于 {limit}', en: 'must be at least {limit}' },
  above: { zh: '必须大于 {limit}', en: 'must be greater than {limit}' },
  atMost: { zh: '不能大于 {limit}', en: 'must be at most {limit}' },
  below: { zh: '必须小于 {limit}', en: 'must be less than {limit}' },
  textAtLeast: { zh: '至少 {limit} 个字符', en: 'must have at least {limit} characters' },
  textAtMost: { zh: '最多 {limit} 个字符', en: 'must have at most {limit} characters' },
  itemsAtLeast: { zh: '至少 {limit} 项', en: 'must have at least {limit} items' },
  itemsAtMost: { zh: '最多 {limit} 项', en: 'must have at most {limit} items' },
  oneOf: { zh: '只能是以下值之一：{values}', en: 'must be one of: {values}' },
  format: { zh: '格式不正确（{format}）', en: 'is not a valid {format}' },
  multipleOf: { zh: '必须是 {divisor} 的倍数', en: 'must be a multiple of {divisor}' },
  unknownFields: { zh: '包含未知字段：{keys}', en: 'has unknown fields: {keys}' },
  invalid: { zh: '取值无效', en: 'is not valid' },
} satisfies Record<string, Text>;

const bodyName: Text = { zh: '请求体', en: 'request body' };
const wholeRequest: Record<string, Text> = {
  body: bodyName,
  querystring: { zh: '查询参数', en: 'query' },
  params: { zh: '路径参数', en: 'path' },
  headers: { zh: '请求头', en: 'headers' },
};

function sizeReason(params: Record<string, unknown>, smallest: boolean): Text {
  const limit = String(smallest ? params.minimum : params.maximum);
  const inclusive = params.inclusive !== false;
  switch (params.origin) {
    case 'string':
      return fill(smallest ? reasons.textAtLeast : reasons.textAtMost, { limit });
    case 'array':
    case 'set':
      return fill(smallest ? reasons.itemsAtLeast : reasons.itemsAtMost, { limit });
    default:
      if (smallest) return fill(inclusive ? reasons.atLeast : reasons.above, { limit });
      return fill(inclusive ? reasons.atMost : reasons.below, { limit });
  }
}

/** Why one issue failed, in both languages; a schema's own refinement may carry its `{zh, en}` text in `params`. */
function reasonOf(issue: ValidationIssue): Text {
  const params = issue.params;
  switch (issue.keyword) {
    case 'invalid_type': {
      // zod reports a missing field as a wrong type "received undefined".
      if ((issue.message ?? '').endsWith('received undefined')) return reasons.required;
      const type = typeNames[String(params.expected)];
      return type ? { zh: fill(reasons.wrongType, { type: type.zh }).zh, en: fill(reasons.wrongType, { type: type.en }).en } : reasons.invalid;
    }
    case 'too_small':
      return sizeReason(params, true);
    case 'too_big':
      return sizeReason(params, false);
    case 'invalid_value':
      return fill(reasons.oneOf, { values: (Array.isArray(params.values) ? params.values : []).map(String).join(', ') });
    case 'invalid_format':
      return fill(reasons.format, { format: String(params.format) });
    case 'not_multiple_of':
      return fill(reasons.multipleOf, { divisor: String(params.divisor) });
    case 'unrecognized_keys':
      return fill(reasons.unknownFields, { keys: (Array.isArray(params.keys) ? params.keys : []).map(String).join(', ') });
    case 'custom': {
      const text = params.params as Partial<Text> | undefined;
      return typeof text?.zh === 'string' && typeof text.en === 'string' ? { zh: text.zh, en: text.en } : reasons.invalid;
    }
    default:
      return reasons.invalid;
  }
}

/**
 * Every validation failure of a request as one message wholly in the caller's language: the field
 * (dotted path) and what is wrong with it, never zod's English wording.
 */
export function describeValidation(issues: readonly ValidationIssue[], context: string | undefined, language: Language): string {
  const separator = language === 'zh' ? '；' : '; ';
  return issues
    .map((issue) => {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const field = path || (wholeRequest[context ?? 'body'] ?? bodyName)[language];
      return `${field} ${reasonOf(issue)[language]}`;
    })
    .join(separator);
}
