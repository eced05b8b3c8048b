"""Corpus B for the card-face reader: a second generator, written apart from corpus A.

It shares no code with faces_synth_a and draws differently on purpose, so that figures on it say
how the reader does on decks it was not tuned on. Same entry points:

    look = make_deck(rng); look.face("R1")
    teach_photo(look, card, rng)        table_frame(look, card, rng) -> (frame, {card})
                                        table_frame(..., with_corners=True) -> (frame, {card}, corners)
    empty_frame(look, rng, kind)        kind in NO_FACE

Its decks: cards 1.4 times as long as wide (A: 1.5); black, cream or suit-filled cards with a
diagonal sheen; the suit as a symbol (ring, diamond, triangle, star, square) repeated as many
times as the rank, or as one big coloured disc; the rank as seven-segment digits, Roman numerals
or dice dots; multicolour as diagonal stripes of five colours. Its tables: checked cloth, stripes,
smooth gradients; its light: a colour temperature, a vignette, a sheen band; its blur: a disc
(defocus) or a box (shake); noise that grows in the dark; a camera turned in 3D.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

import cv2
import numpy as np

W, H = 180, 252
NO_FACE = ("table", "back", "phone", "notebook", "hand")

HUES = {"R": 2, "Y": 28, "G": 62, "B": 108, "W": None}  # OpenCV hue (0-180)
SEGMENTS = {  # seven segments a b c d e f g
    1: "bc", 2: "abged", 3: "abgcd", 4: "fgbc", 5: "afgcd",
}
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}


def _hsv(h: float, s: float, v: float) -> tuple[int, int, int]:
    px = np.uint8([[[int(h) % 180, int(np.clip(s, 0, 255)), int(np.clip(v, 0, 255))]]])
    b, g, r = cv2.cvtColor(px, cv2.COLOR_HSV2BGR)[0, 0]
    return int(b), int(g), int(r)


@dataclass
class Look:
    body: str  # "black", "cream", "suit"
    rank_style: str  # "segments", "roman", "dice"
    art: str  # "symbols", "disc"
    symbol: dict = field(default_factory=dict)  # suit -> shape name
    sat: float = 220
    val: float = 230
    stroke: int = 3
    shift: dict = field(default_factory=dict)  # suit -> hue shift

    def colour(self, suit: str, k: int = 0) -> tuple[int, int, int]:
        if suit == "M":
            return _hsv([0, 25, 60, 105, 140][k % 5], self.sat, self.val)
        if suit == "W":
            return (200, 200, 200) if self.body != "cream" else (120, 120, 130)
        return _hsv(HUES[suit] + self.shift.get(suit, 0), self.sat, self.val)

    def face(self, card: str) -> np.ndarray:
        return draw_card(self, card[0], int(card[1]))


def make_deck(rng: np.random.Generator) -> Look:
    shapes = ["ring", "diamond", "triangle", "star", "square"]
    rng.shuffle(shapes)
    return Look(body=str(rng.choice(["black", "cream", "suit"])),
                rank_style=str(rng.choice(["segments", "roman", "dice"])),
                art=str(rng.choice(["symbols", "disc"])),
                symbol=dict(zip("RYGBWM", shapes + ["star"])),
                sat=float(rng.uniform(170, 240)), val=float(rng.uniform(190, 250)),
                stroke=int(rng.integers(2, 5)),
                shift={s: int(rng.integers(-4, 5)) for s in "RYGB"})


def _shape(img, name: str, cx: float, cy: float, r: float, colour) -> None:
    if name == "ring":
        cv2.circle(img, (int(cx), int(cy)), int(r), colour, max(2, int(r / 3)), cv2.LINE_8)
        return
    if name == "square":
        n, rot, rad = 4, math.pi / 4, [r] * 4
    elif name == "diamond":
        n, rot, rad = 4, 0.0, [r, r * 0.7, r, r * 0.7]
    elif name == "triangle":
        n, rot, rad = 3, -math.pi / 2, [r] * 3
    else:
        n, rot, rad = 10, -math.pi / 2, [r if i % 2 == 0 else r * 0.45 for i in range(10)]
    pts = [(cx + rad[i] * math.cos(rot + 2 * math.pi * i / n), cy + rad[i] * math.sin(rot + 2 * math.pi * i / n))
           for i in range(n)]
    cv2.fillPoly(img, [np.int32(pts)], colour, cv2.LINE_8)


def _rank_mark(img, look: Look, rank: int, x: int, y: int, h: int, colour) -> None:
    """The rank, h pixels high, top left at (x, y)."""
    if look.rank_style == "segments":
        w = h // 2
        ends = {"a": ((0, 0), (1, 0)), "b": ((1, 0), (1, 1)), "c": ((1, 1), (1, 2)), "d": ((0, 2), (1, 2)),
                "e": ((0, 1), (0, 2)), "f": ((0, 0), (0, 1)), "g": ((0, 1), (1, 1))}
        for seg in SEGMENTS[rank]:
            (x0, y0), (x1, y1) = ends[seg]
            cv2.line(img, (x + x0 * w, y + y0 * h // 2), (x + x1 * w, y + y1 * h // 2), colour, look.stroke + 1)
    elif look.rank_style == "roman":
        cx = x
        for ch in ROMAN[rank]:
            if ch == "I":
                cv2.line(img, (cx, y), (cx, y + h), colour, look.stroke + 1)
                cx += h // 3
            else:
                cv2.line(img, (cx, y), (cx + h // 4, y + h), colour, look.stroke + 1)
                cv2.line(img, (cx + h // 4, y + h), (cx + h // 2, y), colour, look.stroke + 1)
                cx += h // 2 + h // 5
    else:
        spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
                 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)]}[rank]
        for sx, sy in spots:
            cv2.circle(img, (x + sx * h // 3 + h // 6, y + sy * h // 3 + h // 6), max(2, h // 8), colour, -1)


def draw_card(look: Look, suit: str, rank: int) -> np.ndarray:
    img = np.empty((H, W, 3), np.uint8)
    if look.body == "black":
        img[:] = (18, 16, 22)
    elif look.body == "cream":
        img[:] = (214, 236, 244)
    elif suit == "M":
        for k in range(-H, W + H, 20):
            cv2.line(img, (k, 0), (k - H, H), look.colour("M", (k + H) // 20), 21)
    else:
        img[:] = look.colour(suit) if suit != "W" else (236, 236, 236)
    on_suit = look.body == "suit"
    ink = ((250, 250, 250) if suit not in "YW" else (35, 35, 35)) if on_suit else None
    # the art
    if look.art == "disc":
        col = ink or look.colour(suit, 2)
        cv2.circle(img, (W // 2, H // 2), 52, col, -1)
        if suit == "M" and not on_suit:
            for k in range(5):
                cv2.circle(img, (W // 2, H // 2), 52 - 9 * k, look.colour("M", k), -1)
        if on_suit:
            inner = look.colour(suit) if suit not in "MW" else (40, 40, 40) if suit == "W" else look.colour("M", 3)
        else:
            inner = (18, 16, 22) if look.body == "black" else (240, 240, 240)
        _rank_mark(img, look, rank, W // 2 - 20, H // 2 - 26, 52, inner)
    else:
        for i in range(rank):
            ang = 2 * math.pi * i / rank - math.pi / 2
            r = 0 if rank == 1 else 42
            col = ink or look.colour(suit, i)
            _shape(img, look.symbol[suit], W / 2 + r * math.cos(ang), H / 2 + r * math.sin(ang), 22, col)
    # the rank in two corners
    col = ink or look.colour(suit, 4)
    mark = np.zeros_like(img)
    _rank_mark(mark, look, rank, 12, 12, 34, (255, 255, 255))
    where = mark.max(axis=2) > 0
    both = where | where[::-1, ::-1]
    img[both] = col
    # a thin frame line in some looks
    if look.body != "suit":
        cv2.rectangle(img, (6, 6), (W - 7, H - 7), look.colour(suit, 1), 1)
    return img


# ------------------------------------------------------------------ tables, light, camera


def _cloth(rng, size) -> np.ndarray:
    w, h = size
    kind = rng.integers(3)
    base = np.array(_hsv(rng.uniform(0, 180), rng.uniform(40, 200), rng.uniform(60, 200)), np.float32)
    ys, xs = _pixel_places(h, w)
    if kind == 0:  # checked cloth
        p = rng.uniform(20, 60)
        pattern = ((np.floor(xs / p) + np.floor(ys / p)) % 2)[..., None] * rng.uniform(15, 45)
    elif kind == 1:  # stripes at an angle
        a = rng.uniform(0, math.pi)
        pattern = (np.sin((xs * math.cos(a) + ys * math.sin(a)) / rng.uniform(3, 12)) * rng.uniform(5, 25))[..., None]
    else:  # a smooth gradient
        pattern = ((xs / w) * rng.uniform(-50, 50) + (ys / h) * rng.uniform(-50, 50))[..., None]
    out = base[None, None, :] + pattern
    return np.clip(out, 0, 255).astype(np.uint8)


@functools.lru_cache(maxsize=2)
def _pixel_places(h: int, w: int) -> np.ndarray:
    """(ys, xs): each pixel's row and column, float32 (read-only: shared by every cloth and camera)."""
    places = np.mgrid[0:h, 0:w].astype(np.float32)
    places.flags.writeable = False
    return places


