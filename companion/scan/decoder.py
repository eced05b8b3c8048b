"""Reading the QR texts in a camera frame: OpenCV prepares it, pyzbar decodes it.

`decode_frame` first finds the few patches that may hold a code (companion.scan.regions), then
works on each patch alone: the patch is cut out, turned square to the axes and resized so that
its modules are a few pixels wide (any rotation, small cards), and zbar reads it. Only if that
fails, and only for a patch that really looks like a code, it tries harder, choosing by what
the patch shows: a code seen at an angle is made square from its corners (OpenCV's QR detector
finds them, companion.scan.rectify), then the patch is tried larger, sharpened and binarised
with a local threshold (defocus, motion blur, JPEG) and with the light evened out (glare,
shadow), the latter first where a blown-out spot shows, and last smaller again, binarised after
sharpening or after raising the contrast locally (a smeared code). Near a code read already
(within BESIDE_SIDES of its patch), a patch in which the detector finds no code (most often
that card's own firework or label) is only binarised once: the full round of filters there
cost a third of the time on frames that needed none of it; a second card further off gets the
full round. A patch wider than any code (a code merged with a patterned card back or cloth) is
searched for every code in it, and a code read in it does not stand for the others. Heavy work
on a small patch costs far less than light work on the whole frame, which is why this reads
far more than plain pyzbar on the whole frame, in about the same time or less (see
bench/bench_scan.py).
zbar is the reader of record: OpenCV only says where a code is. A located patch zbar read
nothing in, after every retry, is handed to zxing-cpp if it is installed
(companion.scan.zxing_fallback): it reads some smeared or washed-out codes zbar gives up on; a
region larger in the frame than that patch is handed to it again at a larger size. A frame in
which nothing at all was read is handed to zxing-cpp whole (a code under glare may not stand out
as a patch; zxing's own search costs a tenth of zbar's on the whole frame).
Last, the few regions still unread, and fainter ones that look striped (once a code is read,
only well-striped ones, and one near it), go to the tag fit (companion.scan.tag_fit), with the
outline of any code zxing-cpp located there but could not decode (and, last, the codes it
located in a wide blob, each on a region of its own): it names a smeared code only if it is
clearly one of the card tags' known codes, and names nothing but card tags.

`bare_decode` is plain pyzbar on the whole frame: the baseline of the benchmark.
"""

from __future__ import annotations

import logging
from typing import Callable

import cv2
import numpy as np
from pyzbar import pyzbar
from pyzbar.pyzbar import ZBarSymbol

from companion.scan.rectify import all_code_corners, code_corners, code_side, glared, otsu, square
from companion.scan.regions import Region, around, find_regions
from companion.scan.zbar_plain import qr_data
from companion.scan import code_outline, tag_fit, zxing_fallback
from companion.scan.repeated_errors import RepeatedErrors

log = logging.getLogger(__name__)
errors = RepeatedErrors(log)  # a reader failing on every frame is logged once a minute

