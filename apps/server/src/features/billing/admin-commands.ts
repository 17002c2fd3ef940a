import type { Database } from '../../db/client';
import { extendTrial, TrialExtensionError } from './trials';

export const ADMIN_USAGE = 'Usage: npm run admin -w @meetwell/server -- extend-trial <email> <days>';

export type AdminCommand = { name: 'extend-trial'; email: string; days: number };

/** The command the operator typed, or null when it is not one (then the usage is shown). */
export function parseAdminCommand(args: string[]): AdminCommand | null {
  const [name, email, days] = args;
  if (name !== 'extend-trial' || args.length !== 3 || !email || !days || !/^\d+$/.test(days)) return null;
  return { name, email, days: Number(days) };
}

/**
 * The operator's commands (a server without card payments has no checkout, so trials are extended by hand).
 * Returns the exit code; what happened is written with `out`, what went wrong with `fail`.
 */
export async function runAdminCommand(
  command: AdminCommand,
  options: { db: Database; now: Date; out: (line: string) => void; fail: (line: string) => void },
): Promise<number> {
  try {
    const result = await extendTrial(options.db, {
      email: command.email,
      days: command.days,
      now: options.now,
    });
    options.out(
      `The trial of ${command.email}'s company now ends ${result.trialEndsAt.toISOString()}; ` +
        `${result.reactivated} member(s) re-activated.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof TrialExtensionError) {
      options.fail(error.message);
      return 1;
    }
    throw error;
  }
}
