/** The team's user counts report. */

/** Team view: how many members can be evaluated (have a watched calendar) out of all. */
export function reportUserCounts(users: readonly { evaluatable: boolean }[]): {
  evaluatable_users: number;
  total_users: number;
} {
  let evaluatable = 0;
  for (const u of users) if (u?.evaluatable) evaluatable++;
  return { evaluatable_users: evaluatable, total_users: users.length };
}