def _homography(rng, size, width_share: float, aspect: float) -> np.ndarray:
    """A card of W x H pixels seen by a camera turned in 3D, centred somewhere in view."""
    w, h = size
    cw = width_share * w
    ch = cw * aspect
    yaw, pitch = rng.uniform(-0.45, 0.45, 2)
    roll = rng.uniform(-math.pi, math.pi)
    f = 1.2 * w
    corners3 = np.array([[-cw / 2, -ch / 2, 0], [cw / 2, -ch / 2, 0], [cw / 2, ch / 2, 0], [-cw / 2, ch / 2, 0]])
    rz = np.array([[math.cos(roll), -math.sin(roll), 0], [math.sin(roll), math.cos(roll), 0], [0, 0, 1]])
    ry = np.array([[math.cos(yaw), 0, math.sin(yaw)], [0, 1, 0], [-math.sin(yaw), 0, math.cos(yaw)]])
    rx = np.array([[1, 0, 0], [0, math.cos(pitch), -math.sin(pitch)], [0, math.sin(pitch), math.cos(pitch)]])
    p = corners3 @ (rx @ ry @ rz).T + [0, 0, f]
    proj = p[:, :2] * f / p[:, 2:3]
    span = proj.max(axis=0) - proj.min(axis=0)
    cx = rng.uniform(span[0] / 2 + 3, max(span[0] / 2 + 4, w - span[0] / 2 - 3))
    cy = rng.uniform(span[1] / 2 + 3, max(span[1] / 2 + 4, h - span[1] / 2 - 3))
    dst = (proj - (proj.max(axis=0) + proj.min(axis=0)) / 2 + [cx, cy]).astype(np.float32)
    return dst


