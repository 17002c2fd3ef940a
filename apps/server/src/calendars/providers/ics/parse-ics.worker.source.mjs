// The ICS parser's thread when the server runs from its TypeScript sources (tests, development): the
// loader registers in this thread first, then the worker itself runs.
import { register } from 'tsx/esm/api';

register();
await import('./parse-ics.worker.ts');
