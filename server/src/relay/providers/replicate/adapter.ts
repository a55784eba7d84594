import { RelayError } from '../../relay-error';
import { ownApiAdapter } from '../own-api-adapter';
import { replicateErrorFrom } from './errors';
import { replicateRequest } from './request';
import { replicateWhole } from './response';

/** Replicate: image generation through sync-mode predictions, with the API token as Bearer. */
export const replicateAdapter = ownApiAdapter(
  {
    request: replicateRequest,
    whole: replicateWhole,
    stream: () => {
      throw new RelayError({ zh: 'Replicate 渠道不支持流式输出', en: 'Replicate channels do not stream' }, 400, 'stream_not_supported', 'invalid_request_error');
    },
  },
  replicateErrorFrom,
);
