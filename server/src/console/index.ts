import type { AppContext } from '../app-context';
import type { ChannelTester } from '../domain/channel-health';
import { createGuards, type Guards } from './auth/guards';
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
  // In this order: an area's routes and hooks are registered after the ones before it.
  const areas: Array<(app: ConsoleApp, context: AppContext, guards: Guards) => void> = [
    registerStatusRoutes,
    registerUserSessionRoutes,
    registerTokenRoutes,
    registerTokenSelfServiceRoutes,
    registerTokenKeyRoutes,
    registerTwoFactorRoutes,
    registerPasskeyRoutes,
    registerSecureVerifyRoutes,
    registerChannelKeyRoute,
    (app, context, guards) => registerChannelRoutes(app, context, guards, relay.testChannel),
    registerModelUpdateRoutes,
    registerModelMetaRoutes,
    registerVendorRoutes,
    registerPrefillGroupRoutes,
    registerAccountRoutes,
    registerOauthRoutes,
    registerUserAdminRoutes,
    registerOptionRoutes,
    registerPricingRoutes,
    registerPublicContentRoutes,
    registerLogRoutes,
    registerDataRoutes,
    registerTopRoutes,
    registerRedemptionRoutes,
    registerCheckinRoutes,
    registerTopUpRoutes,
    registerSubscriptionRoutes,
    registerTaskRoutes,
    registerJobRoutes,
    (app, _context, guards) => registerAffinityRoutes(app, guards, relay.affinity),
  ];
  for (const register of areas) register(app, context, guards);
}
