import { fill } from '../platform/text';
import { RelayError } from './relay-error';
import { messages } from '../platform/i18n/catalogue';

/** Follows a channel's model mapping to the name the upstream gets; a cycle is an error. */
export function mapModel(mapping: Record<string, string>, model: string): string {
  let current = model;
  const seen = new Set([current]);
  while (Object.hasOwn(mapping, current)) {
    const next = mapping[current] as string;
    if (!next || next === current) break;
    if (seen.has(next)) {
      const chain = [...seen, next].join(' → ');
      throw new RelayError(fill(messages.relay.mappingCycle, { chain }), 500, 'model_mapping_cycle', 'api_error', true);
    }
    seen.add(next);
    current = next;
  }
  return current;
}
