import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  breaksAtOnce,
  CONNECTION_BREAKS_AFTER_FAILURES,
  CONNECTION_BREAKS_AFTER_MS,
  connectionProblemAfter,
  connectionProblemText,
  reconnectMethod,
  SYNC_FAILURE_KINDS,
  type SyncFailureKind,
} from './connection-health';

const kind = fc.constantFrom(...SYNC_FAILURE_KINDS);
const passing = fc.constantFrom(...SYNC_FAILURE_KINDS.filter((k) => !breaksAtOnce(k)));
const start = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true });
const failure = fc.record({
  kind,
  consecutiveFailures: fc.integer({ min: 1, max: 50 }),
  failingSince: start,
  elapsed: fc.integer({ min: 0, max: 7 * 24 * 3_600_000 }),
});
const at = (f: { failingSince: Date; elapsed: number }) => new Date(f.failingSince.getTime() + f.elapsed);

describe('is a calendar connection broken', () => {
  it.each<[SyncFailureKind, string]>([
    ['auth_revoked', 'access_refused'],
    ['token_expired', 'access_refused'],
    ['not_found', 'not_found'],
  ])('%s breaks it at the first failure (%s)', (k, problem) => {
    const now = new Date('2026-11-27T08:00:00Z');
    expect(connectionProblemAfter({ kind: k, consecutiveFailures: 1, failingSince: now, now })).toBe(problem);
  });

  it('a refusal or a vanished source breaks it whatever the count and time', () => {
    fc.assert(
      fc.property(failure, (f) => {
        fc.pre(breaksAtOnce(f.kind));
        expect(connectionProblemAfter({ ...f, now: at(f) })).not.toBeNull();
      }),
    );
  });

  it('passing failures (429, 5xx, timeouts, ours) break it only when both repeated and lasting', () => {
    fc.assert(
      fc.property(passing, failure, (k, f) => {
        const problem = connectionProblemAfter({ ...f, kind: k, now: at(f) });
        const expected =
          f.consecutiveFailures >= CONNECTION_BREAKS_AFTER_FAILURES &&
          f.elapsed >= CONNECTION_BREAKS_AFTER_MS;
        expect(problem).toBe(expected ? 'repeated_failures' : null);
      }),
    );
  });

  it('a short burst of retries never breaks it, however many', () => {
    fc.assert(
      fc.property(passing, start, fc.integer({ min: 1, max: 1_000 }), (k, since, n) => {
        const now = new Date(since.getTime() + CONNECTION_BREAKS_AFTER_MS - 1);
        expect(
          connectionProblemAfter({ kind: k, consecutiveFailures: n, failingSince: since, now }),
        ).toBeNull();
      }),
    );
  });

  it('more failures or more time never mend it: broken stays broken until a good read', () => {
    fc.assert(
      fc.property(
        failure,
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 86_400_000 }),
        (f, more, later) => {
          const before = connectionProblemAfter({ ...f, now: at(f) });
          fc.pre(before !== null);
          const after = connectionProblemAfter({
            ...f,
            consecutiveFailures: f.consecutiveFailures + more,
            now: new Date(at(f).getTime() + later),
          });
          expect(after).toBe(before);
        },
      ),
    );
  });
});

describe('reconnecting', () => {
  it('is a sign-in for Google and Microsoft, a password for CalDAV, an address or the file for ICS', () => {
    expect(reconnectMethod({ provider: 'google', source_url: null })).toBe('sign_in');
    expect(reconnectMethod({ provider: 'microsoft', source_url: null })).toBe('sign_in');
    expect(reconnectMethod({ provider: 'caldav', source_url: 'https://dav.example/' })).toBe('password');
    expect(reconnectMethod({ provider: 'ics', source_url: 'https://feeds.example/a.ics' })).toBe('url');
    expect(reconnectMethod({ provider: 'ics', source_url: null })).toBe('upload');
  });

  it('names the calendar and the problem in one sentence', () => {
    expect(connectionProblemText('Team feed', 'not_found')).toBe(
      'MeetWell cannot read “Team feed”: it is no longer at its address.',
    );
  });
});
