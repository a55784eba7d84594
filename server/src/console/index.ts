import type { AppContext } from '../app-context';
import type { ChannelTester } from '../domain/channel-health';
import { createGuards } from './auth/guards';
import { registerAccountRoutes } from './account/routes';
import type { AffinityCacheAdmin } from '../domain/affinity-cache';
import { registerAffinityRoutes } from './affinity/routes';
import { registerChannelRoutes } from './channel/routes';
import { registerCheckinRoutes } from './checkin/routes';
import { registerModelUpdateRoutes } from './channel/model-updates-routes';
import { registerDataRoutes } from './data/routes';
import { registerTopRoutes } from './data/top-routes';
import { registerJobRoutes } from './job/routes';
import { registerLogRoutes } from './log/routes';
import { registerRedemptionRoutes } from './redemption/routes';
import { registerSubscriptionRoutes } from './subscription/routes';
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
import { registerModelMetaRoutes } from './model-meta/routes';
import { registerPrefillGroupRoutes } from './prefill-group/routes';
import { registerVendorRoutes } from './vendor/routes';
import { registerTokenSelfServiceRoutes } from './token-usage/routes';
import { registerUserAdminRoutes } from './user-admin/routes';
import { registerUserSessionRoutes } from './user/routes';
import { registerTwoFactorRoutes } from './two-factor/routes';
import { registerPasskeyRoutes } from './passkey/routes';
import { registerSecureVerifyRoutes } from './secure-verify/routes';
import { registerChannelKeyRoute } from './secure-verify/channel-key-route';
import { registerTokenKeyRoutes } from './token/key-reveal-routes';

/** What the console asks of the relay, handed over by the code that assembles both (app.ts). */
export interface RelayForConsole {
  testChannel: ChannelTester;
  affinity: AffinityCacheAdmin;
}

/** Every console area, under /api. Each area registers its own routes here. */
export async function consolePlugin(app: ConsoleApp, context: AppContext, relay: RelayForConsole): Promise<void> {
  app.setErrorHandler(consoleErrorHandler);
  useConsoleJsonBodies(app);
  const guards = createGuards(context);
  registerStatusRoutes(app, context);
  registerUserSessionRoutes(app, context, guards);
  registerTokenRoutes(app, context, guards);
  registerTokenSelfServiceRoutes(app, context);
  registerTokenKeyRoutes(app, context, guards);
  registerTwoFactorRoutes(app, context, guards);
  registerPasskeyRoutes(app, context, guards);
  registerSecureVerifyRoutes(app, context, guards);
  registerChannelKeyRoute(app, context, guards);
  registerChannelRoutes(app, context, guards, relay.testChannel);
  registerModelUpdateRoutes(app, context, guards);
  registerModelMetaRoutes(app, context, guards);
  registerVendorRoutes(app, context, guards);
  registerPrefillGroupRoutes(app, context, guards);
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
  registerCheckinRoutes(app, context, guards);
  registerTopUpRoutes(app, context, guards);
  registerSubscriptionRoutes(app, context, guards);
  registerTaskRoutes(app, context, guards);
  registerJobRoutes(app, context, guards);
  registerAffinityRoutes(app, guards, relay.affinity);
}
