#!/usr/bin/env bash
# Turns a Raspberry Pi running Raspberry Pi OS Bookworm (64-bit, Desktop or Lite) into a
# Hanabi Table Companion that starts full screen at boot.
#
#   sudo ./setup_pi.sh                    install, or update after `git pull`
#   sudo ./setup_pi.sh --uninstall        remove the service and the app's environment
#   ./setup_pi.sh --dry-run               print every step without doing anything
#   ./setup_pi.sh --help                  all the options
#
# Safe to run again: every step first looks at what is already there, and a run that finds
# everything in place changes nothing and says so. Details: the "Raspberry Pi" section of README.md.
#
# For its own tests the script can be pointed at a stand-in system: SETUP_PI_ROOT is prefixed to
# every system path it reads or writes, and then every system command it would run must resolve
# to a stand-in inside SETUP_PI_ROOT, otherwise it refuses to start.
if [ -z "${BASH_VERSION:-}" ]; then
  echo "setup_pi.sh: run it with bash, as in  sudo ./setup_pi.sh" >&2
  exit 2
fi
set -Eeuo pipefail
export LC_ALL=C DEBIAN_FRONTEND=noninteractive

SERVICE=hanabi-companion.service
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
R="${SETUP_PI_ROOT:-}"
R="${R%/}"
APP_DIR="$R/opt/hanabi-companion"      # the app's environment: venv + launcher (never the history)
VENV="$APP_DIR/venv"
LAUNCHER="$APP_DIR/start-kiosk"
COMMAND_LINK="$R/usr/local/bin/hanabi-companion"   # the app's command, on everyone's PATH
UNIT_FILE="$R/etc/systemd/system/$SERVICE"
STAMP="$VENV/.hanabi-companion-installed"
GROUPS_NEEDED=(video render input gpio audio)   # camera + display, GPU, touchscreen, GPIO panel, sound
# System packages: the QR decoder's library, Picamera2 + libcamera (only packaged by the OS),
# lgpio for gpiozero (the one pin factory that works on every Pi, the 5 included), and the GL,
# EGL, GBM/DRM and mtdev libraries that Kivy's wheel (which bundles SDL2) loads at run time.
PACKAGES=(python3 python3-venv libzbar0 python3-picamera2 python3-lgpio
          libgl1 libegl1 libegl-mesa0 libgles2 libgbm1 libdrm2 libgl1-mesa-dri libmtdev1)
# Every system command the script runs; in test mode each must be a stand-in.
SYSTEM_COMMANDS=(apt-get dpkg-query dpkg systemctl usermod getent id runuser chown uname python3)

DRY=0
UNINSTALL=0
PURGE=0
USER_ARG=""
CHANGES=0
STEP="starting"

usage() {
  cat <<'EOF'
Usage: sudo ./setup_pi.sh [--user NAME] [--dry-run]
       sudo ./setup_pi.sh --uninstall [--purge-history] [--user NAME] [--dry-run]

Installs the Hanabi Table Companion on Raspberry Pi OS Bookworm (64-bit, Desktop or Lite):
system packages, the app's Python environment (/opt/hanabi-companion), the user's groups,
Kivy's touch input settings, and a systemd service that starts the app full screen at boot.
Run it again after `git pull` to update; a run with nothing to do changes nothing.

Options:
  --dry-run         print every step without doing anything (no sudo needed)
  --user NAME       the account that runs the app (default: the one that ran sudo)
  --uninstall       remove the service and the app's environment; the game history stays
  --purge-history   with --uninstall: also delete the game history
                    (~/.local/share/hanabi-companion)
  -h, --help        show this help
EOF
}

say() { printf '%s\n' "$*"; }
step() { STEP="$1"; printf '\n==> %s\n' "$1"; }
ok() { printf '    ok: %s\n' "$*"; }
note() { printf '    note: %s\n' "$*"; }
found() { printf '    %s\n' "$*"; }
die() { printf 'setup_pi.sh: %s\n' "$*" >&2; exit 1; }

on_error() {
  local status=$?
  [ "$BASHPID" = "$$" ] || exit "$status"   # a subshell: the main shell reports it
  printf '\nsetup_pi.sh: the step "%s" failed (exit status %s); see the messages above.\n' \
    "$STEP" "$status" >&2
  printf 'Nothing after it was done. Fix the cause and run setup_pi.sh again: it carries on from where it stopped.\n' >&2
  exit "$status"
}
trap on_error ERR

