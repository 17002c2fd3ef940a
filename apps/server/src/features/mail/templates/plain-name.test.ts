import { describe, expect, it } from 'vitest';
import { organizerReminderEmail } from './messages';
import { plainName } from './plain-name';

describe('plainName', () => {
  it.each([
    ['Ada Lovelace', 'Ada Lovelace'],
    ['  Analytical   Engines\n', 'Analytical Engines'],
    ['<img src=x onerror=alert(1)>Mallory', 'Mallory'],
    ['<script>alert(1)</script>Win a prize', 'Win a prize'],
    ['<b>Bold</b> team', 'Bold team'],
    ['Rock \u202eevil\u202c & roll\u0007', 'Rock evil & roll'],
    ['a < b > c', 'a c'],
    ['Ünïcødé 👥 team', 'Ünïcødé 👥 team'],
  ])('%j → %j', (input, expected) => {
    expect(plainName(input)).toBe(expected);
  });

  it('cuts to the length in characters (not UTF-16 units) with an ellipsis, and falls back when nothing is left', () => {
    expect([...plainName('👥'.repeat(100), 10)]).toHaveLength(10);
    expect(plainName('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(plainName('<br>', 10, 'their team')).toBe('their team');
  });
});

describe('meeting titles in mail to organizers', () => {
  it('are plain text: an imported event cannot put markup, control characters or a page of text in a subject', async () => {
    const mail = await organizerReminderEmail(
      {
        summary: `<a href="https://evil.example">Claim</a> your prize\r\nBcc: all@x.example ${'z'.repeat(300)}`,
        startsAt: new Date('2030-03-04T10:00:00Z'),
        timeZone: 'UTC',
        userName: 'Ada',
        userEmail: 'ada@engines.example',
        organizerEmail: 'org@elsewhere.example',
        violations: ['No agenda'],
        deadline: null,
      },
      'https://app.meetwell.test',
    );
    expect(mail.subject).toMatch(
      /^Your meeting "Claim your prize Bcc: all@x\.example z+…" needs a few changes/,
    );
    expect(mail.subject).not.toMatch(/[\r\n<>]/);
    expect(mail.subject.length).toBeLessThan(160);
    expect(mail.html).not.toContain('evil.example');
  });
});
