import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addTags,
  isValidDomain,
  isValidEmail,
  splitTagInput,
  uniqueTags,
  unsubscribeEmailError,
  validateInviteEmails,
} from './email';
import {
  domainListSaveState,
  isDeleteAccountConfirmed,
  itemLengthHint,
  listTooLong,
  MAX_ITEM_CHARS,
  parseSalary,
  salaryEditState,
  unchangedSelectionHint,
} from './misc';

describe('isValidEmail (docs/spec/personal-app.md §5)', () => {
  it.each([
    'a@b.co',
    'first.last@example.com',
    'x+tag@sub.example.org',
    '"quoted name"@example.com',
    'user@[192.168.0.1]',
    ' padded@example.com ',
    "o'brien@example.ie",
    'a-b_c@ex-ample.com',
  ])('%s is valid', (email) => expect(isValidEmail(email)).toBe(true));

  it.each([
    '',
    'plain',
    '@example.com',
    'a@',
    'a@b',
    'a@b.c',
    'a@b.c1',
    'a b@example.com',
    'a..b@example.com',
    '.a@example.com',
    'a@exa mple.com',
    'a@example..com',
    'a@@example.com',
    'a@[1.2.3]',
    `${'a'.repeat(250)}@example.com`,
  ])('%s is invalid', (email) => expect(isValidEmail(email)).toBe(false));

  it('non-strings are invalid and nothing throws', () => {
    expect(isValidEmail(null)).toBe(false);
    expect(isValidEmail(42)).toBe(false);
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => typeof isValidEmail(s) === 'boolean'));
  });

  it('unsubscribe message', () => {
    expect(unsubscribeEmailError('nope')).toBe("Hmm. That email doesn't look right");
    expect(unsubscribeEmailError('a@b.co')).toBeNull();
  });
});

describe('isValidDomain: dummy@ + domain is a valid email', () => {
  it.each([
    ['acme.com', true],
    ['eu.acme.co.uk', true],
    ['@acme.com', true],
    [' acme.io ', true],
    ['acme', false],
    ['acme.c', false],
    ['ac me.com', false],
    ['', false],
    ['http://acme.com', false],
  ])('%s → %s', (domain, valid) => expect(isValidDomain(domain)).toBe(valid));
});

describe('tag inputs', () => {
  it('split on commas, semicolons and whitespace', () => {
    expect(splitTagInput('a@x.com, b@x.com;c@x.com\nd@x.com  ')).toEqual([
      'a@x.com',
      'b@x.com',
      'c@x.com',
      'd@x.com',
    ]);
  });

  it('adds valid unique emails and reports the invalid-email dialog', () => {
    const result = addTags(['vip@acme.com'], 'VIP@acme.com, new@acme.com, bad, new@acme.com', 'email');
    expect(result.tags).toEqual(['vip@acme.com', 'new@acme.com']);
    expect(result.added).toEqual(['new@acme.com']);
    expect(result.duplicates).toEqual(['VIP@acme.com', 'new@acme.com']);
    expect(result.invalid).toEqual(['bad']);
    expect(result.dialog).toEqual({
      title: 'Invalid email',
      message: 'Please enter a valid email and try again.',
    });
  });

  it('domains use the invalid-domain dialog', () => {
    const result = addTags([], 'acme.com nope', 'domain');
    expect(result.tags).toEqual(['acme.com']);
    expect(result.dialog).toEqual({
      title: 'Invalid email domain',
      message: 'Please enter a valid email domain and try again.',
    });
    expect(addTags([], 'acme.com', 'domain').dialog).toBeNull();
  });

  it('tag lists stay unique', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a@x.com', 'A@x.com', 'b@x.com', 'c@y.org', 'bad')),
        fc.array(fc.constantFrom('a@x.com', 'b@x.com')),
        (typed, start) => {
          const { tags } = addTags(uniqueTags(start), typed.join(','), 'email');
          return new Set(tags.map((t) => t.toLowerCase())).size === tags.length;
        },
      ),
    );
  });

  it('invites', () => {
    expect(validateInviteEmails([])).toEqual({ valid: [], invalid: [], dialog: null, canInvite: false });
    expect(validateInviteEmails(['a@x.com', 'bad']).dialog?.title).toBe('Invalid email');
    expect(validateInviteEmails(['a@x.com', 'A@x.com']).valid).toEqual(['a@x.com']);
  });
});