# ---- options -------------------------------------------------------------------------------
while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) DRY=1 ;;
    --uninstall) UNINSTALL=1 ;;
    --purge-history) PURGE=1 ;;
    --user) [ $# -ge 2 ] || { printf 'setup_pi.sh: --user needs an account name\n' >&2; exit 2; }
            USER_ARG="$2"; shift ;;
    --user=*) USER_ARG="${1#--user=}" ;;
    -h|--help) usage; exit 0 ;;
    *) printf 'setup_pi.sh: unknown option %s (see ./setup_pi.sh --help)\n' "$1" >&2; exit 2 ;;
  esac
  shift
done
if [ "$PURGE" = 1 ] && [ "$UNINSTALL" = 0 ]; then
  printf 'setup_pi.sh: --purge-history only goes with --uninstall\n' >&2
  exit 2
fi

# ---- test mode: refuse to touch the real system ---------------------------------------------
TEST_MODE=0
if [ -z "$R" ] && [ -n "${PYTEST_CURRENT_TEST:-}" ]; then
  die "started by a test without SETUP_PI_ROOT: refusing to change the real system"
fi
if [ -n "$R" ]; then
  TEST_MODE=1
  for cmd in "${SYSTEM_COMMANDS[@]}"; do
    where="$(command -v "$cmd" || true)"
    case "$where" in
      "$R"/*) ;;
      *) die "test mode (SETUP_PI_ROOT=$R): '$cmd' would run ${where:-nothing} instead of a stand-in inside $R; refusing to run" ;;
    esac
  done
fi

# A command that may be missing (camera tools): present, and in test mode a stand-in.
have() {
  local where
  where="$(command -v "$1" 2>/dev/null)" || return 1
  [ "$TEST_MODE" = 0 ] || [[ "$where" == "$R"/* ]]
}

# ---- running commands --------------------------------------------------------------------------
show() {
  local arg out=""
  for arg in "$@"; do
    if [[ "$arg" == *$'\n'* ]]; then out+="<script> "
    elif [[ "$arg" =~ ^[A-Za-z0-9_./:=,@%+-]+$ ]]; then out+="$arg "
    else out+="$(printf '%q' "$arg") "; fi
  done
  printf '%s' "${out% }"
}

# Runs a command that changes the system (or only prints it with --dry-run).
run() {
  if [ "$DRY" = 1 ]; then
    printf '      would run: %s\n' "$(show "$@")"
  else
    printf '      $ %s\n' "$(show "$@")"
    "$@"
  fi
}

# The same for a command that must run as the app's user (files in their home stay theirs).
run_as_user() {
  if [ "$CUR_UID" = 0 ]; then run runuser -u "$TARGET_USER" -- "$@"; else run "$@"; fi
}

# A read-only command as the app's user; runs in --dry-run too.
query_as_user() {
  if [ "$CUR_UID" = 0 ]; then runuser -u "$TARGET_USER" -- "$@"; else "$@"; fi
}

changing() {
  CHANGES=$((CHANGES + 1))
  if [ "$DRY" = 1 ]; then printf '    would: %s\n' "$*"; else printf '    doing: %s\n' "$*"; fi
}

# Writes a file when its content or mode differ; WROTE says whether it did (or would).
write_file() {
  local path="$1" mode="$2" content="$3" what="$4"
  WROTE=0
  if [ -f "$path" ] && printf '%s\n' "$content" | cmp -s - "$path" \
      && [ "$(stat -c %a "$path")" = "$mode" ]; then
    ok "$what is up to date ($path)"
    return 0
  fi
  WROTE=1
  changing "write $what ($path)"
  run mkdir -p "$(dirname "$path")"
  if [ "$DRY" = 1 ]; then
    printf '      would write %s:\n' "$path"
    printf '%s\n' "$content" | sed 's/^/        | /'
  else
    printf '%s\n' "$content" > "$path.new"
    chmod "$mode" "$path.new"
    mv -f "$path.new" "$path"
    printf '      wrote %s\n' "$path"
  fi
}

# ---- what this system is ---------------------------------------------------------------------
# Reads /etc/os-release into OS_ID, OS_CODENAME and OS_NAME.
read_os_release() {
  local key value
  OS_ID="" OS_CODENAME="" OS_NAME=""
  while IFS='=' read -r key value; do
    value="${value#\"}"
    value="${value%\"}"
    case "$key" in
      ID) OS_ID="$value" ;;
      VERSION_CODENAME) OS_CODENAME="$value" ;;
      PRETTY_NAME) OS_NAME="$value" ;;
    esac
  done < "$R/etc/os-release"
}

check_system() {
  [ -r "$R/etc/os-release" ] || die "cannot read /etc/os-release: this does not look like Raspberry Pi OS"
  local machine arch model=""
  read_os_release
  if { [ "$OS_ID" != debian ] && [ "$OS_ID" != raspbian ]; } || [ "$OS_CODENAME" != bookworm ]; then
    die "unsupported system: ${OS_NAME:-unknown}. The companion's installer supports Raspberry Pi OS Bookworm (64-bit, Desktop or Lite) only; flash that with Raspberry Pi Imager and run it again."
  fi
  machine="$(uname -m)"
  case "$machine" in
    aarch64) ;;
    armv6l|armv7l|armv8l)
      die "unsupported architecture: this is a 32-bit system ($machine). The companion needs Raspberry Pi OS (64-bit) Bookworm: Kivy and OpenCV publish 64-bit ARM packages only." ;;
    *)
      die "unsupported architecture: $machine. setup_pi.sh is for a Raspberry Pi with 64-bit Raspberry Pi OS; on a PC start the app with scripts/start.sh instead." ;;
  esac
  arch="$(dpkg --print-architecture)"
  if [ "$arch" != arm64 ]; then
    die "unsupported architecture: the kernel is 64-bit but the installed system is $arch (32-bit). The companion needs Raspberry Pi OS (64-bit) Bookworm."
  fi
  if [ -r "$R/proc/device-tree/model" ]; then IFS= read -r -d '' model < "$R/proc/device-tree/model" || true; fi
  case "$model" in
    "Raspberry Pi"*) ;;
    *) die "this is not a Raspberry Pi (${model:-no model found}); the companion's installer needs one (3B+, 4 or 5)." ;;
  esac
  say "System: $OS_NAME, $machine, $model"
}

check_rights_and_user() {
  CUR_UID="$(id -u)"
  if [ "$CUR_UID" != 0 ] && [ "$DRY" = 0 ]; then
    local again="sudo $0"
    if [ "$UNINSTALL" = 1 ]; then again+=" --uninstall"; fi
    die "administrator rights are needed to install packages and the service: run  $again  (or add --dry-run to only see the steps)"
  fi
  if [ -n "$USER_ARG" ]; then
    TARGET_USER="$USER_ARG"
  elif [ "$CUR_UID" = 0 ]; then
    TARGET_USER="${SUDO_USER:-}"
    if [ -z "$TARGET_USER" ] || [ "$TARGET_USER" = root ]; then
      die "run it with sudo from the account that should run the companion (for example  sudo ./setup_pi.sh), or name that account with --user NAME"
    fi
  else
    TARGET_USER="$(id -un)"
  fi
  [ "$TARGET_USER" != root ] || die "the companion should not run as root: name a normal account with --user NAME"
  if [ "$CUR_UID" != 0 ] && [ "$TARGET_USER" != "$(id -un)" ]; then
    die "--dry-run for another account ($TARGET_USER) needs sudo"
  fi
  local entry
  entry="$(getent passwd "$TARGET_USER")" || die "there is no account named $TARGET_USER on this system"
  TARGET_HOME="$(printf '%s' "$entry" | cut -d: -f6)"
  case "$TARGET_HOME" in
    /?*) ;;
    *) die "the account $TARGET_USER has no usable home folder (${TARGET_HOME:-none})" ;;
  esac
  CONSOLE_KIVY_HOME="$TARGET_HOME/.config/hanabi-companion/kivy-console"
  HISTORY_DIR="$TARGET_HOME/.local/share/hanabi-companion"
  say "The app will run as: $TARGET_USER (home $TARGET_HOME)"
}

check_checkout() {
  grep -qE '^name *= *"hanabi-companion"' "$REPO/pyproject.toml" 2>/dev/null \
    || die "setup_pi.sh must be run from the hanabi-companion checkout (no project found in $REPO)"
  if ! query_as_user test -r "$REPO/pyproject.toml"; then
    die "$TARGET_USER cannot read $REPO: clone the project into $TARGET_USER's home (for example $TARGET_HOME/hanabi-companion) and run setup_pi.sh from there"
  fi
  say "Project checkout: $REPO"
}

# ---- install steps -----------------------------------------------------------------------------
install_packages() {
  step "System packages"
  local pkg status installed=" " missing=()
  # shellcheck disable=SC2016  # ${Package} and ${db:Status-Status} are dpkg-query's, not ours
  while read -r pkg status; do
    if [ "$status" = installed ]; then installed+="$pkg "; fi
  done < <(dpkg-query -W -f='${Package} ${db:Status-Status}\n' "${PACKAGES[@]}" 2>/dev/null || true)
  for pkg in "${PACKAGES[@]}"; do
    [[ "$installed" == *" $pkg "* ]] || missing+=("$pkg")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    ok "all ${#PACKAGES[@]} packages are installed (${PACKAGES[*]})"
    return
  fi
  changing "install ${missing[*]}"
  run apt-get update
  run apt-get install -y --no-install-recommends "${missing[@]}"
}

add_groups() {
  step "Groups of $TARGET_USER (camera, display, touchscreen, GPIO, sound)"
  local group have_groups missing=()
  have_groups=" $(id -nG "$TARGET_USER") "
  for group in "${GROUPS_NEEDED[@]}"; do
    getent group "$group" > /dev/null || { note "no group $group on this system; skipped"; continue; }
    [[ "$have_groups" == *" $group "* ]] || missing+=("$group")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    ok "$TARGET_USER is in ${GROUPS_NEEDED[*]}"
    return
  fi
  changing "add $TARGET_USER to ${missing[*]}"
  run usermod -aG "$(IFS=,; printf '%s' "${missing[*]}")" "$TARGET_USER"
  NEW_GROUPS=1
}

make_venv() {
  step "The app's Python environment ($VENV)"
  if [ -x "$VENV/bin/python" ] && grep -qE '^include-system-site-packages *= *true' "$VENV/pyvenv.cfg" 2>/dev/null; then
    ok "it exists and sees the system's Picamera2, libcamera and lgpio"
    return
  fi
  if [ -e "$VENV" ]; then
    changing "recreate it: the existing one cannot see the system's Picamera2 and libcamera"
    run rm -rf "$VENV"
  else
    changing "create it with access to the system packages (Picamera2 and libcamera come only from the OS)"
  fi
  run mkdir -p "$VENV"
  run chown "$TARGET_USER:" "$VENV"
  run_as_user python3 -m venv --system-site-packages "$VENV"
}

# What the installed app is made of: a change means pip again and a restart.
project_fingerprint() {
  local dirs=() d
  for d in companion hardware kv; do
    if [ -d "$REPO/$d" ]; then dirs+=("$d"); fi
  done
  (
    cd "$REPO"
    printf 'repo %s\n' "$REPO"
    sha256sum pyproject.toml
    if [ ${#dirs[@]} -gt 0 ]; then
      find "${dirs[@]}" -type f ! -name '*.pyc' ! -path '*/__pycache__/*' -print0 \
        | sort -z | xargs -0 -r sha256sum
    fi
  ) | sha256sum | cut -d' ' -f1
}

install_project() {
  step "The companion in its environment"
  local print
  print="$(project_fingerprint)"
  if [ -f "$STAMP" ] && [ "$(< "$STAMP")" = "$print" ]; then
    ok "installed from $REPO and up to date"
    return
  fi
  if [ -f "$STAMP" ]; then
    changing "update the installed project (the checkout changed)"
  else
    changing "install the project from $REPO (editable: a pull of the checkout is live at once)"
  fi
  run_as_user "$VENV/bin/python" -m pip install --disable-pip-version-check -e "$REPO"
  # The OS's simplejpeg (used by Picamera2) is built for the OS's numpy 1.x; the app's
  # environment gets numpy 2 with OpenCV, so it needs simplejpeg built for that numpy.
  run_as_user "$VENV/bin/python" -m pip install --disable-pip-version-check --no-deps \
    --ignore-installed 'simplejpeg>=1.8.1'
  if [ "$DRY" = 0 ]; then printf '%s\n' "$print" > "$STAMP"; fi
}

# Kivy's [input] settings, one source of touches per way of running:
#  - on a desktop (~/.kivy): the window system already turns touches into mouse events, so only
#    Kivy's mouse provider (reading the touchscreen's device as well would double every touch);
#  - straight on the screen through KMS/DRM (its own KIVY_HOME): the touchscreen's device, read
#    once by hidinput, and no mouse provider (SDL's own mouse events from it would double it).
# "check" only reads; "apply" lets Kivy write its defaults when there is no ~/.kivy/config.ini
# yet (the other file starts as a copy), then sets [input] (and the cursor) and keeps every other
# setting.
KIVY_PY='
import configparser, os, shutil, sys
PROFILES = {
    "desktop": ({"mouse": "mouse,multitouch_on_demand"}, {}),
    "console": ({"%(name)s": "probesysfs,provider=hidinput"}, {"show_cursor": "0"}),
}

def read(path):
    cfg = configparser.RawConfigParser()
    cfg.read(path, encoding="utf-8")
    return cfg

def right(path, profile):
    if not os.path.exists(path):
        return False
    cfg, (inputs, graphics) = read(path), PROFILES[profile]
    if not cfg.has_section("input") or dict(cfg.items("input")) != inputs:
        return False
    return all(cfg.has_option("graphics", k) and cfg.get("graphics", k) == v for k, v in graphics.items())

def apply(files):
    first = files[0][1]
    if not os.path.exists(first):  # let Kivy write its complete default settings there
        os.environ.update(KIVY_HOME=os.path.dirname(first), KIVY_NO_ARGS="1",
                          KIVY_NO_CONSOLELOG="1", KIVY_NO_FILELOG="1")
        os.makedirs(os.path.dirname(first), exist_ok=True)
        import kivy.config
    for profile, path in files:
        if right(path, profile):
            continue
        if not os.path.exists(path):
            os.makedirs(os.path.dirname(path), exist_ok=True)
            shutil.copyfile(first, path)
        cfg, (inputs, graphics) = read(path), PROFILES[profile]
        cfg.remove_section("input")
        cfg.add_section("input")
        for key, value in inputs.items():
            cfg.set("input", key, value)
        if graphics and not cfg.has_section("graphics"):
            cfg.add_section("graphics")
        for key, value in graphics.items():
            cfg.set("graphics", key, value)
        with open(path + ".new", "w", encoding="utf-8") as out:
            cfg.write(out)
        os.replace(path + ".new", path)
        print("      set", profile, "input in", path)

action = sys.argv[1]
files = [(p, os.path.join(home, "config.ini")) for p, home in (a.split("=", 1) for a in sys.argv[2:])]
try:
    if action == "check":
        sys.exit(0 if all(right(path, p) for p, path in files) else 1)
    apply(files)
except (OSError, configparser.Error) as err:
    print("Kivy settings:", err, file=sys.stderr)
    sys.exit(3)
'

configure_kivy() {
  step "Kivy's touch input (one source of touches, so none is doubled)"
  local targets=("desktop=$TARGET_HOME/.kivy" "console=$CONSOLE_KIVY_HOME")
  if [ -x "$VENV/bin/python" ]; then
    local status=0
    # Reading needs only the standard library: -I -S starts quicker.
    query_as_user "$VENV/bin/python" -I -S -c "$KIVY_PY" check "${targets[@]}" || status=$?
    if [ "$status" = 0 ]; then
      ok "$TARGET_HOME/.kivy/config.ini (desktop: mouse events only) and $CONSOLE_KIVY_HOME/config.ini (no desktop: the touchscreen device only)"
      return
    fi
    [ "$status" = 1 ] || die "could not read Kivy's settings in $TARGET_HOME/.kivy or $CONSOLE_KIVY_HOME"
  fi
  changing "set [input] in $TARGET_HOME/.kivy/config.ini to the mouse provider only (desktop) and in $CONSOLE_KIVY_HOME/config.ini to the touchscreen via hidinput only (no desktop)"
  local quick=()  # Kivy itself is needed only to write its defaults where there are none yet
  if [ -f "$TARGET_HOME/.kivy/config.ini" ]; then quick=(-I -S); fi
  run_as_user "$VENV/bin/python" "${quick[@]}" -c "$KIVY_PY" apply "${targets[@]}"
}

launcher_text() {
  local text
  IFS= read -r -d '' text <<'LAUNCHER' || true
#!/bin/bash
# Starts the Hanabi Table Companion full screen; run by hanabi-companion.service.
# Written by setup_pi.sh (run it again to update it).
# With a desktop it opens on the desktop's display (X11, or Xwayland under Wayland) once the
# session is up; without one it draws straight on the screen through KMS/DRM. Each way uses its
# own Kivy settings so that every touch arrives exactly once.
set -u
app="@VENV@/bin/hanabi-companion"
x_socket="@ROOT@/tmp/.X11-unix/X0"
wait_limit="${HANABI_DISPLAY_WAIT:-300}"
uid="$(id -u)"
if [ -d "@ROOT@/run/user/$uid" ]; then export XDG_RUNTIME_DIR="@ROOT@/run/user/$uid"; fi
export KIVY_WINDOW=sdl2
state="$(systemctl show -p ActiveState --value display-manager.service 2>/dev/null || true)"
case "$state" in
  active|activating|reloading)
    waited=0
    until [ -S "$x_socket" ]; do
      if [ "$waited" -ge "$wait_limit" ]; then
        echo "no desktop display after ${wait_limit}s: log in as ${USER:-the app user}, or turn on desktop auto-login (sudo raspi-config, System Options, Boot / Auto Login)" >&2
        exit 1
      fi
      if [ $((waited % 30)) -eq 0 ]; then echo "waiting for the desktop session of ${USER:-the app user} to show its display" >&2; fi
      sleep 1
      waited=$((waited + 1))
    done
    export DISPLAY=:0 SDL_VIDEODRIVER=x11 KIVY_HOME="$HOME/.kivy"
    if [ -f "$HOME/.Xauthority" ]; then export XAUTHORITY="$HOME/.Xauthority"; fi
    where="the desktop"
    ;;
  *)
    export SDL_VIDEODRIVER=kmsdrm KIVY_HOME="@CONSOLE_KIVY_HOME@"
    where="the screen (KMS/DRM, no desktop)"
    ;;
esac
echo "starting on $where with Kivy settings from $KIVY_HOME"
exec "$app" --fullscreen "$@"
LAUNCHER
  text="${text%$'\n'}"
  text="${text//@VENV@/$VENV}"
  text="${text//@ROOT@/$R}"
  printf '%s' "${text//@CONSOLE_KIVY_HOME@/$CONSOLE_KIVY_HOME}"
}

unit_text() {
  local text
  IFS= read -r -d '' text <<EOF || true
# Hanabi Table Companion: the table app, full screen from boot.
# Written by setup_pi.sh from $REPO (run it again to update, with --uninstall to remove).
[Unit]
Description=Hanabi Table Companion (full-screen table app)
Documentation=file://$REPO/README.md
# With a desktop, start after the display manager; the launcher then waits for the display.
# (Not After=graphical.target: the unit is wanted by multi-user.target so that it also starts
# on Raspberry Pi OS Lite, and graphical.target comes after multi-user.target.)
After=systemd-user-sessions.service display-manager.service
StartLimitIntervalSec=0

[Service]
Type=simple
User=$TARGET_USER
# lgpio makes its notification pipes in the working directory: one of its own, writable.
RuntimeDirectory=hanabi-companion
WorkingDirectory=/run/hanabi-companion
# gpiozero through lgpio: the pin factory that works on every Raspberry Pi, the 5 included.
Environment=GPIOZERO_PIN_FACTORY=lgpio
Environment=KIVY_NO_ARGS=1
Environment=KIVY_NO_FILELOG=1
Environment=PYTHONUNBUFFERED=1
ExecStart=$LAUNCHER
Restart=on-failure
RestartSec=5
StandardOutput=journal
StandardError=journal
SyslogIdentifier=hanabi-companion

[Install]
WantedBy=multi-user.target
EOF
  printf '%s' "${text%$'\n'}"
}

install_launcher_and_service() {
  step "The command, the launcher and the service that starts the app at boot"
  if [ -L "$COMMAND_LINK" ] && [ "$(readlink "$COMMAND_LINK")" = "$VENV/bin/hanabi-companion" ]; then
    ok "the hanabi-companion command is there ($COMMAND_LINK)"
  elif [ -e "$COMMAND_LINK" ] && [ ! -L "$COMMAND_LINK" ]; then
    note "$COMMAND_LINK is some other program; left alone (the app is $VENV/bin/hanabi-companion)"
  else
    changing "make the hanabi-companion command available in every terminal ($COMMAND_LINK)"
    run mkdir -p "$(dirname "$COMMAND_LINK")"
    run ln -sfn "$VENV/bin/hanabi-companion" "$COMMAND_LINK"
  fi
  write_file "$LAUNCHER" 755 "$(launcher_text)" "the launcher"
  write_file "$UNIT_FILE" 644 "$(unit_text)" "the service $SERVICE"
  if [ "$WROTE" = 1 ]; then run systemctl daemon-reload; fi
  if [ "$(systemctl is-enabled "$SERVICE" 2>/dev/null || true)" = enabled ]; then
    ok "$SERVICE starts at boot"
  else
    changing "start $SERVICE at every boot"
    run systemctl enable "$SERVICE"
  fi
}

start_service() {
  step "Starting the app"
  if [ "$CHANGES" = 0 ]; then
    ok "nothing changed, so the app is left as it is ($(systemctl is-active "$SERVICE" 2>/dev/null || true))"
    return
  fi
  say "    (re)starting $SERVICE so that the changes take effect"
  run systemctl restart "$SERVICE"
}

# ---- checks at the end -----------------------------------------------------------------------
check_camera() {
  step "Camera"
  local tool="" out="" line cameras=()
  if have rpicam-hello; then tool=rpicam-hello; elif have libcamera-hello; then tool=libcamera-hello; fi
  if [ -n "$tool" ]; then
    out="$(timeout 30 "$tool" --list-cameras 2>&1 || true)"
    while IFS= read -r line; do
      if [[ "$line" =~ ^[[:space:]]*[0-9]+[[:space:]]:[[:space:]] ]]; then cameras+=("${line#"${line%%[![:space:]]*}"}"); fi
    done <<< "$out"
    if [ ${#cameras[@]} -gt 0 ]; then
      found "found ${#cameras[@]} camera(s) with $tool:"
      for line in "${cameras[@]}"; do found "  $line"; done
    else
      found "no camera found by $tool. Check the ribbon cable (contacts facing the right way, both ends latched) and reboot; a USB webcam works through OpenCV ([camera] source = opencv). Cards can always be entered by tapping."
    fi
  elif [ -x "$VENV/bin/python" ]; then
    out="$("$VENV/bin/python" -c 'from picamera2 import Picamera2; print(len(Picamera2.global_camera_info()))' 2>/dev/null || true)"
    case "$out" in
      ''|*[!0-9]*) found "could not ask libcamera for cameras (no rpicam-hello either)" ;;
      0) found "no camera found by libcamera. Check the ribbon cable and reboot; cards can always be entered by tapping." ;;
      *) found "found $out camera(s) through Picamera2" ;;
    esac
  else
    found "not checked (rpicam-hello is missing and the app's environment is not there yet)"
  fi
  if [ -x "$VENV/bin/python" ]; then
    if out="$("$VENV/bin/python" -c 'import picamera2' 2>&1)"; then
      found "Picamera2 can be used by the app"
    else
      found "Picamera2 cannot be imported in the app's environment: $(printf '%s' "$out" | tail -n 1)"
    fi
  fi
}

check_panel() {
  step "Button panel (GPIO)"
  local chip name label chips=()
  for chip in "$R"/dev/gpiochip*; do
    if [ -e "$chip" ]; then chips+=("$chip"); fi
  done
  if [ ${#chips[@]} -eq 0 ]; then
    found "no GPIO chip (/dev/gpiochip*) found: the button panel cannot be used; the touchscreen does everything."
  else
    for chip in "${chips[@]}"; do
      name="${chip##*/}"
      label=""
      if [ -r "$R/sys/bus/gpio/devices/$name/label" ]; then label="$(< "$R/sys/bus/gpio/devices/$name/label")"; fi
      case "$label" in
        pinctrl-bcm2835|pinctrl-bcm2711|pinctrl-rp1) found "/dev/$name ($label): the 40-pin header, where the panel goes" ;;
        *) found "/dev/$name${label:+ ($label)}" ;;
      esac
    done
    found "wire the panel as in hardware/WIRING.md; the app opens its pins when it starts ([panel] enabled = auto)."
  fi
  if [ -x "$VENV/bin/python" ]; then
    if "$VENV/bin/python" -c 'import lgpio' > /dev/null 2>&1; then
      found "lgpio can be used by the app (gpiozero's pin factory)"
    else
      found "lgpio cannot be imported in the app's environment: the panel will not work (is python3-lgpio installed?)"
    fi
  fi
}

