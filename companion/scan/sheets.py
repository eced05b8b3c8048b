"""Printable sticker sheets (PDF, drawn with fpdf2) and single-tag PNGs.

A sheet holds one sticker per physical card of the chosen deck (50, 55 or 60), on A4 or Letter.
Each sticker is the tag's QR code with its 4-module quiet zone, the card written in plain text
under it, and a dashed cut line around it. The code is drawn as vector squares, so it prints
sharp at any printer resolution; print at actual size (no "fit to page").
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path

from companion.i18n import _
from companion.rules.cards import Card
from companion.words import card_name
from companion.rules.variants import Variant, get_variant
from companion.scan.qr import DEFAULT_STICKER_MM, QUIET_MODULES, label_mm, make_qr, qr_matrix, save_png
from companion.scan.tag import deck_tags, tag_text

PAGES = {"a4": ("A4", 210.0, 297.0), "letter": ("Letter", 215.9, 279.4)}
MIN_STICKER_MM = 15.0
MAX_STICKER_MM = 80.0
MARGIN_MM = 8.0
HEADER_MM = 8.0
GUTTER_MM = 3.0


class SheetError(Exception):
    """A sheet that cannot be made as asked; the message says why in plain words."""


@dataclass(frozen=True)
class Layout:
    page: str
    page_w: float
    page_h: float
    sticker_mm: float  # the code with its quiet zone
    label_mm: float  # the text strip under it
    cols: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def cell_w(self) -> float:
        return self.sticker_mm

    @property
    def cell_h(self) -> float:
        return self.sticker_mm + self.label_mm

    def origin(self, slot: int) -> tuple[float, float]:
        """Top-left corner (mm) of the sticker in `slot` (0-based) of a page, grid centred."""
        col, row = slot % self.cols, slot // self.cols
        used_w = self.cols * self.cell_w + (self.cols - 1) * GUTTER_MM
        left = (self.page_w - used_w) / 2
        top = MARGIN_MM + HEADER_MM
        return left + col * (self.cell_w + GUTTER_MM), top + row * (self.cell_h + GUTTER_MM)


def make_layout(page: str = "a4", sticker_mm: float = DEFAULT_STICKER_MM) -> Layout:
    key = str(page).lower()
    if key not in PAGES:
        raise SheetError(_("unknown page size {page!r}: use A4 or Letter").format(page=page))
    if not (isinstance(sticker_mm, (int, float)) and math.isfinite(sticker_mm)
            and MIN_STICKER_MM <= sticker_mm <= MAX_STICKER_MM):
        raise SheetError(_("the sticker size must be between {low:g} and {high:g} mm, not {size}")
                         .format(low=MIN_STICKER_MM, high=MAX_STICKER_MM, size=sticker_mm))
    name, w, h = PAGES[key]
    label = label_mm(sticker_mm)
    cols = int((w - 2 * MARGIN_MM + GUTTER_MM) // (sticker_mm + GUTTER_MM))
    rows = int((h - 2 * MARGIN_MM - HEADER_MM + GUTTER_MM) // (sticker_mm + label + GUTTER_MM))
    if cols < 1 or rows < 1:
        raise SheetError(_("a {size:g} mm sticker does not fit on a {page} page")
                         .format(size=sticker_mm, page=name))
    return Layout(name, w, h, float(sticker_mm), label, cols, rows)


def sticker_label(card: Card, copy: int, count: int) -> str:
    """The plain text under a code: "Red 1 · 2/3" in the current language."""
    return f"{card_name(card)} \u00b7 {copy}/{count}"


def _variant(variant: Variant | str) -> Variant:
    deck = variant if isinstance(variant, Variant) else get_variant(variant)
    if deck is None:
        from companion.rules.variants import VARIANTS

        raise SheetError(_("unknown variant {variant!r}; known: {known}")
                         .format(variant=variant, known=", ".join(VARIANTS)))
    return deck


def _draw_code(pdf, text: str, x: float, y: float, side: float) -> None:
    """The QR code with its quiet zone in the square (x, y, side): one filled vector path."""
    matrix = qr_matrix(text)
    n = matrix.shape[0] + 2 * QUIET_MODULES
    module = side / n
    from fpdf.enums import PathPaintRule

    with pdf.new_path(paint_rule=PathPaintRule.FILL_NONZERO) as path:
        path.style.fill_color = "#000000"
        for r, row in enumerate(matrix):
            c = 0
            while c < len(row):
                if not row[c]:
                    c += 1
                    continue
                start = c
                while c < len(row) and row[c]:
                    c += 1
                path.rectangle(x + (start + QUIET_MODULES) * module, y + (r + QUIET_MODULES) * module,
                               (c - start) * module, module)


def write_sheet(variant: Variant | str, path: str | os.PathLike, page: str = "a4",
                sticker_mm: float = DEFAULT_STICKER_MM) -> dict:
    """Writes the PDF sheet of every card of the variant; returns what it holds.

    {"path", "variant", "stickers", "pages", "per_page", "sticker_mm", "page"}
    """
    from fpdf import FPDF

    deck = _variant(variant)
    lay = make_layout(page, sticker_mm)
    tags = deck_tags(deck)
    pages = math.ceil(len(tags) / lay.per_page)
    pdf = FPDF(orientation="P", unit="mm", format=lay.page)
    pdf.set_auto_page_break(False)
    pdf.set_creator("hanabi-companion")
    pdf.set_title(_("Hanabi card tags"))
    from companion.words import variant_name

    for p in range(pages):
        pdf.add_page()
        pdf.set_font("Helvetica", size=9)
        pdf.set_text_color(90, 90, 90)
        header = _("Hanabi Table Companion - {variant} deck, {count} stickers - page {page} of "
                   "{pages} - print at actual size (100%)").format(
            variant=variant_name(deck.name), count=len(tags), page=p + 1, pages=pages)
        pdf.text(MARGIN_MM, MARGIN_MM + 3, _latin1(header))
        chunk = tags[p * lay.per_page:(p + 1) * lay.per_page]
        for slot, (card, copy) in enumerate(chunk):
            x, y = lay.origin(slot)
            _draw_code(pdf, tag_text(card, copy), x, y, lay.sticker_mm)
            label = sticker_label(card, copy, deck.copies(card))
            size_pt = lay.label_mm * 0.55 / 0.3528
            pdf.set_font("Helvetica", style="B", size=size_pt)
            pdf.set_text_color(20, 20, 20)
            text = _latin1(label)
            tw = pdf.get_string_width(text)
            pdf.text(x + (lay.cell_w - tw) / 2, y + lay.sticker_mm + lay.label_mm * 0.62, text)
            _cut_line(pdf, x, y, lay.cell_w, lay.cell_h)
    out = Path(path)
    try:
        pdf.output(str(out))
    except OSError as err:
        raise SheetError(_("cannot write {path}: {error}").format(
            path=out, error=err.strerror or err)) from None
    return {"path": str(out), "variant": deck.name, "stickers": len(tags), "pages": pages,
            "per_page": lay.per_page, "sticker_mm": lay.sticker_mm, "page": lay.page}


def _cut_line(pdf, x: float, y: float, w: float, h: float) -> None:
    pdf.set_draw_color(160, 160, 160)
    pdf.set_line_width(0.15)
    pdf.set_dash_pattern(dash=1.2, gap=1.0)
    pdf.rect(x, y, w, h)
    pdf.set_dash_pattern()


def _latin1(text: str) -> str:
    """The PDF's core fonts cover Latin-1; anything else is replaced rather than failing."""
    return text.encode("latin-1", errors="replace").decode("latin-1")


def write_pngs(variant: Variant | str, folder: str | os.PathLike, scale: int = 10,
               cards: list[tuple[Card, int]] | None = None) -> list[Path]:
    """One PNG per tag (R1-2.png ...), each with its quiet zone; returns the paths."""
    deck = _variant(variant)
    if not 1 <= int(scale) <= 100:
        raise SheetError(_("the PNG scale must be between 1 and 100 pixels per module"))
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise SheetError(_("cannot create {path}: {error}").format(
            path=folder, error=err.strerror or err)) from None
    paths = []
    for card, copy in cards if cards is not None else deck_tags(deck):
        path = folder / f"{card}-{copy}.png"
        try:
            save_png(tag_text(card, copy), path, scale=int(scale))
        except OSError as err:
            raise SheetError(_("cannot write {path}: {error}").format(
                path=path, error=err.strerror or err)) from None
        paths.append(path)
    return paths


__all__ = ["SheetError", "Layout", "make_layout", "write_sheet", "write_pngs", "sticker_label",
           "make_qr"]
