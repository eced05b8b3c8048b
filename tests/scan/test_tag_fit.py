"""The last reader of a smeared tag (companion.scan.tag_fit): what it knows of a QR code's layout,
the tags' codes it compares with, the smeared tags it reads that zbar and zxing-cpp do not, and
what it never names: a code one character from a tag, a foreign code, a texture.

Frames of the second frame maker (bench/frames_second.py), fixed seeds of the benchmark."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
import segno

from companion.scan import (code_outline, decoder, qr, qr_encode, qr_grid, regions, tag_codes,
                            tag_fit, zxing_fallback)
from companion.scan.regions import Region, find_regions
from companion.scan.tag import parse_tag

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import frames_second  # noqa: E402

# (size, seed, cards read) of frames whose tags only the fit reads: motion blur or defocus
# over two or three modules, a steep tilt
SMEARED = [
    ((640, 480), 10000715, {"M2:2"}),
    ((640, 480), 10000780, {"B5:1"}),
    ((640, 480), 10000873, {"M1:1"}),
    ((1280, 720), 11001346, {"G3:2"}),
    ((1280, 720), 11001361, {"W3:2"}),
]


def cards(texts) -> set:
    return {f"{r.card}:{r.copy}" for r in map(parse_tag, texts) if r.ok}


def printed(text: str, n: int, level: str, mask: int, mode: str) -> np.ndarray:
    code = segno.make_qr(text, version=tag_codes.VERSIONS[n], error=level, mask=mask, mode=mode,
                         boost_error=False)
    return np.where(np.asarray(code.matrix, dtype=bool), -1.0, 1.0)


# ---------------------------------------------------------------- the layout and the codes


@pytest.mark.parametrize("n", qr_grid.SIDES)
def test_the_fixed_modules_are_those_of_every_code_printed(n):
    values, known = qr_grid.function_pattern(n)
    for level in tag_codes.LEVELS:
        for mask in tag_codes.MASKS:
            grid = printed("HNB:", n, level, mask, "byte")
            assert (grid[known] == values[known]).all(), (level, mask)
    # what is left: the format twice (15 modules each) and the codewords (26 and 44 of 8 bits,
    # and 7 bits of remainder in version 2)
    assert qr_grid.format_area(n).sum() == 30
    assert qr_grid.data_area(n).sum() == {21: 26 * 8, 25: 44 * 8 + 7}[n]


def test_every_format_is_told_apart():
    for n in qr_grid.SIDES:
        keys, patterns = tag_codes.formats(n)
        assert len(keys) == 32 and len({p.tobytes() for p in patterns}) == 32


@pytest.mark.parametrize("n", qr_grid.SIDES)
def test_the_encoder_writes_the_codes_segno_prints(n):
    texts = list(tag_codes.TEXTS[::3]) + ["H7B:G3:2", "HNB:R1:10", "000042", "HNB:"]
    for level in tag_codes.LEVELS:
        for mask in tag_codes.MASKS:
            fixed = tag_codes._any_code(n, level, mask)
            for mode in tag_codes.MODES:
                grids = iter(qr_encode.encode(texts, n, level, mask, mode, fixed, whole_zero=True)[0])
                for text in texts:
                    try:
                        expected = printed(text, n, level, mask, mode).ravel()
                    except segno.DataOverflowError:
                        continue
                    assert (next(grids) == expected).all(), (text, level, mask, mode)


def test_the_codes_compared_with_hold_every_way_a_tag_is_printed():
    for text in ("HNB:R1:2", "HNB:M5:1", "HNB:W3:2"):
        # the project's own sheets (segno, alphanumeric, the most error correction that fits)
        own = qr.make_qr(text)
        level, mask = own.designator.split("-")[1].lower(), own.mask
        labels, grids = tag_codes.candidates(21, level, mask)
        mine = np.where(qr.qr_matrix(text), -1.0, 1.0).ravel()
        assert labels[int(np.flatnonzero((grids == mine).all(axis=1))[0])][0] == text
        # another generator (OpenCV's), and segno in byte mode (which pads differently)
        for theirs in (frames_second.qr_modules(text),
                       printed(text, 21, "m", 4, "byte") < 0):
            flat = np.where(theirs, -1.0, 1.0).ravel()
            found = [labels[int(i)][0] for lv in tag_codes.LEVELS for mk in tag_codes.MASKS
                     for labels, grids in [tag_codes.candidates(21, lv, mk)]
                     for i in np.flatnonzero((grids == flat).all(axis=1))]
            assert found == [text], text


def test_decoys_are_texts_one_character_from_a_tag_that_are_no_tag():
    decoys = tag_codes.decoy_texts("HNB:R1:2")
    for text in ("HNB:R7:2", "HNB:Q1:2", "HNB:R1:4", "HNB:R1:0", "HNB:X1:2"):
        assert text in decoys
    assert not set(decoys) & set(tag_codes.TEXTS)
    assert all(not parse_tag(text).ok for text in decoys)


# ---------------------------------------------------------------- reading


@pytest.mark.parametrize("size, seed, read", SMEARED)
def test_a_smeared_tag_is_read_by_the_fit(size, seed, read):
    sample = frames_second.card_frame(size, seed)
    stats: dict = {}
    with zxing_fallback.set_aside():
        found = cards(decoder.decode_frame(sample.frame, stats=stats))
    assert found == read and stats.get("tag fit", 0) >= 1, stats


def test_without_the_fit_nothing_reads_those_tags(monkeypatch):
    monkeypatch.setattr(decoder, "FIT_REGIONS", 0)
    for size, seed, _ in SMEARED[:3]:
        assert cards(decoder.decode_frame(frames_second.card_frame(size, seed).frame)) == set()


# Frames whose tags the fit reads only with one of its ways of placing a code: a finder lost
# under glare on a tilted card, looked for around where it was assumed (moved), also where the
# best outline matches fairly well (searched sooner), among more outlines (searched wider) and
# beside a finder that matches only fairly (beside a fair finder); an outline fitted on the
# sharp frame, which smoothing would pull off the code (sharp); a code half as wide as its
# region, found in the patch made larger (larger); a finder seen foreshortened, found between
# the two spots the square template gives at its ends (foreshortened); the blur fitted on a
# grid other than the best fitted (next outline); a dim second card beside one read (faint
# beside a read); a code seen at a slant under glare, its fourth corner moved (fourth corner); a
# second card further off than a card's own print from the code read (second card further
# off); a finder lightened by glare past the template on a tilted card, the code's outline
# taken from its shape (outline from the shape, also beside a read). Each card named last is read by the fit and by
# nothing else (zxing-cpp set aside, and the other ways in SET_ASIDE but the card's own).
PLACED = {  # way: (size, seed, cards read, the card the fit reads)
    "moved": ((640, 480), 10000817, {"G3:1"}, "G3:1"),
    "moved, searched sooner": ((640, 480), 20000855, {"R4:1"}, "R4:1"),
    "moved, searched wider": ((640, 480), 20000741, {"G1:2"}, "G1:2"),
    "moved, beside a fair finder": ((640, 480), 10000830, {"B3:2"}, "B3:2"),
    "sharp": ((640, 480), 20000726, {"R1:2"}, "R1:2"),
    "sharp beside a read": ((640, 480), 30000839, {"R1:2", "W1:2"}, "R1:2"),
    "larger": ((640, 480), 10000759, {"B5:1"}, "B5:1"),
    "foreshortened": ((640, 480), 20000893, {"G1:2"}, "G1:2"),
    "next outline": ((640, 480), 10000855, {"B5:1"}, "B5:1"),
    "faint beside a read": ((640, 480), 20000814, {"G4:1", "M4:1"}, "M4:1"),
    "fourth corner": ((640, 480), 5000660, {"R2:1"}, "R2:1"),
    "second card further off": ((640, 480), 5000822, {"W3:1", "R2:1"}, "W3:1"),
    "outline from the shape": ((640, 480), 20000702, {"W1:2"}, "W1:2"),
    "outline from the shape beside a read": ((640, 480), 5000777, {"W1:1", "R3:1"}, "R3:1"),
}


def smoothed_first(view, h, layout):
    """The fit smoothed first: on the smoothed frame, then on the sharp one."""
    module = tag_fit._module_px(h)
    for sigma in (1.0, 0.4):
        h, fitted = tag_fit._fit(view, h, layout.fixed_points, layout.fixed_values, sigma * module)
    return h, fitted


def no_shapes(patch):
    """No outline taken from a code's shape."""
    return []


