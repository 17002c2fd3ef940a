import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractDuration, MAX_ITEMS_PER_HEADING, parseDescription } from './description';
import { decodeEntities, htmlToText } from './html';

const agenda = (text: string) =>
  parseDescription(text).agendaItems.map((i) => [i.description, i.duration_in_mins]);
const objectives = (text: string) => parseDescription(text).objectives.map((i) => i.description);
const prework = (text: string) => parseDescription(text).preworkItems.map((i) => [i.description, i.url]);

describe('headings', () => {
  it.each([
    'Agenda',
    'Agenda:',
    'AGENDA',
    'agenda :',
    '## Agenda',
    '**Agenda**',
    '**Agenda:**',
    '__Agenda__',
    '<b>Agenda</b>',
    '<h2>Agenda:</h2>',
    '<strong>Agenda</strong>',
    'Agenda items',
  ])('%s starts the agenda', (heading) => {
    expect(agenda(`${heading}\n- Intro`)).toEqual([['Intro', null]]);
  });

  it.each(['Objectives', 'Objective:', 'Goals', 'Goal', 'Purpose:', 'Outcomes', '### Desired outcomes'])(
    '%s starts the objectives',
    (heading) => expect(objectives(`${heading}\n- Ship v2`)).toEqual(['Ship v2']),
  );

  it.each(['Pre-work', 'Prework:', 'Pre work', 'Pre-read', 'Pre-reads:', 'Preparation'])(
    '%s starts the pre-work',
    (heading) => {
      expect(prework(`${heading}\n- Read the brief`)).toEqual([['Read the brief', null]]);
    },
  );

  it('ignores headings with other words and list lines outside sections', () => {
    const text = 'The agenda is below\n- not an item\nMy agenda items for today: none\n- nor this';
    expect(parseDescription(text).agendaItems).toEqual([]);
  });
});

