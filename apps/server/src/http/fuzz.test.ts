import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTeam } from '../features/demo/seed';
import { allRoutes } from '../routes';
import { createTestApp, createTestContext, type TestContext } from '../test/context';
import { browserFor } from '../test/factories';

/**
 * Every route of the API, sent generated hostile input by a signed-in person: strings with NUL characters and
 * lone surrogates, numbers past 32 bits, dates before year 1 and after 9999, wrong types, unknown ids, nested
 * junk, and bodies as big as the limit allows (a million nested arrays or objects, a million values, a 1.5 MB
 * string). What must
 * hold for every route and input: never a 5xx, and a 4xx leaves every row as it was.
 */

/** Tables whose rows change on every request by design: the session's last use, rate limits, heartbeats. */
const CHANGING_BY_DESIGN = ['sessions', 'rate_limits', 'worker_heartbeats'];
/** Ends a person's session or account: fuzzed elsewhere would leave the rest of the run signed out. */
const SKIPPED = [/^DELETE \/api\/v1\/logout$/, /^(GET|POST|DELETE) \/logout$/, /^DELETE \/api\/v1\/users$/];

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
type Route = {
  method: string;
  path: string;
  attributes: Map<string, JsonSchema>;
  resourceType: string | null;
  query: string[];
};

let ctx: TestContext;
let app: Awaited<ReturnType<typeof createTestApp>>;
let headers: Record<string, string>;
let routes: Route[] = [];
let ownMeetingId = '';

const hostileString = fc.oneof(
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    '',
    ' ',
    '0000-01-01',
    '0000-01-01T00:00:00Z',
    '99999-12-31',
    '2026-02-30',
    '-1',
    '2147483648',
    '1e309',
    'NaN',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '%00',
    'x'.repeat(5000),
    // Most of the 2 MB body limit in one value.
    'x'.repeat(1_500_000),
    'lone \ud800 surrogate',
    'not-an-email',
    'a@b',
    '{"data":1}',
  ),
  fc.string({ maxLength: 20 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.constantFrom(2147483648, -2147483649, 9007199254740992, -1, 0, 1.5, 1e308, true, false, null),
    fc.integer(),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('id', 'type', 'attributes', 'email', 'name'), tie('value'), { maxKeys: 3 }),
  ),
})).value;

function pathArbitrary(path: string) {
  const params = [...path.matchAll(/\{(\w+)\}|:(\w+)/g)];
  if (params.length === 0) return fc.constant(path);
  return fc
    .array(
      fc.constantFrom(
        () => ownMeetingId,
        () => '00000000-0000-0000-0000-000000000000',
        () => 'not-a-uuid',
        () => '2147483648',
        () => '%00',
      ),
      { minLength: params.length, maxLength: params.length },
    )
    .map((values) => {
      let i = 0;
      return path.replace(/\{(\w+)\}|:(\w+)/g, () =>
        encodeURIComponent(values[i++]!()).replace('%2500', '%00'),
      );
    });
}