WITHOUT = {  # way: (module, name, value) that takes that way away
    "moved": (tag_fit, "GUESSED_FINDER", -1.0),  # no finder is taken as assumed: none is moved
    "moved, searched sooner": (tag_fit, "SEARCH_BELOW", 0.6),
    "moved, searched wider": (tag_fit, "SEARCHED", 3),  # among the three best outlines only
    "moved, beside a fair finder": (tag_fit, "SEEN_FINDER", 0.45),
    "sharp": (tag_fit, "_placed", smoothed_first),
    "sharp beside a read": (tag_fit, "_placed", smoothed_first),
    "larger": (tag_fit, "ZOOMED_MIN_OUTLINE", 2.0),  # no outline found in the larger patch is kept
    "foreshortened": (tag_fit, "ONE_FINDER_MODULES", 0.0),  # no midpoint of two spots
    "next outline": (tag_fit, "BLUR_OUTLINES", 1),
    "faint beside a read": (decoder, "FIT_MIN_STRIPES", 99.0),  # no faint region is fitted
    "fourth corner": (tag_fit, "FOURTH_CORNER_REACH", 0),
    "second card further off": (decoder, "BESIDE_SIDES", 1e9),  # every region is beside the read
    "outline from the shape": (code_outline, "outlines", no_shapes),
    "outline from the shape beside a read": (code_outline, "outlines", no_shapes),
}

