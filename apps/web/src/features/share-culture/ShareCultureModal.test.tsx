import { DEFAULT_EVALUATION_SETTINGS } from '@meetwell/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, visibleToasts } from '../../test/utils';
import { cultureMailto, meetingCultureText } from './cultureText';
import { ShareCultureButton } from './ShareCultureModal';

const settings = { ...DEFAULT_EVALUATION_SETTINGS, desired_duration: 45, ignore_all_day_meetings: true };

describe('meetingCultureText', () => {
  it("lists the team's scored standards with their weights, what is not scored, and the app", () => {
    const text = meetingCultureText(
      { ...settings, ignore_all_hands_meetings: false },
      { teamName: 'Acme', appUrl: 'https://app.example' },
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe('Our meeting culture at Acme');
    expect(lines).toContain('- Agenda: Required (20 / 100)');
    expect(lines.some((line) => line.startsWith('- Desired duration') && line.includes('45 minutes'))).toBe(
      true,
    );
    expect(text).toContain('Not scored: all-day meetings.');
    expect(text).not.toContain('Outcomes');
    expect(lines.at(-1)).toBe('We use MeetWell to keep our meetings healthy: https://app.example');
  });

  it('makes a mailto with the subject and the whole text', () => {
    const href = cultureMailto('Line 1\nA & B');
    expect(href).toBe('mailto:?subject=Our%20meeting%20culture&body=Line%201%0AA%20%26%20B');
  });
});

describe('Share meeting culture', () => {
  it('copies the text to the clipboard ("Copied to clipboard!") and opens it in a new mail', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage(<ShareCultureButton settings={settings} teamName="Acme" />);
    await userEvent.click(screen.getByRole('button', { name: 'Share meeting culture' }));
    expect(await screen.findByRole('dialog', { name: 'Share meeting culture' })).toBeInTheDocument();
    const expected = meetingCultureText(settings, { teamName: 'Acme', appUrl: window.location.origin });
    expect(screen.getByRole('textbox', { name: 'Our meeting culture' })).toHaveValue(expected);
    expect(screen.getByRole('link', { name: 'Open in email' })).toHaveAttribute(
      'href',
      cultureMailto(expected),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    expect(writeText).toHaveBeenCalledWith(expected);
    await waitFor(() => expect(visibleToasts().map((t) => t.message)).toContain('Copied to clipboard!'));
  });
});
