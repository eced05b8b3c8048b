"""setup_pi.sh on a pretend Raspberry Pi: the steps it takes, and that a second run takes none."""

from __future__ import annotations

import configparser

PI_PACKAGES = {"libzbar0", "python3-picamera2", "python3-lgpio", "python3-venv", "libgl1", "libegl1",
               "libegl-mesa0", "libgles2", "libgbm1", "libdrm2", "libgl1-mesa-dri", "libmtdev1"}
GROUPS = {"video", "render", "input", "gpio", "audio"}


def read_ini(path) -> configparser.RawConfigParser:
    cfg = configparser.RawConfigParser()
    assert cfg.read(path), f"{path} is missing"
    return cfg


# ---- one install, looked at from several sides ------------------------------------------------

def test_first_run_installs_packages_groups_environment_and_service(installed_once):
    pi, calls = installed_once, installed_once.first_run.calls
    # System packages: only the missing ones (python3 was there), after an apt-get update.
    install = [c for c in calls if c.startswith("apt-get install")]
    assert len(install) == 1 and calls.index("apt-get update") < calls.index(install[0])
    assert install[0].startswith("apt-get install -y --no-install-recommends ")
    assert set(install[0].split()[4:]) == PI_PACKAGES
    # Groups for camera, display, touchscreen, GPIO and sound.
    assert "usermod -aG video,render,input,gpio,audio pi" in calls
    # A venv that sees the OS's Picamera2 / libcamera / lgpio, created by the app's user.
    venv = pi.app_dir / "venv"
    assert f"runuser -u pi -- python3 -m venv --system-site-packages {venv}" in calls
    assert "include-system-site-packages = true" in (venv / "pyvenv.cfg").read_text()
    # The project installed editable from this checkout, by the app's user.
    assert (f"runuser -u pi -- {venv}/bin/python -m pip install --disable-pip-version-check "
            f"-e {pi.repo}") in calls
    # The unit written, systemd reloaded, the service enabled, then (re)started.
    assert (calls.index("systemctl daemon-reload")
            < calls.index("systemctl enable hanabi-companion.service")
            < calls.index("systemctl restart hanabi-companion.service"))
    out = pi.first_run.stdout
    assert "Done: 9 step(s) changed this system." in out
    assert "starts by itself at every boot" in out
    assert "pi was added to new groups" in out


def test_service_starts_the_app_full_screen_at_boot_and_logs_to_the_journal(installed_once):
    pi = installed_once
    lines = set(pi.unit.read_text().splitlines())
    for expected in ("User=pi", f"ExecStart={pi.launcher}", "Restart=on-failure",
                     "StandardOutput=journal", "StandardError=journal",
                     "Environment=GPIOZERO_PIN_FACTORY=lgpio",
                     "WantedBy=multi-user.target"):  # Lite never reaches graphical.target
        assert expected in lines, expected
    after = next(line for line in lines if line.startswith("After="))
    assert "display-manager.service" in after and "graphical.target" not in after
    assert pi.launcher.stat().st_mode & 0o111
    assert 'exec "$app" --fullscreen' in pi.launcher.read_text()
    # The app's command is on everyone's PATH, for history, export, tags...
    command = pi.root / "usr" / "local" / "bin" / "hanabi-companion"
    assert command.is_symlink()
    assert command.readlink() == pi.app_dir / "venv" / "bin" / "hanabi-companion"


def test_kivy_input_keeps_one_source_of_touches(installed_once):
    pi = installed_once
    # Desktop session: the window system already turns touches into mouse events.
    assert dict(read_ini(pi.kivy_desktop).items("input")) == {"mouse": "mouse,multitouch_on_demand"}
    # No desktop (KMS/DRM): the touchscreen device read once, no mouse provider, no cursor.
    console = read_ini(pi.kivy_console)
    assert dict(console.items("input")) == {"%(name)s": "probesysfs,provider=hidinput"}
    assert console.get("graphics", "show_cursor") == "0"
    # Complete files written by Kivy itself: Kivy needs every default to start.
    for cfg in (read_ini(pi.kivy_desktop), console):
        assert cfg.get("kivy", "config_version") and cfg.has_option("graphics", "width")


