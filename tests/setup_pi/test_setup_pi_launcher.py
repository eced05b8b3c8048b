"""The launcher the service runs: full screen on the desktop when there is one, else on KMS/DRM."""

from __future__ import annotations

import shutil
import socket
import subprocess

import pytest


def started(pi) -> dict[str, str]:
    path = pi.state / "app-started"
    if not path.exists():
        return {}
    started = dict(line.split("=", 1) for line in path.read_text().splitlines())
    path.unlink()
    return started


def test_without_a_desktop_it_draws_on_kms_drm_with_the_touchscreen_settings(installed_once):
    pi = installed_once
    run = pi.run_program([str(pi.launcher)], FAKE_DISPLAY_MANAGER="inactive")
    assert run.returncode == 0, run.stderr
    app = started(pi)
    assert app["args"] == "--fullscreen"
    assert app["SDL_VIDEODRIVER"] == "kmsdrm" and app["KIVY_WINDOW"] == "sdl2"
    assert app["KIVY_HOME"] == str(pi.kivy_console.parent)
    assert app["DISPLAY"] == ""


def test_with_a_desktop_it_opens_on_its_display_with_the_mouse_settings(installed_once):
    pi = installed_once
    sockets = pi.root / "tmp" / ".X11-unix"
    sockets.mkdir(parents=True, exist_ok=True)
    display = socket.socket(socket.AF_UNIX)
    display.bind(str(sockets / "X0"))
    try:
        run = pi.run_program([str(pi.launcher)], FAKE_DISPLAY_MANAGER="active")
    finally:
        display.close()
        (sockets / "X0").unlink()
    assert run.returncode == 0, run.stderr
    app = started(pi)
    assert app["args"] == "--fullscreen"
    assert app["SDL_VIDEODRIVER"] == "x11" and app["DISPLAY"] == ":0"
    assert app["KIVY_HOME"] == str(pi.kivy_desktop.parent)


def test_with_a_desktop_but_no_session_it_fails_so_that_systemd_retries(installed_once):
    pi = installed_once
    run = pi.run_program([str(pi.launcher)], FAKE_DISPLAY_MANAGER="active", HANABI_DISPLAY_WAIT="0")
    assert run.returncode == 1
    assert "no desktop display" in run.stderr and "auto-login" in run.stderr
    assert started(pi) == {}


@pytest.mark.skipif(not shutil.which("shellcheck"), reason="shellcheck is not installed")
def test_launcher_is_shellcheck_clean(installed_once):
    result = subprocess.run(["shellcheck", str(installed_once.launcher)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout
