import { upstreamErrorFrom } from '../openai-compatible/errors';
import { adaptedClaudeBody } from '../anthropic/claude-options';
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
    request: (target, body) => {
      // SigV4 signs the body, so a pass-through body is signed as it is
      if (target.settings.passThrough) return bedrockRequest(target, {}, body.raw);
      const adapted = adaptedClaudeBody(body, target.upstreamModel, target.settings.claude);
      if (!adapted) return bedrockRequest(target, structuredClone(body.json ?? {}));
      return bedrockRequest({ ...target, upstreamModel: String(adapted.model) }, adapted);
    },
    whole: (bytes, contentType) => claudeWholeAnswer(bytes, contentType),
    stream: () => new BedrockToClaudeSse(),
  },
  openai: {
    request: (target, chat) => {
      requireChat(target);
      const claude = chatToClaude(chat, target.settings.claude);
      return bedrockRequest({ ...target, upstreamModel: claude.model }, { ...claude });
    },
    whole: (bytes) => claudeCompletionOf(bytes),
    stream: (target) => new BedrockChunkTranslator(target.upstreamModel),
  },
  errorFrom: (status, bodyText, channel) => upstreamErrorFrom(status, bodyText, channel.statusCodeMapping),
};
