"""OpenCV, numpy, zbar and Picamera2 are imported only when the camera work needs them.

Each check runs in a fresh interpreter, where sys.modules shows what was imported.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HEAVY = ("cv2", "numpy", "pyzbar", "picamera2")

LOADED = """
import json, sys
def loaded():
    return [m for m in %r if m in sys.modules]
""" % (HEAVY,)


def run(code: str, tmp_path: Path) -> list:
    """The lines the code printed, each a JSON list of the heavy modules loaded at that point."""
    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1",
               KIVY_HOME=str(tmp_path / "kivy"), HANABI_COMPANION_DATA=str(tmp_path / "data"),
               HANABI_COMPANION_CONFIG=str(tmp_path / "config.toml"), GPIOZERO_PIN_FACTORY="mock")
    result = subprocess.run([sys.executable, "-c", LOADED + code], capture_output=True,
                            text=True, cwd=REPO, env=env, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_choosing_a_source_imports_only_what_it_needs(tmp_path):
    image = tmp_path / "table.png"
    lines = run(f"""
from hardware.camera.choose import make_source, open_camera
print(json.dumps(loaded()))
assert open_camera("none") is None
source = make_source("file", path={str(image)!r})
make_source("opencv", device=0)
print(json.dumps(loaded()))
import numpy, cv2
cv2.imwrite({str(image)!r}, numpy.zeros((8, 8, 3), numpy.uint8))
source.open()
print(json.dumps(loaded()))
""", tmp_path)
    assert lines[0] == [] and lines[1] == []  # none, a file, a webcam chosen: nothing heavy yet
    assert "cv2" in lines[2] and "picamera2" not in lines[2]


def test_the_app_starts_without_the_camera_libraries(tmp_path):
    """Configuration, store, session, panel and the App class: no OpenCV, numpy or zbar until
    the camera's own thread opens the camera."""
    frames = tmp_path / "frames"
    frames.mkdir()
    (tmp_path / "config.toml").write_text(f'[camera]\nsource = "file"\npath = "{frames}"\n')
    lines = run("""
import argparse
from companion.app.main import build_context
context = build_context(argparse.Namespace(config=None))
import companion.app.companion_app
print(json.dumps(loaded()))
source = context.camera_factory()
print(json.dumps(loaded()))
""", tmp_path)
    assert lines[0] == []
    assert lines[1] == []  # the file source is made, not opened: still nothing heavy
