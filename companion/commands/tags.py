"""`hanabi-companion tags`: print-ready sticker sheets (PDF) and single-tag PNGs.

  hanabi-companion tags                                  hanabi-tags-classic.pdf, A4, 32 mm codes
  hanabi-companion tags --variant multicolor --page letter --size 28 --out deck.pdf
  hanabi-companion tags --png tags/                      one PNG per card of the deck
  hanabi-companion tags --png tags/ --card R1:2 --card M5:1
"""

from __future__ import annotations

import sys

from companion.i18n import _
from companion.rules.variants import VARIANTS
from companion.scan.qr import DEFAULT_STICKER_MM
from companion.scan.sheets import MAX_STICKER_MM, MIN_STICKER_MM, SheetError, write_pngs, write_sheet
from companion.scan.tag import parse_tag


def add_parser(subparsers, name: str) -> None:
    parser = subparsers.add_parser(
        name, help="printable sticker sheets of card tags (PDF) and single-tag PNGs",
        description="Writes a print-ready PDF with one QR sticker per card of the deck (each with "
                    "its quiet zone, the card in plain text and a cut line), or PNGs of single tags.")
    parser.add_argument("--variant", default="classic", choices=sorted(VARIANTS),
                        help="the deck (default: classic, 50 cards)")
    parser.add_argument("--page", default="a4", type=str.lower, choices=["a4", "letter"],
                        help="paper size (default: a4)")
    parser.add_argument("--size", type=float, default=DEFAULT_STICKER_MM, metavar="MM",
                        help=f"side of a code with its quiet zone, {MIN_STICKER_MM:g}-{MAX_STICKER_MM:g} mm "
                             f"(default: {DEFAULT_STICKER_MM:g}, for a 44x68 mm card)")
    parser.add_argument("--out", metavar="FILE.pdf",
                        help="the PDF to write (default: hanabi-tags-VARIANT.pdf)")
    parser.add_argument("--png", metavar="FOLDER",
                        help="write one PNG per tag into FOLDER instead of a PDF")
    parser.add_argument("--card", action="append", default=[], metavar="CARD:COPY",
                        help="with --png: only this tag, e.g. R1:2 (repeat for more)")
    parser.add_argument("--scale", type=int, default=10, metavar="PX",
                        help="with --png: pixels per module (default: 10)")
    parser.set_defaults(run=run)


def _chosen_cards(specs: list[str], variant: str):
    chosen = []
    for spec in specs:
        read = parse_tag(f"HNB:{spec.strip().upper()}", variant)
        if not read.ok:
            raise SheetError(_("--card {spec}: {reason}").format(spec=spec, reason=read.reason))
        chosen.append((read.card, read.copy))
    return chosen


def run(args) -> int:
    try:
        if args.png:
            cards = _chosen_cards(args.card, args.variant) if args.card else None
            paths = write_pngs(args.variant, args.png, scale=args.scale, cards=cards)
            print(_("{count} tag images written to {folder}").format(count=len(paths), folder=args.png))
            return 0
        if args.card:
            raise SheetError(_("--card works with --png; a sheet always holds the whole deck"))
        out = args.out or f"hanabi-tags-{args.variant}.pdf"
        info = write_sheet(args.variant, out, page=args.page, sticker_mm=args.size)
    except SheetError as err:
        print(_("hanabi-companion tags: {error}").format(error=err), file=sys.stderr)
        return 1
    from companion.words import variant_name

    print(_("{path}: {stickers} stickers of the {variant} deck on {pages} {page} page(s), "
            "{size:g} mm codes; print at actual size").format(
        path=info["path"], stickers=info["stickers"], variant=variant_name(info["variant"]),
        pages=info["pages"], page=info["page"], size=info["sticker_mm"]))
    return 0
