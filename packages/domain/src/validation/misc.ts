/** Smaller validations of the specs: salary, account deletion, saving edits. */
import { DELETE_ACCOUNT_CONFIRMATION, VALIDATION_MESSAGES } from '../constants/messages';

const SALARY = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)$/;

/**
 * An annual salary from a comma-formatted integer: '80,000' → 80000, '80000' → 80000, '$80,000' → 80000.
 * Anything else (decimals, misplaced commas, negatives, text, unsafe integers) → null.
 */
export function parseSalary(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const m = SALARY.exec(value.trim());
  if (!m) return null;
  const n = Number((m[1] as string).replace(/,/g, ''));
  return Number.isSafeInteger(n) ? n : null;
}

/** The highest annual salary a person or a team may give (the API refuses more). */
export const MAX_ANNUAL_SALARY = 100_000_000;

/**
 * Salary save: enabled only for a valid salary, at most MAX_ANNUAL_SALARY (`error` says so), that differs from
 * the current one ('Please edit the salary').
 */
export function salaryEditState(
  input: unknown,
  current: number | null | undefined,
): { salary: number | null; canSave: boolean; hint: string | null; error?: string } {
  const salary = parseSalary(input);
  if (salary === null) return { salary, canSave: false, hint: null };
  if (salary > MAX_ANNUAL_SALARY)
    return { salary, canSave: false, hint: null, error: VALIDATION_MESSAGES.salaryTooHigh };
  if (salary === current) return { salary, canSave: false, hint: VALIDATION_MESSAGES.salaryUnchanged };
  return { salary, canSave: true, hint: null };
}

/** The most characters an agenda item, objective or pre-work item holds (the API refuses more). */
export const MAX_ITEM_CHARS = 1_000;

/** What an item's field says once its text is as long as an item may be (a longer paste stops there). */
export function itemLengthHint(length: number): string | null {
  return length >= MAX_ITEM_CHARS
    ? `An item holds at most ${MAX_ITEM_CHARS.toLocaleString('en-US')} characters.`
    : null;
}

/** The most entries a VIP or domain list may hold (the API refuses more). */
export const MAX_LIST_ENTRIES = 500;

/** Why a VIP or domain list of this many entries cannot be saved, or null when it can. */
export function listTooLong(count: number): string | null {
  if (count <= MAX_LIST_ENTRIES) return null;
  const extra = count - MAX_LIST_ENTRIES;
  return `A list holds at most ${MAX_LIST_ENTRIES} entries: remove ${extra} ${extra === 1 ? 'entry' : 'entries'}.`;
}

/** The delete-account confirm button enables only for exactly 'DELETE MY ACCOUNT'. */
export function isDeleteAccountConfirmed(typed: unknown): boolean {
  return typed === DELETE_ACCOUNT_CONFIRMATION;
}

/** An edit popover's save: disabled while nothing changed ('This is already selected'). */
export function unchangedSelectionHint<T>(selected: T, current: T): string | null {
  return Object.is(selected, current) ? VALIDATION_MESSAGES.alreadySelected : null;
}

/**
 * The domain enforcement list's save (docs/spec/personal-app.md §5): disabled when nothing changed, and in 'some' mode
 * when the list is empty. Team-added (locked) domains are excluded from the saved value, which is comma-joined.
 */
export function domainListSaveState(params: {
  mode: 'all' | 'some';
  initialMode: 'all' | 'some';
  domains: readonly string[];
  initialDomains: readonly string[];
  lockedDomains?: readonly string[];
}): { canSave: boolean; value: string } {
  const locked = new Set((params.lockedDomains ?? []).map((d) => d.toLowerCase()));
  const own = params.domains.filter((d) => !locked.has(d.toLowerCase()));
  const initialOwn = params.initialDomains.filter((d) => !locked.has(d.toLowerCase()));
  const listChanged = own.join(',') !== initialOwn.join(',');
  const changed = params.mode !== params.initialMode || listChanged;
  const value = params.mode === 'some' ? own.join(',') : '';
  if (!changed) return { canSave: false, value };
  if (params.mode === 'some' && params.domains.length === 0) return { canSave: false, value };
  return { canSave: true, value };
}
