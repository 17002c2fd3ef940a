import { describe, expect, it } from 'vitest';
import { SIGN_IN_ERRORS, signInErrorMessage } from './sign-in-errors';

describe('signInErrorMessage', () => {
  it('explains every code the server sends', () => {
    for (const [code, message] of Object.entries(SIGN_IN_ERRORS))
      expect(signInErrorMessage(code)).toBe(message);
  });

  it('says nothing for a missing or unknown code, inherited names included', () => {
    for (const code of [null, undefined, '', 'toString', '__proto__', 'nope']) {
      expect(signInErrorMessage(code)).toBeNull();
    }
  });
});
