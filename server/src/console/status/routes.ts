import type { AppContext } from '../../app-context';
import type { ConsoleApp } from '../console-app';
import { ok } from '../envelope';
import { buildStatus } from './status-service';

export function registerStatusRoutes(app: ConsoleApp, context: AppContext): void {
  app.get('/status', async () => ok(buildStatus(context)));
}
