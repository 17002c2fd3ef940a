import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { emailLinkRoutes } from '../features/sign-in/email-link/routes';
import { teamRoutes } from '../features/teams/routes';
import { userRoutes } from '../features/users/routes';
import { createTestApp, createTestContext, type TestContext } from '../test/context';
import { bearerFor, createUser } from '../test/factories';
import type { App } from './app';
import {
  findUnstorableText,
  jsonShapeProblem,
  MAX_JSON_DEPTH,
  MAX_JSON_VALUES,
  parseJsonBody,
} from './json-body';

/**
 * Bodies shaped to hurt: as deep, as wide and as long as the 2 MB body limit lets them be. Each is refused
 * with a 400 naming the problem, in constant stack and a few milliseconds of work, before any handler runs.
 */

const TWO_MB = 2 * 1024 * 1024 - 64;
const arrayBomb = (levels: number) => `{"data":${'['.repeat(levels)}${']'.repeat(levels)}}`;
const objectBomb = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const widthBomb = (count: number) =>
  `{"data":{"type":"users","attributes":{"goal_ids":[${'1,'.repeat(count)}1]}}}`;

let ctx: TestContext;
let app: App;
let headers: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext({ EMAIL_SIGN_IN: 'on' });
  app = await createTestApp(ctx, [emailLinkRoutes, teamRoutes, userRoutes]);
  const user = await createUser(ctx);
  headers = await bearerFor(ctx, user.id);
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

async function usersSnapshot() {
  return JSON.stringify(await ctx.db.select().from(users));
}

describe('hostile JSON bodies', () => {
  const routes = [
    { method: 'POST' as const, url: '/api/v1/sign_in_links', signedIn: false },
    { method: 'POST' as const, url: '/api/v1/invites/accept', signedIn: false },
    { method: 'PATCH' as const, url: '/api/v1/users', signedIn: true },
  ];
  const bodies = [
    ['1,000,000 nested arrays', arrayBomb(1_000_000)],
    ['about 400,000 nested objects', objectBomb(Math.floor(TWO_MB / 6))],
  ] as const;

  for (const route of routes) {
    for (const [name, body] of bodies) {
      it(`${route.method} ${route.url}: ${name} is a 400 naming the depth, fast`, async () => {
        const before = await usersSnapshot();
        for (const type of ['application/vnd.api+json', 'application/json']) {
          const started = performance.now();
          const response = await app.inject({
            method: route.method,
            url: route.url,
            headers: { ...(route.signedIn ? headers : {}), 'content-type': type },
            payload: body,
          });
          const ms = performance.now() - started;
          expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
          expect(response.json().errors[0].detail).toMatch(`nested deeper than ${MAX_JSON_DEPTH} levels`);
          // Measured at 5–25 ms for 2 MB on a busy two-core machine; the bound leaves room for a slow CI.
          expect(ms).toBeLessThan(500);
        }
        expect(await usersSnapshot()).toBe(before);
      });
    }
  }

  it('refuses a body of more values than any form sends (a width bomb), before validation', async () => {
    const before = await usersSnapshot();
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers,
      payload: widthBomb(Math.floor((TWO_MB - 80) / 2)),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveLength(1);
    expect(response.json().errors[0].detail).toMatch(
      `more than ${MAX_JSON_VALUES.toLocaleString('en')} values`,
    );
    expect(await usersSnapshot()).toBe(before);
  });

  it('answers a body of many wrong values with a short list of errors', async () => {
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers,
      payload: `{"data":{"type":"users","attributes":{${Array.from({ length: 5000 }, (_, i) => `"k${i}":1`).join(',')}}}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.length).toBeLessThanOrEqual(21);
    expect(response.body.length).toBeLessThan(10_000);
  });

  it('refuses a 2 MB string with a NUL at its end, and a lone surrogate, naming where', async () => {
    const long = `${'x'.repeat(TWO_MB - 200)}\\u0000`;
    const nul = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers,
      payload: `{"data":{"type":"users","attributes":{"first_name":"${long}"}}}`,
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors[0].source.pointer).toBe('/data/attributes/first_name');
    const surrogate = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users',
      headers,
      payload: '{"data":{"type":"users","attributes":{"first_name":"a\\ud800b"}}}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().errors[0]).toMatchObject({
      detail: expect.stringMatching(/lone surrogate/),
      source: { pointer: '/data/attributes/first_name' },
    });
  });
});

describe('parseJsonBody and findUnstorableText', () => {
  it('parse what they are given up to the limits, in constant stack', () => {
    expect(parseJsonBody('{"a":[1,{"b":"[{\\"}"}]}')).toEqual({ a: [1, { b: '[{"}' }] });
    const deepest = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(() => parseJsonBody(deepest)).not.toThrow();
    expect(() => parseJsonBody(`[${deepest}]`)).toThrow(/nested deeper/);
    // Brackets inside strings are text, not nesting.
    expect(() => parseJsonBody(`["${'['.repeat(10_000)}"]`)).not.toThrow();
    expect(() => parseJsonBody('{"a":')).toThrow(/not valid JSON/);
  });

  it('measure a body as a walk over every character would, crossing its strings at once', () => {
    // The walk the measure must agree with: every character, a backslash escaping the next inside a string.
    const everyCharacter = (text: string, limits: { depth: number; values: number }) => {
      let depth = 0;
      let values = 1;
      let inString = false;
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (inString) {
          if (c === '\\') i++;
          else if (c === '"') inString = false;
          continue;
        }
        if (c === '"') inString = true;
        else if (c === '{' || c === '[') {
          if (++depth > limits.depth) return 'depth';
        } else if (c === '}' || c === ']') depth--;
        else if (c === ',' && ++values > limits.values) return 'values';
      }
      return null;
    };
    const kind = (problem: string | null) =>
      problem === null ? null : /nested/.test(problem) ? 'depth' : 'values';
    const limits = { depth: 4, values: 6 };
    const bodies = fc.oneof(
      fc.json().map((j) => j),
      fc.string({ unit: fc.constantFrom('"', '\\', '[', ']', '{', '}', ',', 'a', ':') }),
    );
    fc.assert(
      fc.property(bodies, (text) => {
        expect(kind(jsonShapeProblem(text, limits))).toBe(everyCharacter(text, limits));
      }),
      { numRuns: 2_000 },
    );
  });

  it("refuse keys that would reach a prototype, as Fastify's own JSON parser did", () => {
    expect(() => parseJsonBody('{"a":{"__proto__":{"admin":true}}}')).toThrow(/__proto__/);
    expect(() => parseJsonBody('{"constructor":{"prototype":{"admin":true}}}')).toThrow(/constructor/);
    expect(parseJsonBody('{"constructor":"a name","text":"__proto__"}')).toEqual({
      constructor: 'a name',
      text: '__proto__',
    });
  });

  it('walk a million nodes without recursion', () => {
    const wide = Array.from({ length: 1_000_000 }, () => ['ok']);
    expect(findUnstorableText(wide)).toBeNull();
    wide[999_999] = ['ok', 'a\u0000'];
    expect(findUnstorableText(wide)).toEqual({ pointer: '/999999/1', problem: 'nul' });
    expect(findUnstorableText({ 'a/b~': { '\ud800': 1 } })).toEqual({
      pointer: '/a~1b~0/\ud800',
      problem: 'surrogate',
    });
    expect(findUnstorableText('\u0000')).toEqual({ pointer: '/', problem: 'nul' });
  });
});
