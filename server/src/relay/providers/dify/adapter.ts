import { upstreamErrorFrom } from '../openai-compatible/errors';
import { ownApiAdapter } from '../own-api-adapter';
import { difyRequest } from './request';
import { difyWhole } from './response';
import { DifyChunkTranslator } from './stream';

/** Dify apps: chat-messages, blocking or streaming, with the app's API key as Bearer. */
export const difyAdapter = ownApiAdapter(
  {
    request: difyRequest,
    whole: difyWhole,
    stream: (target) => new DifyChunkTranslator(target.upstreamModel, target.channel),
  },
  (status, bodyText, channel) => upstreamErrorFrom(status, bodyText, channel.statusCodeMapping),
);
