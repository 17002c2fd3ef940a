import { Worker } from 'node:worker_threads';
import { workerFromSources } from '../../../lib/worker-from-sources';
import type { CalendarEvent } from '../../types';
import { type ParseIcsOptions, type ParseIcsResult, parseIcs } from './parse-ics';

/** Below this size a parse takes a few milliseconds: a thread would cost more than it saves. */
export const OFF_THREAD_FROM_BYTES = 256 * 1024;

// From the sources (tests, development) the worker is bundled from its TypeScript on first use; from the build
// it is dist/parse-ics.worker.js beside main.js (scripts/build.mjs builds both).
const fromSources = import.meta.url.endsWith('.ts');
const workerUrl = (): URL | Promise<URL> =>
  fromSources
    ? workerFromSources(new URL('./parse-ics.worker.ts', import.meta.url))
    : new URL('./parse-ics.worker.js', import.meta.url);

/**
 * parseIcs, on a worker thread for large inputs: a 20 MB file takes seconds of CPU, which on the main thread
 * would stall every request and socket of a process that also serves the API (the single-machine mode).
 * `onEvents` receives the events as they are read, slice by slice, before the answer (which holds them all,
 * the same objects): the caller can start on them meanwhile.
 */
export async function parseIcsOffThread(
  input: Uint8Array,
  options: ParseIcsOptions,
  onEvents?: (events: CalendarEvent[]) => void,
): Promise<ParseIcsResult> {
  if (input.byteLength < OFF_THREAD_FROM_BYTES) {
    const parsed = parseIcs(input, options);
    onEvents?.(parsed.events);
    return parsed;
  }
  // The slices under way, lowered as this thread takes each (see parse-ics.worker.ts).
  const inFlight = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  // The file goes to the thread as a copy it owns (a memory copy, a few milliseconds): sent as it is, it would be
  // serialised and read back on this thread, a pause of 70–120 ms for a 20 MB file.
  const owned = input.slice();
  const worker = new Worker(await workerUrl(), {
    workerData: { input: owned, options, inFlight },
    transferList: [owned.buffer],
  });
  return new Promise((resolve, reject) => {
    const events: CalendarEvent[] = [];
    let settled = false;
    worker.on('message', (message: ThreadMessage) => {
      if (message.kind === 'events') {
        for (const event of message.events) events.push(event);
        // The next slice once this thread has had its turn at everything else waiting.
        setImmediate(() => {
          Atomics.sub(inFlight, 0, 1);
          Atomics.notify(inFlight, 0);
        });
        try {
          onEvents?.(message.events);
        } catch (error) {
          fail(error);
        }
        return;
      }
      settled = true;
      const { kind: _kind, ...rest } = message;
      resolve({ ...rest, events });
      void worker.terminate();
    });
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(error);
      void worker.terminate();
    };
    worker.once('error', fail);
    worker.once('exit', (code) =>
      fail(new Error(`The ICS parser thread stopped (exit code ${code}) before answering`)),
    );
  });
}

type ThreadMessage =
  | { kind: 'events'; events: CalendarEvent[] }
  | ({ kind: 'done' } & Omit<ParseIcsResult, 'events'>);