describe('salary', () => {
  it.each<[unknown, number | null]>([
    ['80,000', 80000],
    ['80000', 80000],
    [' 1,234,567 ', 1234567],
    ['$80,000', 80000],
    ['0', 0],
    [80000, 80000],
    ['80,00', null],
    ['8,0000', null],
    ['80.000,50', null],
    ['80000.5', null],
    ['-80000', null],
    ['eighty', null],
    ['', null],
    [null, null],
    ['99999999999999999999', null],
    [1.5, null],
  ])('%j → %j', (input, expected) => expect(parseSalary(input)).toBe(expected));

  it('save is disabled while unchanged', () => {
    expect(salaryEditState('80,000', 80000)).toEqual({
      salary: 80000,
      canSave: false,
      hint: 'Please edit the salary',
    });
    expect(salaryEditState('90,000', 80000)).toEqual({ salary: 90000, canSave: true, hint: null });
    expect(salaryEditState('x', 80000).canSave).toBe(false);
  });

  it('refuses more than the highest salary the API takes, and says so', () => {
    expect(salaryEditState('100,000,000', 80000)).toEqual({ salary: 100_000_000, canSave: true, hint: null });
    expect(salaryEditState('999,999,999,999', 80000)).toEqual({
      salary: 999_999_999_999,
      canSave: false,
      hint: null,
      error: 'Enter at most 100,000,000',
    });
  });

  it('says how many entries to remove from a list longer than it may be', () => {
    expect(listTooLong(500)).toBeNull();
    expect(listTooLong(501)).toBe('A list holds at most 500 entries: remove 1 entry.');
    expect(listTooLong(600)).toBe('A list holds at most 500 entries: remove 100 entries.');
  });

  it('says an item is as long as an item may be exactly when it is', () => {
    expect(itemLengthHint(999)).toBeNull();
    expect(itemLengthHint(1_000)).toBe('An item holds at most 1,000 characters.');
    fc.assert(
      fc.property(fc.nat({ max: 5_000 }), (length) => {
        expect(itemLengthHint(length) !== null).toBe(length >= MAX_ITEM_CHARS);
      }),
    );
  });
});

describe('other confirmations', () => {
  it.each([
    ['DELETE MY ACCOUNT', true],
    ['delete my account', false],
    [' DELETE MY ACCOUNT', false],
    ['DELETE MY ACCOUNT ', false],
    ['', false],
  ])('%j → %s', (typed, ok) => expect(isDeleteAccountConfirmed(typed)).toBe(ok));

  it('unchanged selection', () => {
    expect(unchangedSelectionHint('block', 'block')).toBe('This is already selected');
    expect(unchangedSelectionHint('allow', 'block')).toBeNull();
  });

  it('domain list save', () => {
    const base = {
      mode: 'some',
      initialMode: 'some',
      initialDomains: ['a.com'],
      lockedDomains: ['team.com'],
    } as const;
    expect(domainListSaveState({ ...base, domains: ['a.com'] }).canSave).toBe(false);
    expect(domainListSaveState({ ...base, domains: [] }).canSave).toBe(false);
    expect(domainListSaveState({ ...base, domains: ['team.com', 'a.com', 'b.com'] })).toEqual({
      canSave: true,
      value: 'a.com,b.com',
    });
    expect(domainListSaveState({ ...base, mode: 'all', domains: [] })).toEqual({ canSave: true, value: '' });
  });
});