# Other ways some of these frames may be read: a tighter region, split off a wide blob on its
# sharp edges; an outline taken from the code's shape. Each is set aside but for its own way.
SET_ASIDE = [(regions, "SHARP_SPLIT_SIDES", float("inf")),
             (code_outline, "outlines", no_shapes)]


@pytest.mark.parametrize("way", PLACED)
def test_tags_placed_each_way_are_read_by_the_fit_and_not_without_it(way, monkeypatch):
    size, seed, read, fitted = PLACED[way]
    for module, name, value in SET_ASIDE:
        if (module, name) != WITHOUT[way][:2]:
            monkeypatch.setattr(module, name, value)
    frame = frames_second.card_frame(size, seed).frame
    stats: dict = {}
    with zxing_fallback.set_aside():
        assert cards(decoder.decode_frame(frame, stats=stats)) == read
    assert stats.get("tag fit", 0) == 1, stats
    monkeypatch.setattr(*WITHOUT[way])
    with zxing_fallback.set_aside():  # (an outline zxing-cpp located is another way)
        assert cards(decoder.decode_frame(frame)) == read - {fitted}


# Codes merged with what lies around them (a card back, the cloth) into one region wider than
# any code, which zxing-cpp located in it but could not decode: fitted on a region of their own.
IN_BLOBS = [((640, 480), 60000941, {"G4:1"}), ((640, 480), 80000883, {"B4:1", "R2:1"}),
            ((640, 480), 90001119, {"G5:1"})]


# Codes one character from the tag on the same cards, smeared the same way: the fit names no
# card for them (the nearest tag is no nearer than the decoys, the code's own text among them).
LOOKALIKES = ["HNB:{s}7:{c}", "HNB:Q{r}:{c}", "HNB:{s}{r}:4", "HNB:{s}{r}:{c}0"]


@pytest.mark.parametrize("size, seed, read",
                         SMEARED[:3] + [PLACED[w][:3] for w in (
                             "moved", "moved, searched wider", "sharp", "larger", "foreshortened",
                             "next outline", "faint beside a read", "fourth corner",
                             "second card further off", "outline from the shape",
                             "outline from the shape beside a read")] + IN_BLOBS[:2])
