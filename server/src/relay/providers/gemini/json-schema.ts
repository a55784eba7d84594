/** Keys of the OpenAPI schema subset Gemini accepts in function parameters and response schemas. */
const GEMINI_SCHEMA_KEYS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'items',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'minimum',
  'maximum',
]);

/** Formats Gemini understands on strings; others are dropped (it refuses e.g. "uri"). */
const STRING_FORMATS = new Set(['enum', 'date-time']);

/**
 * A JSON Schema (as OpenAI tools carry it) reduced to what Gemini accepts: unknown keys dropped,
 * `type: [x, "null"]` turned into `nullable`, `const` into a one-value enum, recursively.
 */
export function toGeminiSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toGeminiSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const source = schema as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (!GEMINI_SCHEMA_KEYS.has(key)) continue;
    if (key === 'properties' && value && typeof value === 'object') {
      result.properties = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, toGeminiSchema(child)]),
      );
    } else if (key === 'items' || key === 'anyOf') {
      result[key] = toGeminiSchema(value);
    } else {
      result[key] = value;
    }
  }
  if (Array.isArray(source.type)) {
    const types = source.type.filter((type) => type !== 'null');
    result.type = types[0] ?? 'string';
    if (types.length < source.type.length) result.nullable = true;
  }
  if ('const' in source && !('enum' in source)) result.enum = [source.const];
  if (result.type === 'string' && typeof result.format === 'string' && !STRING_FORMATS.has(result.format))
    delete result.format;
  if (result.type === 'object' && result.properties && Object.keys(result.properties).length === 0)
    delete result.properties;
  return result;
}

/** The reverse for inbound Gemini tools: upper-case OpenAPI type names (OBJECT, STRING) lower-cased. */
export function fromGeminiSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(fromGeminiSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === 'type' && typeof value === 'string') result.type = value.toLowerCase();
    else if (key === 'properties' && value && typeof value === 'object') {
      result.properties = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, fromGeminiSchema(child)]),
      );
    } else if (key === 'items' || key === 'anyOf') result[key] = fromGeminiSchema(value);
    else if (key !== 'propertyOrdering') result[key] = value;
  }
  return result;
}
