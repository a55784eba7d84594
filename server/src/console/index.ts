import type { AppContext } from '../app-context';
import { createGuards } from './auth/guards';
import { registerChannelRoutes } from './channel/routes';
import { registerRedemptionRoutes } from './redemption/routes';
import { registerTopUpRoutes } from './topup/routes';
import type { ConsoleApp } from './console-app';
import { consoleErrorHandler } from './error-handler';
import { registerStatusRoutes } from './status/routes';
import { registerTokenRoutes } from './token/routes';
import { registerUserSessionRoutes } from './user/routes';

/** Every console area, under /api. Each area registers its own routes here. */
export async function consolePlugin(app: ConsoleApp, context: AppContext): Promise<void> {
  app.setErrorHandler(consoleErrorHandler);
  const guards = createGuards(context);
  registerStatusRoutes(app, context);
  registerUserSessionRoutes(app, context, guards);
  registerTokenRoutes(app, context, guards);
  registerChannelRoutes(app, context, guards);
  registerRedemptionRoutes(app, context, guards);
  registerTopUpRoutes(app, context, guards);
}
