import { endpoint } from '@meetwell/domain';

/** An endpoint a test registers to exercise the HTTP layer itself: public, a GET, no declared answer. */
export const publicTestEndpoint = (path: `/api/v1/test/${string}`) =>
  endpoint({ method: 'GET', path, summary: 'A test route', tags: ['test'], access: 'public', errors: [] });
