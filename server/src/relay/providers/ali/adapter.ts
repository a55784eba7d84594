import { openAICompatibleAdapter } from '../openai-compatible/adapter';
import type { ProviderAdapter, UpstreamTarget } from '../provider';
import { aliRerankRequest, aliRerankWhole } from './rerank';

const isRerank = (target: UpstreamTarget) => target.endpoint.kind === 'rerank';

/**
 * Alibaba DashScope: chat and embeddings through its OpenAI-compatible mode (the vendor table), and
 * rerank, which compatible mode lacks, through the native text-rerank service.
 */
export const aliAdapter: ProviderAdapter = {
  nativeDialect: (target) => (isRerank(target) ? 'own' : 'openai'),
  native: openAICompatibleAdapter.native,
  openai: {
    request: (target, chat) =>
      isRerank(target) ? aliRerankRequest(target, chat) : openAICompatibleAdapter.openai.request(target, chat),
    whole: (bytes, target) =>
      isRerank(target) ? aliRerankWhole(bytes, target) : openAICompatibleAdapter.openai.whole(bytes, target),
    stream: (target) => openAICompatibleAdapter.openai.stream(target),
  },
  errorFrom: openAICompatibleAdapter.errorFrom,
};
