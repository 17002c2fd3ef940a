import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contrastRatio, EVENT_COLORS, readableTextColor, tintColor } from './colors';

const hexColor = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

describe('contrast', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#fff', '#ffffff')).toBe(1);
  });

  it('the text colour chosen for any background reaches AA (4.5:1)', () => {
    fc.assert(
      fc.property(hexColor, (background) => {
        expect(contrastRatio(background, readableTextColor(background))).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });

  it('every calendar colour, and its tint, gets readable text', () => {
    for (const color of Object.values(EVENT_COLORS)) {
      for (const background of [color, tintColor(color, 0.18)]) {
        expect(contrastRatio(background, readableTextColor(background))).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('tints between white and the colour', () => {
    expect(tintColor('#1f78f7', 0)).toBe('#ffffff');
    expect(tintColor('#1f78f7', 1)).toBe('#1f78f7');
    fc.assert(
      fc.property(hexColor, fc.double({ min: 0, max: 1, noNaN: true }), (color, amount) => {
        expect(contrastRatio(tintColor(color, amount), '#ffffff')).toBeLessThanOrEqual(
          contrastRatio(color, '#ffffff') + 1e-9,
        );
      }),
    );
  });
});
