import { randomBytes } from 'node:crypto';
import { isValidTimeZone } from '@meetwell/domain';

/** Every demo team's addresses are under this domain: `<person>@<tag>.northwind.example`, a tag per demo. */
export const DEMO_DOMAIN = 'northwind.example';

export const DEMO_TEAM = [
  { person: 'alex', firstName: 'Alex', lastName: 'Morgan', admin: true },
  { person: 'jordan', firstName: 'Jordan', lastName: 'Lee', admin: false },
  { person: 'sam', firstName: 'Sam', lastName: 'Patel', admin: false },
  { person: 'riley', firstName: 'Riley', lastName: 'Chen', admin: false },
] as const;

export type DemoPerson = (typeof DEMO_TEAM)[number]['person'];

/** The outside organizers of the demo calendar (not MeetWell users; their mail stays in the outbox). */
export const DEMO_EXTERNAL = { vendor: 'dana@vendorco.example', client: 'lee@bigclient.example' } as const;

/** How long a visitor's demo team lives before the demo_expiry job removes it. */
export const DEMO_LIFETIME_MS = 24 * 3_600_000;

const TAG_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A fresh demo's own domain (a tag of 10 letters and digits: about 50 bits, never guessed nor repeated). */
export function newDemoDomain(): string {
  const bytes = randomBytes(10);
  let tag = '';
  for (const byte of bytes) tag += TAG_ALPHABET[byte % TAG_ALPHABET.length];
  return `${tag}.${DEMO_DOMAIN}`;
}

/** Whether an address is under a demo's domain (the demo team's people and the calendar's extra guests). */
export function isDemoAddress(address: string): boolean {
  const domain = address.trim().toLowerCase().split('@').pop() ?? '';
  return domain === DEMO_DOMAIN || domain.endsWith(`.${DEMO_DOMAIN}`);
}

export const demoEmail = (person: DemoPerson, domain: string) => `${person}@${domain}`;

/**
 * The time zone a demo is seeded in: the visitor's, in its canonical spelling (so 'america/new_york' and
 * 'America/New_York' share one pool), or UTC when the browser sent none or one we do not know.
 */
export function demoTimeZone(timeZone: string | undefined): string {
  if (!timeZone || !isValidTimeZone(timeZone)) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return timeZone;
  }
}
