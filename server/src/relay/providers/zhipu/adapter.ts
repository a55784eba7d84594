import { ownApiAdapter } from '../own-api-adapter';
import { zhipuErrorFrom } from './errors';
import { zhipuRequest } from './request';
import { zhipuWhole } from './response';
import { ZhipuChunkTranslator } from './stream';

/** Zhipu ChatGLM v1 (the v3 model API): a JWT signed from the `id.secret` key, invoke and sse-invoke. */
export const zhipuAdapter = ownApiAdapter(
  {
    request: zhipuRequest,
    whole: zhipuWhole,
    stream: (target) => new ZhipuChunkTranslator(target.upstreamModel, target.channel),
  },
  zhipuErrorFrom,
);
