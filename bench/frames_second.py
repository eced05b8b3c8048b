"""A second, independent maker of table frames for the scan benchmark.

The decoder was tuned on the frames of companion/demo/synth.py; figures on those alone say
little about a real table. This module draws the same kind of scene with none of that code:
its own QR encoder (OpenCV's QRCodeEncoder, not segno), its own card art, tables and clutter,
its own camera (a pinhole with a random focal length looking at a card turned in 3-D), and its
own picture chain in linear light: a lamp's fall-off and a hand's shadow, a specular glare that
saturates the sensor, a disc-shaped defocus, a motion streak with uneven speed, shot and read
noise, then JPEG. It is harsher than the first where a table is harsher: steeper tilts, wider
blur, stronger glare, lower JPEG quality, checked cloths and patterned card backs.

    frame, truth = render(Scene(...))        one frame, BGR uint8, and what is in view
    corpus(size, cards, empty, foreign, seed) the benchmark's frames, deterministic from seed

Everything is a function of the seed: the same seed gives the same frames on any machine.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import lru_cache

import cv2
import numpy as np

from companion.rules.cards import Card
from companion.scan.tag import deck_tags

TEX_PX_PER_MM = 6  # resolution of the flat drawings
CARD_MM = (44.0, 68.0)
STICKER_MM = 34.0  # the code with its quiet zone; the project's sheets print 36 mm
QUIET = 4  # modules of quiet zone printed around the code

SUIT_COLOURS = {  # RGB, as printed
    "R": (205, 45, 40), "Y": (240, 200, 40), "G": (45, 150, 70),
    "B": (40, 95, 190), "W": (235, 235, 225), "M": (150, 70, 170),
}

FOREIGN_TEXTS = (
    "https://example.com/drinks?t=7",
    "WIFI:T:WPA;S:GameCafe;P:hanabi-night;;",
    "https://www.rnrgames.com/hanabi",
    "HNB:R7:1",  # no such rank
    "HNB:G2:3",  # no third copy of a 2
    "HNB:Q1:1",  # no such suit
    "HNB:B1:01",  # leading zero
    "HNB:Y3",  # no copy
    "MECARD:N:Example,Bob;TEL:0123456789;;",
    "000042",
)


# ---------------------------------------------------------------- QR code


@lru_cache(maxsize=512)
def qr_modules(text: str) -> np.ndarray:
    """The code's modules (True = dark) from OpenCV's encoder, without any border."""
    params = cv2.QRCodeEncoder.Params()
    params.correction_level = cv2.QRCodeEncoder_CORRECT_LEVEL_M
    image = cv2.QRCodeEncoder.create(params).encode(text)
    dark = image < 128
    rows = np.flatnonzero(dark.any(axis=1))
    cols = np.flatnonzero(dark.any(axis=0))
    out = dark[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]
    out.setflags(write=False)
    return out


def _sticker(text: str, side_px: int, ink=(20, 20, 24), paper=(250, 250, 245)) -> np.ndarray:
    """The code with its quiet zone on a square sticker, RGB float 0..1 (sRGB)."""
    modules = np.pad(qr_modules(text), QUIET, constant_values=False)
    n = modules.shape[0]
    # Draw each module as a rectangle at the sticker's resolution: no nearest-neighbour staircase.
    img = np.empty((side_px, side_px, 3), np.float32)
    img[:] = np.array(paper, np.float32) / 255
    edge = np.linspace(0, side_px, n + 1).round().astype(int)
    ink_f = np.array(ink, np.float32) / 255
    for r, c in zip(*np.nonzero(modules)):
        img[edge[r]:edge[r + 1], edge[c]:edge[c + 1]] = ink_f
    return img


# ---------------------------------------------------------------- flat drawings


def _px(mm: float) -> int:
    return int(round(mm * TEX_PX_PER_MM))


def _alpha_round_rect(w: int, h: int, r: int) -> np.ndarray:
    """Coverage of a rectangle with rounded corners, from the distance to its inner rectangle
    (so the edge is anti-aliased by construction)."""
    ys = np.arange(h, dtype=np.float32)[:, None] + 0.5
    xs = np.arange(w, dtype=np.float32)[None, :] + 0.5
    dx = np.maximum(np.abs(xs - w / 2) - (w / 2 - r), 0)
    dy = np.maximum(np.abs(ys - h / 2) - (h / 2 - r), 0)
    return np.clip(r + 0.5 - np.hypot(dx, dy), 0, 1).astype(np.float32)


@lru_cache(maxsize=160)
def card_art(suit: str, rank: int, text: str) -> tuple[np.ndarray, np.ndarray]:
    """A card face (RGB float sRGB 0..1) and its alpha: suit colour, rank pips, the tag on top."""
    w, h = _px(CARD_MM[0]), _px(CARD_MM[1])
    colour = SUIT_COLOURS.get(suit, (128, 128, 128))
    face = np.empty((h, w, 3), np.uint8)
    if suit == "M":  # a rainbow fade from top to bottom
        ramp = np.linspace(0, 150, h).astype(np.uint8)[:, None]
        hsv = np.stack([ramp, np.full_like(ramp, 200), np.full_like(ramp, 220)], -1)
        face[:] = cv2.cvtColor(hsv, cv2.COLOR_HSV2RGB)
    else:
        face[:] = colour
    pad = _px(3)
    cv2.rectangle(face, (pad, pad), (w - 1 - pad, h - 1 - pad), (247, 242, 230), -1)
    side = _px(STICKER_MM)
    x0, y0 = (w - side) // 2, _px(4.5)
    face[y0:y0 + side, x0:x0 + side] = (255 * _sticker(text, side)).astype(np.uint8)
    # Rank as pips in a row under the sticker, and the number in the corner.
    pip_y = y0 + side + (h - pad - y0 - side) // 2
    dark = tuple(int(v * 0.7) for v in colour)
    for i in range(max(1, rank)):
        px = int(w / 2 + (i - (max(1, rank) - 1) / 2) * _px(6.5))
        cv2.circle(face, (px, pip_y), _px(2.4), dark, -1, cv2.LINE_AA)
    cv2.putText(face, str(rank), (pad + _px(1), h - pad - _px(1.5)), cv2.FONT_HERSHEY_DUPLEX,
                TEX_PX_PER_MM * 0.22, dark, max(1, TEX_PX_PER_MM // 2), cv2.LINE_AA)
    face = face.astype(np.float32) / 255
    return face, _alpha_round_rect(w, h, _px(3))


@lru_cache(maxsize=32)
def flyer_art(text: str, phone: bool) -> tuple[np.ndarray, np.ndarray]:
    """Someone else's QR code: a phone showing it, or a paper menu with text lines."""
    if phone:
        w, h = _px(70), _px(140)
        art = np.full((h, w, 3), 0.05, np.float32)
        cv2.rectangle(art, (_px(4), _px(14)), (w - _px(4), h - _px(14)), (0.92, 0.94, 0.98), -1)
        side = w - _px(16)
        y0 = _px(30)
        art[y0:y0 + side, _px(8):_px(8) + side] = _sticker(text, side, paper=(0.92 * 255,) * 3)
        return art, _alpha_round_rect(w, h, _px(8))
    w, h = _px(80), _px(110)
    art = np.full((h, w, 3), (0.95, 0.93, 0.86), np.float32)
    rng = np.random.default_rng(sum(map(ord, text)) + 17)
    for k in range(9):
        y = _px(8) + k * _px(5.5)
        length = int(rng.uniform(0.35, 0.9) * (w - _px(16)))
        cv2.line(art, (_px(8), y), (_px(8) + length, y), (0.25, 0.2, 0.2), max(1, _px(1.2)))
    side = _px(40)
    art[h - side - _px(8):h - _px(8), (w - side) // 2:(w + side) // 2] = _sticker(text, side)
    return art, np.ones((h, w), np.float32)


def back_art(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """A face-down card: a dense printed pattern, the kind of thing that looks like a code."""
    rng = np.random.default_rng(seed)
    w, h = _px(CARD_MM[0]), _px(CARD_MM[1])
    art = np.full((h, w, 3), (0.12, 0.14, 0.35), np.float32)
    step = _px(float(rng.uniform(1.5, 3.5)))
    for k in range(-h, w + h, step):
        cv2.line(art, (k, 0), (k + h, h), (0.8, 0.7, 0.3), 1 + step // 4)
        if rng.random() < 0.5:
            cv2.line(art, (k, h), (k + h, 0), (0.8, 0.7, 0.3), 1 + step // 4)
    return art, _alpha_round_rect(w, h, _px(3))


# ---------------------------------------------------------------- the table


def _fractal(rng: np.random.Generator, shape: tuple[int, int], octaves: int = 4) -> np.ndarray:
    h, w = shape
    out = np.zeros((h, w), np.float32)
    amp = 1.0
    for o in range(octaves):
        cells = 3 * 2 ** o
        grid = rng.standard_normal((cells, cells)).astype(np.float32)
        out += amp * cv2.resize(grid, (w, h), interpolation=cv2.INTER_CUBIC)
        amp *= 0.5
    return out / 2.0


@lru_cache(maxsize=16)
def _table_cached(w: int, h: int, seed: int) -> np.ndarray:
    return _table(w, h, seed)


def _table(w: int, h: int, seed: int) -> np.ndarray:
    """A table top in linear light (RGB float): wood, felt, a checked cloth, slate or a print."""
    rng = np.random.default_rng(seed)
    kind = seed % 5
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    noise = _fractal(rng, (h, w))
    if kind == 0:  # wood: rings bent by noise
        freq = rng.uniform(0.02, 0.06) * 640 / w
        rings = 0.5 + 0.5 * np.sin((yy * freq + 6 * noise) * 2.0)
        base = np.array(rng.uniform([0.45, 0.28, 0.12], [0.7, 0.45, 0.25]), np.float32)
        img = base * (0.65 + 0.35 * rings)[..., None]
    elif kind == 1:  # felt
        base = np.array(rng.uniform([0.05, 0.25, 0.1], [0.2, 0.5, 0.3]), np.float32)
        img = base * (0.9 + 0.1 * noise + 0.06 * rng.standard_normal((h, w)).astype(np.float32))[..., None]
    elif kind == 2:  # gingham: the worst for a detector of dense edges
        period = rng.uniform(0.03, 0.08) * w
        a = (np.floor(xx / period) % 2).astype(np.float32)
        b = (np.floor(yy / period) % 2).astype(np.float32)
        tone = 1 - 0.35 * (a + b)
        colour = np.array(rng.uniform([0.5, 0.1, 0.1], [0.9, 0.4, 0.5]), np.float32)
        img = (colour + (1 - colour) * (tone[..., None] - 0.3)).clip(0.05, 1)
        angle = rng.uniform(-25, 25)
        rot = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
        img = cv2.warpAffine(img, rot, (w, h), borderMode=cv2.BORDER_REFLECT)
    elif kind == 3:  # slate, dark
        img = np.repeat((0.08 + 0.03 * noise)[..., None], 3, axis=2)
    else:  # a printed cloth: scattered dots
        img = np.empty((h, w, 3), np.float32)
        img[:] = np.array(rng.uniform([0.6, 0.55, 0.4], [0.85, 0.8, 0.7]), np.float32)
        for _ in range(int(w * h / 900)):
            c = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
            cv2.circle(img, c, int(rng.uniform(2, 6) * w / 640), tuple(rng.uniform(0.1, 0.6, 3)), -1)
    img = np.clip(img, 0.01, 1.0).astype(np.float32)
    # Clutter: tokens, face-down cards.
    for _ in range(int(rng.integers(0, 5))):
        c = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        r = int(rng.uniform(0.02, 0.04) * w)
        cv2.circle(img, c, r, tuple(float(v) for v in rng.choice([[0.1, 0.2, 0.7], [0.7, 0.1, 0.1]])),
                   -1, cv2.LINE_AA)
        cv2.circle(img, c, max(1, r // 2), (0.9, 0.9, 0.9), max(1, r // 8), cv2.LINE_AA)
    for _ in range(int(rng.integers(0, 3))):
        art, alpha = back_art(int(rng.integers(0, 1 << 20)))
        pose = Pose.random(rng, (w, h), tilt_max=30.0)
        _composite(img, _linear(art), alpha, _project(pose, (w, h), art.shape[1], art.shape[0]))
    return img


# ---------------------------------------------------------------- the camera


@dataclass(frozen=True)
class Pose:
    """An object on the table as the camera sees it."""

    cx: float  # centre, fraction of the frame width / height
    cy: float
    width: float  # the object's width as a fraction of the frame width (seen face on)
    roll: float  # turn in the image plane, degrees
    tilt: float  # out of plane, degrees
    tilt_axis: float  # direction of the tilt axis, degrees
    focal: float = 1.0  # focal length in frame widths (0.6 wide angle .. 1.6 narrow)

    @staticmethod
    def random(rng: np.random.Generator, size: tuple[int, int], width=(0.14, 0.42),
               tilt_max: float = 50.0) -> "Pose":
        return Pose(cx=float(rng.uniform(0.2, 0.8)), cy=float(rng.uniform(0.25, 0.75)),
                    width=float(rng.uniform(*width)), roll=float(rng.uniform(-180, 180)),
                    tilt=float(tilt_max * rng.uniform(0, 1) ** 0.7),
                    tilt_axis=float(rng.uniform(0, 180)), focal=float(rng.uniform(0.6, 1.6)))


def _project(pose: Pose, size: tuple[int, int], art_w: int, art_h: int) -> np.ndarray:
    """Image corners (tl, tr, br, bl) of a flat art_w x art_h drawing at `pose`."""
    w, h = size
    half_w = pose.width * w / 2
    half_h = half_w * art_h / art_w
    obj = np.array([[-half_w, -half_h, 0], [half_w, -half_h, 0], [half_w, half_h, 0],
                    [-half_w, half_h, 0]], np.float64)
    roll = math.radians(pose.roll)
    cz, sz = math.cos(roll), math.sin(roll)
    r_roll = np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1.0]])
    axis = math.radians(pose.tilt_axis)
    rvec = np.array([math.cos(axis), math.sin(axis), 0.0]) * math.radians(pose.tilt)
    r_tilt, _ = cv2.Rodrigues(rvec)
    pts = obj @ r_roll.T @ r_tilt.T
    f = pose.focal * w
    z = pts[:, 2] + f
    return np.stack([pose.cx * w + f * pts[:, 0] / z, pose.cy * h + f * pts[:, 1] / z],
                    axis=1).astype(np.float32)


def _linear(srgb: np.ndarray) -> np.ndarray:
    return np.power(np.clip(srgb, 0, 1), 2.2).astype(np.float32)


def _composite(img: np.ndarray, art: np.ndarray, alpha: np.ndarray, corners: np.ndarray,
               streak: np.ndarray | None = None) -> None:
    """Warps `art` onto `img` (both linear RGB float) at `corners`, in place, with a soft shadow.

    The drawing is first halved until it is at most twice the size it will have, so the warp
    does not alias; a `streak` kernel smears the object alone (it moves, the table does not).
    """
    h, w = img.shape[:2]
    span = float(max(np.linalg.norm(corners[1] - corners[0]), np.linalg.norm(corners[3] - corners[0])))
    while max(art.shape[:2]) > 2.2 * span and min(art.shape[:2]) > 16:
        art = cv2.pyrDown(art)
        alpha = cv2.pyrDown(alpha)
    ah, aw = art.shape[:2]
    grow = int(0.1 * span) + (0 if streak is None else streak.shape[0]) + 4
    x0, y0 = max(0, int(corners[:, 0].min()) - grow), max(0, int(corners[:, 1].min()) - grow)
    x1, y1 = min(w, int(corners[:, 0].max()) + grow), min(h, int(corners[:, 1].max()) + grow)
    if x1 <= x0 or y1 <= y0:
        return
    src = np.array([[0, 0], [aw, 0], [aw, ah], [0, ah]], np.float32)
    hom = cv2.getPerspectiveTransform(src, corners - np.array([x0, y0], np.float32))
    box = (x1 - x0, y1 - y0)
    layer = cv2.warpPerspective(art * alpha[..., None], hom, box, flags=cv2.INTER_LINEAR)
    cover = cv2.warpPerspective(alpha, hom, box, flags=cv2.INTER_LINEAR)
    if streak is not None:
        layer = cv2.filter2D(layer, -1, streak)
        cover = cv2.filter2D(cover, -1, streak)
    region = img[y0:y1, x0:x1]
    shade = cv2.GaussianBlur(cover, (0, 0), max(1.0, 0.05 * span))
    shift = max(1, int(0.03 * span))
    shade = np.roll(np.roll(shade, shift, axis=0), shift // 2, axis=1)
    region *= (1 - 0.5 * shade)[..., None]
    region[:] = region * (1 - cover[..., None]) + layer


def disc_kernel(radius: float) -> np.ndarray:
    """Defocus: a uniform disc (a lens's out-of-focus spot), anti-aliased edge."""
    n = 2 * int(math.ceil(radius)) + 3
    c = n // 2
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float32) - c
    k = np.clip(radius + 0.5 - np.sqrt(xx ** 2 + yy ** 2), 0, 1)
    return (k / k.sum()).astype(np.float32)


def streak_kernel(length: float, angle: float, bend: float, rng: np.random.Generator) -> np.ndarray:
    """Motion: a slightly curved path travelled at uneven speed (a hand speeds up, slows down)."""
    n = 2 * int(math.ceil(length / 2 + abs(bend))) + 3
    c = n // 2
    k = np.zeros((n, n), np.float32)
    a = math.radians(angle)
    d, p = np.array([math.cos(a), math.sin(a)]), np.array([-math.sin(a), math.cos(a)])
    speed = rng.uniform(0.3, 1.0)
    for t in np.linspace(-0.5, 0.5, 64):
        pos = c + d * t * length + p * bend * (4 * t * t - 1 / 3)
        weight = 1.0 / (speed + (1 - speed) * (0.5 + t))  # slower at one end: more light there
        x, y = pos
        ix, iy = int(math.floor(x)), int(math.floor(y))
        fx, fy = x - ix, y - iy
        for dx, dy, wgt in ((0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)),
                            (0, 1, (1 - fx) * fy), (1, 1, fx * fy)):
            if 0 <= iy + dy < n and 0 <= ix + dx < n:
                k[iy + dy, ix + dx] += weight * wgt
    return k / k.sum()


# ---------------------------------------------------------------- a scene


@dataclass(frozen=True)
class Look:
    """How the picture is taken. Lengths in pixels of a 640-wide frame."""

    defocus: float = 0.0  # disc radius
    motion: float = 0.0  # streak length (of the cards only)
    motion_angle: float = 0.0
    motion_bend: float = 0.0
    shake: float = 0.0  # streak of the whole frame (the camera moves)
    lamp: tuple[float, float, float] = (0.5, -0.3, 1.2)  # lamp position: x, y (frame fractions), height
    ambient: float = 0.35
    exposure: float = 1.0
    shadow: float = 0.0  # darkness of a hand's shadow band across the frame, 0..0.85
    shadow_at: tuple[float, float, float] = (0.5, 0.5, 30.0)  # band centre x, y, angle
    white: tuple[float, float, float] = (1.0, 1.0, 1.0)  # RGB gains (colour of the light)
    glare: float = 0.0  # specular on the first card's tag, 0..1.2 (from ~0.4 it saturates)
    glare_at: tuple[float, float] = (0.0, 0.0)  # on the card, fractions of its half-size
    glare_size: float = 0.25  # fraction of the card width
    glare_angle: float = 0.0
    shot: float = 0.5  # shot noise gain
    read: float = 2.0  # read noise, grey levels
    jpeg: int = 80

    @staticmethod
    def random(rng: np.random.Generator) -> "Look":
        harsh = rng.random() < 0.35  # a third of the frames at the edge of what a table gives
        defocus = rng.uniform(1.0, 2.2) if harsh and rng.random() < 0.6 else rng.uniform(0.0, 1.2)
        moving = rng.random() < (0.5 if harsh else 0.2)
        motion = rng.uniform(2.0, 7.0 if harsh else 4.0) if moving else 0.0
        glare = rng.uniform(0.4, 1.2) if rng.random() < (0.5 if harsh else 0.25) else 0.0
        shadow = rng.uniform(0.3, 0.8) if rng.random() < 0.3 else 0.0
        return Look(
            defocus=float(defocus), motion=float(motion), motion_angle=float(rng.uniform(0, 180)),
            motion_bend=float(rng.uniform(-1, 1) * motion * 0.15),
            shake=float(rng.uniform(0.5, 2.0)) if rng.random() < 0.15 else 0.0,
            lamp=(float(rng.uniform(-0.3, 1.3)), float(rng.uniform(-0.5, 1.5)),
                  float(rng.uniform(0.6, 1.6))),
            ambient=float(rng.uniform(0.1, 0.6)), exposure=float(rng.uniform(0.6, 1.3)),
            shadow=float(shadow),
            shadow_at=(float(rng.uniform(0, 1)), float(rng.uniform(0, 1)), float(rng.uniform(0, 180))),
            white=tuple(float(v) for v in rng.uniform(0.8, 1.15, 3)),
            glare=float(glare), glare_at=(float(rng.uniform(-0.7, 0.7)), float(rng.uniform(-0.9, 0.3))),
            glare_size=float(rng.uniform(0.08, 0.25)), glare_angle=float(rng.uniform(0, 180)),
            shot=float(rng.uniform(0.2, 1.5)), read=float(rng.uniform(1.0, 4.0)),
            jpeg=int(rng.integers(30, 91)),
        )


@dataclass
class Scene:
    """What is on the table and how it is seen."""

    size: tuple[int, int] = (640, 480)
    table: int = 0  # which table top
    cards: list = field(default_factory=list)  # [(Card, copy, Pose)]
    foreign: list = field(default_factory=list)  # [(text, Pose, phone? (None: on a card))]
    look: Look = Look()
    seed: int = 0  # the noise
    printed: dict = field(default_factory=dict)  # {(Card, copy): text printed instead of its tag}


def _light(size: tuple[int, int], look: Look) -> np.ndarray:
    w, h = size
    yy, xx = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    lx, ly, lz = look.lamp
    d2 = ((xx / w - lx) ** 2 + (yy / w - ly * h / w) ** 2 + lz ** 2) / lz ** 2
    field = look.ambient + (1 - look.ambient) / d2 ** 1.5  # inverse square and the cosine
    r2 = ((xx / w - 0.5) ** 2 + (yy / h - 0.5) ** 2)
    field *= 1 - 0.35 * r2  # the lens's vignetting
    if look.shadow > 0:
        sx, sy, sa = look.shadow_at
        a = math.radians(sa)
        dist = (xx / w - sx) * math.sin(a) - (yy / h - sy) * math.cos(a)
        band = np.exp(-(dist / 0.12) ** 4)
        field *= 1 - look.shadow * band
    field = cv2.resize(field, (w, h), interpolation=cv2.INTER_LINEAR)
    return (field * look.exposure * 1.1).astype(np.float32)


def _glare(img: np.ndarray, corners: np.ndarray, look: Look) -> None:
    """A lamp's reflection on the card: a bright elongated spot that saturates in its middle."""
    h, w = img.shape[:2]
    centre = corners.mean(axis=0)
    across = (corners[1] - corners[0]) / 2
    down = (corners[3] - corners[0]) / 2
    spot = centre + look.glare_at[0] * across + look.glare_at[1] * down
    width = float(np.linalg.norm(corners[1] - corners[0]))
    r = max(2.0, look.glare_size * width)
    a = math.radians(look.glare_angle)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    u = (xx - spot[0]) * math.cos(a) + (yy - spot[1]) * math.sin(a)
    v = -(xx - spot[0]) * math.sin(a) + (yy - spot[1]) * math.cos(a)
    d = np.sqrt((u / r) ** 2 + (v / (0.45 * r)) ** 2)
    # A plateau that saturates, then a quick edge; around it a wide sheen that only lowers the
    # contrast. A spot that blanks more of the code than its error correction restores leaves
    # nothing for any decoder to read: the spot is kept to what a glossy sticker shows.
    core = np.clip(1.0 - d, 0, 1) ** 0.7
    halo = np.exp(-0.3 * d * d)
    img += (look.glare * (1.2 * core + 0.35 * halo))[..., None]


def code_corners(text: str, art_shape: tuple, corners: np.ndarray) -> np.ndarray:
    """Where the code of a card drawn by card_art lies in the frame (4x2, quiet zone excluded)."""
    ah, aw = art_shape[:2]
    side = _px(STICKER_MM)
    n = qr_modules(text).shape[0] + 2 * QUIET
    x0, y0 = (aw - side) / 2 + side * QUIET / n, _px(4.5) + side * QUIET / n
    x1, y1 = x0 + side * (n - 2 * QUIET) / n, y0 + side * (n - 2 * QUIET) / n
    src = np.array([[0, 0], [aw, 0], [aw, ah], [0, ah]], np.float32)
    hom = cv2.getPerspectiveTransform(src, corners.astype(np.float32))
    code = np.array([[[x0, y0], [x1, y0], [x1, y1], [x0, y1]]], np.float32)
    return cv2.perspectiveTransform(code, hom)[0]


def render(scene: Scene, where: list | None = None) -> np.ndarray:
    """The frame (BGR uint8) a camera takes of the scene; (text, code corners) of each card's
    code are appended to `where` if given."""
    w, h = scene.size
    look = scene.look
    scale = w / 640.0
    rng = np.random.default_rng(scene.seed)
    img = _table_cached(w, h, scene.table).copy()
    streak = None
    if look.motion > 0.5:
        streak = streak_kernel(look.motion * scale, look.motion_angle, look.motion_bend * scale, rng)
    first = None
    for text, pose, phone in scene.foreign:
        # phone None: a fake card tag, drawn on a card face
        art, alpha = card_art("W", 1, text) if phone is None else flyer_art(text, phone)
        corners = _project(pose, (w, h), art.shape[1], art.shape[0])
        _composite(img, _linear(art), alpha, corners, streak)
        first = corners if first is None else first
    for card, copy, pose in scene.cards:
        text = scene.printed.get((card, copy), f"HNB:{card}:{copy}")
        art, alpha = card_art(card.suit, card.rank, text)
        corners = _project(pose, (w, h), art.shape[1], art.shape[0])
        _composite(img, _linear(art), alpha, corners, streak)
        if where is not None:
            where.append((text, code_corners(text, art.shape, corners)))
        if first is None or scene.foreign:
            first = corners
    img *= _light((w, h), look)[..., None]
    img *= np.array(look.white, np.float32)
    if look.glare > 0 and first is not None:
        _glare(img, first, look)
    if look.shake > 0.5:
        img = cv2.filter2D(img, -1, streak_kernel(look.shake * scale, float(rng.uniform(0, 180)), 0, rng))
    if look.defocus > 0.3:
        img = cv2.filter2D(img, -1, disc_kernel(look.defocus * scale))
    # The sensor: photons (shot noise grows with the light), then the read-out.
    signal = np.clip(img, 0, 1.0) * 255
    noisy = signal + rng.standard_normal(signal.shape).astype(np.float32) * np.sqrt(
        look.shot * signal + look.read ** 2)
    srgb = 255 * np.power(np.clip(noisy / 255, 0, 1), 1 / 2.2)
    out = cv2.cvtColor(srgb.astype(np.uint8), cv2.COLOR_RGB2BGR)
    ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(look.jpeg)])
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