def test_a_code_one_character_from_a_tag_is_never_named(size, seed, read, monkeypatch):
    fitted, shaped = [], []
    read_patch, outlines = tag_fit.read_patch, code_outline.outlines
    monkeypatch.setattr(tag_fit, "read_patch",
                        lambda *a, **k: fitted.append(1) or read_patch(*a, **k))

    def recorded(*a, **k):
        found = outlines(*a, **k)
        shaped.extend(found)
        return found

    monkeypatch.setattr(code_outline, "outlines", recorded)
    base = frames_second.card_frame(size, seed)
    for card, copy in base.cards:
        s, r = str(card)
        for pattern in LOOKALIKES:
            text = pattern.format(s=s, r=r, c=copy)
            sample = frames_second.card_frame(size, seed, printed={(card, copy): text})
            assert cards(decoder.decode_frame(sample.frame)) <= {f"{c}:{n}" for c, n in sample.cards}, text
    assert fitted and shaped  # the fit looked at them, from a shape's outline too


def test_the_fourth_corner_names_no_code_one_character_from_the_tag(monkeypatch):
    size, seed, _, _ = PLACED["fourth corner"]
    named = []
    moved = tag_fit._named_with_fourth_corner_moved
    monkeypatch.setattr(tag_fit, "_named_with_fourth_corner_moved",
                        lambda *a: named.append(moved(*a)) or named[-1])
    base = frames_second.card_frame(size, seed)
    (card, copy), = base.cards
    s, r = str(card)
    for pattern in LOOKALIKES:
        sample = frames_second.card_frame(size, seed, printed={(card, copy): pattern.format(
            s=s, r=r, c=copy)})
        with zxing_fallback.set_aside():
            assert cards(decoder.decode_frame(sample.frame)) == set()
    assert named and not any(named)  # the corner was moved on some of them, naming nothing


def square_region(x: float, y: float, side: float = 60.0) -> Region:
    """A code-like region, square to the axes, centred at (x, y)."""
    rect = ((x, y), (side, side), 0.0)
    return Region(int(x - side / 2), int(y - side / 2), int(side), int(side), rect, 0.6, 4.0)


def test_a_region_is_beside_a_read_by_its_distance_from_the_code_read():
    read = square_region(300, 200)
    assert not decoder._beside_a_read(square_region(320, 220), [read], [], [])  # nothing read yet
    # a code read in no region: every region is beside it
    assert decoder._beside_a_read(square_region(500, 400), [], [], ["HNB:R1:1"])
    assert decoder._beside_a_read(square_region(300 + 2.5 * 60, 200), [read], [], ["HNB:R1:1"])
    assert not decoder._beside_a_read(square_region(300 + 3.5 * 60, 200), [read], [], ["HNB:R1:1"])
    blob = square_region(100, 300, 300)  # a read blob: a region in it is beside, one outside is not
    assert decoder._beside_a_read(square_region(150, 350), [read], [blob], ["HNB:R1:1"])
    assert not decoder._beside_a_read(square_region(600, 100), [read], [blob], ["HNB:R1:1"])


# Codes zxing-cpp located but could not decode: its outline is where the fit finds them.
LOCATED = [((640, 480), 5000752, {"R5:1"}), ((1280, 720), 5001341, {"G1:2"})]


@pytest.mark.parametrize("size, seed, read", LOCATED)
def test_a_code_zxing_located_is_fitted_from_its_outline(size, seed, read, monkeypatch):
    pytest.importorskip("zxingcpp")
    # (a tighter region, split off a wide blob on its sharp edges, is another way; so is an
    # outline taken from the code's shape)
    monkeypatch.setattr(regions, "SHARP_SPLIT_SIDES", float("inf"))
    monkeypatch.setattr(code_outline, "outlines", no_shapes)
    frame = frames_second.card_frame(size, seed).frame
    stats: dict = {}
    assert cards(decoder.decode_frame(frame, stats=stats)) == read
    assert set(stats) == {"tag fit"}, stats
    monkeypatch.setattr(tag_fit, "LOCATED_OUTLINES", 0)
    assert cards(decoder.decode_frame(frame)) == set()


