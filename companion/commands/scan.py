"""`hanabi-companion scan [--raw] [--json] IMAGE...`: the card tags in photos or scanned sheets.

One result per image, in order. With --json, one JSON object per line:
  {"file": ..., "cards": [{"card": "R1", "copy": 2}], "raw": [every decoded text],
   "rejected": [{"text": ..., "reason": ...}]}
(an unreadable file gets the same keys, empty, and "error"). With --deck DECK (a deck taught by
`hanabi-companion teach`) the card faces are read as well: a face gives {"card": "R1", "copy":
null}, as copies of a card look alike; a card already read by its tag is not repeated. With --raw every decoded text is
printed as it is, cards or not, without complaint. An unreadable file gets one error line and
the others still run; the exit status is 0 unless a file could not be read.
"""

from __future__ import annotations

import json
import os
import sys

# OpenCV's own ceiling on the pixels of an image it decodes, set before OpenCV is loaded: it
# catches the formats whose size read_image cannot see in the header (TIFF...).
os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", str(40_000_000))

from companion.i18n import _  # noqa: E402
from companion.words import card_name, message  # noqa: E402
from companion.rules.cards import parse_card  # noqa: E402
from companion.rules.variants import VARIANTS  # noqa: E402
from companion.scan.decoder import decode_image  # noqa: E402
from companion.scan.tag import parse_tag, shown  # noqa: E402
from hardware.camera.file_source import (MAX_IMAGE_PIXELS, read_image,  # noqa: E402
                                         too_big_to_read, too_many_pixels)


def add_parser(subparsers, name: str) -> None:
    parser = subparsers.add_parser(
        name, help="read the card tags in images",
        description="Reads the QR card tags in photos, camera frames or scanned sticker sheets.")
    parser.add_argument("images", nargs="+", metavar="IMAGE", help="image files (PNG, JPEG, ...)")
    parser.add_argument("--raw", action="store_true",
                        help="print every decoded QR text as it is, card or not")
    parser.add_argument("--json", action="store_true", help="one JSON object per image and line")
    parser.add_argument("--variant", choices=sorted(VARIANTS),
                        help="reject cards that are not in this deck (default: any deck)")
    parser.add_argument("--deck", metavar="DECK",
                        help="a deck taught with `hanabi-companion teach`: read card faces as well as tags")
    parser.set_defaults(run=run)


def scan_file(path: str, variant: str | None = None, faces=None) -> dict:
    """The result for one image: {"file", "cards", "raw", "rejected"} or with "error"."""
    result = {"file": path, "cards": [], "raw": [], "rejected": []}
    image = read_image(path, gray=faces is None)  # faces are read in colour, tags in grey
    if image is None:
        huge = too_many_pixels(path)
        if huge is not None:
            why = _("the image is {width}x{height} pixels, more than can be read safely (at most "
                    "{limit} million): scale it down first").format(
                width=huge.width, height=huge.height, limit=MAX_IMAGE_PIXELS // 1_000_000)
        elif not os.path.exists(path):
            why = _("no such file")
        elif os.path.isdir(path):
            why = _("it is a folder")
        elif too_big_to_read(path):
            why = _("the file is bigger than any photo of a table ({size} MB)").format(
                size=round(os.path.getsize(path) / 1e6))
        else:
            why = _("not an image that can be read")
        result["error"] = _("{file}: cannot be read: {why}").format(file=path, why=why)
        return result
    try:
        texts = decode_image(image)
    except MemoryError:
        result["error"] = _("{file}: the image is too big to decode in the memory "
                            "available").format(file=path)
        return result
    except Exception as err:  # a decoder failure on one odd image must not stop the others
        result["error"] = _("{file}: cannot be decoded: {error}").format(file=path, error=err)
        return result
    result["raw"] = texts
    for text in texts:
        read = parse_tag(text, variant)
        if read.ok:
            result["cards"].append({"card": str(read.card), "copy": read.copy})
        else:
            result["rejected"].append({"text": text, "reason": read.reason})
    if faces is not None:
        tagged = {item["card"] for item in result["cards"]}
        for name in faces.read(image, variant):
            if name not in tagged:
                result["cards"].append({"card": name, "copy": None})
    return result


def _print_text(result: dict, raw: bool) -> None:
    name = result["file"]
    if raw:
        for text in result["raw"]:
            print(f"{name}: {shown(text) if len(text) > 200 else text}")
    else:
        for item in result["cards"]:
            if item["copy"] is None:
                print(_("{file}: {card} {name} (by its face)").format(
                    file=name, card=item["card"], name=card_name(parse_card(item["card"]))))
                continue
            read = parse_tag(f"HNB:{item['card']}:{item['copy']}")
            print(_("{file}: {card}:{copy} {name} (copy {copy})").format(
                file=name, card=item["card"], copy=item["copy"], name=card_name(read.card)))
        for item in result["rejected"]:
            print(_("{file}: not a card: {reason}").format(file=name, reason=item["reason"]))
    if not result["raw"] and not result["cards"]:
        print(_("{file}: no code found").format(file=name))


def _face_reader(path: str):
    from companion.faces.deck_file import load_deck
    from companion.faces.reader import FaceReader

    return FaceReader(load_deck(path))


def run(args) -> int:
    status = 0
    faces = None
    if args.deck:
        from companion.faces.deck_file import DeckError
        try:
            faces = _face_reader(args.deck)
        except DeckError as err:
            print(message(err), file=sys.stderr)
            return 1
        except OSError as err:  # the face network missing or damaged: a broken install
            print(err, file=sys.stderr)
            return 1
    for path in args.images:
        result = scan_file(path, args.variant, faces)
        if "error" in result:
            status = 1
            print(result["error"], file=sys.stderr)
        if args.json:
            print(json.dumps(result, ensure_ascii=False), flush=True)
        elif "error" not in result:
            _print_text(result, args.raw)
        sys.stdout.flush()
    return status