def _lay(frame, image, dst, rng, cut: int = 10) -> None:
    h, w = image.shape[:2]
    m = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]), dst)
    alpha = np.zeros((h, w), np.uint8)
    cv2.rectangle(alpha, (0, 0), (w - 1, h - 1), 255, -1)
    for cx, cy in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):  # clipped corners
        tri = np.int32([[cx, cy], [cx + (cut if cx == 0 else -cut), cy], [cx, cy + (cut if cy == 0 else -cut)]])
        cv2.fillPoly(alpha, [tri], 0)
    size = (frame.shape[1], frame.shape[0])
    # a soft contact shadow first
    laid = cv2.warpPerspective(alpha, m, size, flags=cv2.INTER_LINEAR)
    sh = cv2.blur(laid, (9, 9))
    # each blend only over the rows and columns it changes: elsewhere it leaves the frame as it is
    top, bottom, left, right = _extent(sh)
    part = frame[top:bottom, left:right]
    part[:] = (part * (1 - 0.25 * (sh[top:bottom, left:right].astype(np.float32)[..., None] / 255))).astype(np.uint8)
    warped = cv2.warpPerspective(image, m, size, flags=cv2.INTER_LINEAR)
    top, bottom, left, right = _extent(laid)
    a = laid[top:bottom, left:right].astype(np.float32)[..., None] / 255
    part = frame[top:bottom, left:right]
    part[:] = (warped[top:bottom, left:right] * a + part * (1 - a)).astype(np.uint8)


def _extent(mask: np.ndarray) -> tuple[int, int, int, int]:
    """(top, bottom, left, right): the rows and columns that hold the mask's non-zero pixels."""
    rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    if not len(rows):
        return 0, 0, 0, 0
    return int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1


def _kelvin_gains(kelvin: float) -> np.ndarray:
    """Rough B, G, R multipliers of a light of this colour temperature, against daylight."""
    t = kelvin / 6500.0
    return np.array([t ** 0.9, t ** 0.25, t ** -0.55], np.float32)