describe('items', () => {
  it.each([
    ['- Intro', 'Intro'],
    ['* Intro', 'Intro'],
    ['+ Intro', 'Intro'],
    ['• Intro', 'Intro'],
    ['– Intro', 'Intro'],
    ['1. Intro', 'Intro'],
    ['12) Intro', 'Intro'],
    ['-Intro', 'Intro'],
    ['  - Intro  ', 'Intro'],
    ['- **Intro**', 'Intro'],
  ])('%s', (line, description) => expect(agenda(`Agenda\n${line}`)).toEqual([[description, null]]));

  it('lines that are not list lines are not items', () => {
    expect(agenda('Agenda\n*bold* text\n1.5 hours of fun\n---')).toEqual([]);
  });

  it('runs until a blank line followed by a non-item', () => {
    const text = 'Agenda:\n- One\n\n- Two\nA note\n- Three\n\nThanks all\n- Not agenda';
    expect(agenda(text).map((x) => x[0])).toEqual(['One', 'Two', 'Three']);
  });

  it('runs until the next heading', () => {
    const text = 'Agenda\n- One\nObjectives\n- Decide\nPre-work\n- Read https://x.io/doc\nAgenda\n- Two';
    const parsed = parseDescription(text);
    expect(parsed.agendaItems.map((i) => [i.description, i.position])).toEqual([
      ['One', 0],
      ['Two', 1],
    ]);
    expect(parsed.objectives).toEqual([{ description: 'Decide', position: 0 }]);
    expect(parsed.preworkItems).toEqual([{ description: 'Read', url: 'https://x.io/doc', position: 0 }]);
  });

  it('a blank line between the heading and the items is fine', () => {
    expect(agenda('Agenda:\n\n- One\n- Two').length).toBe(2);
  });

  it('caps each list at 100 items, and counts the ones it left out', () => {
    const text = `Agenda\n${Array.from({ length: 150 }, (_, i) => `- Item ${i}`).join('\n')}`;
    const parsed = parseDescription(text);
    expect(parsed.agendaItems).toHaveLength(100);
    expect(parsed.agendaItems.at(-1)?.description).toBe('Item 99');
    expect(parsed.itemsLeftOut).toBe(50);
  });

  it('keeps the first 100 of every heading and counts the rest, whatever the numbers', () => {
    const list = (heading: string, n: number) =>
      `${heading}\n${Array.from({ length: n }, (_, i) => `- ${heading} point ${i}`).join('\n')}`;
    fc.assert(
      fc.property(
        fc.nat({ max: 220 }),
        fc.nat({ max: 220 }),
        fc.nat({ max: 220 }),
        (agendaCount, objectiveCount, preworkCount) => {
          const parsed = parseDescription(
            [
              list('Agenda', agendaCount),
              list('Objectives', objectiveCount),
              list('Pre-work', preworkCount),
            ].join('\n\n'),
          );
          const kept = (n: number) => Math.min(n, MAX_ITEMS_PER_HEADING);
          expect(parsed.agendaItems).toHaveLength(kept(agendaCount));
          expect(parsed.objectives).toHaveLength(kept(objectiveCount));
          expect(parsed.preworkItems).toHaveLength(kept(preworkCount));
          expect(parsed.itemsLeftOut).toBe(
            agendaCount +
              objectiveCount +
              preworkCount -
              kept(agendaCount) -
              kept(objectiveCount) -
              kept(preworkCount),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('durations', () => {
  it.each([
    ['Intro (10 min)', 'Intro', 10],
    ['Intro (10 mins)', 'Intro', 10],
    ['Intro [5 minutes]', 'Intro', 5],
    ['Intro 10m', 'Intro', 10],
    ['10m Intro', 'Intro', 10],
    ['Intro - 15 minutes', 'Intro', 15],
    ['Intro – 15 min', 'Intro', 15],
    ['Intro: 20min', 'Intro', 20],
    ['Deep dive (1h)', 'Deep dive', 60],
    ['Deep dive 1.5 hours', 'Deep dive', 90],
    ['Deep dive 1,5h', 'Deep dive', 90],
    ['1h30 deep dive', 'deep dive', 90],
    ['Deep dive (1h 30m)', 'Deep dive', 90],
    ['Deep dive (2 hours)', 'Deep dive', 120],
    ["Wrap-up 5'", 'Wrap-up', 5],
    ['Top 10 metrics', 'Top 10 metrics', null],
    ['Review Q3 numbers', 'Review Q3 numbers', null],
    ['1:1 feedback', '1:1 feedback', null],
    ['Intro (0 min)', 'Intro (0 min)', null],
  ])('%s → %s, %s', (line, description, minutes) => {
    expect(agenda(`Agenda\n- ${line}`)).toEqual([[description, minutes]]);
  });

  it('extractDuration alone', () => {
    expect(extractDuration('Intro (10 min)')).toEqual({ minutes: 10, rest: 'Intro' });
    expect(extractDuration('Intro')).toBeNull();
    expect(extractDuration('30 min')).toEqual({ minutes: 30, rest: '' });
  });

  it('an item that is only a duration keeps it as its description', () => {
    expect(agenda('Agenda\n- 30 min')).toEqual([['30 min', 30]]);
  });
});

describe('pre-work', () => {
  it.each([
    ['- Read the spec https://docs.acme.com/spec.', 'Read the spec', 'https://docs.acme.com/spec'],
    ['- https://docs.acme.com/spec', 'https://docs.acme.com/spec', 'https://docs.acme.com/spec'],
    ['- Deck: www.acme.com/deck', 'Deck', 'https://www.acme.com/deck'],
    ['- Read the brief (https://acme.com/brief)', 'Read the brief', 'https://acme.com/brief'],
    ['- Think about pricing', 'Think about pricing', null],
  ])('%s', (line, description, url) => expect(prework(`Pre-work\n${line}`)).toEqual([[description, url]]));

  it('keeps the address of an HTML link', () => {
    const html =
      '<p><b>Pre-read</b></p><ul><li><a href="https://docs.google.com/d/1">Q3 plan</a> before we meet</li></ul>';
    expect(prework(html)).toEqual([['Q3 plan before we meet', 'https://docs.google.com/d/1']]);
  });

  it('a link whose text is its address gives that address', () => {
    const html = 'Pre-work<br>- <a href="https://acme.com/a?b=1&amp;c=2">https://acme.com/a?b=1&amp;c=2</a>';
    expect(prework(html)).toEqual([['https://acme.com/a?b=1&c=2', 'https://acme.com/a?b=1&c=2']]);
  });
});

describe('HTML', () => {
  it('Google Calendar style (<br>, <b>, <ul>)', () => {
    const html =
      '<b>Agenda</b><br><ul><li>Welcome (5 min)</li><li>Roadmap &amp; budget (20 min)</li></ul><br><b>Goals:</b><br>1. Agree on Q3<br>2. Name owners<br><br>Join with Google Meet: <a href="https://meet.google.com/abc-defg-hij">meet.google.com/abc-defg-hij</a>';
    const parsed = parseDescription(html);
    expect(parsed.agendaItems.map((i) => [i.description, i.duration_in_mins])).toEqual([
      ['Welcome', 5],
      ['Roadmap & budget', 20],
    ]);
    expect(parsed.objectives.map((o) => o.description)).toEqual(['Agree on Q3', 'Name owners']);
    expect(parsed.conference).toEqual({
      provider: 'google_meet',
      url: 'https://meet.google.com/abc-defg-hij',
    });
  });

  it('Outlook style (<html><head><style>, <div>, <p>, &nbsp;, source line breaks)', () => {
    const html = `<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<style type="text/css">p { margin: 0 } .x > .y { color: red }</style></head>
<body><div style="font-family:Calibri">
<p class="MsoNormal">Agenda:</p>
<p class="MsoNormal">-&nbsp;Intro
(5 min)</p>
<p class="MsoNormal">- Budget review (25&nbsp;min)</p>
<p class="MsoNormal">&nbsp;</p>
<p class="MsoNormal">Regards, Kim</p>
<!-- a comment with - Fake item -->
<div><a href="https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0?context=%7b%22Tid%22%3a%22x%22%7d">Click here to join the meeting</a></div>
</div></body></html>`;
    const parsed = parseDescription(html);
    expect(parsed.agendaItems.map((i) => [i.description, i.duration_in_mins])).toEqual([
      ['Intro', 5],
      ['Budget review', 25],
    ]);
    expect(parsed.conference?.provider).toBe('teams');
    expect(parsed.text).not.toContain('color: red');
    expect(parsed.text).not.toContain('Fake item');
    expect(parsed.text).toContain('Regards, Kim');
  });

  it('<li> inside <ol> with numbers in the text', () => {
    expect(agenda('<p>Agenda</p><ol><li>1. Intro</li><li>2. Q&amp;A (10 min)</li></ol>')).toEqual([
      ['Intro', null],
      ['Q&A', 10],
    ]);
  });

  it('nested lists are flattened', () => {
    expect(agenda('Agenda<ul><li>A<ul><li>A.1</li></ul></li><li>B</li></ul>').map((x) => x[0])).toEqual([
      'A',
      'A.1',
      'B',
    ]);
  });

  it('drops scripts, styles, comments and broken tags', () => {
    const text = htmlToText(
      '<div>a<script>alert("<b>x</b>")</script>b<style>.c{}</style>c<!-- d -->e<span class="x" title=">">f</span><i',
    );
    expect(text.trim()).toBe('abcef');
  });

  it('keeps text that only looks like tags', () => {
    expect(htmlToText('<p>a < b and c > d, <3, <https://x.io></p>').trim()).toBe(
      'a < b and c > d, <3, <https://x.io>',
    );
  });

  it('plain text keeps its line breaks; inline-only HTML too', () => {
    expect(htmlToText('a\r\nb')).toBe('a\nb');
    expect(htmlToText('Agenda\n- <b>One</b>\n- Two')).toBe('Agenda\n- One\n- Two');
  });

  it('block HTML treats source line breaks as spaces', () => {
    expect(htmlToText('<div>one\ntwo</div><div>three</div>').trim()).toBe('one two\nthree');
  });

  it('decodes entities', () => {
    expect(
      decodeEntities('&amp; &lt; &gt; &quot; &#39; &#x2014; &rsquo; &hellip; &unknown; &#99999999;'),
    ).toBe('& < > " \' — ’ … &unknown; \ufffd');
    expect(decodeEntities('a&nbsp;b')).toBe('a\u00a0b');
  });

  it('decodes every HTML5 named entity, as a browser does', () => {
    expect(decodeEntities('Caf&eacute; &Eacute;t&eacute; &frac12; &hearts; &NotEqualTilde; &ccedil;a')).toBe(
      'Café Été ½ ♥ \u2242\u0338 ça',
    );
    // Soft hyphens and zero-width joiners would split words of an item: dropped.
    expect(decodeEntities('Re&shy;view&zwj;')).toBe('Review');
  });

  it('the text output has trimmed lines and single blank lines', () => {
    expect(parseDescription('<p>Hello</p><p>&nbsp;</p><p>&nbsp;</p><p>World </p>').text).toBe(
      'Hello\n\nWorld',
    );
  });
});

describe('robustness', () => {
  it('non-strings and empty strings give an empty result', () => {
    for (const value of [undefined, null, 42, {}, [], '']) {
      expect(parseDescription(value)).toEqual({
        text: '',
        agendaItems: [],
        objectives: [],
        preworkItems: [],
        conference: null,
        itemsLeftOut: 0,
      });
    }
  });

  const shapeOk = (s: string) => {
    const r = parseDescription(s);
    return (
      typeof r.text === 'string' &&
      Array.isArray(r.agendaItems) &&
      r.agendaItems.every(
        (i) => typeof i.description === 'string' && (i.duration_in_mins === null || i.duration_in_mins > 0),
      )
    );
  };

  it('never throws on any string', () => {
    fc.assert(fc.property(fc.string(), shapeOk), { numRuns: 500 });
    fc.assert(fc.property(fc.string({ unit: 'binary' }), shapeOk), { numRuns: 500 });
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), shapeOk), { numRuns: 300 });
  });

  const htmlish = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '<',
          '>',
          '</',
          '<br>',
          '<p>',
          '</p>',
          '<li>',
          '</li>',
          '<ul>',
          '<a href="',
          '">',
          '</a>',
          '<script>',
          '</script>',
          '<style>',
          '<!--',
          '-->',
          '<!',
          '&amp;',
          '&#',
          '&#x',
          ';',
          '"',
          "'",
          '=',
          'Agenda',
          'Agenda:',
          'Pre-work',
          'Goals',
          '\n',
          '\n\n',
          '- ',
          '1. ',
          '(10 min)',
          '1h30',
          'https://',
          'zoom.us/j/1',
          'meet.google.com/abc-defg-hij',
          '\uE000',
          '\uE001',
          ' ',
        ),
        fc.string({ maxLength: 5 }),
      ),
      { maxLength: 60 },
    )
    .map((parts) => parts.join(''));

  it('never throws on random HTML-ish strings', () => {
    fc.assert(fc.property(htmlish, shapeOk), { numRuns: 2000 });
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(htmlish, (s) => {
        expect(parseDescription(s)).toEqual(parseDescription(s));
      }),
    );
  });

  it('handles pathological input quickly', () => {
    const inputs = [
      '<'.repeat(200_000),
      '<a '.repeat(50_000),
      '<a href="'.repeat(30_000),
      '&#'.repeat(100_000),
      `Agenda\n${'- 1'.repeat(50_000)}`,
      `Agenda\n- ${'1 '.repeat(100_000)}h`,
      `${'https://zoom.us/'.repeat(20_000)}`,
      '<!--'.repeat(50_000),
      `${'a'.repeat(300_000)}@`,
    ];
    const start = performance.now();
    for (const input of inputs) parseDescription(input);
    expect(performance.now() - start).toBeLessThan(2_000);
  });
});
