"""setup_pi.sh --uninstall: the service and the environment go, the game history stays."""

from __future__ import annotations


def with_history(pi):
    pi.history.mkdir(parents=True, exist_ok=True)
    (pi.history / "companion.sqlite3").write_bytes(b"SQLite format 3\0 games")
    return pi


def test_uninstall_removes_service_and_environment_but_keeps_the_history(installed_pi):
    pi = with_history(installed_pi)
    run = pi.run("--uninstall")
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.changing_calls == ["systemctl disable --now hanabi-companion.service",
                                  "systemctl daemon-reload"]
    assert not pi.unit.exists() and not pi.app_dir.exists() and not pi.kivy_console.exists()
    assert not (pi.root / "usr" / "local" / "bin" / "hanabi-companion").is_symlink()
    assert (pi.history / "companion.sqlite3").read_bytes() == b"SQLite format 3\0 games"
    assert "kept in" in run.stdout and "--purge-history" in run.stdout
    # A second uninstall finds nothing to do and says so.
    again = pi.run("--uninstall")
    assert again.returncode == 0 and again.changing_calls == []
    assert "Nothing to change" in again.stdout
    assert (pi.history / "companion.sqlite3").exists()


def test_purge_history_deletes_the_history_too(installed_pi):
    pi = with_history(installed_pi)
    run = pi.run("--uninstall", "--purge-history")
    assert run.returncode == 0, run.stdout + run.stderr
    assert not pi.history.exists()
    assert "delete the game history" in run.stdout


def test_uninstall_dry_run_removes_nothing(installed_once, snapshot):
    pi = with_history(installed_once)
    before = snapshot(pi.root)
    run = pi.run("--uninstall", "--purge-history", "--dry-run")
    assert run.returncode == 0 and run.changing_calls == []
    assert snapshot(pi.root) == before
    assert "would run: systemctl disable --now hanabi-companion.service" in run.stdout
    assert f"would run: rm -rf {pi.history}" in run.stdout


def test_uninstall_needs_administrator_rights(installed_once):
    run = installed_once.run("--uninstall", FAKE_UID="1000", SUDO_USER=None)
    assert run.returncode == 1 and "sudo" in run.stderr
    assert installed_once.unit.exists() and run.changing_calls == []
