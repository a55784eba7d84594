import type { Usage } from '../../billing/quota';
import type { GeminiUsage, GenerateContentResponse } from './wire';

/**
 * usageMetadata as the gateway's usage: tool-use prompt tokens count as prompt, thoughts as
 * completion, cached content as cache reads; null when the upstream reported no tokens.
 */
export function usageOfMetadata(metadata: GeminiUsage | undefined): Usage | null {
  if (!metadata) return null;
  const promptTokens = (metadata.promptTokenCount ?? 0) + (metadata.toolUsePromptTokenCount ?? 0);
  const completionTokens = (metadata.candidatesTokenCount ?? 0) + (metadata.thoughtsTokenCount ?? 0);
  if (promptTokens <= 0 && completionTokens <= 0) return null;
  const usage: Usage = { promptTokens, completionTokens };
  if (metadata.cachedContentTokenCount) usage.cachedTokens = metadata.cachedContentTokenCount;
  return usage;
}

/** The visible and thought text of an answer, for counting when no usage came back. */
export function textOfResponse(response: GenerateContentResponse): string {
  let text = '';
  for (const candidate of response.candidates ?? []) {
    for (const part of candidate.content?.parts ?? []) {
      if (typeof part.text === 'string') text += part.text;
      else if (part.functionCall) text += JSON.stringify(part.functionCall);
    }
  }
  return text;
}