check_screen() {
  step "Screen and touch"
  local state event number names=()
  state="$(systemctl show -p ActiveState --value display-manager.service 2>/dev/null || true)"
  if [ "$(systemctl get-default 2>/dev/null || true)" = graphical.target ] || [ "$state" = active ]; then
    found "desktop: the app opens full screen on $TARGET_USER's desktop once the session is up"
    if ! grep -qsE "^[[:space:]]*autologin-user[[:space:]]*=[[:space:]]*${TARGET_USER}[[:space:]]*$" "$R/etc/lightdm/lightdm.conf"; then
      note "desktop auto-login for $TARGET_USER is not set, so the app waits until someone logs in: sudo raspi-config, System Options, Boot / Auto Login, Desktop Autologin"
    fi
  else
    found "no desktop: the app draws straight on the screen (KMS/DRM)"
  fi
  for event in "$R"/sys/class/input/event*; do
    [ -e "$event" ] || continue
    number="${event##*event}"
    if grep -qs '^E:ID_INPUT_TOUCHSCREEN=1' "$R/run/udev/data/c13:$((64 + number))"; then
      names+=("$(cat "$event/device/name" 2>/dev/null || printf 'event%s' "$number")")
    fi
  done
  if [ ${#names[@]} -gt 0 ]; then
    found "touchscreen: ${names[*]}"
  else
    found "no touchscreen found: on the desktop a mouse works too; without a desktop the app listens to a touchscreen only"
  fi
}

check_service() {
  step "Service"
  local active
  active="$(systemctl is-active "$SERVICE" 2>/dev/null || true)"
  found "$SERVICE is ${active:-unknown}; its log:  journalctl -u hanabi-companion -f"
  found "game history: $HISTORY_DIR/companion.sqlite3 (unless [store] path in ~/.config/hanabi-companion/config.toml says otherwise)"
}

# ---- uninstall ---------------------------------------------------------------------------------
uninstall() {
  step "Removing the service"
  if [ -e "$UNIT_FILE" ]; then
    changing "stop $SERVICE, stop starting it at boot, and delete it"
    run systemctl disable --now "$SERVICE"
    run rm -f "$UNIT_FILE"
    run systemctl daemon-reload
  else
    ok "no $SERVICE installed"
  fi
  step "Removing the app's environment"
  if [ -L "$COMMAND_LINK" ] && [ "$(readlink "$COMMAND_LINK")" = "$VENV/bin/hanabi-companion" ]; then
    changing "delete the hanabi-companion command ($COMMAND_LINK)"
    run rm -f "$COMMAND_LINK"
  fi
  if [ -e "$APP_DIR" ]; then
    changing "delete $APP_DIR (the Python environment and the launcher)"
    run rm -rf "$APP_DIR"
  else
    ok "no $APP_DIR"
  fi
  if [ -e "$CONSOLE_KIVY_HOME" ]; then
    changing "delete the app's Kivy settings for running without a desktop ($CONSOLE_KIVY_HOME)"
    run rm -rf "$CONSOLE_KIVY_HOME"
  fi
  step "Game history"
  if [ "$PURGE" = 1 ]; then
    if [ -e "$HISTORY_DIR" ]; then
      changing "delete the game history ($HISTORY_DIR)"
      run rm -rf "$HISTORY_DIR"
    else
      ok "no game history in $HISTORY_DIR"
    fi
  else
    found "kept in $HISTORY_DIR (add --purge-history to delete it)"
  fi
  say ""
  say "Left in place: the system packages, $TARGET_USER's groups, ~/.kivy/config.ini and ~/.config/hanabi-companion/config.toml."
}

# ---- main -------------------------------------------------------------------------------------
main() {
  if [ "$DRY" = 1 ]; then say "Dry run: every step is printed and nothing is changed."; fi
  step "Checking this system"
  check_system
  check_rights_and_user
  check_checkout

  if [ "$UNINSTALL" = 1 ]; then
    uninstall
  else
    NEW_GROUPS=0
    install_packages
    add_groups
    make_venv
    install_project
    configure_kivy
    install_launcher_and_service
    start_service
    check_camera
    check_panel
    check_screen
    check_service
  fi

  say ""
  if [ "$CHANGES" = 0 ]; then
    if [ "$UNINSTALL" = 1 ]; then
      say "Nothing to change: the companion's service and environment are not installed."
    else
      say "Nothing to change: the Hanabi Table Companion is installed and up to date."
    fi
  elif [ "$DRY" = 1 ]; then
    say "Dry run: $CHANGES step(s) would change this system; nothing was changed."
  else
    say "Done: $CHANGES step(s) changed this system."
    if [ "$UNINSTALL" = 0 ]; then
      say "The app starts by itself at every boot."
      if [ "${NEW_GROUPS:-0}" = 1 ]; then
        say "$TARGET_USER was added to new groups: the service already uses them; log out and in again (or reboot) for your own sessions."
      fi
    fi
  fi
}

main
