#!/usr/bin/env bash
# Sets everything up (first run only) and starts the table companion. Arguments go to the app.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${HANABI_VENV:-$ROOT/.venv}"
bash "$ROOT/scripts/setup.sh" app
exec "$VENV/bin/hanabi-companion" "$@"
