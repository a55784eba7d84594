import type { AppContext } from '../app-context';
import type { Caller } from './authenticate';
import { priceOf } from '../domain/prices';
import type { RelayServices } from './relay-services';

/** Stable creation time the reference product reports for models it does not know the date of. */
const MODEL_CREATED = 1626777600;

export interface ModelEntry {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
}

/** Models the caller may use: the token's model limits, else every priced model with a channel in its group. */
export function modelsFor(context: AppContext, services: RelayServices, caller: Caller): ModelEntry[] {
  const names = caller.token?.modelLimits
    ? [...caller.token.modelLimits].sort()
    : services.channels
        .models([caller.group])
        .filter((model) => priceOf(context.options, model, caller.group, caller.user.acceptsUnpricedModels) !== null);
  return names.map((id) => ({ id, object: 'model', created: MODEL_CREATED, owned_by: 'switchboard' }));
}
