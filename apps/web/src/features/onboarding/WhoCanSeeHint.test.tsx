import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/utils';
import { audienceOf, WhoCanSeeHint } from './WhoCanSeeHint';

function renderAt(path: string) {
  return renderRoutes([{ path: '*', element: <WhoCanSeeHint /> }], { path });
}

describe("the 'Who can see this?' hint", () => {
  it.each([
    ['/my/review/you', 'only_you'],
    ['/my/review/you/confirmed', 'only_you'],
    ['/my/review/team', 'your_team'],
    ['/my/plan/meeting/42', 'those_invited'],
    ['/my/team-management', 'only_admins'],
    ['/my/plan', null],
    ['/my/account', null],
  ])('on %s is for %s', (path, audience) => {
    expect(audienceOf(path)).toBe(audience);
  });

  it('tells who sees the screen', async () => {
    renderAt('/my/review/team');
    await userEvent.click(screen.getByRole('button', { name: 'Who can see this?' }));
    expect(await screen.findByText('Your team')).toBeInTheDocument();
    expect(screen.getByText('Everyone on your team can see this.')).toBeInTheDocument();
  });

  it('is not shown on screens without an audience', () => {
    renderAt('/my/account');
    expect(screen.queryByRole('button', { name: 'Who can see this?' })).not.toBeInTheDocument();
  });

  it('sits in the flow of the page: no fixed or absolute box over content', () => {
    renderAt('/my/review/you');
    const button = screen.getByRole('button', { name: 'Who can see this?' });
    expect(screen.getByRole('complementary', { name: 'Who can see this?' })).toContainElement(button);
    for (let node: HTMLElement | null = button; node; node = node.parentElement) {
      expect(['fixed', 'absolute', 'sticky']).not.toContain(getComputedStyle(node).position);
      expect(String(node.className)).not.toMatch(/Affix/);
    }
  });

  it('is desktop only', () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn().mockImplementation((query: string) => ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        addListener: vi.fn(),
        removeListener: vi.fn(),
      })),
    );
    renderAt('/my/review/you');
    expect(screen.queryByRole('button', { name: 'Who can see this?' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it("leaves the meeting route to the modal's own hint, which names those invited", async () => {
    renderAt('/my/plan/meeting/42');
    expect(screen.queryByRole('button', { name: 'Who can see this?' })).not.toBeInTheDocument();
    renderRoutes([{ path: '*', element: <WhoCanSeeHint audience="those_invited" /> }], {
      path: '/my/plan/meeting/42',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Who can see this?' }));
    expect(await screen.findByText('Everyone invited to this meeting can see this.')).toBeInTheDocument();
  });
});
