"""A huge image on the scan command line: refused (or, a JPEG, read smaller) before a pixel is
decoded, with one message, in little memory, and the other files are still read.

`write_noisy_png` makes the hard case: 20000 x 20000 pixels of noise in a file of about 1 MB
(1-bit grey, each row one of 4 rows of noise, so that it compresses)."""

from __future__ import annotations

import struct
import subprocess
import sys
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from hardware.camera.file_source import MAX_IMAGE_PIXELS, read_image, too_many_pixels
from hardware.camera.image_size import image_size

REPO = Path(__file__).resolve().parents[2]
MEMORY_LIMIT = 1 << 30  # the scan process's address space: decoding 20000 x 20000 needs more


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def write_noisy_png(path: Path, side: int = 20000, seed: int = 1) -> None:
    rng = np.random.default_rng(seed)
    row_bytes = (side + 7) // 8
    # 4 rows of noise fit in deflate's 32 kB window, so the file stays small
    pool = [b"\x00" + rng.integers(0, 256, row_bytes, dtype=np.uint8).tobytes() for _ in range(4)]
    packer = zlib.compressobj(9)
    data = b"".join(packer.compress(pool[rng.integers(0, 4)]) for _ in range(side))
    data += packer.flush()
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)  # 1-bit grey
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", data)
                     + _chunk(b"IEND", b""))


RUN_SCAN = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
from companion.cli import main
status = main(['scan'] + sys.argv[1:])
print('peak-rss-kb', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
sys.exit(status)
"""


def scan(*paths: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", RUN_SCAN.format(limit=MEMORY_LIMIT),
                           *map(str, paths)], cwd=REPO, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def noisy_png(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("huge") / "noisy.png"
    write_noisy_png(path)
    return path


def test_a_huge_noisy_png_gets_one_message_and_the_next_image_is_read(tmp_path, noisy_png,
                                                                      red1_frame):
    good = tmp_path / "good.png"
    cv2.imwrite(str(good), red1_frame)
    result = scan(noisy_png, good)
    assert "Traceback" not in result.stderr and "MemoryError" not in result.stderr
    assert result.returncode == 1, result.stderr  # one file could not be read
    print(*[line for line in result.stderr.splitlines() if line.startswith("peak-rss-kb")])
    messages = [line for line in result.stderr.splitlines() if not line.startswith("peak-rss-kb")]
    assert messages == [f"{noisy_png}: cannot be read: the image is 20000x20000 pixels, more than "
                        f"can be read safely (at most 40 million): scale it down first"]
    assert result.stdout.splitlines() == [f"{good}: R1:2 Red 1 (copy 2)"]


def test_a_big_jpeg_is_read_smaller_and_its_card_found(tmp_path, red1_frame):
    big = cv2.resize(red1_frame, (7600, 5700), interpolation=cv2.INTER_CUBIC)  # 43 million
    path = tmp_path / "big.jpg"
    cv2.imwrite(str(path), big, [cv2.IMWRITE_JPEG_QUALITY, 80])
    del big
    image = read_image(path, gray=True)
    assert image.shape == (5700 // 2, 7600 // 2) and image.size <= MAX_IMAGE_PIXELS
    assert too_many_pixels(path) is None
    result = scan(path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [f"{path}: R1:2 Red 1 (copy 2)"]


def test_the_size_is_read_from_the_header_of_every_common_format(tmp_path):
    image = np.zeros((37, 53, 3), np.uint8)
    for suffix in (".png", ".jpg", ".bmp", ".webp", ".ppm", ".pgm"):
        path = tmp_path / f"x{suffix}"
        cv2.imwrite(str(path), image if suffix != ".pgm" else image[:, :, 0])
        size = image_size(path.read_bytes())
        assert size is not None and (size.width, size.height) == (53, 37), suffix
    assert image_size(b"GIF89a" + struct.pack("<HH", 53, 37) + b"\0" * 10).width == 53
    assert image_size(b"not an image at all") is None
    assert image_size(b"\xff\xd8\xff\xe0\x00") is None  # a JPEG cut short


def test_a_colour_conversion_that_fails_is_no_traceback(tmp_path, monkeypatch):
    """With the memory gone, OpenCV's colour conversion raises cv2.error: one unreadable file."""
    import hardware.camera.file_source as file_source

    path = tmp_path / "grey.png"
    cv2.imwrite(str(path), np.zeros((40, 40), np.uint8))

    def no_memory(frame):
        raise cv2.error("Insufficient memory")

    monkeypatch.setattr(file_source, "as_bgr", no_memory)
    assert read_image(path) is None
