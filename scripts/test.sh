#!/usr/bin/env bash
# Every test of the project: types and lint, unit and integration (Vitest: domain, server, web),
# then the browser journeys in Debian's Chromium against the real server on a fresh embedded database.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-test-deps.sh
npm run check
mkdir -p test-results
npx vitest run --reporter=default --reporter=json --outputFile.json="$PWD/test-results/unit.json"
# Calendar reading and time rules must not depend on the server's own zone: again, far east of UTC.
TZ=Pacific/Kiritimati npx vitest run --project domain --project server packages/domain apps/server/src/calendars/providers \
  --reporter=default --reporter=json --outputFile.json="$PWD/test-results/unit-tz.json"
npm run build -w @meetwell/web
npx vitest run --config e2e/vitest.config.ts --reporter=default --reporter=json --outputFile.json="$PWD/test-results/e2e.json"

# One closing line for both runs.
node -e '
const read = (f) => JSON.parse(require("fs").readFileSync(f, "utf8"));
const runs = ["unit", "unit-tz", "e2e"].map((name) => read(`test-results/${name}.json`));
const passed = runs.reduce((n, r) => n + r.numPassedTests, 0);
const failed = runs.reduce((n, r) => n + r.numFailedTests, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
'
