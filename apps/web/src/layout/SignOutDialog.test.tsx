import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../session/queryKeys';
import { createTestQueryClient, jsonResponse, mockFetch, renderRoutes, testUser } from '../test/utils';
import { UserMenu } from './UserMenu';

function setup() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(queryKeys.currentUser, testUser());
  const fetchMock = mockFetch({ 'DELETE /api/v1/logout': () => jsonResponse(204) });
  const view = renderRoutes(
    [
      { path: '/my/account', element: <UserMenu user={testUser()} /> },
      { path: '/', element: <p>home</p> },
    ],
    { path: '/my/account', queryClient },
  );
  return { ...view, fetchMock };
}

describe('user menu and sign-out', () => {
  it('lists the menu items, admin items included', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: /Account menu for Ada Lovelace/ }));
    for (const item of [
      'Account',
      'Team management',
      'Take a tour',
      'Change plan',
      'Help and support',
      'FAQ',
      'Sign out',
    ]) {
      expect(screen.getByRole('menuitem', { name: item })).toBeInTheDocument();
    }
  });

  it('asks for confirmation, then signs out 200 ms after closing and goes home', async () => {
    const { fetchMock, router, queryClient } = setup();
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByText('Are you sure you want to sign out?')).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Yes, sign me out' });
    await userEvent.click(confirm);
    expect(fetchMock).not.toHaveBeenCalled();

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/logout');
    expect(init.method).toBe('DELETE');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(queryClient.getQueryData(queryKeys.currentUser)).toBeNull();
  });

  it('closes on Escape without signing out', async () => {
    const { fetchMock } = setup();
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('Are you sure you want to sign out?')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByText('Are you sure you want to sign out?')).not.toBeInTheDocument(),
    );
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('hides admin items from non-admins', async () => {
    const queryClient = createTestQueryClient();
    mockFetch({});
    const user = testUser({ company: { ...testUser().company!, roles: [] } });
    renderRoutes([{ path: '*', element: <UserMenu user={user} /> }], { queryClient });
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(screen.queryByRole('menuitem', { name: 'Team management' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Change plan' })).not.toBeInTheDocument();
  });
});
