#!/usr/bin/env bash
# Installs the system packages the test suites need, only when they are missing.
# Run as root (CI images) or with sudo available. Safe to run repeatedly.
set -euo pipefail

apt_install() {
  local sudo=''
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo='sudo'
    else
      echo "ensure-test-deps: missing $*; install them with: apt-get install -y $* (needs root)" >&2
      exit 1
    fi
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-test-deps: missing $* and no apt-get here; install Debian's packages $* by hand" >&2
    exit 1
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "$@"
}

missing=()
# Browser journeys (e2e/) drive Debian's Chromium with playwright-core; browsers are never downloaded.
[ -x /usr/bin/chromium ] || missing+=(chromium)
# CalDAV adapter tests (apps/server/src/calendars/providers/caldav) start a real Debian Radicale
# (/usr/bin/radicale, not a pip one) with an htpasswd file made by apache2-utils' htpasswd.
[ -x /usr/bin/radicale ] || missing+=(radicale)
command -v htpasswd >/dev/null 2>&1 || missing+=(apache2-utils)
# The review journey (e2e/src/review.e2e.ts) renders the exported PDF to images with Debian's pdftoppm
# and reads its title with pdfinfo (poppler-utils).
{ [ -x /usr/bin/pdftoppm ] && [ -x /usr/bin/pdfinfo ]; } || missing+=(poppler-utils)

if [ "${#missing[@]}" -gt 0 ]; then
  echo "ensure-test-deps: installing ${missing[*]}"
  apt_install "${missing[@]}"
else
  echo "ensure-test-deps: all test dependencies present"
fi
