import { ownApiAdapter } from '../own-api-adapter';
import { baiduErrorFrom } from './errors';
import { baiduRequest } from './request';
import { baiduWhole } from './response';
import { ErnieChunkTranslator } from './stream';

/** Baidu Wenxin (ERNIE) v1: access token from `API Key|Secret Key`, chat and embeddings in Baidu's format. */
export const baiduAdapter = ownApiAdapter(
  {
    request: baiduRequest,
    whole: baiduWhole,
    stream: (target) => new ErnieChunkTranslator(target.upstreamModel, target.channel),
  },
  baiduErrorFrom,
);
