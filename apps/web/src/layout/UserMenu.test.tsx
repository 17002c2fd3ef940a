import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, mockFetch, renderRoutes, testUser } from '../test/utils';
import { UserMenu } from './UserMenu';

async function openMenu(user = testUser()) {
  mockFetch({});
  renderRoutes([{ path: '*', element: <UserMenu user={user} /> }], {
    path: '/my/review/you',
    queryClient: createTestQueryClient(),
  });
  await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
  return screen.getAllByRole('menuitem');
}

describe('user menu', () => {
  it("lists the spec's items in its order: Account, Team management, Take a tour, Change plan, social links, Help and support, FAQ, Sign out", async () => {
    const items = await openMenu();
    expect(items.map((item) => item.textContent)).toEqual([
      'Account',
      'Team management',
      'Take a tour',
      'Change plan',
      'MeetWell on LinkedIn',
      'MeetWell on X',
      'Help and support',
      'FAQ',
      'Sign out',
    ]);
  });

  it('mails support, links the FAQ, and opens the social links in a new tab', async () => {
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Help and support' })).toHaveAttribute(
      'href',
      'mailto:support@meetwell.app',
    );
    expect(screen.getByRole('menuitem', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    for (const name of ['MeetWell on LinkedIn', 'MeetWell on X']) {
      const link = screen.getByRole('menuitem', { name });
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('leaves the admin items out for a member', async () => {
    const items = await openMenu(testUser({ company: { ...testUser().company!, roles: [] } }));
    expect(items.map((item) => item.textContent)).toEqual([
      'Account',
      'Take a tour',
      'MeetWell on LinkedIn',
      'MeetWell on X',
      'Help and support',
      'FAQ',
      'Sign out',
    ]);
  });
});