def test_camera_panel_logs_and_history_are_reported(installed_once):
    out = installed_once.first_run.stdout
    assert "found 1 camera(s) with rpicam-hello:" in out and "imx708" in out
    assert "Picamera2 can be used by the app" in out
    assert "/dev/gpiochip0 (pinctrl-bcm2711): the 40-pin header" in out
    assert "hardware/WIRING.md" in out
    assert "lgpio can be used by the app" in out
    assert "journalctl -u hanabi-companion" in out
    assert f"{installed_once.history}/companion.sqlite3" in out


# ---- idempotence and dry run --------------------------------------------------------------------

def test_second_run_changes_nothing_and_says_so(installed_pi, snapshot):
    pi = installed_pi
    before = {p: snapshot(p) for p in (pi.root / "etc", pi.app_dir, pi.home)}
    run = pi.run()
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.changing_calls == []
    assert "Nothing to change: the Hanabi Table Companion is installed and up to date." in run.stdout
    assert "doing:" not in run.stdout
    assert {p: snapshot(p) for p in before} == before
    # A dry run now has nothing to announce either.
    dry = pi.run("--dry-run")
    assert dry.changing_calls == [] and "would" not in dry.stdout and "Nothing to change" in dry.stdout


def test_dry_run_prints_every_step_and_changes_nothing(pi, snapshot):
    before = snapshot(pi.root)
    run = pi.run("--dry-run", FAKE_UID="1000", SUDO_USER=None)  # no sudo needed
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.changing_calls == []
    assert snapshot(pi.root) == before
    for expected in ("would run: apt-get update",
                     "would run: apt-get install -y --no-install-recommends python3-venv libzbar0",
                     "would run: usermod -aG video,render,input,gpio,audio pi",
                     "would run: python3 -m venv --system-site-packages",
                     f"-m pip install --disable-pip-version-check -e {pi.repo}",
                     "would: set [input] in",
                     f"would run: ln -sfn {pi.app_dir}/venv/bin/hanabi-companion",
                     f"would write {pi.launcher}:",
                     f"would write {pi.unit}:", "| Restart=on-failure",
                     "would run: systemctl daemon-reload",
                     "would run: systemctl enable hanabi-companion.service",
                     "would run: systemctl restart hanabi-companion.service"):
        assert expected in run.stdout, expected
    assert "Dry run: 9 step(s) would change this system; nothing was changed." in run.stdout


# ---- partial installs and updates ----------------------------------------------------------------

def test_only_missing_packages_and_groups_are_added(pi):
    (pi.state / "installed").write_text("\n".join(sorted(PI_PACKAGES - {"libzbar0"})) + "\npython3\n")
    (pi.state / "groups").write_text("video\ngpio\n")
    run = pi.run()
    assert run.returncode == 0, run.stdout + run.stderr
    assert [c for c in run.calls if c.startswith("apt-get install")] == [
        "apt-get install -y --no-install-recommends libzbar0"]
    assert "usermod -aG render,input,audio pi" in run.calls
    assert set(pi.groups()) == GROUPS


def test_kivy_default_input_is_replaced(pi, kivy_defaults):
    assert "%(name)s = probesysfs" in kivy_defaults  # Kivy's default: mouse and device both
    run = pi.run()
    assert run.returncode == 0, run.stdout + run.stderr
    assert dict(read_ini(pi.kivy_desktop).items("input")) == {"mouse": "mouse,multitouch_on_demand"}
    console = read_ini(pi.kivy_console)
    assert dict(console.items("input")) == {"%(name)s": "probesysfs,provider=hidinput"}
    assert console.get("graphics", "width") == read_ini(pi.kivy_desktop).get("graphics", "width")


def test_duplicate_touch_providers_are_removed_and_other_settings_kept(pi):
    pi.kivy_desktop.write_text(
        "[kivy]\nconfig_version = 27\nlog_level = debug\n\n[graphics]\nwidth = 1024\n\n"
        "[input]\nmouse = mouse\nmtdev_%(name)s = probesysfs,provider=mtdev\n"
        "hid_%(name)s = probesysfs,provider=hidinput\n")
    run = pi.run()
    assert run.returncode == 0, run.stdout + run.stderr
    cfg = read_ini(pi.kivy_desktop)
    assert dict(cfg.items("input")) == {"mouse": "mouse,multitouch_on_demand"}
    assert cfg.get("graphics", "width") == "1024" and cfg.get("kivy", "log_level") == "debug"


