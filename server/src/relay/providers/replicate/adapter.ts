import { invalidRequest } from '../../relay-error';
import { ownApiAdapter } from '../own-api-adapter';
import { replicateErrorFrom } from './errors';
import { replicateRequest } from './request';
import { replicateWhole } from './response';
import { messages } from '../../../platform/i18n/catalogue';

/** Replicate: image generation through sync-mode predictions, with the API token as Bearer. */
export const replicateAdapter = ownApiAdapter(
  {
    request: replicateRequest,
    whole: replicateWhole,
    stream: () => {
      throw invalidRequest(messages.provider.replicateNoStream, 'stream_not_supported');
    },
  },
  replicateErrorFrom,
);
