import { midjourneyImageAddress } from '@switchboard/contract';
import type { OptionStore } from '../../platform/option-store';
import { failReasonIn } from '../../domain/task-fail-reason';
import type { Language } from '../../platform/text';
import { storedJson } from '../../domain/task-rows';
import { toNumber } from '../../db/dialect';
import type { MidjourneyRow } from '../../domain/task-rows';

/**
 * A stored drawing as the client of a midjourney-proxy knows it. With MjForwardUrlEnabled the image
 * address is the gateway's own `/mj/image/{id}` (under ServerAddress, or the origin the client called
 * when none is set: a relative address is useless to a client), so clients never see the proxy.
 */
export function taskView(row: MidjourneyRow, options: OptionStore, requestOrigin: string, language: Language) {
  const serverAddress = options.string('ServerAddress').trim() || requestOrigin;
  const imageUrl = midjourneyImageAddress(row.image_url ?? '', row.mj_id, options.boolean('MjForwardUrlEnabled'), serverAddress);
  return {
    id: row.mj_id,
    action: row.action,
    prompt: row.prompt ?? '',
    promptEn: row.prompt_en ?? '',
    description: row.description ?? '',
    state: row.state ?? '',
    submitTime: toNumber(row.submit_time),
    startTime: toNumber(row.start_time),
    finishTime: toNumber(row.finish_time),
    imageUrl,
    videoUrl: row.video_url ?? '',
    videoUrls: storedJson(row.video_urls),
    status: row.status,
    progress: row.progress,
    failReason: failReasonIn(row.fail_reason, language),
    buttons: storedJson(row.buttons) ?? [],
    properties: storedJson(row.properties) ?? {},
  };
}
