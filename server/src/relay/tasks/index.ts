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

/**
 * Drawing and async tasks: each platform's routes, and the one polling job over all of them. A new
 * platform adds its folder (routes, platform) and one line to each list here.
 */
export function registerTaskRelay(app: FastifyInstance, context: AppContext, services: RelayServices): void {
  const midjourney = midjourneyPlatform(context.database);
  const suno = sunoPlatform(context.database);
  const video = openAIVideoPlatform(context.database);
  registerMidjourneyRoutes(app, context, services, midjourney.store);
  registerSunoRoutes(app, context, services, suno.store);
  registerOpenAIVideoRoutes(app, context, services, video.store);
  context.jobs.register(taskPollingJob(context, services.agent, [midjourney, suno, video], app.log));
}
