import { createBrowserRouter } from 'react-router';
import { routes } from './routes';
import { leaveForLoginOnUnauthorized } from './session-expiry';

export const router = createBrowserRouter(routes);
leaveForLoginOnUnauthorized(router);
