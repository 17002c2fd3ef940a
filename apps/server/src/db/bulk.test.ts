import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { storableJson } from './bulk';

const wellFormed = (text: string) => (text as unknown as { toWellFormed(): string }).toWellFormed();

describe('storableJson', () => {
  it('drops every NUL character of a JSON text and keeps everything else, escaped backslashes included', () => {
    const text = fc.string({ unit: fc.constantFrom('\u0000', '\\', 'u', '0', 'a', '"', '\n', 'é') });
    fc.assert(
      fc.property(fc.array(text), (strings) => {
        expect(JSON.parse(storableJson(JSON.stringify(strings)))).toEqual(
          strings.map((s) => s.replaceAll('\u0000', '')),
        );
      }),
    );
  });

  it('leaves a literal backslash-u-0000 text alone', () => {
    expect(JSON.parse(storableJson(JSON.stringify(['\\u0000', '\\\u0000'])))).toEqual(['\\u0000', '\\']);
  });

  it('makes lone surrogates U+FFFD, in values and keys, and keeps pairs', () => {
    const text = fc.string({
      unit: fc.constantFrom('\ud83d', '\ude00', '\udc00', '\\', 'u', 'd', 'a', '😀', '\u0000'),
    });
    fc.assert(
      fc.property(fc.dictionary(text, fc.array(text, { maxLength: 3 }), { maxKeys: 3 }), (doc) => {
        const json = storableJson(JSON.stringify(doc));
        expect(json).not.toMatch(/(?<!\\)(?:\\\\)*\\ud[89a-f]/);
        const clean = (t: string) => wellFormed(t.replaceAll('\u0000', ''));
        expect(JSON.parse(json)).toEqual(
          Object.fromEntries(Object.entries(doc).map(([k, v]) => [clean(k), v.map(clean)])),
        );
      }),
    );
    expect(JSON.parse(storableJson(JSON.stringify({ name: 'Zo\ud800é', ok: '😀' })))).toEqual({
      name: 'Zo\ufffdé',
      ok: '😀',
    });
  });
});