/** A body sent as these exact bytes (not JSON.stringify of a value): shapes no serializer would make. */
class RawBody {
  constructor(readonly text: string) {}
  toJSON() {
    return `${this.text.slice(0, 60)}… (${this.text.length} characters)`;
  }
}
const TWO_MB = 2 * 1024 * 1024 - 64;
/** Bombs as big as the body limit lets them be: a million nested arrays, nested objects, a million values. */
const rawBombs = [
  `{"data":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`,
  `${'{"data":'.repeat(Math.floor(TWO_MB / 9))}1${'}'.repeat(Math.floor(TWO_MB / 9))}`,
  `{"data":{"type":"x","attributes":{"name":[${'0,'.repeat(Math.floor(TWO_MB / 2) - 40)}0]}}}`,
  `{"data":{"type":"x","attributes":{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":0`).join(',')}}}}`,
  `{"data":{"type":"x","attributes":{"name":"${'\\u0000'.repeat(Math.floor(TWO_MB / 7))}"}}}`,
].map((text) => new RawBody(text));

function bodyArbitrary(route: Route) {
  const names = route.attributes.size ? [...route.attributes.keys()] : ['name', 'email', 'description'];
  const attributes = fc
    .subarray(names, { minLength: 1, maxLength: Math.min(3, names.length) })
    .chain((chosen) =>
      fc.record(Object.fromEntries(chosen.map((name) => [name, typedValue(route.attributes.get(name))]))),
    );
  const wellFormed = fc.record({
    data: fc.record({
      type: fc.constant(route.resourceType ?? route.path.split('/').filter(Boolean).at(-1) ?? 'x'),
      attributes,
    }),
  });
  return fc.oneof(
    { arbitrary: wellFormed, weight: 6 },
    { arbitrary: attributes, weight: 1 },
    { arbitrary: hostileValue, weight: 1 },
    { arbitrary: fc.constantFrom(...rawBombs), weight: 1 },
  );
}

function queryArbitrary(route: Route) {
  const keys = [...route.query, 'by_period[starts_at]', 'by_period[ends_at]', 'period', 'filter', 'page'];
  return fc.dictionary(fc.constantFrom(...keys), hostileString, { maxKeys: 3 });
}

/** The attribute schemas a body schema declares (under any `attributes` object, through unions). */
function attributeSchemas(schema: unknown, found = new Map<string, JsonSchema>()): Map<string, JsonSchema> {
  if (Array.isArray(schema)) for (const item of schema) attributeSchemas(item, found);
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      const properties = (value as JsonSchema | null)?.properties;
      if (key === 'attributes' && properties)
        for (const [name, s] of Object.entries(properties)) found.set(name, s);
      attributeSchemas(value, found);
    }
  }
  return found;
}

/** The JSON:API resource type a body schema requires (data.type), if any. */
function resourceTypeOf(schema: unknown): string | null {
  const text = JSON.stringify(schema ?? {});
  const match = /"type":\{"type":"string","(?:const":"([^"]+)"|enum":\["([^"]+)")/.exec(text);
  return match?.[1] ?? match?.[2] ?? null;
}

const hostileInteger = fc.constantFrom(2147483648, -2147483649, 9007199254740991, -1, 0, 1, 1.5, 1e308);

/** A value of the declared type, chosen from the hostile ones (and now and then of a wrong type). */
function typedValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const types = [
    schema?.type,
    ...(schema?.anyOf ?? []).map((s) => s.type),
    ...(schema?.oneOf ?? []).map((s) => s.type),
  ]
    .flat()
    .filter((t): t is string => typeof t === 'string');
  const typed: fc.Arbitrary<unknown>[] = [];
  if (types.includes('string')) typed.push(hostileString);
  if (types.includes('integer') || types.includes('number')) typed.push(hostileInteger);
  if (types.includes('boolean')) typed.push(fc.boolean());
  if (types.includes('array'))
    typed.push(
      fc.array(typedValue(schema?.items ?? schema?.anyOf?.find((s) => s.items)?.items), { maxLength: 3 }),
    );
  if (schema?.enum?.length) typed.push(fc.constantFrom(...schema.enum));
  if (typed.length === 0) return hostileValue;
  return fc.oneof({ arbitrary: fc.oneof(...typed), weight: 4 }, { arbitrary: hostileValue, weight: 1 });
}

async function changes(): Promise<number> {
  const { rows } = await ctx.pool.query<{ n: string }>('select n from fuzz_changes');
  return Number(rows[0]?.n ?? 0);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const demo = await createDemoTeam(ctx, { timeZone: 'Europe/Berlin' });
  headers = await browserFor(ctx, demo.id);
  const { rows } = await ctx.pool.query<{ id: string }>(
    'select id from meetings where user_id = $1 order by starts_at desc limit 1',
    [demo.id],
  );
  ownMeetingId = rows[0]?.id ?? '00000000-0000-0000-0000-000000000000';
  app = await createTestApp(ctx, allRoutes);

  // Every real row change outside CHANGING_BY_DESIGN bumps one counter (row-level triggers on every table).
  await ctx.pool.query(`
    create table fuzz_changes (n bigint not null);
    insert into fuzz_changes values (0);
    create function fuzz_bump() returns trigger language plpgsql as $$
      begin update fuzz_changes set n = n + 1; return null; end $$;`);
  const { rows: tables } = await ctx.pool.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'fuzz_changes'`,
  );
  for (const { name } of tables) {
    if (CHANGING_BY_DESIGN.includes(name)) continue;
    await ctx.pool.query(
      `create trigger fuzz_bump after insert or update or delete on "${name}" for each row execute function fuzz_bump()`,
    );
  }

  const spec = app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content?: Record<string, { schema?: unknown }> };
        }
      >
    >;
  };
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const verb = method.toUpperCase();
      if (!['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].includes(verb)) continue;
      if (SKIPPED.some((pattern) => pattern.test(`${verb} ${path}`))) continue;
      routes.push({
        method: verb,
        path,
        attributes: attributeSchemas(operation.requestBody),
        resourceType: resourceTypeOf(operation.requestBody),
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  routes = routes.filter((r) => r.path.startsWith('/api/') || r.path.startsWith('/webhooks/'));
}, 120_000);

afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

describe('every route, sent hostile input', () => {
  it('finds the routes to fuzz', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it('never answers 5xx, and a 4xx changes no row', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const route of routes) {
      await fc
        .assert(
          fc.asyncProperty(
            pathArbitrary(route.path),
            queryArbitrary(route),
            bodyArbitrary(route),
            async (url, query, body) => {
              const before = await changes();
              const response = await app.inject({
                method: route.method as 'GET',
                url,
                query: query as Record<string, string>,
                headers,
                ...(route.method === 'GET' || route.method === 'DELETE'
                  ? {}
                  : { payload: body instanceof RawBody ? body.text : JSON.stringify(body) }),
              });
              const after = await changes();
              statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
              const label = `${route.method} ${url} ${JSON.stringify(query).slice(0, 200)} ${JSON.stringify(body).slice(0, 300)}`;
              if (response.statusCode >= 500) {
                failures.push(`${response.statusCode} ${label}: ${response.body.slice(0, 300)}`);
                return false;
              }
              if (response.statusCode >= 400 && after !== before) {
                failures.push(`${response.statusCode} changed ${after - before} row(s): ${label}`);
                return false;
              }
              return true;
            },
          ),
          { numRuns: 40, seed: 20261124, endOnFailure: true },
        )
        .catch(() => {});
    }
    expect(failures).toEqual([]);
    // The run reached the handlers, not only the edge: some inputs were accepted.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
    expect(statuses.get(401) ?? 0).toBe(0);
  }, 600_000);
});
