import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import { createUser } from '../test/factories';
import { isTeamAdmin, teamRoleOf } from './policies';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('team roles', () => {
  it('make the founder of a team its admin, a member who joins a User, and a stranger nothing', async () => {
    const admin = await createUser(ctx);
    const member = await createUser(ctx, { companyOf: admin });
    const stranger = await createUser(ctx);
    expect(await teamRoleOf(ctx.db, admin.id, admin.companyId)).toBe('admin');
    expect(await teamRoleOf(ctx.db, member.id, admin.companyId)).toBe('user');
    expect(await teamRoleOf(ctx.db, stranger.id, admin.companyId)).toBeNull();
    expect(await isTeamAdmin(ctx.db, admin.id, admin.companyId)).toBe(true);
    expect(await isTeamAdmin(ctx.db, member.id, admin.companyId)).toBe(false);
    // An admin of one team is nothing in another.
    expect(await isTeamAdmin(ctx.db, stranger.id, admin.companyId)).toBe(false);
    expect(await teamRoleOf(ctx.db, admin.id, null)).toBeNull();
  });
});
