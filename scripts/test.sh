#!/usr/bin/env bash
# Sets everything up (first run only) and runs the whole test suite under a virtual display.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${HANABI_VENV:-$ROOT/.venv}"
bash "$ROOT/scripts/setup.sh" test
cd "$ROOT"
export KIVY_NO_ARGS=1 KIVY_NO_CONSOLELOG=1 KIVY_HOME="${KIVY_HOME:-$ROOT/.kivy-test}"
exec xvfb-run -a -s "-screen 0 1280x720x24" "$VENV/bin/python" -m pytest "$@"