def test_a_second_card_inside_a_region_read_as_a_whole_is_read_too():
    # the two cards and a card back between them make one wide region, which zxing-cpp reads
    # one of the codes in: the other card's code is still read, by the fit
    pytest.importorskip("zxingcpp")
    stats: dict = {}
    frame = frames_second.card_frame((640, 480), 6000813).frame
    assert cards(decoder.decode_frame(frame, stats=stats)) == {"R1:2", "W2:1"}
    assert stats.get("second reader, full size") == 1 and stats.get("tag fit") == 1, stats


@pytest.mark.parametrize("size, seed, read", IN_BLOBS)
def test_a_code_zxing_located_in_a_wide_region_is_fitted_on_its_own(size, seed, read,
                                                                      monkeypatch):
    pytest.importorskip("zxingcpp")
    frame = frames_second.card_frame(size, seed).frame
    stats: dict = {}
    assert cards(decoder.decode_frame(frame, stats=stats)) == read
    assert stats.get("tag fit") == 1, stats
    monkeypatch.setattr(decoder, "MIN_LOCATED_SIDE", float("inf"))  # no such code is fitted
    assert len(cards(decoder.decode_frame(frame))) == len(read) - 1


def test_no_card_is_fitted_on_empty_tables_and_foreign_codes():
    with zxing_fallback.set_aside():
        for seed in range(6):
            for make in (frames_second.empty_frame, frames_second.foreign_frame):
                for size in ((640, 480), (1280, 720)):
                    frame = make(size, 12_700_000 + 97 * seed).frame
                    assert cards(decoder.decode_frame(frame)) == set(), (make.__name__, seed)


def smeared_on_table(grid: np.ndarray, sigma: float = 3.0) -> np.ndarray:
    """A code of 5 px modules with its quiet zone on a sticker, on a 640x480 table, defocused
    past what zbar reads (a module above 1 is a blown-out one)."""
    code = np.pad(np.kron(np.where(grid > 1, 255, np.where(grid > 0, 235, 25)), np.ones((5, 5))),
                  20, constant_values=235)
    frame = np.full((480, 640), 120, np.uint8)
    frame[100:100 + code.shape[0], 200:200 + code.shape[1]] = code
    return cv2.GaussianBlur(frame, (0, 0), sigma)


def test_the_fit_reads_a_defocused_tag_on_a_plain_table():
    frame = smeared_on_table(printed("HNB:G2:1", 21, "h", 5, "alphanumeric"))
    stats: dict = {}
    with zxing_fallback.set_aside():
        assert decoder.decode_frame(frame, stats=stats) == ["HNB:G2:1"]
    assert stats == {"tag fit": 1}


def test_the_same_defocus_on_a_foreign_code_or_a_chequered_cloth_reads_nothing():
    foreign = smeared_on_table(printed("HNB:G5:5", 21, "h", 6, "alphanumeric"))  # no copy 5
    cloth = cv2.GaussianBlur(np.kron((np.indices((60, 80)).sum(axis=0) % 2) * 200 + 30,
                                     np.ones((8, 8))).astype(np.uint8), (0, 0), 1.0)
    for frame in (foreign, cloth):
        with zxing_fallback.set_aside():
            assert decoder.decode_frame(frame) == []
        for region in find_regions(frame, None):  # every region, not only those the decoder fits
            matrix, out = decoder._upright_matrix(region, tag_fit.FIT_PX, tag_fit.FIT_MARGIN)
            patch = decoder._warp(frame, matrix, out)
            outlines = decoder._shapes(patch, matrix, region, [])  # as the decoder fits it
            assert tag_fit.read_patch(frame, matrix, patch, outlines=outlines) is None


@pytest.mark.parametrize("text, named", [("HNB:R1:1", "HNB:R1:1"), ("HNB:R7:1", None),
                                         ("HNB:R1:4", None), ("HNB:Q1:1", None)])
def test_a_sharp_code_is_named_only_if_it_is_a_tag(text, named):
    layout = tag_fit._LAYOUTS[21]
    grid = printed(text, 21, "q", 6, "alphanumeric").ravel()
    reading = tag_fit._nearest(grid, layout)
    assert (reading.text if reading is not None and reading.clear else None) == named


