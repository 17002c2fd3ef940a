import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emojiName, emojiPicture } from './emoji';

const src = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?)$/.test(entry.name) && !/\.test\./.test(entry.name) ? [full] : [];
  });
}

describe('emoji pictures', () => {
  it('name emoji as Twemoji does', () => {
    expect(emojiName('🍪')).toBe('1f36a');
    expect(emojiName('🗓️')).toBe('1f5d3');
    expect(emojiName('⚖️')).toBe('2696');
    expect(emojiName('👩‍💻')).toBe('1f469-200d-1f4bb');
  });

  it('exist for every emoji the app shows, so none is left to the system font', () => {
    const emoji = /\p{Extended_Pictographic}(\u{FE0F}|\u{200D}\p{Extended_Pictographic}\u{FE0F}?)*/gu;
    const missing = new Set<string>();
    for (const file of sourceFiles(src)) {
      for (const [found] of fs.readFileSync(file, 'utf8').matchAll(emoji)) {
        if (found === '©' || found === '®') continue;
        if (!emojiPicture(found)) missing.add(`${found} in ${path.relative(src, file)}`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});
