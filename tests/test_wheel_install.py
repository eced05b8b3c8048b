"""The built wheel is the whole app: installed into a fresh venv outside the checkout, it
renders a snapshot of a real game (kv layouts, catalogs, sounds and data files included).

Builds the wheel with pip in an isolated build (setuptools from the package index); about 5 s
here. Deselect with `-m "not wheel"`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import cv2
import pytest

pytestmark = [pytest.mark.wheel, pytest.mark.ui]

REPO = Path(__file__).resolve().parents[1]
GAME = REPO / "tests" / "fixtures" / "real-games" / "hanabi-live__no_variant.json"
DATA_SUFFIXES = {".kv", ".po", ".wav", ".json", ".onnx"}
SOURCES = ("pyproject.toml", "README.md", "companion", "hardware", "kv")


def run(cmd: list, **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kwargs)
    assert result.returncode == 0, (cmd, result.stdout[-2000:], result.stderr[-4000:])
    return result


def expected_files() -> set[str]:
    """What the wheel must carry: every module of the two packages and every data file the app
    reads, with kv/ under companion/kv/."""
    found = {p.relative_to(REPO).as_posix()
             for package in ("companion", "hardware") for p in (REPO / package).rglob("*")
             if p.is_file() and (p.suffix == ".py" or p.suffix in DATA_SUFFIXES)
             and "__pycache__" not in p.parts}
    found |= {f"companion/kv/{p.name}" for p in (REPO / "kv").glob("*.kv")}
    return found


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """Built from a clean copy of the sources: setuptools packs whatever an earlier build left
    in build/, which would hide a file the configuration forgets."""
    source = tmp_path_factory.mktemp("source")
    for name in SOURCES:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            shutil.copy2(REPO / name, source / name)
    out = tmp_path_factory.mktemp("wheel")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", out, source],
        timeout=300)
    [built] = out.glob("hanabi_companion-*.whl")
    return built


def test_the_wheel_carries_every_module_and_data_file(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = sorted(expected_files() - names)
    assert missing == []


def test_installed_from_the_wheel_the_app_renders_a_real_game(wheel, tmp_path):
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", venv], timeout=120)
    python = venv / "bin" / "python"
    # The dependencies (Kivy, OpenCV...) come from this environment through a .pth file; the
    # package itself only from the wheel.
    site = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"])
                .stdout.strip())
    (site / "dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--quiet",
         wheel], timeout=300)

    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_HOME=str(tmp_path / "kivy"))
    if not env.get("DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "offscreen")
    where = run([python, "-c", "import companion; print(companion.__file__)"], cwd=tmp_path,
                env=env).stdout.strip()
    assert Path(where).is_relative_to(venv), where

    game = tmp_path / "game.json"  # the fixture holds the log beside where it came from
    game.write_text(json.dumps(json.loads(GAME.read_text(encoding="utf-8"))["log"]))
    for screen in ("table", "end"):
        out = tmp_path / f"{screen}.png"
        result = run([venv / "bin" / "hanabi-companion", "snapshot", game, "--out", out,
                      "--screen", screen, "--lang", "it"], cwd=tmp_path, env=env, timeout=120)
        assert result.stdout.strip() == str(out)
        picture = cv2.imread(str(out))
        assert picture is not None and picture.shape[:2] == (480, 800), out
        colours = {tuple(p) for p in picture.reshape(-1, 3)[::97]}
        assert len(colours) > 20, f"{out} looks blank"
