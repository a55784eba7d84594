import { AppRouterProvider } from './app-router-provider';
import { AppProviders } from './providers';
import { router } from './router';

export function App() {
  return (
    <AppProviders>
      <AppRouterProvider router={router} />
    </AppProviders>
  );
}