def test_a_format_read_wrong_names_no_other_tag():
    # The format decides which codes the data are compared with: read as another level or
    # mask, a tag's data can lie nearer another tag's code under that format than any other
    # (HNB:W1:3 read as level H, mask 0, is nearest HNB:Y1:2), but that code is contradicted
    # in more codewords than its error correction allows.
    layout = tag_fit._LAYOUTS[21]
    keys, patterns = tag_codes.formats(21)
    grid = printed("HNB:W1:3", 21, "m", 0, "alphanumeric").ravel()
    for key, pattern in zip(keys, patterns):
        z = grid.copy()
        z[layout.format] = pattern
        reading = tag_fit._nearest(z, layout)
        named = reading.text if reading is not None and reading.clear else None
        assert named in (None, "HNB:W1:3"), key


def test_what_glare_hides_does_not_count_for_the_tag(monkeypatch):
    # "H7B:G3:2" smeared, with a glare spot over a third of its data: what is left in view lies
    # nearest HNB:M1:2's code and contradicts it in few codewords, but too few are left in view
    # to tell that code from others.
    seen = []
    nearest = tag_fit._nearest
    monkeypatch.setattr(tag_fit, "_nearest", lambda z, layout: seen.append(1) or nearest(z, layout))
    grid = printed("H7B:G3:2", 21, "q", 5, "alphanumeric")
    grid[8:19, 11:21] = 1.2  # blown out, brighter than the paper
    with zxing_fallback.set_aside():
        assert decoder.decode_frame(smeared_on_table(grid, 2.4)) == []
    assert seen


def test_a_smeared_code_of_another_text_is_not_named_the_tag_it_lies_nearest(monkeypatch):
    # "H7B:G3:2", smeared: its data lie nearer the code of HNB:M1:2 than of any other tag or
    # decoy, but the modules seen clearly contradict that code in too many codewords.
    seen = []
    nearest = tag_fit._nearest

    def spy(z, layout):
        reading = nearest(z, layout)
        seen.append(reading)
        return reading

    monkeypatch.setattr(tag_fit, "_nearest", spy)
    frame = smeared_on_table(printed("H7B:G3:2", 21, "q", 0, "alphanumeric"))
    with zxing_fallback.set_aside():
        assert decoder.decode_frame(frame) == []
    assert any(r is not None and r.text == "HNB:M1:2" for r in seen)  # it got that far


def test_decoys_stop_what_the_codeword_check_alone_would_let_through(monkeypatch):
    # A code one character from a tag ("HNB:GD:1" beside HNB:G4:1), sampled with noise: were
    # the codeword check to let it pass, its nearest tag could lead every other tag by enough to
    # be named; the decoy that is its own text leads that tag.
    monkeypatch.setattr(tag_fit, "_correctable", lambda *args: True)
    layout = tag_fit._LAYOUTS[21]
    grid = printed("HNB:GD:1", 21, "h", 4, "alphanumeric").ravel()
    decoys = tag_codes.decoys
    no_decoys = lambda text, n, level, mask: np.zeros((0, n * n), np.float32)  # noqa: E731
    let_through = 0
    for seed in range(200):
        z = np.clip(grid + np.random.default_rng(seed).normal(0, 0.6, grid.size), -2, 2)
        monkeypatch.setattr(tag_codes, "decoys", no_decoys)
        without = tag_fit._nearest(z, layout)
        monkeypatch.setattr(tag_codes, "decoys", decoys)
        reading = tag_fit._nearest(z, layout)
        let_through += without is not None and without.clear
        assert reading is None or not reading.clear, seed
    assert let_through >= 1


