import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withoutNul } from './bulk';

describe('withoutNul', () => {
  it('drops every NUL character of a JSON text and keeps everything else, escaped backslashes included', () => {
    const text = fc.string({ unit: fc.constantFrom('\u0000', '\\', 'u', '0', 'a', '"', '\n', 'é') });
    fc.assert(
      fc.property(fc.array(text), (strings) => {
        expect(JSON.parse(withoutNul(JSON.stringify(strings)))).toEqual(
          strings.map((s) => s.replaceAll('\u0000', '')),
        );
      }),
    );
  });

  it('leaves a literal backslash-u-0000 text alone', () => {
    expect(JSON.parse(withoutNul(JSON.stringify(['\\u0000', '\\\u0000'])))).toEqual(['\\u0000', '\\']);
  });
});
