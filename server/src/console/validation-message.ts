import { fill, type Language, type Text } from '../platform/text';
import { messages } from '../platform/i18n/catalogue';

/** One schema validation failure as fastify-type-provider-zod hands it over (the zod issue, spread). */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const typeNames: Record<string, Text> = messages.validationType;
const wholeRequest: Record<string, Text> = messages.validationPart;

function sizeReason(params: Record<string, unknown>, smallest: boolean): Text {
  const limit = String(smallest ? params.minimum : params.maximum);
  const inclusive = params.inclusive !== false;
  switch (params.origin) {
    case 'string':
      return fill(smallest ? messages.validation.textAtLeast : messages.validation.textAtMost, { limit });
    case 'array':
    case 'set':
      return fill(smallest ? messages.validation.itemsAtLeast : messages.validation.itemsAtMost, { limit });
    default:
      if (smallest) return fill(inclusive ? messages.validation.atLeast : messages.validation.above, { limit });
      return fill(inclusive ? messages.validation.atMost : messages.validation.below, { limit });
  }
}

/** Why one issue failed, in both languages; a schema's own refinement may carry its `{zh, en}` text in `params`. */
function reasonOf(issue: ValidationIssue): Text {
  const params = issue.params;
  switch (issue.keyword) {
    case 'invalid_type': {
      // zod reports a missing field as a wrong type "received undefined".
      if ((issue.message ?? '').endsWith('received undefined')) return messages.validation.required;
      const type = typeNames[String(params.expected)];
      return type
        ? {
            zh: fill(messages.validation.wrongType, { type: type.zh }).zh,
            en: fill(messages.validation.wrongType, { type: type.en }).en,
          }
        : messages.validation.invalid;
    }
    case 'too_small':
      return sizeReason(params, true);
    case 'too_big':
      return sizeReason(params, false);
    case 'invalid_value':
      return fill(messages.validation.oneOf, {
        values: (Array.isArray(params.values) ? params.values : []).map(String).join(', '),
      });
    case 'invalid_format':
      return fill(messages.validation.format, { format: String(params.format) });
    case 'not_multiple_of':
      return fill(messages.validation.multipleOf, { divisor: String(params.divisor) });
    case 'unrecognized_keys':
      return fill(messages.validation.unknownFields, {
        keys: (Array.isArray(params.keys) ? params.keys : []).map(String).join(', '),
      });
    case 'custom': {
      const text = params.params as Partial<Text> | undefined;
      return typeof text?.zh === 'string' && typeof text.en === 'string'
        ? { zh: text.zh, en: text.en }
        : messages.validation.invalid;
    }
    default:
      return messages.validation.invalid;
  }
}

/**
 * Every validation failure of a request as one message wholly in the caller's language: the field
 * (dotted path) and what is wrong with it, never zod's English wording.
 */
export function describeValidation(
  issues: readonly ValidationIssue[],
  context: string | undefined,
  language: Language,
): string {
  const separator = language === 'zh' ? '；' : '; ';
  return issues
    .map((issue) => {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const field = path || (wholeRequest[context ?? 'body'] ?? messages.validationPart.body)[language];
      return `${field} ${reasonOf(issue)[language]}`;
    })
    .join(separator);
}