# ---------------------------------------------------------------- the corpus


@dataclass
class Frame:
    frame: np.ndarray
    cards: set  # {(Card, copy)} in view
    kind: str  # "card", "empty", "foreign"
    size: tuple[int, int]
    seed: int
    look: Look | None = None
    codes: list = field(default_factory=list)  # (text, 4x2 corners) of each card's code


def _in_view(corners: np.ndarray, size: tuple[int, int]) -> bool:
    w, h = size
    return bool((corners[:, 0] > 3).all() and (corners[:, 0] < w - 3).all()
                and (corners[:, 1] > 3).all() and (corners[:, 1] < h - 3).all())


def _apart(a: np.ndarray, b: np.ndarray) -> bool:
    """Two objects' outlines do not overlap (their bounding boxes, with a small gap)."""
    return bool(a[:, 0].max() < b[:, 0].min() or b[:, 0].max() < a[:, 0].min()
                or a[:, 1].max() < b[:, 1].min() or b[:, 1].max() < a[:, 1].min())


def place(rng: np.random.Generator, size: tuple[int, int], count: int, width=(0.14, 0.42),
          aspect: float = CARD_MM[1] / CARD_MM[0], tilt_max: float = 50.0) -> list[Pose]:
    """Poses of `count` objects wholly in view and not on top of each other."""
    for _ in range(400):
        poses = [Pose.random(rng, size, width, tilt_max) for _ in range(count)]
        outlines = [_project(p, size, 100, int(100 * aspect)) for p in poses]
        if all(_in_view(c, size) for c in outlines) and all(
                _apart(outlines[i], outlines[j]) for i in range(count) for j in range(i)):
            return poses
        width = (width[0], max(width[0], width[1] * 0.97))  # big ones may not fit: shrink a little
    raise RuntimeError("no room for the objects")


