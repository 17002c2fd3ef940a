import { describe, expect, it } from 'vitest';
import { googleColorId } from './calendar-event';

describe("a Wellness block event's colour in Google Calendar", () => {
  it("is the preference's Google colour id", () => {
    expect(googleColorId('5')).toBe('5');
    expect(googleColorId('11')).toBe('11');
  });

  it("reads the colour list's resource id that earlier web apps stored", () => {
    expect(googleColorId('google_oauth2:5')).toBe('5');
  });

  it("leaves the calendar's colour for no preference, another provider's preset or an unknown id", () => {
    for (const preference of [
      null,
      '',
      '0',
      '12',
      'microsoft_graph:preset0',
      'preset0',
      'google_oauth2:',
      'x:5',
    ]) {
      expect(googleColorId(preference)).toBeUndefined();
    }
  });
});
