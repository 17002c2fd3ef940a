import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderPage } from '../../test/utils';
import { OwnMailsPreview, SEND_REPORT_LABEL } from './OwnMailsPreview';

const REPORT_HTML =
  '<html><body><h1>Your week: 72, a C</h1><script>parent.stolen = true</script></body></html>';

const preview = (kind: string, subject: string, html: string) => () =>
  jsonResponse(200, {
    data: { id: kind, type: 'mail_previews', attributes: { subject, html, to: 'ada@example.com' } },
  });

const requested = (status: string) => () =>
  jsonResponse(201, {
    data: {
      id: 'r1',
      type: 'requested_weekly_reports',
      attributes: { status, to: 'ada@example.com', week_start: '2026-11-23', week_end: '2026-11-29' },
    },
  });

describe('Account → E-mails: your own mails before they arrive', () => {
  it('previews the weekly report and the tips mail in a sandboxed frame', async () => {
    mockFetch({
      'GET /api/v1/mail_previews/weekly_report': preview(
        'weekly_report',
        'Your week in meetings',
        REPORT_HTML,
      ),
      'GET /api/v1/mail_previews/tip': preview('tip', 'Tip of the week: Walk', '<p>Walk</p>'),
    });
    renderPage(<OwnMailsPreview />);
    await userEvent.click(screen.getByRole('button', { name: 'Preview the weekly report' }));
    const frame = await screen.findByTitle('Weekly report email');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(REPORT_HTML);
    expect(screen.getByText('Your week in meetings')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect((window as { stolen?: boolean }).stolen).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    await userEvent.click(screen.getByRole('button', { name: 'Preview the tips email' }));
    expect(await screen.findByText('Tip of the week: Walk')).toBeInTheDocument();
  });

  it("says why there is no report to preview (the server's words)", async () => {
    mockFetch({
      'GET /api/v1/mail_previews/weekly_report': () =>
        jsonResponse(409, {
          errors: [
            {
              status: '409',
              detail: 'There is no report yet: none of your meetings this week or last has a score.',
            },
          ],
        }),
    });
    renderPage(<OwnMailsPreview />);
    await userEvent.click(screen.getByRole('button', { name: 'Preview the weekly report' }));
    expect(
      await screen.findByText('There is no report yet: none of your meetings this week or last has a score.'),
    ).toBeInTheDocument();
  });

  it("sends this week's report at once and says where it went", async () => {
    const fetchMock = mockFetch({ 'POST /api/v1/weekly_reports/requested': requested('sent') });
    renderPage(<OwnMailsPreview />);
    await userEvent.click(screen.getByRole('button', { name: SEND_REPORT_LABEL }));
    expect(
      await screen.findByText(
        'Your report for November 23rd – November 29th is on its way to ada@example.com.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('weekly_reports'))).toHaveLength(1);
  });

  it('shows the limit in plain words when it is reached', async () => {
    mockFetch({
      'POST /api/v1/weekly_reports/requested': () =>
        jsonResponse(429, {
          errors: [
            { status: '429', detail: 'You can send yourself 3 reports an hour. Try again in 20 minutes.' },
          ],
        }),
    });
    renderPage(<OwnMailsPreview />);
    expect(screen.getByText('Up to 3 an hour.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: SEND_REPORT_LABEL }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'You can send yourself 3 reports an hour. Try again in 20 minutes.',
      ),
    );
  });
});
