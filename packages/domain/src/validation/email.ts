/**
 * Email and domain validation (docs/spec/personal-app.md §5): a local part, an @, then a bracketed IP or a domain with a
 * top-level domain of at least 2 letters. A domain is valid when 'dummy@' + domain is a valid email.
 */
import {
  type DialogText,
  INVALID_DOMAIN_DIALOG,
  INVALID_EMAIL_DIALOG,
  VALIDATION_MESSAGES,
} from '../constants/messages';

export const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

/** Longest address accepted (RFC 5321 path limit); longer strings are rejected before the pattern runs. */
const MAX_EMAIL_LENGTH = 254;

/** True when the value (trimmed) looks like an email address. */
export function isValidEmail(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const email = value.trim();
  return email.length > 0 && email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}

/** True when 'dummy@' + the domain (trimmed, a leading '@' dropped) is a valid email. */
export function isValidDomain(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const domain = value.trim().replace(/^@/, '');
  return domain.length > 0 && isValidEmail(`dummy@${domain}`);
}

/** Lower-cased, trimmed email ('' for anything else). */
export function normalizeEmail(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

/** The domain of an email, lower-cased ('' when there is none). */
export function emailDomain(email: unknown): string {
  const normalized = normalizeEmail(email);
  const at = normalized.lastIndexOf('@');
  return at >= 0 ? normalized.slice(at + 1) : '';
}

/** Domain list entries: trimmed, lower-cased, a leading '@' dropped. */
export function normalizeDomain(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase().replace(/^@/, '') : '';
}

/** True when `domain` is one of the list's domains or a subdomain of one (eu.acme.com matches acme.com). */
export function domainInList(domain: string, list: readonly string[]): boolean {
  const d = normalizeDomain(domain);
  if (!d) return false;
  for (const entry of list) {
    const e = normalizeDomain(entry);
    if (e && (d === e || d.endsWith(`.${e}`))) return true;
  }
  return false;
}

/** True when the email is in the list (case-insensitive). */
export function emailInList(email: string, list: readonly string[]): boolean {
  const e = normalizeEmail(email);
  if (!e) return false;
  for (const entry of list) if (normalizeEmail(entry) === e) return true;
  return false;
}

/** The unsubscribe page's check: null when fine, else "Hmm. That email doesn't look right". */
export function unsubscribeEmailError(value: unknown): string | null {
  return isValidEmail(value) ? null : VALIDATION_MESSAGES.unsubscribeEmail;
}

// ---------------------------------------------------------------------------------------------------------
// Tag inputs (VIP emails, allowed domains, invites)

export type TagKind = 'email' | 'domain';

/** Split what was typed or pasted into entries (commas, semicolons, whitespace, line breaks). */
export function splitTagInput(raw: unknown): string[] {
  if (typeof raw !== 'string') return [];
  return raw
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

export interface TagAddResult {
  /** The list after adding the valid new entries (existing order kept, no duplicates). */
  tags: string[];
  /** Entries that were added. */
  added: string[];
  /** Entries already in the list (case-insensitive), ignored. */
  duplicates: string[];
  /** Entries that failed validation, not added. */
  invalid: string[];
  /** The dialog to show when some entry is invalid ('Invalid email' / 'Invalid email domain'), else null. */
  dialog: DialogText | null;
}

/**
 * Add typed or pasted entries to a tag list: each is validated (email or domain), normalised to lower case,
 * and added only once (tag inputs accept unique values only).
 */
export function addTags(existing: readonly string[], raw: unknown, kind: TagKind): TagAddResult {
  const isValid = kind === 'email' ? isValidEmail : isValidDomain;
  const normalize = kind === 'email' ? normalizeEmail : normalizeDomain;
  const tags = [...existing];
  const seen = new Set(existing.map((t) => normalize(t)));
  const added: string[] = [];
  const duplicates: string[] = [];
  const invalid: string[] = [];
  for (const entry of splitTagInput(raw)) {
    if (!isValid(entry)) {
      invalid.push(entry);
      continue;
    }
    const value = normalize(entry);
    if (seen.has(value)) {
      duplicates.push(entry);
      continue;
    }
    seen.add(value);
    tags.push(value);
    added.push(value);
  }
  const dialog =
    invalid.length === 0 ? null : kind === 'email' ? INVALID_EMAIL_DIALOG : INVALID_DOMAIN_DIALOG;
  return { tags, added, duplicates, invalid, dialog };
}

/** A list with duplicates removed (case-insensitive, first kept). */
export function uniqueTags(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of list) {
    const key = t.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(t.trim());
  }
  return out;
}

/** The invite form: valid and invalid emails, the dialog for invalid ones, and whether Invite is enabled. */
export function validateInviteEmails(emails: readonly string[]): {
  valid: string[];
  invalid: string[];
  dialog: DialogText | null;
  canInvite: boolean;
} {
  const valid = uniqueTags(emails.filter((e) => isValidEmail(e)).map((e) => normalizeEmail(e)));
  const invalid = emails.filter((e) => !isValidEmail(e));
  return {
    valid,
    invalid,
    dialog: invalid.length ? INVALID_EMAIL_DIALOG : null,
    canInvite: emails.length > 0 && invalid.length === 0,
  };
}
