"""A pretend Raspberry Pi for setup_pi.sh: a fake root folder and stand-in system commands.

The installer runs with SETUP_PI_ROOT pointing at the fake root (its /etc, /opt, /dev, ...) and a
PATH holding only the stand-ins (inside the fake root, which the installer insists on in that
mode) and a few harmless real tools (cat, grep, sha256sum, ...). No real apt-get, systemctl,
usermod or runuser is on that PATH at all. The stand-ins append every call to a log and keep
what they changed, so a second run sees the first run's work.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "setup_pi.sh"
STANDIN = Path(__file__).resolve().parent / "standins" / "standin"

# The system commands setup_pi.sh may run; each becomes a link to the stand-in.
STANDIN_NAMES = ("apt-get", "dpkg-query", "dpkg", "systemctl", "usermod", "getent", "id",
                 "runuser", "chown", "uname", "python3", "rpicam-hello")
# Real tools that only read or write inside the fake root.
TOOLS = ("bash", "cat", "grep", "sed", "mkdir", "rm", "mv", "cmp", "sha256sum", "find", "sort",
         "dirname", "chmod", "ln", "tr", "head", "tail", "cut", "sleep", "timeout", "readlink",
         "stat", "xargs", "touch", "test")

PI_MODEL = "Raspberry Pi 4 Model B Rev 1.4"
BOOKWORM = """PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
NAME="Debian GNU/Linux"
VERSION_ID="12"
VERSION="12 (bookworm)"
VERSION_CODENAME=bookworm
ID=debian
"""
CAMERA = "0 : imx708 [4608x2592 10-bit RGGB] (/base/soc/i2c0mux/i2c@1/imx708@1a)"

# Modifying calls: what a run that "changes nothing" must not make.
CHANGING = ("apt-get", "usermod", "chown", "python3 -m venv", "python -m pip", "systemctl enable",
            "systemctl disable", "systemctl restart", "systemctl start", "systemctl stop",
            "systemctl daemon-reload")


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str
    calls: list[str]

    @property
    def changing_calls(self) -> list[str]:
        """The calls that change the system, runuser's own line left out (its command counts)."""
        return [c for c in self.calls if c.startswith(CHANGING)]


