import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { registerMidjourneyRoutes } from '../midjourney/routes';
import { registerOpenAIVideoRoutes } from '../openai-video/routes';
import type { RelayServices } from '../relay-services';
import { registerSunoRoutes } from '../suno/routes';
import { finishClaimedRefunds, taskPlatformsOf } from './task-platforms';

/**
 * Drawing and async tasks: each platform's routes (the platforms are in task-platforms.ts, the
 * polling job over them in jobs/). Before the server takes calls (and after the journal replay),
 * refunds a killed run of this instance claimed are finished.
 */
export function registerTaskRelay(app: FastifyInstance, context: AppContext, services: RelayServices): void {
  const { midjourney, suno, video } = taskPlatformsOf(context);
  registerMidjourneyRoutes(app, context, services, midjourney.store);
  registerSunoRoutes(app, context, services, suno.store);
  registerOpenAIVideoRoutes(app, context, services, video);
  app.addHook('onReady', () => finishClaimedRefunds(context, app.log));
}
