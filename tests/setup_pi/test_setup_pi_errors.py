"""setup_pi.sh stops with one clear message, before changing anything, when it cannot go on."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

BULLSEYE = 'PRETTY_NAME="Raspbian GNU/Linux 11 (bullseye)"\nID=raspbian\nVERSION_CODENAME=bullseye\n'
TRIXIE = 'PRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nID=debian\nVERSION_CODENAME=trixie\n'
UBUNTU = 'PRETTY_NAME="Ubuntu 24.04 LTS"\nID=ubuntu\nID_LIKE=debian\nVERSION_CODENAME=noble\n'


def assert_stopped(run, *words, status=1):
    assert run.returncode == status, run.stdout + run.stderr
    for word in words:
        assert word in run.stderr, (word, run.stderr)
    assert "Traceback" not in run.stderr and "line " not in run.stderr
    assert run.changing_calls == []


@pytest.mark.parametrize("release, name", [(BULLSEYE, "bullseye"), (TRIXIE, "trixie"),
                                           (UBUNTU, "Ubuntu 24.04")])
def test_unsupported_os(pi, release, name):
    pi.os_release(release)
    run = pi.run()
    assert_stopped(run, "unsupported system", name, "Raspberry Pi OS Bookworm")
    assert run.calls == []


@pytest.mark.parametrize("machine, words", [("armv7l", ("32-bit", "armv7l", "64-bit")),
                                            ("x86_64", ("unsupported architecture: x86_64",))])
def test_unsupported_architecture(pi, machine, words):
    assert_stopped(pi.run(FAKE_UNAME_M=machine), *words)


def test_32_bit_system_on_a_64_bit_kernel(pi):
    assert_stopped(pi.run(FAKE_DPKG_ARCH="armhf"), "armhf (32-bit)", "64-bit")


def test_not_a_raspberry_pi(pi):
    (pi.root / "proc" / "device-tree" / "model").write_text("Pine64 RockPro64\0")
    assert_stopped(pi.run(), "not a Raspberry Pi", "Pine64")


def test_needs_administrator_rights(pi):
    run = pi.run(FAKE_UID="1000", SUDO_USER=None)
    assert_stopped(run, "administrator rights", "sudo", "--dry-run")
    assert (pi.state / "groups").read_text() == "" and not pi.unit.exists()


def test_root_without_sudo_must_name_the_user(pi):
    assert_stopped(pi.run(SUDO_USER=None), "--user NAME")
    assert_stopped(pi.run(SUDO_USER="root"), "--user NAME")


def test_unknown_account(pi):
    assert_stopped(pi.run("--user", "bob", SUDO_USER=None), "no account named bob")


def test_must_run_from_the_checkout(pi):
    (pi.repo / "pyproject.toml").write_text('[project]\nname = "something-else"\n')
    assert_stopped(pi.run(), "hanabi-companion checkout")


@pytest.mark.parametrize("args", [("--frobnicate",), ("--dry-run", "-x"), ("--user",),
                                  ("--purge-history",)])
def test_unknown_or_incomplete_options(pi, args):
    run = pi.run(*args)
    assert_stopped(run, "setup_pi.sh:", status=2)
    assert run.calls == []  # not even a look at the system


def test_help(pi):
    run = pi.run("--help")
    assert run.returncode == 0 and run.calls == []
    for option in ("--dry-run", "--uninstall", "--purge-history", "--user"):
        assert option in run.stdout


def test_in_test_mode_refuses_a_real_command_in_place_of_a_stand_in(pi, tmp_path):
    """With SETUP_PI_ROOT set, a system command found outside it stops the script at once."""
    (pi.bin / "apt-get").unlink()
    outside = tmp_path / "outside"
    outside.mkdir()
    marker = tmp_path / "outside-apt-get-ran"
    (outside / "apt-get").write_text(f"#!/bin/sh\ntouch {marker}\n")
    (outside / "apt-get").chmod(0o755)
    run = pi.run(PATH=f"{pi.env['PATH']}:{outside}")
    assert_stopped(run, "test mode", "apt-get", "refusing")
    assert run.calls == [] and not marker.exists()


def test_started_by_a_test_without_a_fake_root_it_refuses(pi):
    """A test that forgot SETUP_PI_ROOT must not reach the real system."""
    run = pi.run(SETUP_PI_ROOT=None, PYTEST_CURRENT_TEST="test_forgetful")
    assert_stopped(run, "without SETUP_PI_ROOT", "refusing")
    assert run.calls == []


def test_started_with_sh_it_asks_for_bash(pi):
    sh = shutil.which("dash") or shutil.which("sh")
    if "bash" in os.path.realpath(sh):
        pytest.skip("sh is bash here")
    proc = subprocess.run([sh, str(pi.repo / "setup_pi.sh")], env=pi.env, capture_output=True,
                          text=True, timeout=30)
    assert proc.returncode == 2 and "run it with bash" in proc.stderr
    assert pi.calls() == []


@pytest.mark.skipif(not shutil.which("shellcheck"), reason="shellcheck is not installed")
@pytest.mark.parametrize("path", ["setup_pi.sh", "tests/setup_pi/standins/standin"])
def test_shellcheck_clean(path):
    result = subprocess.run(["shellcheck", str(REPO / path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout
