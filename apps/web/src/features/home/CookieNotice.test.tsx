import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { COOKIE_NOTICE_KEY } from '../../lib/constants';
import { createTestQueryClient } from '../../test/utils';
import { CookieNotice } from './CookieNotice';

function renderNotice() {
  return render(
    <AppProviders queryClient={createTestQueryClient()} env="test">
      <CookieNotice />
    </AppProviders>,
  );
}

describe('cookie notice', () => {
  it('is dismissed with "Cheers to privacy!" and stays dismissed', async () => {
    const first = renderNotice();
    expect(screen.getByText('Cookies are for eating')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cheers to privacy!' }));
    expect(screen.queryByText('Cookies are for eating')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(COOKIE_NOTICE_KEY)).toBe('dismissed');
    first.unmount();

    renderNotice();
    expect(screen.queryByText('Cookies are for eating')).not.toBeInTheDocument();
  });

  it('ignores local storage failures silently', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    renderNotice();
    await userEvent.click(screen.getByRole('button', { name: 'Cheers to privacy!' }));
    expect(screen.queryByText('Cookies are for eating')).not.toBeInTheDocument();
  });
});
