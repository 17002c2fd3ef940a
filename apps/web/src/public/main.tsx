// The light entry of the public pages (public.html): hydrates the page the server sent pre-rendered. No
// data router (links are plain links, see ./navigation), only the page's own chunk.
import './mantine-styles';
import '../app/global.css';

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { configureApiClient } from '../api/client';
import { queryKeys } from '../session/queryKeys';
import { PublicApp } from './PublicApp';
import { matchPrerendered, matchPublicPage } from './pages';
import { prefetchAppWhenIdle } from './prefetch-app';
import { createPublicQueryClient } from './queryClient';

const queryClient = createPublicQueryClient();

configureApiClient({
  // Any other page (maintenance, the app) is another document.
  navigate: (to) => window.location.assign(to),
  onUnauthorized: () => queryClient.setQueryData(queryKeys.currentUser, null),
  onDeactivated: () => void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
});

const container = document.getElementById('root');
// The server names the document it sent when it is not the page at this path: a page's state after a form
// was posted, or the not-found page.
const match = container && matchPrerendered(container.dataset.page ?? window.location.pathname);
if (!container || !match) throw new Error(`No public page at ${window.location.pathname}`);

// Rendered afresh rather than hydrated, a page filled in by the server reads its own address (a link's token).
const page = match.noJs ? (matchPublicPage(window.location.pathname) ?? match) : match;

void page.load().then((Page) => {
  const app = (
    <StrictMode>
      <PublicApp Page={Page} path={page.path} params={page.params} queryClient={queryClient} />
    </StrictMode>
  );
  // A page the server filled in for reading without JavaScript is rendered afresh; any other is hydrated.
  if (match.noJs) createRoot(container).render(app);
  else hydrateRoot(container, app);
});

prefetchAppWhenIdle();
