import { midjourneyImageAddress } from '@switchboard/contract';
import { drawingColumns, storedJson, type MidjourneyRow } from '../../domain/task-rows';
import type { OptionStore } from '../../platform/option-store';
import type { Language } from '../../platform/text';

type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name;
type CamelKeys<Value> = { [Key in keyof Value as CamelCase<Key & string>]: Value[Key] };

/** The same fields under a midjourney-proxy's names (`prompt_en` -> `promptEn`). */
function camelKeys<Value extends object>(value: Value): CamelKeys<Value> {
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
      field,
    ]),
  ) as CamelKeys<Value>;
}

/**
 * A stored drawing as the client of a midjourney-proxy knows it. With MjForwardUrlEnabled the image
 * address is the gateway's own `/mj/image/{id}` (under ServerAddress, or the origin the client called
 * when none is set: a relative address is useless to a client), so clients never see the proxy.
 */
export function taskView(row: MidjourneyRow, options: OptionStore, requestOrigin: string, language: Language) {
  const serverAddress = options.string('ServerAddress').trim() || requestOrigin;
  const imageUrl = midjourneyImageAddress(
    row.image_url ?? '',
    row.mj_id,
    options.boolean('MjForwardUrlEnabled'),
    serverAddress,
  );
  return {
    id: row.mj_id,
    action: row.action,
    ...camelKeys(drawingColumns(row, imageUrl, language)),
    videoUrls: storedJson(row.video_urls),
    buttons: storedJson(row.buttons) ?? [],
    properties: storedJson(row.properties) ?? {},
  };
}
