import { z } from 'zod';
import type { ChatCompletion, ChatRequest } from '../../formats/openai-chat-types';
import { defaultBaseUrl } from '../openai-compatible/vendors';
import type { OpenAIWhole, UpstreamRequest, UpstreamTarget } from '../provider';
import { upstreamAnswerOf } from '../../parse-json';

const RERANK_PATH = '/api/v1/services/rerank/text-rerank/text-rerank';

const rerankAnswer = z.looseObject({
  request_id: z.string().optional(),
  output: z.object({
    results: z.array(
      z.looseObject({ index: z.number(), relevance_score: z.number(), document: z.unknown().optional() }),
    ),
  }),
  usage: z.looseObject({ total_tokens: z.number() }).optional(),
});

/** A `/v1/rerank` request (Jina/Cohere shape) as DashScope's text-rerank service takes it. */
export function aliRerankRequest(target: UpstreamTarget, chat: ChatRequest): UpstreamRequest {
  const request = chat as unknown as Record<string, unknown>;
  const base = target.channel.baseUrl || defaultBaseUrl(target.channel.type);
  const body = {
    model: target.upstreamModel,
    input: { query: request.query, documents: request.documents },
    parameters: {
      ...(typeof request.top_n === 'number' ? { top_n: request.top_n } : {}),
      ...(typeof request.return_documents === 'boolean' ? { return_documents: request.return_documents } : {}),
    },
  };
  return {
    url: `${base}${RERANK_PATH}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${target.channel.key}` },
    body: Buffer.from(JSON.stringify(body)),
  };
}

/** DashScope's ranking in the shape `/v1/rerank` clients read, billed by its token count. */
export function aliRerankWhole(bytes: Buffer, target: UpstreamTarget): OpenAIWhole {
  const answer = upstreamAnswerOf(rerankAnswer, bytes.toString('utf8'));
  const usage = answer.usage ? { promptTokens: answer.usage.total_tokens, completionTokens: 0 } : null;
  const ranking = {
    id: answer.request_id ?? '',
    model: target.upstreamModel,
    results: answer.output.results,
    ...(answer.usage ? { usage: { total_tokens: answer.usage.total_tokens } } : {}),
  };
  return { completion: ranking as unknown as ChatCompletion, usage };
}
