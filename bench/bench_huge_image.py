"""A huge image on the scan command line: time and peak memory, beside decoding it whole.

    python bench/bench_huge_image.py [--side 20000]

The image is a noisy SIDE x SIDE PNG of a few MB (tests/scan/test_scan_huge_image.py makes it),
followed on the command line by an ordinary photo of a tagged card. Each figure comes from a
fresh process: its wall time and its peak resident memory (ru_maxrss).

- baseline: what reading it whole costs: OpenCV decodes every pixel into a colour image, then
  the still-image decoder reads it (what `scan` did before it looked at the header first);
- scan: `hanabi-companion scan HUGE.png CARD.png` as it is now;
- card only: `hanabi-companion scan CARD.png`, the floor: what the huge image adds is the rest.

A benchmark, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # this checkout's companion, not whichever one is installed

PEAK = "import resource, sys; print('peak', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)"

WHOLE = """
import sys, cv2, numpy as np
from companion.scan.decoder import decode_image
from hardware.camera.base import as_bgr
for path in sys.argv[1:]:
    image = as_bgr(cv2.imdecode(np.fromfile(path, np.uint8), cv2.IMREAD_UNCHANGED))
    print(path, decode_image(image))
""" + PEAK

SCAN = """
import sys
from companion.cli import main
status = main(['scan'] + sys.argv[1:])
""" + PEAK + "\nsys.exit(status)\n"


def run(code: str, *paths: Path) -> tuple[float, float, str]:
    """(seconds, peak MB, the last line it printed) of `code` in a fresh process."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, *map(str, paths)], cwd=REPO,
                          capture_output=True, text=True)
    seconds = time.perf_counter() - started
    peak = [line for line in done.stderr.splitlines() if line.startswith("peak ")]
    mb = int(peak[-1].split()[1]) / 1024 if peak else float("nan")
    said = (done.stdout + done.stderr).strip().splitlines()
    return seconds, mb, f"exit {done.returncode}: " + " | ".join(
        line[:90] for line in said if not line.startswith("peak "))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", type=int, default=20000, help="the huge image's side in pixels")
    args = parser.parse_args()
    spec = importlib.util.spec_from_file_location(
        "huge_image_test", REPO / "tests" / "scan" / "test_scan_huge_image.py")
    maker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(maker)

    import cv2

    from companion.demo import synth
    from companion.rules.cards import Card

    with tempfile.TemporaryDirectory() as folder:
        huge, card = Path(folder) / "noisy.png", Path(folder) / "card.png"
        maker.write_noisy_png(huge, side=args.side)
        cv2.imwrite(str(card), synth.render_frame(
            [(Card("R", 1), 2)], (640, 480), seed=3,
            conditions={"blur": 0.3, "motion": 0.0, "glare": 0.0, "jpeg": 85},
            placements=[synth.Placement(0.5, 0.5, 0.3, 20, 10, 0)]))
        print(f"{args.side}x{args.side} noisy PNG, {huge.stat().st_size / 1e6:.1f} MB on disk, "
              f"then a photo of a card")
        print(f"{'':10} {'seconds':>8} {'peak MB':>8}  outcome")
        for name, code, paths in (("baseline", WHOLE, (huge, card)), ("scan", SCAN, (huge, card)),
                                  ("card only", SCAN, (card,))):
            seconds, mb, said = run(code, *paths)
            print(f"{name:10} {seconds:8.2f} {mb:8.0f}  {said}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
