#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through playwright-core (no browser download is possible here).
# Installs it with apt when it is missing and we are allowed to (root); otherwise says what to do.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..." >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >&2
  exit 0
fi
echo "Chromium is required at /usr/bin/chromium for the browser tests: sudo apt-get install chromium" >&2
exit 1
