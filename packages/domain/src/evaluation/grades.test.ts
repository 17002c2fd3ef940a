import { describe, expect, it } from 'vitest';
import { isGoodScore, letterGrade, qualityLabel, scoreBand, scoreColor, scoreTier } from './grades';

describe('letterGrade', () => {
  it.each([
    [100, 'A+'],
    [97, 'A+'],
    [96, 'A'],
    [93, 'A'],
    [92, 'A-'],
    [90, 'A-'],
    [89, 'B+'],
    [87, 'B+'],
    [86, 'B'],
    [83, 'B'],
    [82, 'B-'],
    [80, 'B-'],
    [79, 'C+'],
    [77, 'C+'],
    [76, 'C'],
    [73, 'C'],
    [72, 'C-'],
    [70, 'C-'],
    [69, 'D+'],
    [67, 'D+'],
    [66, 'D'],
    [63, 'D'],
    [62, 'D-'],
    [60, 'D-'],
    [59, 'F'],
    [0, 'F'],
  ])('%i → %s', (score, grade) => expect(letterGrade(score)).toBe(grade));
});

describe('qualityLabel', () => {
  it.each([
    [100, 'perfect'],
    [99, 'very high'],
    [90, 'very high'],
    [89, 'high'],
    [80, 'high'],
    [79, 'medium'],
    [70, 'medium'],
    [69, 'medium-low'],
    [60, 'medium-low'],
    [59, 'low'],
    [50, 'low'],
    [49, 'very low'],
    [0, 'very low'],
  ])('%i → %s', (score, label) => expect(qualityLabel(score)).toBe(label));
});

describe('scoreTier and scoreColor', () => {
  it.each([
    [100, 'success', '#1db08c', 'high'],
    [80, 'success', '#1db08c', 'high'],
    [79, 'caution', '#fed93a', 'medium-high'],
    [70, 'caution', '#fed93a', 'medium-high'],
    [69, 'warning', '#ff8a00', 'medium-low'],
    [60, 'warning', '#ff8a00', 'medium-low'],
    [59, 'danger', '#ff3146', 'low'],
    [0, 'danger', '#ff3146', 'low'],
  ])('%i → %s %s', (score, tier, color, band) => {
    expect(scoreTier(score)).toBe(tier);
    expect(scoreColor(score)).toBe(color);
    expect(scoreBand(score)).toBe(band);
  });

  it('good means 80 and over', () => {
    expect(isGoodScore(80)).toBe(true);
    expect(isGoodScore(79)).toBe(false);
  });
});
