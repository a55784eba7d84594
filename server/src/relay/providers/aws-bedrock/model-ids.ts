/** Bedrock model ids of Anthropic's model names (a name containing a dot is already a Bedrock id). */
const bedrockModelIds: Record<string, string> = {
  'claude-3-haiku-20240307': 'anthropic.claude-3-haiku-20240307-v1:0',
  'claude-3-sonnet-20240229': 'anthropic.claude-3-sonnet-20240229-v1:0',
  'claude-3-opus-20240229': 'anthropic.claude-3-opus-20240229-v1:0',
  'claude-3-5-haiku-20241022': 'anthropic.claude-3-5-haiku-20241022-v1:0',
  'claude-3-5-sonnet-20240620': 'anthropic.claude-3-5-sonnet-20240620-v1:0',
  'claude-3-5-sonnet-20241022': 'anthropic.claude-3-5-sonnet-20241022-v2:0',
  'claude-3-7-sonnet-20250219': 'anthropic.claude-3-7-sonnet-20250219-v1:0',
  'claude-sonnet-4-20250514': 'anthropic.claude-sonnet-4-20250514-v1:0',
  'claude-opus-4-20250514': 'anthropic.claude-opus-4-20250514-v1:0',
  'claude-opus-4-1-20250805': 'anthropic.claude-opus-4-1-20250805-v1:0',
  'claude-sonnet-4-5-20250929': 'anthropic.claude-sonnet-4-5-20250929-v1:0',
  'claude-haiku-4-5-20251001': 'anthropic.claude-haiku-4-5-20251001-v1:0',
  'claude-opus-4-5-20251101': 'anthropic.claude-opus-4-5-20251101-v1:0',
};

/** Models served only through cross-region inference profiles (`us.`, `eu.`, `apac.` prefixes). */
const profileOnly = /claude-(3-7|sonnet-4|opus-4|haiku-4)/;
const profilePrefixes: Record<string, string> = { us: 'us', eu: 'eu', ap: 'apac' };

/**
 * The model id to invoke: the Bedrock id of a known Claude name, prefixed with the region's
 * inference profile when the model needs one; any other name (a full Bedrock id) as given.
 */
export function bedrockModelId(model: string, region: string): string {
  const id = bedrockModelIds[model];
  if (!id) return model;
  const prefix = profilePrefixes[region.split('-')[0] ?? ''];
  return prefix && profileOnly.test(model) ? `${prefix}.${id}` : id;
}
