import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { taskPollingJob } from '../../jobs/task-polling';
import { midjourneyPlatform } from '../midjourney/platform';
import { registerMidjourneyRoutes } from '../midjourney/routes';
import { openAIVideoPlatform } from '../openai-video/platform';
import { registerOpenAIVideoRoutes } from '../openai-video/routes';
import type { RelayServices } from '../relay-services';
import { sunoPlatform } from '../suno/platform';
import { registerSunoRoutes } from '../suno/routes';
import { taskRefunds } from './task-refunds';

/**
 * Drawing and async tasks: each platform's routes, and the one polling job over all of them. A new
 * platform adds its folder (routes, platform) and one line to each list here. Before the server takes
 * calls (and after the journal replay), refunds a killed run of this instance claimed are finished.
 */
export function registerTaskRelay(app: FastifyInstance, context: AppContext, services: RelayServices): void {
  const midjourney = midjourneyPlatform(context.database);
  const suno = sunoPlatform(context.database);
  const video = openAIVideoPlatform(context.database);
  registerMidjourneyRoutes(app, context, services, midjourney.store);
  registerSunoRoutes(app, context, services, suno.store);
  registerOpenAIVideoRoutes(app, context, services, video);
  const platforms = [midjourney, suno, video];
  context.jobs.register(taskPollingJob(context, services.agent, platforms, app.log));
  app.addHook('onReady', async () => {
    try {
      const finished = await taskRefunds(context).recover(platforms);
      if (finished > 0) app.log.warn({ refunds: finished }, 'refunds of failed tasks claimed before an unclean stop are finished');
    } catch (error) {
      app.log.error({ err: error }, 'refunds claimed before an unclean stop could not be finished yet; the task poller retries them');
    }
  });
}
