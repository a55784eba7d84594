import type { AppContext } from '../../app-context';
import { perContext } from '../../platform/per-context';
import { midjourneyPlatform } from '../midjourney/platform';
import { openAIVideoPlatform } from '../openai-video/platform';
import { sunoPlatform } from '../suno/platform';
import { taskRefunds } from './task-refunds';

interface Reporter {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * The drawing and async task platforms, one set per context: their routes (index.ts) and the one
 * polling job over all of them (jobs/) share it. A new platform adds one line here.
 */
export const taskPlatformsOf = perContext((context) => {
  const midjourney = midjourneyPlatform(context.database);
  const suno = sunoPlatform(context.database);
  const video = openAIVideoPlatform(context.database);
  return { midjourney, suno, video, all: [midjourney, suno, video] };
});

/** Before a process takes calls (and after the journal replay): the refunds a killed run of this instance claimed are finished. */
export async function finishClaimedRefunds(context: AppContext, log: Reporter): Promise<void> {
  try {
    const finished = await taskRefunds(context).recover(taskPlatformsOf(context).all);
    if (finished > 0)
      log.warn({ refunds: finished }, 'refunds of failed tasks claimed before an unclean stop are finished');
  } catch (error) {
    log.error(
      { err: error },
      'refunds claimed before an unclean stop could not be finished yet; the task poller retries them',
    );
  }
}
