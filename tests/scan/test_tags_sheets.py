"""`hanabi-companion tags`: the printed sheet reads back completely through `scan`."""

from __future__ import annotations

import json
import shutil
import subprocess

import numpy as np
import pytest
from pyzbar import pyzbar

from companion.cli import main
from companion.scan.sheets import SheetError, make_layout, write_sheet
from companion.scan.tag import deck_tags, tag_text

needs_poppler = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                   reason="pdftoppm (poppler-utils) missing")


def rasterise(pdf, folder, dpi=150) -> list:
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(pdf), str(folder / "page")], check=True)
    return sorted(folder.glob("page-*.png"))


def pdf_pages(pdf) -> list[str]:
    out = subprocess.run(["pdfinfo", "-f", "1", "-l", "99", str(pdf)], capture_output=True,
                         text=True, check=True).stdout
    return [line for line in out.splitlines() if line.startswith("Page") and "size" in line]


@needs_poppler
@pytest.mark.parametrize("variant, page, size, pages, paper", [
    ("classic", "a4", None, 2, "A4"),
    ("multicolor-short", "letter", "25", 1, "letter"),
])
def test_printed_sheet_decodes_back_completely(tmp_path, capsys, variant, page, size, pages, paper):
    pdf = tmp_path / "sheet.pdf"
    argv = ["tags", "--variant", variant, "--page", page, "--out", str(pdf)]
    if size:
        argv += ["--size", size]
    assert main(argv) == 0
    assert f"{len(deck_tags(variant))} stickers" in capsys.readouterr().out
    sizes = pdf_pages(pdf)
    assert len(sizes) == pages and all(paper in s for s in sizes)

    images = rasterise(pdf, tmp_path)
    assert len(images) == pages
    assert main(["scan", "--json", *map(str, images)]) == 0
    lines = capsys.readouterr().out.splitlines()
    results = [json.loads(line) for line in lines]
    assert [r["file"] for r in results] == [str(p) for p in images]
    read = [(c["card"], c["copy"]) for r in results for c in r["cards"]]
    expected = [(str(card), copy) for card, copy in deck_tags(variant)]
    assert sorted(read) == sorted(expected)  # every sticker once, nothing else
    assert all(not r["rejected"] for r in results)
    assert sorted(t for r in results for t in r["raw"]) == sorted(tag_text(c, k) for c, k in deck_tags(variant))


def test_single_tag_pngs_are_full_qr_codes(tmp_path, capsys):
    import cv2

    assert main(["tags", "--png", str(tmp_path), "--card", "R1:2", "--card", "m5:1",
                 "--variant", "multicolor"]) == 0
    assert "2 tag images" in capsys.readouterr().out
    for name, text in (("R1-2.png", "HNB:R1:2"), ("M5-1.png", "HNB:M5:1")):
        image = cv2.imread(str(tmp_path / name), cv2.IMREAD_GRAYSCALE)
        assert image is not None
        # the quiet zone: a 4-module white border (10 px per module by default)
        assert image[:40, :].min() == 255 and image[:, :40].min() == 255
        results = pyzbar.decode(image)
        assert [(r.type, r.data.decode()) for r in results] == [("QRCODE", text)]


def test_whole_deck_as_pngs(tmp_path, capsys):
    assert main(["tags", "--png", str(tmp_path / "deck"), "--scale", "3"]) == 0
    assert len(list((tmp_path / "deck").glob("*.png"))) == 50


@pytest.mark.parametrize("argv, words", [
    (["--size", "5"], "between 15 and 80 mm"),
    (["--size", "nan"], "between 15 and 80 mm"),
    (["--png", "DIR", "--card", "R6:1"], "R6 is not a Hanabi card"),
    (["--png", "DIR", "--card", "M1:1"], "not in the"),
    (["--png", "DIR", "--card", "R1:4"], "no copy 4"),
    (["--card", "R1:1"], "--card works with --png"),
    (["--png", "DIR", "--scale", "0"], "between 1 and 100 pixels per module"),
])
def test_bad_requests_get_one_clear_line(tmp_path, capsys, argv, words):
    argv = [a.replace("DIR", str(tmp_path / "pngs")) for a in argv]
    assert main(["tags", "--out", str(tmp_path / "x.pdf"), *argv]) == 1
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x.pdf").exists()
    assert not (tmp_path / "pngs").exists()  # a refused request leaves nothing behind


def test_unwritable_output_is_a_clear_error(tmp_path, capsys):
    target = tmp_path / "missing-folder" / "sheet.pdf"
    assert main(["tags", "--out", str(target)]) == 1
    err = capsys.readouterr().err
    assert "cannot write" in err and "Traceback" not in err


def test_layout_fits_the_page_and_the_deck():
    lay = make_layout("a4", 36)
    assert lay.per_page == 30
    x, y = lay.origin(lay.per_page - 1)
    assert x + lay.cell_w <= lay.page_w - 5 and y + lay.cell_h <= lay.page_h - 5
    with pytest.raises(SheetError):
        make_layout("a3", 36)
    with pytest.raises(SheetError):
        write_sheet("no-such-variant", "x.pdf")


@needs_poppler
def test_stickers_have_their_quiet_zone_and_label(tmp_path):
    """Rendered at 300 dpi, the square around each code is white for 4 modules."""
    import cv2

    pdf = tmp_path / "s.pdf"
    write_sheet("classic", pdf, "a4", 36)
    subprocess.run(["pdftoppm", "-r", "300", "-f", "1", "-l", "1", "-gray", "-png", str(pdf),
                    str(tmp_path / "p")], check=True)
    page = cv2.imread(str(next(tmp_path.glob("p-*.png"))), cv2.IMREAD_GRAYSCALE)
    lay = make_layout("a4", 36)
    px = 300 / 25.4
    x, y = lay.origin(0)
    sticker = page[int(y * px):int((y + 36) * px), int(x * px):int((x + 36) * px)]
    module = 36 * px / 29
    inner = int(4 * module) - 3
    ring = np.concatenate([sticker[3:inner, 3:-3].ravel(), sticker[-inner:-3, 3:-3].ravel(),
                           sticker[3:-3, 3:inner].ravel(), sticker[3:-3, -inner:-3].ravel()])
    assert ring.min() > 200  # white quiet zone (the dashed cut line lies on the very edge)
    code = sticker[inner + 6:-inner - 6, inner + 6:-inner - 6]
    assert (code < 80).mean() > 0.3  # the code's dark modules
    label = page[int((y + 36) * px):int((y + lay.cell_h) * px), int(x * px):int((x + 36) * px)]
    assert (label < 128).any()  # the card's name is printed under it
