/** The person an issuer vouches for, in our terms. */
export type SignInProfile = {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  profileImage: string | undefined;
  /**
   * The issuer vouches that the address is this person's: only then may the identity join an existing account
   * of that address, an invite or a company admitting its domain.
   */
  emailVerified: boolean;
};

export type ClaimsProblem = 'email_missing' | 'email_unverified';

type Claims = Record<string, unknown>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const asEmail = (value: unknown): string | undefined => {
  const candidate = text(value)?.toLowerCase();
  return candidate && candidate.length <= 254 && EMAIL.test(candidate) ? candidate : undefined;
};

/** Microsoft work accounts often carry the address only as the sign-in name (preferred_username / upn). */
function emailOf(providerId: string, claims: Claims): string | undefined {
  const email = asEmail(claims.email);
  if (email || providerId !== 'microsoft_graph') return email;
  return asEmail(claims.preferred_username) ?? asEmail(claims.upn);
}

/** An issuer that says the address is not verified cannot sign anyone in with it. */
function isUnverified(claims: Claims): boolean {
  const verified = claims.email_verified;
  return verified === false || verified === 'false';
}

const isTrue = (value: unknown) => value === true || value === 'true' || value === 1;

/**
 * Whether the issuer vouches for the address. Google and standard issuers say so with email_verified (absent
 * means no). Microsoft's email claim is whatever a tenant's admin typed, so it counts only with
 * xms_edov (the tenant proved it owns the address's domain) and a token whose issuer is its own tenant's
 * (the multi-tenant endpoint accepts any tenant: iss must name the token's tid).
 */
function vouchesForEmail(providerId: string, claims: Claims): boolean {
  if (providerId !== 'microsoft_graph') return isTrue(claims.email_verified);
  const tenant = text(claims.tid);
  const issuer = text(claims.iss);
  const ownTenant = Boolean(
    tenant &&
      issuer &&
      /^[0-9a-f-]{36}$/i.test(tenant) &&
      issuer.replace(/\/$/, '').endsWith(`/${tenant}/v2.0`),
  );
  return ownTenant && isTrue(claims.xms_edov);
}

function namesOf(claims: Claims): { firstName: string; lastName: string } {
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  if (given || family) return { firstName: given ?? '', lastName: family ?? '' };
  const full = text(claims.name);
  if (!full) return { firstName: '', lastName: '' };
  const [first, ...rest] = full.split(/\s+/);
  return { firstName: first ?? '', lastName: rest.join(' ') };
}

/** Reads ID-token and userinfo claims into a profile, or says why they cannot sign anyone in. */
export function profileFromClaims(
  providerId: string,
  claims: Claims,
): { ok: true; profile: SignInProfile } | { ok: false; problem: ClaimsProblem } {
  const subject = text(claims.sub);
  const email = emailOf(providerId, claims);
  if (!subject || !email) return { ok: false, problem: 'email_missing' };
  if (isUnverified(claims)) return { ok: false, problem: 'email_unverified' };
  const picture = text(claims.picture);
  return {
    ok: true,
    profile: {
      subject,
      email,
      ...namesOf(claims),
      profileImage: picture && /^https:\/\//i.test(picture) ? picture : undefined,
      emailVerified: vouchesForEmail(providerId, claims),
    },
  };
}
