#!/usr/bin/env bash
# Sets everything up (first run only) and runs the whole test suite under a virtual display.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${HANABI_VENV:-$ROOT/.venv}"
bash "$ROOT/scripts/setup.sh" test
cd "$ROOT"
export KIVY_NO_ARGS=1 KIVY_NO_CONSOLELOG=1 KIVY_HOME="${KIVY_HOME:-$ROOT/.kivy-test}"
# The tests run in two processes where the machine has two cores or more (pytest-xdist), a
# test file's tests in one process so that what they share is made once; each process holds
# its own taught decks and Kivy window. HANABI_TEST_WORKERS sets another number (0: one process,
# as plain pytest); `-n N` among the arguments does too.
CORES="$(nproc 2>/dev/null || echo 1)"
WORKERS="${HANABI_TEST_WORKERS:-$(( CORES < 2 ? 0 : 2 ))}"
exec xvfb-run -a -s "-screen 0 1280x720x24" "$VENV/bin/python" -m pytest -n "$WORKERS" --dist loadfile "$@"
