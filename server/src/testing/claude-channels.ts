import { addChannel, type ChannelValues } from './relay-fixtures';
import type { TestServer } from './test-server';

/** The Claude model the Anthropic channels of relay tests serve. */
export const CLAUDE = 'claude-sonnet-4-5-20250929';
/** The Claude model their Bedrock channel serves. */
export const BEDROCK_CLAUDE = 'claude-sonnet-4-20250514';
/** The secret key a FakeAnthropicUpstream checks Bedrock signatures with: `new FakeAnthropicUpstream(BEDROCK_SECRET)`. */
export const BEDROCK_SECRET = 'bedrock-secret';

/**
 * An Anthropic channel (key `anthropic-key`, serving `anthropicModels`) and a Bedrock channel (signed
 * with BEDROCK_SECRET in `bedrockRegion`, serving BEDROCK_CLAUDE), both on one fake Anthropic upstream.
 */
export function claudeChannels(
  upstreamUrl: string,
  { anthropicModels = [CLAUDE], bedrockRegion = 'us-west-2' } = {},
): [anthropic: ChannelValues, bedrock: ChannelValues] {
  return [
    { name: 'anthropic', type: 14, baseUrl: upstreamUrl, key: 'anthropic-key', models: anthropicModels },
    {
      name: 'bedrock',
      type: 33,
      baseUrl: upstreamUrl,
      key: `AKIDBEDROCK|${BEDROCK_SECRET}|${bedrockRegion}`,
      models: [BEDROCK_CLAUDE],
    },
  ];
}

/** The channels of `claudeChannels`, added in that order. */
export async function addClaudeChannels(
  server: TestServer,
  upstreamUrl: string,
  options: Parameters<typeof claudeChannels>[1] = {},
): Promise<{ anthropicChannel: number; bedrockChannel: number }> {
  const [anthropic, bedrock] = claudeChannels(upstreamUrl, options);
  return { anthropicChannel: await addChannel(server, anthropic), bedrockChannel: await addChannel(server, bedrock) };
}
