import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authEndpoints } from './auth';
import { userEndpoints, userPatchAttributes } from './users';

const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/);
const domain = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[a-z]{2,6}$/))
  .map(([labels, tld]) => [...labels, tld].join('.'));
/** Some letters upper-case, and spaces around: how a person may type a domain. */
const typed = (value: string) =>
  fc
    .array(fc.boolean(), { minLength: value.length, maxLength: value.length })
    .map((upper) => ` ${[...value].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('')} `);

describe('PATCH /users', () => {
  it('reads a typed domain list as lower-case domains, and refuses one named twice in any case', () => {
    const domains = fc.uniqueArray(domain, { minLength: 1, maxLength: 8 });
    const spelledDomains = domains.chain((list) => fc.tuple(fc.constant(list), fc.tuple(...list.map(typed))));
    fc.assert(
      fc.property(spelledDomains, ([list, spelled]) => {
        const parsed = userPatchAttributes.parse({ domains_allowlist: spelled });
        expect(parsed.domains_allowlist).toEqual(list);
        const repeated = userPatchAttributes.safeParse({
          domains_allowlist: [...spelled, list[0]!.toUpperCase()],
        });
        expect(repeated.success).toBe(false);
        expect(repeated.error?.issues[0]?.message).toBe('must not repeat a domain');
      }),
    );
  });

  it('refuses what is not an email domain, a time zone it does not know and any unknown attribute', () => {
    expect(
      userPatchAttributes.safeParse({ domains_allowlist: ['not a domain'] }).error?.issues[0]?.message,
    ).toBe('must be a valid email domain');
    expect(userPatchAttributes.safeParse({ time_zone: 'Mars/Olympus' }).error?.issues[0]?.message).toBe(
      'must be an IANA time zone such as Europe/Paris',
    );
    expect(userPatchAttributes.safeParse({ email: 'ada@example.com' }).success).toBe(false);
    expect(userPatchAttributes.parse({ time_zone: 'Europe/Paris', first_name: ' Ada ' })).toEqual({
      time_zone: 'Europe/Paris',
      first_name: 'Ada',
    });
  });

  it('takes some of the mail preferences, each a switch', () => {
    expect(userPatchAttributes.parse({ communication_prefs: { email_tips: false } })).toEqual({
      communication_prefs: { email_tips: false },
    });
    expect(userPatchAttributes.safeParse({ communication_prefs: { email_tips: 'no' } }).success).toBe(false);
  });

  it('deletes the account only with confirm=true', () => {
    const query = userEndpoints.remove.query;
    expect(query.safeParse({}).error?.issues[0]?.message).toBe('Pass confirm=true to delete the account.');
    expect(query.safeParse({ confirm: 'yes' }).success).toBe(false);
    expect(query.parse({ confirm: 'true' })).toEqual({ confirm: 'true' });
  });
});

describe('who may call', () => {
  it('lets a visitor ask who is signed in and sign in, but only a signed-in person change or delete the account', () => {
    expect(userEndpoints.current.access).toBe('public');
    expect(authEndpoints.requestSignInLink.access).toBe('public');
    expect(authEndpoints.consumeSignInLink.access).toBe('public');
    expect(userEndpoints.update.access).toBe('signed_in');
    expect(userEndpoints.remove.access).toBe('signed_in');
    expect(authEndpoints.signOut.access).toBe('signed_in');
  });
});

describe('POST /auth/demo', () => {
  it('takes no body, or a known time zone', () => {
    const body = authEndpoints.demo.body;
    expect(body.safeParse(undefined).success).toBe(true);
    expect(
      body.safeParse({ data: { type: 'sessions', attributes: { time_zone: 'Asia/Tokyo' } } }).success,
    ).toBe(true);
    expect(
      body.safeParse({ data: { type: 'sessions', attributes: { time_zone: 'Nowhere/Else' } } }).success,
    ).toBe(false);
    expect(body.safeParse({ data: { type: 'users', attributes: {} } }).error?.issues[0]?.message).toBe(
      'data.type must be "sessions"',
    );
  });
});
