#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked GNOME Keyring: a real Secret Service for
# keytar and its tests, isolated from the person's own keyring. Where the tools are missing (macOS,
# Windows, or a Linux without them) the command runs as it is and uses the system's keychain.
set -euo pipefail
if [ -z "${JRS_KEYRING_SESSION:-}" ] && command -v dbus-run-session >/dev/null 2>&1 \
  && command -v gnome-keyring-daemon >/dev/null 2>&1; then
  export JRS_KEYRING_SESSION=1
  exec dbus-run-session -- bash "$0" "$@"
fi
if [ "${JRS_KEYRING_SESSION:-}" = 1 ]; then
  # A throwaway keyring in a temporary home: unlocked with a fixed password, gone after the run.
  export XDG_DATA_HOME="$(mktemp -d)"
  trap 'rm -rf "$XDG_DATA_HOME"' EXIT
  eval "$(printf 'jrs-test-keyring' | gnome-keyring-daemon --unlock --components=secrets --daemonize)"
  export GNOME_KEYRING_CONTROL
fi
"$@"