DECK = deck_tags("multicolor")  # every physical card (card, copy) of the largest deck


def pick_cards(rng: np.random.Generator, count: int = 1) -> list[tuple[Card, int]]:
    """`count` different physical cards, each as likely as any other."""
    return [DECK[int(i)] for i in rng.choice(len(DECK), size=count, replace=False)]


def card_frame(size: tuple[int, int], seed: int, printed: dict | None = None) -> Frame:
    """A frame with one or two cards. printed: {(Card, copy): text} puts another text than its
    tag on a card (a code one character from a tag), the same frame otherwise; such a card is
    not among the frame's cards."""
    rng = np.random.default_rng(seed)
    shown = pick_cards(rng, 2 if rng.random() < 0.15 else 1)
    poses = place(rng, size, len(shown))
    look = Look.random(rng)
    scene = Scene(size, int(rng.integers(0, 40)), [(c, n, p) for (c, n), p in zip(shown, poses)],
                  look=look, seed=seed, printed=dict(printed or {}))
    codes: list = []
    frame = render(scene, codes)
    real = set(shown) - set(scene.printed)
    return Frame(frame, real, "card" if real else "foreign", size, seed, look, codes)


def empty_frame(size: tuple[int, int], seed: int) -> Frame:
    rng = np.random.default_rng(seed)
    look = Look.random(rng)
    scene = Scene(size, int(rng.integers(0, 40)), look=replace(look, glare=0.0), seed=seed)
    return Frame(render(scene), set(), "empty", size, seed, look)


