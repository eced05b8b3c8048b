"""Real photos of QR codes (tests/fixtures/qr-photos): what `scan --raw` reads beside zxing-cpp.

Each photo has a .txt beside it with the text its code holds. A photo counts as read when that
text is among the texts decoded; a text decoded that is not the expected one counts as wrong.
Texts are compared with line ends and a trailing slash set aside: a few of the .txt files write
a line break as "\n" and drop a final "/" where the code itself holds "\r\n" and the "/".
"""

from __future__ import annotations

import time
from pathlib import Path

from companion.commands.scan import scan_file
from hardware.camera.file_source import IMAGE_SUFFIXES, read_image

PHOTOS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "qr-photos"


def photos(folder: Path = PHOTOS) -> list[tuple[Path, str]]:
    """(image, expected text) for every image of the folder that has its .txt."""
    out = []
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() in IMAGE_SUFFIXES and path.with_suffix(".txt").exists():
            out.append((path, path.with_suffix(".txt").read_text(encoding="utf-8")))
    return out


def same_text(a: str, b: str) -> bool:
    def norm(t: str) -> str:
        return t.replace("\r\n", "\n").rstrip("/\n ")

    return norm(a) == norm(b)


def zxing_texts(image) -> list[str]:
    import zxingcpp

    return [r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]


def compare(folder: Path = PHOTOS) -> dict:
    """name -> {"read", "wrong", "ms"} for `scan --raw` and, if installed, zxing-cpp."""
    readers = {"scan --raw": lambda path, image: scan_file(str(path))["raw"]}
    try:
        import zxingcpp  # noqa: F401

        readers["zxing-cpp (reference)"] = lambda path, image: zxing_texts(image)
    except ImportError:
        pass
    items = photos(folder)
    results = {name: {"read": 0, "wrong": 0, "seconds": 0.0, "photos": len(items)} for name in readers}
    for path, want in items:
        image = read_image(path)
        for name, read in readers.items():
            start = time.perf_counter()
            texts = read(path, image)
            results[name]["seconds"] += time.perf_counter() - start
            results[name]["read"] += any(same_text(text, want) for text in texts)
            results[name]["wrong"] += sum(not same_text(text, want) for text in texts)
    for r in results.values():
        r["ms"] = 1000 * r["seconds"] / max(1, r["photos"])
    return results
