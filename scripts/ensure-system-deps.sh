#!/usr/bin/env bash
# Installs what npm cannot give: Debian's chromium (Lighthouse, the icons) and its old headless
# shell (the browser and PWA journeys, tests/browser.ts), and
# postgresql (the suite also runs against a real PostgreSQL server). As root it installs them
# with apt; otherwise it stops and names the packages.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
# fonts so that screenshots and Lighthouse render text the same on every machine
[ -d /usr/share/fonts/truetype/dejavu ] || missing+=(fonts-dejavu-core)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing system packages: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "Installed: ${missing[*]}"
