import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderPage } from '../../test/utils';
import { MailPreviewModal, PreviewMailsLink, previewKindOf } from './MailPreviewModal';

const REMINDER_HTML =
  '<html><body><h1>"Weekly planning" needs a few changes</h1><script>parent.stolen = true</script></body></html>';
const WARNING_HTML = '<html><body><h1>"Weekly planning" may be declined</h1></body></html>';

function previews() {
  return mockFetch({
    'GET /api/v1/mail_previews/reminder': () =>
      jsonResponse(200, {
        data: {
          id: 'reminder',
          type: 'mail_previews',
          attributes: {
            subject: 'Your meeting "Weekly planning" needs a few changes: Monday, November 30th 2026',
            html: REMINDER_HTML,
            to: 'organizer@example.com',
          },
        },
      }),
    'GET /api/v1/mail_previews/decline_warning': () =>
      jsonResponse(200, {
        data: {
          id: 'decline_warning',
          type: 'mail_previews',
          attributes: {
            subject: '"Weekly planning" may be declined: Monday, November 30th 2026',
            html: WARNING_HTML,
            to: 'organizer@example.com',
          },
        },
      }),
  });
}

const page = (
  <>
    <PreviewMailsLink />
    <MailPreviewModal />
  </>
);

describe('?previewReminder', () => {
  it('opens the example reminder from the server in a sandboxed frame that runs no script', async () => {
    previews();
    renderPage(page, { path: '/my/balance/action?previewReminder=true' });
    const frame = await screen.findByTitle('Example reminder email');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(REMINDER_HTML);
    expect(
      screen.getByText('Your meeting "Weekly planning" needs a few changes: Monday, November 30th 2026'),
    ).toBeInTheDocument();
    expect(screen.getByText('organizer@example.com')).toBeInTheDocument();
    expect((window as { stolen?: boolean }).stolen).toBeUndefined();
  });

  it('switches to the decline warning and closes by taking the parameter away', async () => {
    previews();
    const { router } = renderPage(page, { path: '/my/balance/action?previewReminder=true&x=1' });
    await screen.findByTitle('Example reminder email');
    await userEvent.click(screen.getByText('Decline warning'));
    const frame = await screen.findByTitle('Example decline warning email');
    expect(frame.getAttribute('srcdoc')).toBe(WARNING_HTML);
    expect(router.state.location.search).toBe('?previewReminder=decline_warning&x=1');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe('?x=1'));
    await waitFor(() => expect(screen.queryByTitle(/Example/)).not.toBeInTheDocument());
  });

  it('opens from the link on the Auto-balance screen, and not without the parameter', async () => {
    const fetchMock = previews();
    const { router } = renderPage(page, { path: '/my/balance/action' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Preview the emails organizers get' }));
    expect(await screen.findByTitle('Example reminder email')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?previewReminder=true');
  });

  it('reads the kind of the parameter', () => {
    expect(previewKindOf(null)).toBeNull();
    expect(previewKindOf('')).toBe('reminder');
    expect(previewKindOf('true')).toBe('reminder');
    expect(previewKindOf('decline_warning')).toBe('decline_warning');
    expect(previewKindOf('warning')).toBe('decline_warning');
  });
});
