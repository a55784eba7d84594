import { ownApiAdapter } from '../own-api-adapter';
import { tencentErrorFrom } from './errors';
import { hunyuanRequest } from './request';
import { hunyuanWhole } from './response';
import { HunyuanChunkTranslator } from './stream';

/** Tencent Hunyuan: the ChatCompletions action of Tencent Cloud API 3.0, signed with TC3-HMAC-SHA256. */
export const tencentAdapter = ownApiAdapter(
  {
    request: (target, chat) => hunyuanRequest(target, chat),
    whole: hunyuanWhole,
    stream: (target) => new HunyuanChunkTranslator(target.upstreamModel, target.channel),
  },
  tencentErrorFrom,
);
