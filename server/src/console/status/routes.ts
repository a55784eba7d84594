import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { buildSetup, buildStatus } from './status-service';
import { messages } from '../../platform/i18n/catalogue';

export function registerStatusRoutes(app: ConsoleApp, context: AppContext): void {
  app.get('/status', async () => ok(buildStatus(context)));
  app.get('/setup', async () => ok(buildSetup(context)));
  app.post('/setup', async () => {
    throw new AppError(messages.status.alreadySetUp);
  });
}
