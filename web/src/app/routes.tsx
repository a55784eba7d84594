import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import LoginPage from '../features/auth/login-page';
import { RequireAdmin, RequireLogin } from './guards';
import { ConsoleLayout } from './layout/console-layout';
import { SiteLayout } from './layout/site-layout';
import NotFoundPage from './not-found-page';
import { RouteErrorPage, RouteLoading } from './route-error-page';

type PageModule = { default: ComponentType };

/**
 * A route whose page (one file, default export) downloads when first visited. A page that fails
 * shows the error inside the layout, so the navigation stays usable.
 */
function page(path: string, load: () => Promise<PageModule>): RouteObject {
  return { path, lazy: async () => ({ Component: (await load()).default }), errorElement: <RouteErrorPage /> };
}

const channelEdit = () => import('../features/channel/channel-edit-page');
const userEdit = () => import('../features/user/user-edit-page');
const oauthCallback = () => import('../features/auth/oauth-callback-page');

/**
 * Every route of both specs. Public pages sit in the plain site layout; console pages in the
 * layout with the sidebar, behind the login guard and, for admin pages, the admin guard.
 * /login and the not-found page are bundled eagerly: a 401 must reach /login without a download.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    HydrateFallback: RouteLoading,
    children: [
      {
        Component: SiteLayout,
        children: [
          page('/', () => import('../features/home/home-page')),
          { path: '/login', Component: LoginPage },
          page('/register', () => import('../features/auth/register-page')),
          page('/reset', () => import('../features/auth/password-reset-page')),
          page('/user/reset', () => import('../features/auth/password-reset-confirm-page')),
          page('/oauth/github', oauthCallback),
          page('/oauth/linuxdo', oauthCallback),
          page('/oauth/oidc', oauthCallback),
          page('/pricing', () => import('../features/pricing/pricing-page')),
          page('/about', () => import('../features/about/about-page')),
          { path: '*', Component: NotFoundPage },
        ],
      },
      {
        Component: ConsoleLayout,
        children: [
          page('/chat/:id?', () => import('../features/chat/chat-page')),
          {
            Component: RequireLogin,
            children: [
              page('/playground', () => import('../features/playground/playground-page')),
              page('/token', () => import('../features/token/token-page')),
              page('/topup', () => import('../features/topup/topup-page')),
              page('/log', () => import('../features/log/log-page')),
              page('/detail', () => import('../features/detail/detail-page')),
              page('/midjourney', () => import('../features/midjourney/midjourney-page')),
              page('/task', () => import('../features/task/task-page')),
              page('/setting', () => import('../features/setting/setting-page')),
              page('/user/edit/:id', userEdit),
              page('/user/edit', userEdit),
              page('/chat2link', () => import('../features/chat/chat-link-page')),
              {
                Component: RequireAdmin,
                children: [
                  page('/channel', () => import('../features/channel/channel-list-page')),
                  page('/channel/add', channelEdit),
                  page('/channel/edit/:id', channelEdit),
                  page('/models', () => import('../features/model-meta/models-page')),
                  page('/redemption', () => import('../features/redemption/redemption-page')),
                  page('/user', () => import('../features/user/user-list-page')),
                  page('/subscription', () => import('../features/subscription/subscriptions-page')),
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
