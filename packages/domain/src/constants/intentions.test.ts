import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canChooseIntention } from './intentions';

describe('canChooseIntention', () => {
  it.each([
    ['an editor at the provider', { editPermission: true, organizerEmail: 'boss@acme.com' }, true],
    ['the organizer of a read-only event', { editPermission: false, organizerEmail: 'Me@Acme.com ' }, true],
    ['a guest of a read-only event', { editPermission: false, organizerEmail: 'boss@acme.com' }, false],
    ['an event without organizer nor permission', { editPermission: null, organizerEmail: null }, false],
  ])('%s', (_name, meeting, expected) => expect(canChooseIntention(meeting, 'me@acme.com')).toBe(expected));

  it('an editor may always choose; without permission, only the organizer', () => {
    fc.assert(
      fc.property(
        fc.option(fc.boolean()),
        fc.option(fc.emailAddress()),
        fc.emailAddress(),
        (edit, organizer, me) => {
          const allowed = canChooseIntention({ editPermission: edit, organizerEmail: organizer }, me);
          if (edit === true) expect(allowed).toBe(true);
          else expect(allowed).toBe(organizer !== null && organizer.toLowerCase() === me.toLowerCase());
        },
      ),
    );
  });
});