QR_ONLY = [ZBarSymbol.QRCODE]
CODE_PX = 120  # a region is first read with its longer side resized to this
BIG_CODE_PX = 260  # and, if that fails, larger and sharpened
MIDDLE_CODE_PX = 200  # and last at this size, binarised after sharpening or raising the contrast
MARGIN = 0.18  # around a region, as a fraction of its side: the quiet zone and a little more
MIN_SCORE = 0.4  # regions below these are not codes at all (see companion.scan.regions)
MIN_STRIPES = 1.5
# The whole-image pass of a still image works on at most this many pixels (zbar on a huge, noisy
# image can take seconds and gigabytes, or crash); the patches are still read at full size.
WHOLE_IMAGE_PIXELS = 16_000_000
BIG_BLOB = 0.33  # a region this wide (of the frame) is more than a code: a code may hide in it
BLOB_PX = 400  # such a region is searched for a code at this size
SQUARE_FROM_PATCH_PX = 120  # a located code at least this large in the patch is squared from it
STILL_SIDES = (232, 320, 420)  # a still image's located code is made square at these sizes
# A region zbar read nothing in goes to zxing-cpp (companion.scan.zxing_fallback), if installed,
# with its longer side at this size and this wide a margin (the region may be only part of the
# code); so does a region not quite code-like that is striped at least this much.
SECOND_READER_PX = 200
SECOND_READER_MARGIN = 0.45
# A region larger in the frame than that is read again by zxing-cpp at its own size, and at
# least this one: the smaller patch threw away detail the frame holds (a code merged with a
# patterned card back into one wide region is a small part of it; see _full_size).
SECOND_READER_FULL_PX = 360
SECOND_READER_STRIPES = 2.5
# Regions still unread after both readers are fitted with the known tag codes
# (companion.scan.tag_fit), at most this many per frame, code-like ones first.
FIT_REGIONS = 3
FIT_REGIONS_BESIDE_A_READ = 1  # near a code read already (most often that card's own print)
FIT_MIN_SCORE = 0.3  # so are fainter regions than zbar tries, if striped this much
FIT_MIN_STRIPES = 2.0
# A region whose centre lies within this many sides of a region read already is taken as most
# likely that card's own print: it gets the lighter retries and fit (a second card's code lies
# further off, or is striped well). Once a code is read, a region is fitted only if striped at
# least FIT_AFTER_READ_STRIPES.
BESIDE_SIDES = 3.0
FIT_AFTER_READ_STRIPES = 2.5
MIN_LOCATED_SIDE = 0.035  # each side of a code located in a blob, of the frame width, at least
SHAPE_REACH = 0.5  # a code's shape is fitted from if its centre lies this near the region's (sides)


def _text(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _texts(results) -> list[str]:
    return [_text(result.data) for result in results if result.type == "QRCODE"]


def zbar_qr(gray: np.ndarray) -> list[str]:
    """The QR texts zbar reads in a grey image."""
    if gray.size == 0:
        return []
    try:
        return _texts(pyzbar.decode(np.ascontiguousarray(gray), symbols=QR_ONLY))
    except ValueError:  # a code pyzbar cannot describe (no orientation): its data only
        return [_text(data) for data in qr_data(gray)]


def bare_decode(frame: np.ndarray) -> list[str]:
    """Plain pyzbar.decode on the whole frame, every symbology: the benchmark's baseline."""
    return _texts(pyzbar.decode(frame))


def to_gray(frame: np.ndarray) -> np.ndarray:
    if frame.dtype != np.uint8:
        frame = np.clip(frame, 0, 255).astype(np.uint8)
    if frame.ndim == 2:
        return frame
    if frame.shape[2] == 1:
        return frame[:, :, 0]
    if frame.shape[2] == 4:
        return cv2.cvtColor(frame, cv2.COLOR_BGRA2GRAY)
    return cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)


# ---------------------------------------------------------------- ways to prepare a patch


def upright(gray: np.ndarray, region: Region, code_px: float, margin: float = MARGIN) -> np.ndarray:
    """The region cut out, turned square to the axes and resized so its longer side is code_px.

    One affine warp does the crop, the turn and the resize; zbar reads an upright code of a
    few pixels per module far more often than a turned one.
    """
    return _warp(gray, *_upright_matrix(region, code_px, margin))


def _warp(gray: np.ndarray, matrix: np.ndarray, out: int,
          enlarged: int = cv2.INTER_LINEAR) -> np.ndarray:
    """The square patch of side `out` the affine matrix maps the frame to. A patch larger than
    the frame's pixels is interpolated `enlarged`: bilinear for zbar, which reads it as well as
    a bicubic one at less cost; the second reader's patch and the tag fit's ask for bicubic, a
    little sharper for zxing-cpp's and the fit's own search. A smaller one is averaged."""
    interp = enlarged if matrix[0, 0] ** 2 + matrix[0, 1] ** 2 > 1 else cv2.INTER_AREA
    return cv2.warpAffine(gray, matrix, (out, out), flags=interp, borderMode=cv2.BORDER_REPLICATE)


