import fs from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  accessibilityProblems,
  launch,
  newPage,
  openAsDemo,
  screenshot,
  signInByLink,
  signInToDemo,
} from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits for a line of the server's output after `from` and returns the pattern's first group. */
async function linkInServerLog(pattern: RegExp, from: number): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = pattern.exec((await fs.readFile(inject('serverLog'), 'utf8')).slice(from))?.[1];
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Nothing like ${pattern} in the server's output`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Opens Team management from the user menu, as an admin would. */
async function openTeamManagement(page: Page) {
  await page
    .getByRole('button', { name: /^Account menu for/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Team management' }).click();
  await page.waitForURL('**/my/team-management');
}

describe('Team management journeys', () => {
  it('lets the admin invite someone, cancel the invite and change a member role', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    page.setDefaultTimeout(15_000);
    await signInToDemo(page);
    await openTeamManagement(page);

    const members = page.getByRole('table', { name: 'Members' });
    await members.getByText('Riley Chen').waitFor();
    expect(await members.getByRole('row').count()).toBe(5);
    expect(await members.getByRole('button', { name: 'Role of Alex Morgan: Admin' }).isDisabled()).toBe(true);

    const email = `newcomer-${Date.now()}@elsewhere.example`;
    await page.getByRole('textbox', { name: 'Email addresses' }).fill(email);
    await page.getByRole('button', { name: 'Invite' }).click();
    const pending = page.getByRole('table', { name: 'Pending invites' });
    await pending.getByText(email).waitFor();
    await page.getByText(`Invite sent to ${email}.`).waitFor();
    expect(await page.getByRole('textbox', { name: 'Email addresses' }).inputValue()).toBe('');
    await screenshot(page, 'team-management-desktop');
    await page.getByRole('region', { name: 'Team Auto-Balance defaults' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'team-management-desktop-middle');
    await page.getByRole('region', { name: 'Invoices' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'team-management-desktop-lower');
    expect(await accessibilityProblems(page, '1366px')).toEqual([]);

    await pending.getByRole('button', { name: `Cancel the invite to ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByText('This invite will be revoked.').waitFor();
    await dialog.getByRole('button', { name: 'Yes, cancel invite' }).click();
    await page.getByText('No pending invites.').waitFor();

    await members.getByRole('button', { name: 'Role of Jordan Lee: User' }).click();
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await members.getByRole('button', { name: 'Role of Jordan Lee: Admin' }).waitFor();
    const roles = (await page.evaluate(async () => {
      const user = (await (await fetch('/api/v1/users')).json()) as {
        data: { attributes: { company: { id: string } } };
      };
      const answer = await fetch(`/api/v1/teams/${user.data.attributes.company.id}/members`);
      return answer.json();
    })) as { data: { attributes: { name: string; role: string | null } }[] };
    expect(roles.data.find((m) => m.attributes.name === 'Jordan Lee')?.attributes.role).toBe('billing_admin');

    // Back as it was, for the other journeys on the demo team.
    await members.getByRole('button', { name: 'Role of Jordan Lee: Admin' }).click();
    await page.getByRole('menuitem', { name: 'User' }).click();
    await members.getByRole('button', { name: 'Role of Jordan Lee: User' }).waitFor();
    await context.close();
  });

  it('an invited person signs up with their address and appears among the members', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    page.setDefaultTimeout(15_000);
    await signInToDemo(page);
    await openTeamManagement(page);
    const email = `joiner-${Date.now()}@elsewhere.example`;
    const logFrom = (await fs.readFile(inject('serverLog'), 'utf8')).length;
    await page.getByRole('textbox', { name: 'Email addresses' }).fill(email);
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByRole('table', { name: 'Pending invites' }).getByText(email).waitFor();
    // No SMTP on this server (and the demo team never mails): the link is in the server's output.
    const inviteLink = await linkInServerLog(
      new RegExp(`Invite link for ${email.replace(/[.+]/g, '\\$&')} .*?\\): (\\S+/invite/[\\w%-]+)`),
      logFrom,
    );

    // The invited person signs up on their own, by a sign-in link to that address: the invite is theirs.
    const { page: joiner, context: joinerContext } = await newPage(browser);
    joiner.setDefaultTimeout(15_000);
    await signInByLink(joiner, email);
    const me = (await joiner.evaluate(async () => (await fetch('/api/v1/users')).json())) as {
      data: { attributes: { company: { name: string; roles: string[] } } };
    };
    expect(me.data.attributes.company).toMatchObject({ name: 'Northwind (demo)', roles: [] });
    // Then they open "Accept the invite" too: they are on the team, and are taken there.
    await joiner.goto(inviteLink);
    await joiner.waitForURL('**/my/review/**');
    await joinerContext.close();
    // In another browser the used link signs nobody in; it says they are on the team.
    const { page: elsewhere, context: elsewhereContext } = await newPage(browser);
    await elsewhere.goto(inviteLink);
    await elsewhere.getByRole('heading', { name: "You're already on this team." }).waitFor();
    await elsewhere.getByText('You are already on the team Northwind (demo). Sign in to open it.').waitFor();
    await elsewhereContext.close();

    await page.reload();
    const members = page.getByRole('table', { name: 'Members' });
    // A person who signed up by link has no name yet: the address stands for it.
    await members.getByRole('button', { name: `Remove ${email}` }).waitFor();
    await page.getByText('No pending invites.').waitFor();
    // Back as it was, for the other journeys on the demo team.
    await members.getByRole('button', { name: `Remove ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${email}?` });
    await dialog.getByRole('button', { name: 'Remove member' }).click();
    await members.getByRole('button', { name: `Remove ${email}` }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('sends a team member who is not an admin to Review, and offers them no Team management', async () => {
    // The visitor's own demo team: Sam's address is under its own domain.
    const { page: admin, context: adminContext } = await newPage(browser);
    await signInToDemo(admin);
    const sam = await admin.evaluate(async () => {
      const user = (await (await fetch('/api/v1/users')).json()) as {
        data: { attributes: { company: { id: string } } };
      };
      const answer = await fetch(`/api/v1/teams/${user.data.attributes.company.id}/members`);
      const members = (await answer.json()) as { data: { attributes: { name: string; email: string } }[] };
      return members.data.find((m) => m.attributes.name === 'Sam Patel')?.attributes.email;
    });
    expect(sam).toMatch(/^sam@[a-z0-9]+\.northwind\.example$/);
    await adminContext.close();

    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(15_000);
    await signInByLink(page, sam!);
    const me = (await page.evaluate(async () => (await fetch('/api/v1/users')).json())) as {
      data: { attributes: { company: { name: string; roles: string[] } } };
    };
    expect(me.data.attributes.company).toMatchObject({ name: 'Northwind (demo)', roles: [] });
    await page.goto('/my/team-management');
    await page.waitForURL('**/my/review/you');
    await page
      .getByRole('button', { name: /^Account menu for/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Account' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Team management' }).count()).toBe(0);
    await context.close();
  });

  it('fits a phone without scrolling sideways, with no serious accessibility problem', async () => {
    const { page, context } = await newPage(browser, { mobile: true });
    page.setDefaultTimeout(15_000);
    await openAsDemo(page, '/my/team-management');
    const members = page.getByRole('list', { name: 'Members' });
    await members.getByText('Riley Chen').waitFor();
    await page.getByRole('button', { name: 'Role of Sam Patel: User' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'team-management-mobile');
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    // A long address beside its Cancel button: the button keeps its whole label.
    const email = `a-rather-long-newcomer-address-${Date.now()}@elsewhere.example`;
    await page.getByRole('textbox', { name: 'Email addresses' }).fill(email);
    await page.getByRole('button', { name: 'Invite' }).click();
    const cancel = page
      .getByRole('list', { name: 'Pending invites' })
      .getByRole('button', { name: `Cancel the invite to ${email}` });
    await cancel.waitFor();
    expect(await cancel.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await screenshot(page, 'team-management-mobile-invite');
    await cancel.click();
    await page
      .getByRole('dialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Yes, cancel invite' })
      .click();
    await page.getByText('No pending invites.').waitFor();
    await page.getByRole('region', { name: 'Team settings' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'team-management-mobile-settings');
    await page.getByRole('region', { name: 'Invoices' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'team-management-mobile-invoices');
    expect(await accessibilityProblems(page, '390px')).toEqual([]);
    await context.close();
  });
});
