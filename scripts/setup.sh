#!/usr/bin/env bash
# Prepares a Debian / Raspberry Pi OS machine to run (and test) Hanabi Table Companion:
# the system libraries, a virtual environment in .venv and the project installed into it.
# Usage: scripts/setup.sh [app|test]   (run by scripts/start.sh and scripts/test.sh)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MODE="${1:-app}"
VENV="${HANABI_VENV:-$ROOT/.venv}"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
die() { printf 'setup: %s\n' "$*" >&2; exit 1; }

PY="${PYTHON:-python3}"
command -v "$PY" >/dev/null || die "python3 is not installed; install Python 3.11 or newer first"
"$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
  || die "Python 3.11 or newer is needed; $("$PY" --version 2>&1) was found"

# System packages: zbar for the QR decoder, GL and SDL's helpers for Kivy, ALSA for the sounds
# (Kivy's SDL loads libasound at run time; without it the app is silent), a virtual display for tests.
PKGS=(libzbar0 libgl1 libegl1 libgles2 libgl1-mesa-dri libmtdev1 libasound2)
[ "$MODE" = test ] && PKGS+=(xvfb xauth shellcheck poppler-utils)
"$PY" -m venv --help >/dev/null 2>&1 && "$PY" -c 'import ensurepip' 2>/dev/null || PKGS+=(python3-venv)
missing=()
if command -v dpkg-query >/dev/null; then
  for p in "${PKGS[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
fi
if [ ${#missing[@]} -gt 0 ]; then
  say "Installing system packages: ${missing[*]}"
  SUDO=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null \
      || die "these system packages are missing: ${missing[*]}; install them as root (apt-get install ${missing[*]}) or install sudo"
    SUDO=(sudo)
  fi
  # env inside sudo: sudo drops the caller's environment, and apt must not stop to ask questions.
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
    || die "apt-get update failed (is the network up?)"
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    || die "could not install the system packages: ${missing[*]}"
fi

# A venv made while python3-venv was missing has a python but no pip: make it again.
if ! "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
  say "Creating the virtual environment in $VENV"
  "$PY" -m venv --clear "$VENV" || die "could not create the virtual environment in $VENV"
fi
EXTRA=""; [ "$MODE" = test ] && EXTRA="[test]"
STAMP="$VENV/.installed$MODE"
if [ ! -f "$STAMP" ] || [ "$ROOT/pyproject.toml" -nt "$STAMP" ]; then
  say "Installing the project and its Python packages"
  pip_failed() { die "could not install the Python packages (pip's message is above; is the network up?)"; }
  "$VENV/bin/python" -m pip install -q --upgrade pip || pip_failed
  "$VENV/bin/python" -m pip install -q -e "$ROOT$EXTRA" || pip_failed
  touch "$STAMP"
fi
