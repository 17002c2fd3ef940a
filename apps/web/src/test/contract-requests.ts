import { ENDPOINTS, type Endpoint } from '@meetwell/domain';

/**
 * The request side of the contract, checked in every web test: each call the app makes to /api/v1 must be an
 * endpoint of the contract, with a body its schema accepts (the server would refuse it with a 400 otherwise).
 * mockFetch records what breaks it; the tests' afterEach fails the test that made the call.
 */
const violations: string[] = [];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patternOf = (path: string) =>
  new RegExp(
    `^${path
      .split(/:[A-Za-z_]\w*/)
      .map(escapeRegExp)
      .join('[^/]+')}$`,
  );
const patterns = ENDPOINTS.map((endpoint) => ({ endpoint, pattern: patternOf(endpoint.path) }));

/** The endpoint a request reaches; a path without parameters wins over a pattern (as in Fastify's router). */
export function endpointOfRequest(method: string, path: string): Endpoint | undefined {
  const candidates = patterns.filter((p) => p.endpoint.method === method && p.pattern.test(path));
  return candidates.find((p) => p.endpoint.path === path)?.endpoint ?? candidates[0]?.endpoint;
}

/** Paths the client's own tests call to exercise the client itself, outside any endpoint. */
const CLIENT_TEST_PATHS = '/api/v1/test/';

export function checkRequest(method: string, path: string, body: unknown): void {
  if (!path.startsWith('/api/v1/') || path.startsWith(CLIENT_TEST_PATHS)) return;
  const endpoint = endpointOfRequest(method, path);
  if (!endpoint) {
    violations.push(`${method} ${path} is no endpoint of the contract`);
    return;
  }
  if (!endpoint.body || body === undefined) return;
  const parsed = endpoint.body.safeParse(body);
  // Ids in the tests' fixtures are short ('c1', 'm1'), not the server's UUIDs: formats are the server's to check.
  const issue = parsed.error?.issues.find((i) => i.code !== 'invalid_format');
  if (issue) {
    violations.push(
      `${method} ${path} sent a body its endpoint refuses: ${issue.path.join('.') || '(body)'}: ${issue.message}`,
    );
  }
}

/** What broke the contract since the last call, emptied. */
export function takeRequestViolations(): string[] {
  return violations.splice(0);
}