def foreign_frame(size: tuple[int, int], seed: int) -> Frame:
    rng = np.random.default_rng(seed)
    texts = [FOREIGN_TEXTS[int(rng.integers(0, len(FOREIGN_TEXTS)))]]
    if rng.random() < 0.3:
        texts.append(FOREIGN_TEXTS[int(rng.integers(0, len(FOREIGN_TEXTS)))])
    objects = []
    for text in texts:
        if text.startswith("HNB:"):
            objects.append((text, False, CARD_MM[1] / CARD_MM[0], (0.14, 0.42)))
        else:
            phone = rng.random() < 0.4
            objects.append((text, phone, 2.0 if phone else 110 / 80, (0.15, 0.3)))
    poses = place(rng, size, len(objects), width=objects[0][3], aspect=max(o[2] for o in objects))
    look = Look.random(rng)
    scene = Scene(size, int(rng.integers(0, 40)), look=look, seed=seed)
    for (text, phone, _, _), pose in zip(objects, poses):
        if text.startswith("HNB:"):  # a fake tag on a card: drawn like a card
            scene.foreign.append((text, pose, None))
        else:
            scene.foreign.append((text, pose, phone))
    return Frame(render(scene), set(), "foreign", size, seed, look)


def corpus(size: tuple[int, int], cards: int, empty: int, foreign: int, seed: int = 1) -> list[Frame]:
    """The benchmark's frames at one size: card frames, then empty ones, then foreign codes."""
    base = seed * 1_000_003 + size[0]
    out = [card_frame(size, base + i) for i in range(cards)]
    out += [empty_frame(size, base + 500_000 + i) for i in range(empty)]
    out += [foreign_frame(size, base + 700_000 + i) for i in range(foreign)]
    return out
