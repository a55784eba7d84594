import { flushSync } from 'react-dom';
import { RouterProvider, type DataRouter } from 'react-router';

const flushNow = (update: () => unknown): undefined => {
  flushSync(update);
};

/**
 * react-router's provider with React DOM's `flushSync`, which is all `react-router/dom` adds.
 * Importing only 'react-router' keeps one router context under Vitest, where Node would load
 * 'react-router/dom' from a second copy of the library.
 */
export function AppRouterProvider({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} flushSync={flushNow} />;
}
