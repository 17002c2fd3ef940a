import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isSecure } from '../../../auth/cookies';
import type { AppContext } from '../../../context';

export const STATE_COOKIE = 'MWSignInState';
const STATE_COOKIE_PATH = '/api/v1/auth';
const STATE_TTL_SECONDS = 10 * 60;

const stateSchema = z.object({
  provider: z.string(),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  timeZone: z.string().optional(),
  origin: z.string().optional(),
  referral: z.string().optional(),
  expiresAt: z.number(),
});

/** What the start of a sign-in hands to its callback, kept in the browser and unreadable to it. */
export type SignInState = Omit<z.infer<typeof stateSchema>, 'expiresAt'>;

/** Sealed with the app's AES-GCM key (so it is encrypted and tamper-evident), then signed as a cookie as well. */
export function writeStateCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
  state: SignInState,
) {
  const expiresAt = ctx.now().getTime() + STATE_TTL_SECONDS * 1000;
  const sealed = ctx.secrets.encrypt(JSON.stringify({ ...state, expiresAt }));
  reply.setCookie(STATE_COOKIE, sealed, {
    httpOnly: true,
    // Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies.
    sameSite: 'lax',
    secure: isSecure(request, ctx.config),
    path: STATE_COOKIE_PATH,
    maxAge: STATE_TTL_SECONDS,
    signed: true,
  });
}

/** The state of the sign-in under way, or null when the cookie is missing, altered, unreadable or too old. */
export function readStateCookie(request: FastifyRequest, ctx: AppContext): SignInState | null {
  const raw = request.cookies[STATE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(ctx.secrets.decrypt(unsigned.value));
  } catch {
    return null;
  }
  const result = stateSchema.safeParse(parsed);
  if (!result.success || result.data.expiresAt <= ctx.now().getTime()) return null;
  const { expiresAt: _expiresAt, ...state } = result.data;
  return state;
}

export function clearStateCookie(request: FastifyRequest, reply: FastifyReply, ctx: AppContext) {
  reply.clearCookie(STATE_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request, ctx.config),
    path: STATE_COOKIE_PATH,
  });
}
