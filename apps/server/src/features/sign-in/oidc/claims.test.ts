import { describe, expect, it } from 'vitest';
import { profileFromClaims } from './claims';
import { browserTimeZone, referralToken, safeReturnPath } from './start-params';

describe('profileFromClaims', () => {
  it.each([
    {
      name: 'Google: verified email and names',
      provider: 'google_oauth2',
      claims: {
        sub: '1',
        email: 'Pat@Acme.io',
        email_verified: true,
        given_name: 'Pat',
        family_name: 'Lee',
        picture: 'https://x/p.png',
      },
      expected: {
        ok: true,
        profile: {
          subject: '1',
          email: 'pat@acme.io',
          firstName: 'Pat',
          lastName: 'Lee',
          profileImage: 'https://x/p.png',
          emailVerified: true,
        },
      },
    },
    {
      name: 'Microsoft: address only as preferred_username, name split',
      provider: 'microsoft_graph',
      claims: { sub: 'ms', preferred_username: 'sam@contoso.com', name: 'Sam van Dijk' },
      expected: { ok: true, profile: { email: 'sam@contoso.com', firstName: 'Sam', lastName: 'van Dijk' } },
    },
    {
      name: 'a standard issuer vouches for the address only with email_verified true',
      provider: 'oidc',
      claims: { sub: 'x', email: 'a@b.co' },
      expected: { ok: true, profile: { emailVerified: false } },
    },
    {
      name: "Microsoft vouches with xms_edov from the token's own tenant",
      provider: 'microsoft_graph',
      claims: {
        sub: 'ms',
        email: 'sam@contoso.com',
        tid: '9188040d-6c67-4c5b-b112-36a304b66dad',
        iss: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
        xms_edov: true,
      },
      expected: { ok: true, profile: { emailVerified: true } },
    },
    {
      name: 'Microsoft without xms_edov, or with email_verified only, does not vouch',
      provider: 'microsoft_graph',
      claims: { sub: 'ms', email: 'sam@contoso.com', email_verified: true, tid: 't', iss: 'x' },
      expected: { ok: true, profile: { emailVerified: false } },
    },
    {
      name: 'Microsoft with a token issued for another tenant does not vouch',
      provider: 'microsoft_graph',
      claims: {
        sub: 'ms',
        email: 'sam@contoso.com',
        tid: '9188040d-6c67-4c5b-b112-36a304b66dad',
        iss: 'https://login.microsoftonline.com/00000000-0000-0000-0000-000000000000/v2.0',
        xms_edov: true,
      },
      expected: { ok: true, profile: { emailVerified: false } },
    },
    {
      name: 'a generic issuer does not get the preferred_username fallback',
      provider: 'oidc',
      claims: { sub: 'x', preferred_username: 'sam@contoso.com' },
      expected: { ok: false, problem: 'email_missing' },
    },
    {
      name: 'unverified email',
      provider: 'oidc',
      claims: { sub: 'x', email: 'eve@evil.example', email_verified: false },
      expected: { ok: false, problem: 'email_unverified' },
    },
    {
      name: 'unverified email as a string',
      provider: 'google_oauth2',
      claims: { sub: 'x', email: 'eve@evil.example', email_verified: 'false' },
      expected: { ok: false, problem: 'email_unverified' },
    },
    {
      name: 'not an email',
      provider: 'oidc',
      claims: { sub: 'x', email: 'nope' },
      expected: { ok: false, problem: 'email_missing' },
    },
    {
      name: 'an http picture is dropped',
      provider: 'oidc',
      claims: { sub: 'x', email: 'a@b.co', picture: 'http://x/p.png' },
      expected: { ok: true, profile: { profileImage: undefined, firstName: '', lastName: '' } },
    },
  ])('$name', ({ provider, claims, expected }) => {
    expect(profileFromClaims(provider, claims)).toMatchObject(expected);
  });
});

describe('safeReturnPath', () => {
  const app = 'https://app.meetwell.test';
  it.each([
    ['/my/review/you', '/my/review/you'],
    ['/my/plans?x=1#top', '/my/plans?x=1#top'],
    ['/../etc', '/etc'],
    [undefined, undefined],
    ['', undefined],
    ['my/plans', undefined],
    ['//evil.example/x', undefined],
    ['/\\evil.example', undefined],
    ['https://evil.example', undefined],
    ['javascript:alert(1)', undefined],
    ['/\tevil', undefined],
  ])('%s → %s', (origin, expected) => {
    expect(safeReturnPath(origin, app)).toBe(expected);
  });
});

describe('start parameters', () => {
  it('keeps valid time zones and referral tokens only', () => {
    expect(browserTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(browserTimeZone('Mars/Olympus')).toBeUndefined();
    expect(referralToken('abc_DEF-123')).toBe('abc_DEF-123');
    expect(referralToken('<script>')).toBeUndefined();
    expect(referralToken('x'.repeat(65))).toBeUndefined();
  });
});
