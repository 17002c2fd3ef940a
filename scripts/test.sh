#!/usr/bin/env bash
# Every test of the project: types and lint, unit and integration (Vitest: domain, server, web),
# then the browser journeys in Debian's Chromium against the real server on a fresh embedded database.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-test-deps.sh
npm run check
npx vitest run
npm run build -w @meetwell/web
npm run test:e2e