def _upright_matrix(region: Region, code_px: float, margin: float) -> tuple[np.ndarray, int]:
    """The affine map from the frame to the upright patch of a region, and the patch's side."""
    (cx, cy), (rw, rh), angle = region.rect
    scale = code_px / max(rw, rh, 1.0)
    out = int(round(code_px * (1 + 2 * margin))) + 8
    matrix = cv2.getRotationMatrix2D((cx, cy), angle, scale)
    matrix[0, 2] += out / 2 - cx
    matrix[1, 2] += out / 2 - cy
    return matrix, out


def even_light(patch: np.ndarray) -> np.ndarray:
    """Divides out slow changes of light (a shadow, a glare spot) and stretches the contrast."""
    small = cv2.resize(patch, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    background = cv2.GaussianBlur(small, (0, 0), max(1.0, small.shape[0] / 12.0))
    background = cv2.resize(background, (patch.shape[1], patch.shape[0]),
                            interpolation=cv2.INTER_LINEAR)
    ratio = patch.astype(np.float32) / (background.astype(np.float32) + 1.0)
    return cv2.normalize(ratio, None, 0, 255, cv2.NORM_MINMAX).astype(np.uint8)


def sharpen(patch: np.ndarray, amount: float = 1.5, sigma: float = 3.0) -> np.ndarray:
    blurred = cv2.GaussianBlur(patch, (0, 0), sigma)
    return cv2.addWeighted(patch, 1 + amount, blurred, -amount, 0)


def binarise(patch: np.ndarray) -> np.ndarray:
    block = max(15, (patch.shape[0] // 7) | 1)
    return cv2.adaptiveThreshold(patch, 255, cv2.ADAPTIVE_THRESH_GAUSSIAN_C, cv2.THRESH_BINARY,
                                 block, 2)


def _first_try(gray: np.ndarray, region: Region) -> np.ndarray:
    return upright(gray, region, CODE_PX)


# Tried in turn on the larger upright patch of a code-like region the first try could not read.
HARDER: list[tuple[str, Callable[[np.ndarray], np.ndarray]]] = [
    ("binary", lambda p: binarise(sharpen(p))),
    ("binary, strong", lambda p: binarise(sharpen(p, 3.0))),
    ("even", lambda p: sharpen(even_light(p))),
]


def _squared(gray: np.ndarray, patch: np.ndarray, matrix: np.ndarray, corners: np.ndarray):
    """A located code made square, from the patch or, where the patch shows it too small,
    from the frame itself at full resolution; then binarised two ways."""
    if code_side(corners) >= SQUARE_FROM_PATCH_PX:
        flat = square(patch, corners)
    else:
        flat = square(gray, _to_frame(corners, matrix))
    yield "square", flat
    yield "square, binary", binarise(sharpen(flat))
    yield "square, one threshold", otsu(flat)


def _retries(gray: np.ndarray, region: Region, located_only: bool = False):
    """(name, prepared patch) to try on a code-like region, lazily, in the order it calls for.

    A code seen at an angle is first made square (its corners found by OpenCV's detector in
    the upright patch, or failing that in the patch binarised, for a blurred one); a patch with
    a blown-out spot is then evened out first, the others binarised first. With `located_only`,
    the detector looks at the patch as it is, and a patch in which it finds no code is only
    binarised, once (the second look, on the binarised patch, cost a tenth of the time on frames
    read at the first try and read no more).
    """
    matrix, out = _upright_matrix(region, BIG_CODE_PX, MARGIN)
    patch = _warp(gray, matrix, out)
    corners = code_corners(patch)
    if corners is None and not located_only:
        corners = code_corners(binarise(sharpen(patch)))
    if corners is not None:
        yield from _squared(gray, patch, matrix, corners)
    elif located_only:
        yield HARDER[0][0], HARDER[0][1](patch)
        return
    glare = glared(patch)
    order = HARDER if not glare else [HARDER[2], HARDER[0], HARDER[1]]
    for name, prepare in order:
        yield name, prepare(patch)
    # The code smaller again: a smeared code's modules closer to the size zbar expects.
    middle = upright(gray, region, MIDDLE_CODE_PX)
    yield "middle, binary", binarise(sharpen(middle))
    contrast = zxing_fallback.local_contrast(middle)
    yield "middle, local contrast, one threshold", otsu(contrast)
    if glare:  # one threshold may cut the washed-out modules away: zbar's own then
        yield "middle, local contrast", contrast


def _blob_codes(gray: np.ndarray, region: Region):
    """For a region wider than a code (a code merged with a card back or a checked cloth
    around it): for each code OpenCV's detector finds in it, the ways to read that code."""
    matrix, out = _upright_matrix(region, min(BLOB_PX, region.side), MARGIN)
    patch = _warp(gray, matrix, out)
    for corners in all_code_corners(patch):
        yield _squared(gray, patch, matrix, corners)


def _full_size(gray: np.ndarray, region: Region) -> tuple[np.ndarray, np.ndarray]:
    """A region at no less than its own size in the frame, for zxing-cpp, and the affine map
    from the frame to it: upright at SECOND_READER_FULL_PX if it is smaller, else cut out of the
    frame as it lies (zxing finds a turned code itself; warping a region as wide as the frame
    would cost more than reading it)."""
    if region.side <= SECOND_READER_FULL_PX:
        matrix, out = _upright_matrix(region, SECOND_READER_FULL_PX, SECOND_READER_MARGIN)
        return _warp(gray, matrix, out), matrix
    pad = int(MARGIN * region.side)
    x, y = max(0, region.x - pad), max(0, region.y - pad)
    return (gray[y:region.y + region.h + pad, x:region.x + region.w + pad],
            np.array([[1.0, 0.0, -x], [0.0, 1.0, -y]]))


def _beside_a_read(region: Region, done: list[Region], read_blobs: list[Region],
                   texts: list[str]) -> bool:
    """Whether a region lies near a code read already, or inside a blob read (or a code was read
    where no region says): then it is most likely that card's own print, not a second card."""
    if not texts:
        return False
    cx, cy = region.rect[0]
    return (not done and not read_blobs) or any(
        np.hypot(cx - other.rect[0][0], cy - other.rect[0][1]) < BESIDE_SIDES * other.side
        for other in done) or any(blob.holds(region.rect[0]) for blob in read_blobs)


def _to_frame(quad: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """Corners in a patch (4x2) mapped back to the frame, the patch cut by the affine matrix."""
    return cv2.transform(quad[None], cv2.invertAffineTransform(matrix))[0]


def _about(quad: np.ndarray, region: Region, done: list[Region], reach: float = 1.0) -> bool:
    """Whether a code's outline lies about a region (its centre within `reach` of the region's
    side from the region's centre) and not on a code read already."""
    centre = tuple(float(v) for v in quad.mean(axis=0))
    return (np.hypot(centre[0] - region.rect[0][0], centre[1] - region.rect[0][1])
            <= reach * region.side and not any(other.holds(centre) for other in done))


def _shapes(patch: np.ndarray, matrix: np.ndarray, region: Region,
            done: list[Region]) -> list[np.ndarray]:
    """The outlines of the codes' shapes in a region's fit patch (cut by the affine matrix),
    in the frame, those about the middle of the region and on no code read."""
    return [quad for quad in (_to_frame(q, matrix) for q in code_outline.outlines(patch))
            if _about(quad, region, done, SHAPE_REACH)]


def _located_in_blobs(gray: np.ndarray, blobs: list[Region],
                      located: dict[int, list[np.ndarray]]) -> list[Region]:
    """A region for each code zxing-cpp located in a blob but could not decode (a code merged
    with a card back or a checked cloth around it), each code once; its outline goes with it.
    An outline is taken only if it could be a code's: convex, squarish, code-sized."""
    found: list[Region] = []
    for blob in blobs:
        for quad in located.get(id(blob), []):
            centre = tuple(float(v) for v in quad.mean(axis=0))
            sides = code_outline.sides(quad)
            if (cv2.isContourConvex(quad.astype(np.float32).reshape(-1, 1, 2))
                    and code_outline.squarish(quad)
                    and MIN_LOCATED_SIDE * gray.shape[1] <= sides.min()
                    and sides.max() < BIG_BLOB * gray.shape[1]
                    and not any(other.holds(centre) for other in found)):
                region = around(gray, quad, blob.score)
                located[id(region)] = [quad]
                found.append(region)
    return found


def _worth_reading(region: Region, width: int) -> bool:
    """Whether decode_regions does anything with a region: a code, a blob that may hold one, or
    a faint striped patch for the tag fit. The rest are passed over, and not counted among a
    frame's few (on a card back or a checked cloth they are many, and denser than a smeared
    code)."""
    if region.side >= BIG_BLOB * width:
        return region.score >= MIN_SCORE
    return (region.score >= MIN_SCORE and region.stripes >= MIN_STRIPES) or (
        region.score >= FIT_MIN_SCORE and region.stripes >= FIT_MIN_STRIPES)


def decode_regions(gray: np.ndarray, regions: list[Region], stats: dict | None = None) -> list[str]:
    """The texts read in the given regions of a grey frame."""
    texts: list[str] = []

    def note(name: str, found: list[str]) -> bool:
        if not found:
            return False
        if stats is not None:
            stats[name] = stats.get(name, 0) + 1
        for text in found:
            if text not in texts:
                texts.append(text)
        return True

    big_blob = BIG_BLOB * gray.shape[1]
    done: list[Region] = []
    read_blobs: list[Region] = []  # regions wider than a code, read: they may hold another
    unread: list[Region] = []  # located, tried, and zbar read nothing in them
    faint: list[Region] = []  # too faint or plain for zbar, perhaps a smeared code all the same
    for region in regions:
        blob = region.side >= big_blob
        if not _worth_reading(region, gray.shape[1]):
            continue
        if region.score < MIN_SCORE or (region.stripes < MIN_STRIPES and not blob):
            faint.append(region)  # too faint or plain for zbar: for the tag fit only
            continue
        if any(other.holds(region.rect[0]) for other in done) or (
                not blob and any(region.holds(other.rect[0]) for other in done)):
            continue  # the same code seen as part of a larger blob, or a core of one read
        if note("first", zbar_qr(_first_try(gray, region))):
            # a blob read may hold a second code: the regions in it are still read
            (read_blobs if blob else done).append(region)
            continue
        if blob:  # it may hold a code beside the one read in it already: each is tried
            read = False
            for ways in _blob_codes(gray, region):
                read |= any(note("blob, " + name, zbar_qr(prepared)) for name, prepared in ways)
            (read_blobs if read else unread).append(region)
            continue
        if not region.code_like:
            if region.stripes >= SECOND_READER_STRIPES:
                unread.append(region)
            elif region.stripes >= FIT_MIN_STRIPES:
                faint.append(region)
            continue
        # near a code read already, the other patches are mostly that card's own art and
        # print: one where OpenCV's detector finds no code is only binarised, once (the second
        # reader and the tag fit still see it)
        beside = _beside_a_read(region, done, read_blobs, texts)
        for name, prepared in _retries(gray, region, located_only=beside):
            if note(name, zbar_qr(prepared)):
                done.append(region)
                break
        else:
            unread.append(region)
    located: dict[int, list[np.ndarray]] = {}  # codes zxing-cpp found but could not decode
    if zxing_fallback.available():
        try:
            for region in unread:  # zbar stays first: zxing-cpp only where zbar read nothing
                if any(other.holds(region.rect[0]) for other in done):
                    continue
                matrix, out = _upright_matrix(region, SECOND_READER_PX, SECOND_READER_MARGIN)
                found: list[np.ndarray] = []
                patch = _warp(gray, matrix, out, cv2.INTER_CUBIC)
                read = note("second reader", zxing_fallback.read_patch(patch, found))
                if not read:  # what zxing-cpp located about this region, not on a code read
                    quads = [_to_frame(quad, matrix) for quad in found]
                    if region.side > SECOND_READER_PX:
                        full, to_full = _full_size(gray, region)
                        found = []
                        read = note("second reader, full size",
                                    zxing_fallback.read_patch(full, found))
                        quads += [_to_frame(quad, to_full) for quad in found]
                    if not read:  # (a code read at full size is no code to fit)
                        located[id(region)] = [q for q in quads if _about(q, region, done)]
                if read:
                    (done if region.side < big_blob else read_blobs).append(region)
        except Exception:  # the second reader failing never loses what zbar read
            errors.exception("the second reader failed")
    # Last, smeared tags fitted with the known codes: the code-like regions still unread, then
    # the faint ones (a second card dim or in shadow beside one read is faint too; faint ones
    # are many on a patterned table; once a code is read, only striped ones are fitted, and
    # near it only one, more lightly). A region wider than any code is left out: its code would be
    # too small in the patch; a code zxing-cpp located in it is fitted last, on a region of its
    # own. Where zxing-cpp located a code it could not decode, the fit starts from its outline
    # too, and from the outline of a code's shape in the middle of the region.
    try:
        in_blobs = _located_in_blobs(gray, [r for r in unread if r.side >= big_blob], located)
    except Exception:  # never loses what was read
        errors.exception("a located code could not be outlined")
        in_blobs = []
    fitted = fitted_beside = 0
    for region in [r for r in unread if r.side < big_blob] + faint + in_blobs:
        if fitted >= FIT_REGIONS or any(other.holds(region.rect[0]) for other in done):
            continue
        if texts and region.stripes < FIT_AFTER_READ_STRIPES:
            continue
        beside = _beside_a_read(region, done, read_blobs, texts)
        if beside and fitted_beside >= FIT_REGIONS_BESIDE_A_READ:
            continue
        fitted += 1
        fitted_beside += beside
        matrix, out = _upright_matrix(region, tag_fit.FIT_PX, tag_fit.FIT_MARGIN)
        try:
            patch = _warp(gray, matrix, out, cv2.INTER_CUBIC)
            outlines = located.get(id(region), []) + _shapes(patch, matrix, region, done)
            text = tag_fit.read_patch(gray, matrix, patch, thorough=not beside, outlines=outlines)
        except Exception:  # like the second reader's, its failure never loses a read
            errors.exception("the tag fit failed")
            continue
        if text is not None and note("tag fit", [text]):
            done.append(region)
    return texts


def decode_frame(frame: np.ndarray, max_regions: int | None = 6, stats: dict | None = None) -> list[str]:
    """Every QR text read in a BGR (or grey) frame, each once, in the order found."""
    if frame is None or frame.size == 0 or frame.ndim not in (2, 3):
        return []
    gray = to_gray(frame)
    width = gray.shape[1]
    regions = find_regions(gray, max_regions, keep=lambda region: _worth_reading(region, width))
    texts = decode_regions(gray, regions, stats)
    if not texts and zxing_fallback.available():
        try:
            texts = zxing_fallback.read_frame(gray)
        except Exception:
            errors.exception("the second reader failed")
        if texts and stats is not None:
            stats["second reader, whole frame"] = stats.get("second reader, whole frame", 0) + 1
    return texts


def read_whole(gray: np.ndarray) -> list[str]:
    """zbar on the whole image; if it reads nothing, the code OpenCV's detector finds in it,
    made square at a few sizes (a large code filling a photo, seen at an angle). A still image
    can afford the tries a camera frame cannot."""
    texts = zbar_qr(gray)
    if texts:
        return texts
    corners = code_corners(gray, least=0.0)
    if corners is None:
        return []
    for side in STILL_SIDES:
        flat = square(gray, corners, side, side // 8)
        for prepared in (flat, binarise(sharpen(flat)), otsu(flat)):
            texts = zbar_qr(prepared)
            if texts:
                return texts
    return []


def decode_image(image: np.ndarray) -> list[str]:
    """A still image (a photo, a printed sheet): every patch looked at, and the whole image too."""
    gray = to_gray(image)
    texts = decode_regions(gray, find_regions(gray, None))
    whole = gray
    if gray.size > WHOLE_IMAGE_PIXELS:
        scale = (WHOLE_IMAGE_PIXELS / gray.size) ** 0.5
        whole = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    for text in read_whole(whole):
        if text not in texts:
            texts.append(text)
    return texts
