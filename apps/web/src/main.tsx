import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { configureApiClient } from './api/client';
import { AppProviders } from './app/AppProviders';
import { preloadWith } from './app/preload';
import { createQueryClient } from './app/queryClient';
import { routes } from './app/router';
import { disconnectCable } from './realtime/cable';
import { queryKeys } from './session/queryKeys';

const queryClient = createQueryClient();
// Route loaders start each screen's requests with the navigation, on this client (app/preload.ts).
preloadWith(queryClient);
const router = createBrowserRouter(routes);

configureApiClient({
  navigate: (to) => void router.navigate(to),
  onUnauthorized: () => {
    disconnectCable();
    queryClient.setQueryData(queryKeys.currentUser, null);
  },
  onDeactivated: () => void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
