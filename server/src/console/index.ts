import type { AppContext } from '../app-context';
import { createGuards } from './auth/guards';
import { registerAccountRoutes } from './account/routes';
import { registerChannelRoutes } from './channel/routes';
import { registerDataRoutes } from './data/routes';
import { registerTopRoutes } from './data/top-routes';
import { registerJobRoutes } from './job/routes';
import { registerLogRoutes } from './log/routes';
import { registerRedemptionRoutes } from './redemption/routes';
import { registerTopUpRoutes } from './topup/routes';
import type { ConsoleApp } from './console-app';
import { consoleErrorHandler } from './error-handler';
import { useConsoleJsonBodies } from './json-body';
import { registerOauthRoutes } from './oauth/routes';
import { registerOptionRoutes } from './option/routes';
import { registerPricingRoutes } from './pricing/routes';
import { registerPublicContentRoutes } from './public-content/routes';
import { registerStatusRoutes } from './status/routes';
import { registerTaskRoutes } from './task/routes';
import { registerTokenRoutes } from './token/routes';
import { registerUserAdminRoutes } from './user-admin/routes';
import { registerUserSessionRoutes } from './user/routes';

/** Every console area, under /api. Each area registers its own routes here. */
export async function consolePlugin(app: ConsoleApp, context: AppContext): Promise<void> {
  app.setErrorHandler(consoleErrorHandler);
  useConsoleJsonBodies(app);
  const guards = createGuards(context);
  registerStatusRoutes(app, context);
  registerUserSessionRoutes(app, context, guards);
  registerTokenRoutes(app, context, guards);
  registerChannelRoutes(app, context, guards);
  registerAccountRoutes(app, context);
  registerOauthRoutes(app, context, guards);
  registerUserAdminRoutes(app, context, guards);
  registerOptionRoutes(app, context, guards);
  registerPricingRoutes(app, context, guards);
  registerPublicContentRoutes(app, context);
  registerLogRoutes(app, context, guards);
  registerDataRoutes(app, context, guards);
  registerTopRoutes(app, context, guards);
  registerRedemptionRoutes(app, context, guards);
  registerTopUpRoutes(app, context, guards);
  registerTaskRoutes(app, context, guards);
  registerJobRoutes(app, context, guards);
}
