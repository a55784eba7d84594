import type { ModelUpdateDetection } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { notifierOf } from '../../platform/notify/notifier';
import { NotifyThrottle } from '../../platform/notify/throttle';
import { perContext } from '../../platform/per-context';
import { fill } from '../../platform/text';
import { messages } from '../../platform/i18n/catalogue';

/** One notice about upstream model changes per day at most (the reference's suppression). */
const QUIET_MS = 24 * 60 * 60 * 1000;
/** Channels a notice names; the rest are counted. */
const NAMED_CHANNELS = 10;

const throttles = perContext(() => new NotifyThrottle(1, QUIET_MS));

/**
 * Tells root which channels' upstream lists changed in a scheduled check, at most once per 24 hours;
 * delivery goes through root's notification setting and never throws.
 */
export async function noticeModelUpdates(context: AppContext, changed: ModelUpdateDetection[]): Promise<void> {
  if (changed.length === 0 || !throttles(context).take('model-updates')) return;
  const lines = changed.slice(0, NAMED_CHANNELS).map((detection) =>
    fill(messages.modelUpdateNotice.line, {
      name: detection.channel_name,
      id: detection.channel_id,
      add: detection.add_models.length,
      remove: detection.remove_models.length,
      auto: detection.auto_added_models.length,
    }),
  );
  if (changed.length > NAMED_CHANNELS)
    lines.push(fill(messages.modelUpdateNotice.more, { count: changed.length - NAMED_CHANNELS }));
  const notifier = notifierOf(context);
  await notifier.notifyRoot('model-updates', {
    type: 'channel_model_update',
    title: fill(messages.modelUpdateNotice.title, { count: changed.length }),
    content: { zh: lines.map((line) => line.zh).join('\n'), en: lines.map((line) => line.en).join('\n') },
  });
}