class FakePi:
    def __init__(self, tmp: Path, kivy_config: str | None = None):
        self.root = tmp / "root"
        self.home = self.root / "home" / "pi"
        self.repo = self.home / "hanabi-companion"
        self.bin = self.root / "usr" / "bin"
        self.state = tmp / "state"
        self.log = tmp / "calls.log"
        tools = tmp / "tools"
        for d in (self.bin, tools, self.state, self.repo / "companion", self.repo / "kv",
                  self.root / "etc" / "systemd" / "system", self.root / "proc" / "device-tree",
                  self.root / "dev", self.root / "sys" / "bus" / "gpio" / "devices" / "gpiochip0"):
            d.mkdir(parents=True, exist_ok=True)
        assert os.access(STANDIN, os.X_OK), f"{STANDIN} must be executable (chmod +x)"
        for name in STANDIN_NAMES:
            (self.bin / name).symlink_to(STANDIN)
        for name in TOOLS:
            real = shutil.which(name)
            assert real, f"the tests need {name}"
            (tools / name).symlink_to(real)
        self.tools = tools
        # The machine: Raspberry Pi OS Bookworm 64-bit on a Pi 4, GPIO chip present.
        self.os_release(BOOKWORM)
        (self.root / "proc" / "device-tree" / "model").write_bytes(PI_MODEL.encode() + b"\0")
        (self.root / "dev" / "gpiochip0").write_text("")
        (self.root / "sys" / "bus" / "gpio" / "devices" / "gpiochip0" / "label").write_text(
            "pinctrl-bcm2711\n")
        # The checkout: setup_pi.sh as it is in the repository, beside a small project.
        shutil.copy2(SCRIPT, self.repo / "setup_pi.sh")
        (self.repo / "pyproject.toml").write_text(
            '[project]\nname = "hanabi-companion"\nversion = "0.1.0"\n')
        (self.repo / "companion" / "__init__.py").write_text("")
        (self.repo / "kv" / "table.kv").write_text("<Table>:\n")
        # Accounts and packages: pi exists and is in none of the needed groups yet.
        (self.state / "known-groups").write_text("pi\nvideo\nrender\ninput\ngpio\naudio\n")
        (self.state / "groups").write_text("")
        (self.state / "installed").write_text("python3\n")
        if kivy_config is not None:  # pi has run a Kivy app before: Kivy's own default settings
            self.kivy_desktop.parent.mkdir(parents=True)
            self.kivy_desktop.write_text(kivy_config)
        self.env = {
            "PATH": f"{self.bin}:{tools}",
            "HOME": str(self.home),
            "SETUP_PI_ROOT": str(self.root),
            "STANDIN_LOG": str(self.log),
            "STANDIN_STATE": str(self.state),
            "SETUP_PI_TEST_PYTHON": sys.executable,
            "FAKE_HOME": str(self.home),
            "FAKE_CAMERAS": CAMERA,
            "SUDO_USER": "pi",
        }

    # -- the pretend machine ----------------------------------------------------------------
    def os_release(self, text: str) -> None:
        (self.root / "etc" / "os-release").write_text(text)

    @property
    def unit(self) -> Path:
        return self.root / "etc" / "systemd" / "system" / "hanabi-companion.service"

    @property
    def app_dir(self) -> Path:
        return self.root / "opt" / "hanabi-companion"

    @property
    def launcher(self) -> Path:
        return self.app_dir / "start-kiosk"

    @property
    def kivy_desktop(self) -> Path:
        return self.home / ".kivy" / "config.ini"

    @property
    def kivy_console(self) -> Path:
        return self.home / ".config" / "hanabi-companion" / "kivy-console" / "config.ini"

    @property
    def history(self) -> Path:
        return self.home / ".local" / "share" / "hanabi-companion"

    def installed(self) -> list[str]:
        return (self.state / "installed").read_text().split()

    def groups(self) -> list[str]:
        return (self.state / "groups").read_text().split()

    # -- running things ---------------------------------------------------------------------
    def calls(self) -> list[str]:
        return self.log.read_text().splitlines() if self.log.exists() else []

    def run(self, *args: str, **env: str) -> Run:
        """Runs the installer copy in the fake checkout; env overrides FAKE_* and friends."""
        return self.run_program([str(self.repo / "setup_pi.sh"), *args], **env)

    def run_program(self, argv: list[str], **env: str) -> Run:
        before = len(self.calls())
        full_env = {**self.env, **env}
        full_env = {k: v for k, v in full_env.items() if v is not None}
        proc = subprocess.run([shutil.which("bash"), *argv], env=full_env, capture_output=True,
                              text=True, timeout=60, cwd=self.home)
        return Run(proc.returncode, proc.stdout, proc.stderr, self.calls()[before:])


@pytest.fixture(scope="session")
def kivy_defaults(tmp_path_factory) -> str:
    """The config.ini Kivy writes on its first start (its [input] reads touches twice)."""
    home = tmp_path_factory.mktemp("kivy-home")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "KIVY_HOME": str(home / ".kivy"),
           "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1"}
    subprocess.run([sys.executable, "-c", "import kivy.config"], env=env, check=True, timeout=60)
    return (home / ".kivy" / "config.ini").read_text()


@pytest.fixture
def pi(tmp_path, kivy_defaults) -> FakePi:
    """A pretend Pi on which nothing is installed yet (Kivy has run once, for speed)."""
    return FakePi(tmp_path, kivy_defaults)


def _install(pi: FakePi) -> FakePi:
    pi.first_run = pi.run()
    assert pi.first_run.returncode == 0, pi.first_run.stdout + pi.first_run.stderr
    return pi


@pytest.fixture
def installed_pi(pi) -> FakePi:
    """A pretend Pi on which the installer has already run once (first_run), for one test."""
    return _install(pi)


@pytest.fixture(scope="module")
def installed_once(tmp_path_factory) -> FakePi:
    """A fresh pretend Pi (no ~/.kivy yet) after one installer run, shared by the tests of a
    module that only look."""
    return _install(FakePi(tmp_path_factory.mktemp("pi")))


def tree(path: Path) -> dict[str, tuple[int, float]]:
    """Every file under path with its size and modification time, to see that nothing changed."""
    if not path.exists():
        return {}
    return {str(p.relative_to(path)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in path.rglob("*") if p.is_file() or p.is_symlink()}


@pytest.fixture
def snapshot():
    return tree