def _camera(frame, rng, plain: bool = False) -> np.ndarray:
    img = frame.astype(np.float32)
    h, w = img.shape[:2]
    if plain:
        img = cv2.multiply(img, tuple(map(float, _kelvin_gains(rng.uniform(5800, 7000)))) + (0.0,))
    else:
        img *= _kelvin_gains(rng.uniform(2800, 9000)) * rng.uniform(0.9, 1.1, 3)  # lamp, white balance
        ys, xs = _pixel_places(h, w)
        d = ((xs - w / 2) ** 2 + (ys - h / 2) ** 2) / (w * w / 4)
        img *= (1 - rng.uniform(0, 0.35) * d)[..., None] * rng.uniform(0.65, 1.2)  # vignette, exposure
        if rng.random() < 0.3:  # a sheen band
            a = rng.uniform(0, math.pi)
            off = rng.uniform(-0.3, 0.3) * w
            band = np.exp(-(((xs - w / 2) * math.cos(a) + (ys - h / 2) * math.sin(a) - off) / rng.uniform(8, 25)) ** 2)
            img += band[..., None] * rng.uniform(50, 120)
        img = np.clip(img, 0, 255)
        blur = rng.integers(3)
        if blur == 1:
            r = int(rng.integers(1, 4))
            k = np.zeros((2 * r + 1, 2 * r + 1), np.float32)
            cv2.circle(k, (r, r), r, 1.0, -1)
            img = cv2.filter2D(img, -1, k / k.sum())
        elif blur == 2:
            n = int(rng.integers(2, 7))
            img = cv2.blur(img, (n, 1) if rng.random() < 0.5 else (1, n))
        img += rng.normal(0, 1, img.shape) * np.sqrt(np.maximum(img, 1)) * rng.uniform(0.2, 0.6)
    img = np.clip(img, 0, 255).astype(np.uint8)
    if not plain and rng.random() < 0.5:
        ok, buf = cv2.imencode(".webp", img, [cv2.IMWRITE_WEBP_QUALITY, int(rng.integers(40, 85))])
    else:
        ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 95 if plain else int(rng.integers(35, 85))])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def teach_photo(look: Look, card: str, rng: np.random.Generator, size=(640, 480), with_corners: bool = False):
    """One card on a cloth in plain light; with `with_corners`, (photo, where the card lies),
    drawn from the same draws."""
    frame = _cloth(rng, size)
    dst = _homography(rng, size, rng.uniform(0.25, 0.35), H / W)
    _lay(frame, look.face(card), dst, rng)
    photo = _camera(frame, rng, plain=True)
    return (photo, np.float32(dst).reshape(4, 2)) if with_corners else photo


def _thumb(frame, dst, rng) -> None:
    """A thumb and a finger holding the card by one edge."""
    i = int(rng.integers(4))
    a, b = dst[i], dst[(i + 1) % 4]
    mid = a + (b - a) * rng.uniform(0.35, 0.65)
    inward = dst.mean(axis=0) - mid
    inward /= np.linalg.norm(inward) + 1e-6
    span = np.linalg.norm(b - a)
    skin = _hsv(rng.uniform(5, 18), rng.uniform(70, 140), rng.uniform(150, 230))
    tip = mid + inward * span * rng.uniform(0.05, 0.15)
    base = mid - inward * span * 0.6
    cv2.line(frame, tuple(int(v) for v in base), tuple(int(v) for v in tip), skin, max(6, int(span * 0.22)))


def table_frame(look: Look, card: str, rng: np.random.Generator, size=(640, 480), with_corners: bool = False):
    """(frame, {card}) of one card on a cloth; `with_corners` adds where the card lies: the
    corners of its face in frame pixels before they were clipped (4 x 2 float32, clockwise from
    the face's top left). Asking for them changes nothing in the frame."""
    frame = _cloth(rng, size)
    dst = _homography(rng, size, rng.uniform(0.15, 0.42), H / W)
    _lay(frame, look.face(card), dst, rng)
    if rng.random() < 0.15:
        _thumb(frame, dst, rng)
    frame = _camera(frame, rng)
    if with_corners:
        return frame, {card}, np.float32(dst).copy()
    return frame, {card}


def _back(look: Look, rng) -> np.ndarray:
    img = np.full((H, W, 3), (60, 30, 120), np.uint8)
    for r in range(120, 0, -12):
        cv2.circle(img, (W // 2, H // 2), r, _hsv(r * 1.4, 200, 220), 5)
    return img


def empty_frame(look: Look, rng: np.random.Generator, kind: str, size=(640, 480)) -> np.ndarray:
    frame = _cloth(rng, size)
    if kind == "back":
        _lay(frame, _back(look, rng), _homography(rng, size, rng.uniform(0.15, 0.42), H / W), rng)
    elif kind == "phone":
        img = np.full((380, 180, 3), 12, np.uint8)
        cv2.rectangle(img, (10, 30), (169, 349), _hsv(rng.uniform(0, 180), 120, 230), -1)
        _lay(frame, img, _homography(rng, size, rng.uniform(0.12, 0.25), 380 / 180), rng, cut=25)
    elif kind == "notebook":
        img = np.full((300, 220, 3), (235, 240, 240), np.uint8)
        for y in range(30, 300, 16):
            cv2.line(img, (10, y), (210, y), (200, 160, 120), 1)
        cv2.line(img, (40, 0), (40, 299), (90, 90, 220), 2)
        _lay(frame, img, _homography(rng, size, rng.uniform(0.2, 0.4), 300 / 220), rng, cut=3)
    elif kind == "hand":
        dst = _homography(rng, size, rng.uniform(0.2, 0.35), H / W)
        for _ in range(3):
            _thumb(frame, dst, rng)
    return _camera(frame, rng)