def test_each_part_is_repaired_or_updated_on_its_own(installed_pi):
    pi = installed_pi
    # A venv that cannot see the OS's packages (made by hand, or by an older script) is rebuilt.
    cfg = pi.app_dir / "venv" / "pyvenv.cfg"
    cfg.write_text(cfg.read_text().replace("= true", "= false"))
    run = pi.run()
    assert run.returncode == 0, run.stdout + run.stderr
    assert "recreate it" in run.stdout
    assert any(c.startswith("python3 -m venv --system-site-packages") for c in run.calls)
    assert "include-system-site-packages = true" in cfg.read_text()

    # After `git pull` only the project is reinstalled, then the app restarted.
    (pi.repo / "companion" / "rules.py").write_text("VERSION = 2\n")
    run = pi.run()
    assert run.returncode == 0, run.stdout + run.stderr
    assert "update the installed project" in run.stdout
    assert [c for c in run.changing_calls if not c.startswith("python -m pip")] == [
        "systemctl restart hanabi-companion.service"]
    assert any(c.startswith("python -m pip install --disable-pip-version-check -e") for c in run.calls)
    assert "Done: 1 step(s)" in run.stdout

    # A unit file changed by hand is put back, and systemd told.
    pi.unit.write_text(pi.unit.read_text().replace("Restart=on-failure", "Restart=no"))
    run = pi.run()
    assert run.returncode == 0
    assert "Restart=on-failure" in pi.unit.read_text()
    assert run.changing_calls == ["systemctl daemon-reload", "systemctl restart hanabi-companion.service"]


def test_a_failing_step_stops_with_a_clear_message_and_a_rerun_finishes(pi):
    run = pi.run(FAKE_FAIL="apt-get install")
    assert run.returncode != 0
    assert 'the step "System packages" failed' in run.stderr
    assert "run setup_pi.sh again" in run.stderr
    assert not [c for c in run.calls if c.startswith(("usermod", "python3 -m venv", "systemctl"))]
    again = pi.run()
    assert again.returncode == 0
    assert set(pi.groups()) == GROUPS and pi.unit.exists()


# ---- what the checks at the end report ------------------------------------------------------------

def test_checks_report_what_is_there_and_what_is_missing(installed_pi):
    pi = installed_pi
    # A touchscreen (as udev sees it) and a desktop without auto-login.
    event = pi.root / "sys" / "class" / "input" / "event3"
    (event / "device").mkdir(parents=True)
    (event / "device" / "name").write_text("10-0038 generic ft5x06 (79)\n")
    (pi.root / "run" / "udev" / "data").mkdir(parents=True)
    (pi.root / "run" / "udev" / "data" / "c13:67").write_text("E:ID_INPUT=1\nE:ID_INPUT_TOUCHSCREEN=1\n")
    run = pi.run(FAKE_DEFAULT_TARGET="graphical.target")
    assert "touchscreen: 10-0038 generic ft5x06 (79)" in run.stdout
    assert "desktop: the app opens full screen" in run.stdout
    assert "Desktop Autologin" in run.stdout  # the app would wait for someone to log in

    # Auto-login set; no camera, no GPIO chip, and a venv that cannot import the OS's modules.
    lightdm = pi.root / "etc" / "lightdm" / "lightdm.conf"
    lightdm.parent.mkdir(parents=True)
    lightdm.write_text("[Seat:*]\nautologin-user=pi\n")
    (pi.root / "dev" / "gpiochip0").unlink()
    run = pi.run(FAKE_DEFAULT_TARGET="graphical.target", FAKE_CAMERAS="", FAKE_SYSTEM_MODULES="")
    assert run.returncode == 0 and run.changing_calls == []
    assert "Desktop Autologin" not in run.stdout
    assert "no camera found by rpicam-hello" in run.stdout
    assert "Picamera2 cannot be imported in the app's environment: ModuleNotFoundError" in run.stdout
    assert "no GPIO chip (/dev/gpiochip*) found" in run.stdout
    assert "lgpio cannot be imported" in run.stdout


def test_unreadable_kivy_settings_stop_with_a_message(pi):
    pi.kivy_desktop.write_text("this is not a settings file\n")
    run = pi.run()
    assert run.returncode == 1
    assert "could not read Kivy's settings" in run.stderr and "Traceback" not in run.stderr
    assert pi.kivy_desktop.read_text() == "this is not a settings file\n"
    assert not pi.unit.exists()
