/** The person an issuer vouches for, in our terms. */
export type SignInProfile = {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  profileImage: string | undefined;
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

/** Issuers that report email_verified must say true; issuers that do not report it (Microsoft) are taken at their word. */
function isUnverified(claims: Claims): boolean {
  const verified = claims.email_verified;
  return verified === false || verified === 'false';
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
    },
  };
}
