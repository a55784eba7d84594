import { upstreamErrorFrom } from '../openai-compatible/errors';
import { chatToClaude, requireChat } from '../anthropic/request';
import { claudeCompletionOf, claudeWholeAnswer } from '../anthropic/response';
import type { ProviderAdapter } from '../provider';
import { bedrockRequest } from './request';
import { BedrockChunkTranslator, BedrockToClaudeSse } from './stream';

/**
 * AWS Bedrock (channel type 33), Claude models: the Anthropic body with Bedrock's API version, SigV4
 * signing, and Bedrock's binary event-stream for streams. Claude clients get Anthropic's own shapes.
 */
export const bedrockAdapter: ProviderAdapter = {
  nativeDialect: () => 'anthropic',
  native: {
    request: (target, body) => bedrockRequest(target, structuredClone(body.json ?? {})),
    whole: (bytes, contentType) => claudeWholeAnswer(bytes, contentType),
    stream: () => new BedrockToClaudeSse(),
  },
  openai: {
    request: (target, chat) => {
      requireChat(target);
      const claude = chatToClaude(chat);
      return bedrockRequest({ ...target, upstreamModel: claude.model }, { ...claude });
    },
    whole: (bytes) => claudeCompletionOf(bytes),
    stream: (target) => new BedrockChunkTranslator(target.upstreamModel),
  },
  errorFrom: (status, bodyText, channel) => upstreamErrorFrom(status, bodyText, channel.statusCodeMapping),
};
