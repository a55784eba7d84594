import { ownApiAdapter } from '../own-api-adapter';
import { cozeErrorFrom } from './errors';
import { cozeRequest } from './request';
import { cozeWhole } from './response';
import { CozeChunkTranslator } from './stream';

/** Coze bots: v3 chat with a personal access token, the bot id from the channel's `other`. */
export const cozeAdapter = ownApiAdapter(
  {
    request: cozeRequest,
    whole: cozeWhole,
    stream: (target) => new CozeChunkTranslator(target.upstreamModel, target.channel),
  },
  cozeErrorFrom,
);
