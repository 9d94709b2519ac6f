#!/usr/bin/env bash
# One-time set-up on a fresh machine: the system packages the app and its tests use (on Debian/Ubuntu),
# then the npm dependencies. Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# chromium: Playwright's browser (it cannot download its own here); ffmpeg: ffprobe checks media outputs;
# poppler-utils: pdftotext checks PDF outputs; gnome-keyring + dbus + libsecret: keytar and its tests;
# xvfb: a display for the real Electron app; python3/make/g++: native modules built from source;
# postgresql: the team store's server (15 or newer), whose initdb the tests use to start their own throwaway
# cluster in a temporary folder (the service Debian starts with it is not used).
PACKAGES=(chromium ffmpeg poppler-utils gnome-keyring libsecret-1-dev libsecret-tools dbus dbus-x11 xvfb
  python3 make g++ postgresql)
# For the benchmarks only (npm test does not use them): nginx is bench:download's file server, started by the
# bench in a temporary prefix (Debian's service is not used). Its package starts that service as it installs,
# which may fail on a machine without one; so it is tried on its own, and a failure only says so.
BENCH_PACKAGES=(nginx)

if command -v apt-get >/dev/null 2>&1; then
  missing=()
  for package in "${PACKAGES[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    echo "Installing system packages: ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
  for package in "${BENCH_PACKAGES[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 && continue
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    echo "Installing $package (benchmarks only)"
    [ ${#missing[@]} -gt 0 ] || $sudo apt-get update -qq || true
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$package" >/dev/null ||
      echo "Could not install $package: npm run bench:download needs it (the tests do not)."
  done
else
  echo "No apt-get here: install ffmpeg, poppler-utils, a Chromium build and libsecret yourself (see README)."
fi

if [ -d node_modules ]; then
  npm install --no-audit --no-fund
else
  npm ci --no-audit --no-fund
fi