@pytest.mark.parametrize("text, level, mask, rows, cols", [
    ("HNB:BD:1", "h", 7, (9, 16), (9, 13)),  # nearest HNB:Y1:1
    ("HNB:V4:1", "h", 0, (8, 16), (10, 15)),  # nearest HNB:B5:1
    ("HNB:R2:6", "h", 5, (8, 16), (13, 19)),  # nearest HNB:G4:2
])
def test_codes_hidden_in_part_are_not_named_from_what_is_left(text, level, mask, rows, cols):
    # Codes of texts that are no tag, sharp, with a patch hidden by glare: what is left in view
    # lies nearest one tag's code by a clear lead and contradicts it nowhere, but with that
    # much hidden it no longer tells that code from others (such as the code's own).
    layout = tag_fit._LAYOUTS[21]
    z = printed(text, 21, level, mask, "alphanumeric")
    z[rows[0]:rows[1], cols[0]:cols[1]] = 0
    reading = tag_fit._nearest(z.ravel(), layout)
    assert reading is None or not reading.clear


def test_a_code_seen_at_a_slant_with_a_finder_under_glare_is_outlined_from_its_shape():
    # a code of 4 px modules on a white card, seen at a slant (its far edge 30% shorter), a glare
    # spot lightening its top-left finder: the outline from its shape is the code's own, within
    # a module at every corner, its corners running as the code's do from any of them
    n, module = 21, 4
    grid = printed("HNB:R3:1", n, *tag_codes.formats(n)[0][0], "byte")
    code = np.kron(np.where(grid < 0, 30, 225), np.ones((module, module))).astype(np.uint8)
    side = n * module
    card = np.full((side + 40, side + 40), 225, np.uint8)
    card[20:20 + side, 20:20 + side] = code
    yy, xx = np.mgrid[:card.shape[0], :card.shape[1]]  # glare over the finder's outer corner
    spot = 200.0 * np.exp(-((xx - 22) ** 2 + (yy - 22) ** 2) / (2 * 9.0 ** 2))
    card = np.clip(card + spot, 0, 255).astype(np.uint8)
    square = np.float32([[20, 20], [20 + side, 20], [20 + side, 20 + side], [20, 20 + side]])
    seen = np.float32([[40, 30], [130, 42], [138, 150], [30, 140]])  # the far edge shorter
    matrix = cv2.getPerspectiveTransform(square, seen)
    patch = cv2.warpPerspective(card, matrix, (170, 170), borderValue=90)
    patch = cv2.GaussianBlur(patch, (0, 0), 0.8)

    def corner_error(quad, at):
        return min(np.abs(np.roll(quad, k, axis=0) - at).max() for k in range(4))

    assert min(corner_error(quad, seen) for quad in code_outline.outlines(patch)) <= module


def test_an_outline_is_fitted_from_only_about_its_region_and_off_any_code_read():
    def quad(x: float, y: float, half: float = 25.0):
        return np.float32([[x - half, y - half], [x + half, y - half], [x + half, y + half],
                           [x - half, y + half]])

    fitted = square_region(300, 200)
    assert decoder._about(quad(310, 190), fitted, [])
    assert decoder._about(quad(350, 200), fitted, [])  # within the region's side
    assert not decoder._about(quad(350, 200), fitted, [], decoder.SHAPE_REACH)  # not within half
    assert decoder._about(quad(320, 200), fitted, [], decoder.SHAPE_REACH)
    assert not decoder._about(quad(370, 200), fitted, [])
    assert not decoder._about(quad(310, 190), fitted, [square_region(320, 180)])  # on a code read


@pytest.mark.parametrize("period", [12, 24, 40])
def test_no_outline_is_taken_from_a_plain_card_or_a_striped_cloth(period):
    plain = np.full((158, 158), 200, np.uint8)
    stripes = np.where((np.arange(158)[None, :] // (period // 2)) % 2 == 0, 40, 210)
    stripes = np.repeat(stripes.astype(np.uint8), 158, axis=0)
    assert code_outline.outlines(plain) == []
    assert code_outline.outlines(cv2.GaussianBlur(plain, (0, 0), 2)) == []
    # a stripe is no code: too long for its width, or merged with the others into one blob
    # larger than a code
    assert code_outline.outlines(stripes) == []
    assert code_outline.outlines(cv2.rotate(stripes, cv2.ROTATE_90_CLOCKWISE)) == []
