"""Synthetic table frames: Hanabi cards with their tag stickers, photographed the way a camera
beside a real table sees them.

A card is drawn flat (face, coloured border, rank, the sticker with its QR code and plain-text
name), then placed on a table top (wood, felt, cloth, laminate, with tokens and face-down cards
lying around) rotated any way, tilted (keystone), at 14-42% of the frame width, and the frame is
lit unevenly, given a glare spot, defocus or motion blur, sensor noise and JPEG compression.
Everything is deterministic from a seed, so the benchmark, the tests and the demo can rebuild
the same corpus anywhere.

    render_frame([(Card("R", 1), 2)], size=(640, 480), seed=7)       one frame, BGR uint8
    empty_frame((640, 480), seed=3)                                  the table with no card
    render_frame(texts=["https://example.org/menu"], seed=5)         a foreign QR code
    card_sequence(Card("B", 4), 1, seed=9)                           enter, stay, leave
    table_stream([(Card("R", 1), 1), (Card("B", 4), 2)], seed=3)      a game's cards, lazily
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Iterable, Iterator, Sequence

import cv2
import numpy as np

from companion.rules.cards import STANDARD_COPIES, Card
from companion.scan.qr import DEFAULT_STICKER_MM, label_mm, qr_image
from companion.scan.tag import tag_text

PX_PER_MM = 8  # resolution of the flat card drawing
CARD_MM = (44.0, 68.0)  # a Hanabi card
PAPER_MM = (62.0, 84.0)  # a menu or flyer with someone else's QR code

# BGR colours of the suits' borders and ranks.
SUIT_BGR = {
    "R": (40, 40, 200),
    "Y": (40, 200, 235),
    "G": (60, 150, 40),
    "B": (190, 110, 30),
    "W": (170, 170, 170),
    "M": (150, 60, 160),
}


@dataclass(frozen=True)
class Placement:
    """Where a card lies in the frame (fractions of the frame) and how it is turned."""

    x: float = 0.5  # centre, fraction of the frame width
    y: float = 0.5  # centre, fraction of the frame height
    width: float = 0.25  # the card's short side, fraction of the frame width
    angle: float = 0.0  # turn in the table plane, degrees
    tilt: float = 0.0  # out of plane (keystone), degrees
    tilt_dir: float = 0.0  # axis of the tilt, degrees

    @staticmethod
    def random(rng: np.random.Generator, size_range: tuple[float, float] = (0.14, 0.42),
               max_tilt: float = 40.0) -> "Placement":
        return Placement(
            x=float(rng.uniform(0.25, 0.75)),
            y=float(rng.uniform(0.3, 0.7)),
            width=float(rng.uniform(*size_range)),
            angle=float(rng.uniform(0, 360)),
            tilt=float(max_tilt * math.sqrt(rng.uniform(0, 1))),
            tilt_dir=float(rng.uniform(0, 360)),
        )


@dataclass(frozen=True)
class Conditions:
    """How the frame is taken. Lengths are in pixels of a 640-wide frame (scaled with the size)."""

    blur: float = 0.0  # defocus, Gaussian sigma
    motion: float = 0.0  # motion blur of the cards, length of the streak
    motion_angle: float = 0.0
    light: float = 0.0  # unevenness of the light across the frame, 0..0.8
    light_angle: float = 0.0
    brightness: float = 1.0
    tint: tuple[float, float, float] = (1.0, 1.0, 1.0)  # white balance, BGR gains
    glare: float = 0.0  # strength of a specular spot on the first card, 0..1
    glare_radius: float = 0.2  # fraction of the card width
    glare_offset: tuple[float, float] = (0.0, 0.0)  # from the card centre, fractions of its half-size
    occlusion: float = 0.0  # a finger over part of the first card's tag, 0..0.6
    occlusion_angle: float = 0.0
    noise: float = 2.0  # sensor noise, standard deviation in grey levels
    jpeg: int = 0  # JPEG quality; 0 = no compression

    @staticmethod
    def random(rng: np.random.Generator, severity: float = 1.0) -> "Conditions":
        """Conditions as they come at a real table: mostly fair, sometimes poor."""
        s = severity
        blur = rng.uniform(0.0, 0.9) if rng.random() < 0.7 else rng.uniform(0.9, 1.6)
        motion = rng.uniform(1.0, 5.0) if rng.random() < 0.3 else 0.0
        glare = rng.uniform(0.3, 0.9) if rng.random() < 0.35 else 0.0
        jpeg = int(rng.integers(60, 93)) if rng.random() < 0.8 else int(rng.integers(40, 60))
        return Conditions(
            blur=float(blur * s),
            motion=float(motion * s),
            motion_angle=float(rng.uniform(0, 180)),
            light=float(rng.uniform(0.0, 0.6) * s),
            light_angle=float(rng.uniform(0, 360)),
            brightness=float(rng.uniform(0.55, 1.15)),
            tint=tuple(float(v) for v in rng.uniform(0.88, 1.12, 3)),
            glare=float(min(glare * s, 0.95)),
            glare_radius=float(rng.uniform(0.1, 0.3)),
            glare_offset=(float(rng.uniform(-0.8, 0.8)), float(rng.uniform(-0.8, 0.8))),
            noise=float(rng.uniform(1.0, 5.0)),
            jpeg=jpeg,
        )


# ---------------------------------------------------------------- flat drawings


def _mm(v: float) -> int:
    return int(round(v * PX_PER_MM))


def _rounded_mask(w: int, h: int, radius: int) -> np.ndarray:
    mask = np.zeros((h, w), np.uint8)
    cv2.rectangle(mask, (radius, 0), (w - 1 - radius, h - 1), 255, -1)
    cv2.rectangle(mask, (0, radius), (w - 1, h - 1 - radius), 255, -1)
    for cx, cy in ((radius, radius), (w - 1 - radius, radius), (radius, h - 1 - radius),
                   (w - 1 - radius, h - 1 - radius)):
        cv2.circle(mask, (cx, cy), radius, 255, -1, cv2.LINE_AA)
    return mask


def _put_text(img: np.ndarray, text: str, center: tuple[int, int], height: int,
              colour: tuple[int, int, int], thickness: int = 2) -> None:
    font = cv2.FONT_HERSHEY_SIMPLEX
    scale = height / 22.0
    (tw, th), _ = cv2.getTextSize(text, font, scale, thickness)
    org = (int(center[0] - tw / 2), int(center[1] + th / 2))
    cv2.putText(img, text, org, font, scale, colour, thickness, cv2.LINE_AA)


def sticker_image(text: str, label: str, sticker_mm: float = DEFAULT_STICKER_MM) -> np.ndarray:
    """The printed sticker, grey: the code with its quiet zone, the plain-text label under it."""
    side = _mm(sticker_mm)
    code = qr_image(text, module_px=12)
    code = cv2.resize(code, (side, side), interpolation=cv2.INTER_AREA)
    strip = np.full((_mm(label_mm(sticker_mm)), side), 255, np.uint8)
    _put_text(strip, label, (side // 2, strip.shape[0] // 2), int(strip.shape[0] * 0.6), 40, 2)
    return np.vstack([code, strip])


def _firework(img: np.ndarray, center: tuple[int, int], radius: int, colour, rng) -> None:
    for k in range(14):
        a = 2 * math.pi * k / 14 + rng.uniform(-0.1, 0.1)
        r0, r1 = radius * 0.25, radius * rng.uniform(0.7, 1.0)
        p0 = (int(center[0] + r0 * math.cos(a)), int(center[1] + r0 * math.sin(a)))
        p1 = (int(center[0] + r1 * math.cos(a)), int(center[1] + r1 * math.sin(a)))
        cv2.line(img, p0, p1, colour, 3, cv2.LINE_AA)
        cv2.circle(img, p1, 4, colour, -1, cv2.LINE_AA)


def _card_face(suit: str, rank: int, text: str, label: str,
               sticker_mm: float = DEFAULT_STICKER_MM) -> tuple[np.ndarray, np.ndarray]:
    """The flat card (BGR) with its sticker, and its alpha mask (rounded corners)."""
    w, h = _mm(CARD_MM[0]), _mm(CARD_MM[1])
    rng = np.random.default_rng(sum(map(ord, text)))
    colour = SUIT_BGR.get(suit, (120, 120, 120))
    face = np.full((h, w, 3), (222, 232, 238), np.uint8)
    border = _mm(2.5)
    if suit == "M":
        stripes = [SUIT_BGR[s] for s in "RYGBW"]
        for i, c in enumerate(stripes):
            y0, y1 = h * i // 5, h * (i + 1) // 5
            face[y0:y1, :] = c
    else:
        face[:] = colour
    cv2.rectangle(face, (border, border), (w - 1 - border, h - 1 - border), (222, 232, 238), -1)
    _put_text(face, str(rank), (_mm(7), _mm(8)), _mm(7), colour, 4)
    _put_text(face, str(rank), (w - _mm(7), _mm(8)), _mm(7), colour, 4)
    sticker = sticker_image(text, label, sticker_mm)
    sh, sw = sticker.shape
    x0 = (w - sw) // 2
    y0 = h - sh - _mm(4)
    _firework(face, (w // 2, max(_mm(12), y0 // 2)), max(_mm(6), y0 // 2 - _mm(2)), colour, rng)
    face[y0:y0 + sh, x0:x0 + sw] = cv2.cvtColor(sticker, cv2.COLOR_GRAY2BGR)
    return face, _rounded_mask(w, h, _mm(3.5))


@lru_cache(maxsize=128)
def _card_drawing(card: Card, copy: int, sticker_mm: float) -> tuple[np.ndarray, np.ndarray]:
    count = STANDARD_COPIES.get(card.rank, 1)
    return _card_face(card.suit, card.rank, tag_text(card, copy), f"{card} {copy}/{count}", sticker_mm)


@lru_cache(maxsize=64)
def _text_drawing(text: str) -> tuple[np.ndarray, np.ndarray]:
    """A QR code that is not one of our cards: a fake card tag on a card, or a paper flyer."""
    if text.startswith("HNB:"):
        return _card_face("W", 0, text, text[4:])
    w, h = _mm(PAPER_MM[0]), _mm(PAPER_MM[1])
    paper = np.full((h, w, 3), (236, 240, 242), np.uint8)
    rng = np.random.default_rng(sum(map(ord, text)))
    _put_text(paper, "MENU", (w // 2, _mm(9)), _mm(8), (60, 50, 40), 3)
    for i in range(3):
        y = _mm(17 + 5 * i)
        cv2.line(paper, (_mm(6), y), (int(_mm(6) + rng.uniform(0.5, 1) * (w - _mm(12))), y),
                 (110, 110, 110), 6)
    side = _mm(40)
    code = cv2.resize(qr_image(text, module_px=6), (side, side), interpolation=cv2.INTER_AREA)
    y0 = h - side - _mm(6)
    x0 = (w - side) // 2
    paper[y0:y0 + side, x0:x0 + side] = cv2.cvtColor(code, cv2.COLOR_GRAY2BGR)
    return paper, _rounded_mask(w, h, _mm(1))


# ---------------------------------------------------------------- the table


def _smooth_noise(rng: np.random.Generator, size: tuple[int, int], cells: int) -> np.ndarray:
    w, h = size
    small = rng.standard_normal((max(2, cells * h // w), cells)).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)


def _table(size: tuple[int, int], seed: int) -> np.ndarray:
    w, h = size
    rng = np.random.default_rng(seed)
    kind = ("wood", "felt", "cloth", "laminate")[seed % 4]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    scale = w / 640.0
    if kind == "wood":
        base = np.array(rng.uniform([30, 60, 100], [70, 110, 170]), np.float32)
        warp = _smooth_noise(rng, size, 6) * 25 * scale
        a = rng.uniform(0, math.pi)
        coord = (xx * math.cos(a) + yy * math.sin(a)) + warp
        grain = (0.5 + 0.5 * np.sin(coord / (rng.uniform(2, 4) * scale))) ** 4
        shade = 0.9 + 0.1 * grain + 0.06 * _smooth_noise(rng, size, 12)
        img = base[None, None, :] * shade[..., None]
        # plank joints
        step = rng.uniform(120, 220) * scale
        joints = np.abs(((xx * -math.sin(a) + yy * math.cos(a)) % step)) < 1.5 * scale
        img[joints] *= 0.55
    elif kind == "felt":
        base = np.array(rng.choice([[60, 110, 40], [120, 70, 30], [70, 60, 120], [90, 90, 90]]),
                        np.float32)
        fine = cv2.GaussianBlur(rng.standard_normal((h, w)).astype(np.float32), (0, 0), 1.0)
        shade = 1 + 0.06 * fine + 0.06 * _smooth_noise(rng, size, 8)
        img = base[None, None, :] * shade[..., None]
    elif kind == "cloth":
        c1 = np.array(rng.uniform(150, 230, 3), np.float32)
        c2 = c1 * rng.uniform(0.7, 0.85)
        period = rng.uniform(30, 60) * scale
        check = ((np.floor(xx / period) + np.floor(yy / period)) % 2).astype(np.float32)
        check = cv2.GaussianBlur(check, (0, 0), 1.5 * scale)
        img = c1 * (1 - check[..., None]) + c2 * check[..., None]
        img *= (1 + 0.04 * _smooth_noise(rng, size, 10))[..., None]
    else:
        base = np.array(rng.uniform(170, 215, 3), np.float32)
        img = base[None, None, :] * (1 + 0.05 * _smooth_noise(rng, size, 5))[..., None]
    img = np.clip(img, 0, 255).astype(np.uint8)
    _clutter(img, rng, scale)
    return img


def _clutter(img: np.ndarray, rng: np.random.Generator, scale: float) -> None:
    """Tokens and face-down cards lying on the table."""
    h, w = img.shape[:2]
    for _ in range(int(rng.integers(0, 5))):
        c = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        r = int(rng.uniform(10, 18) * scale)
        colour = [(170, 90, 30), (40, 40, 170), (30, 30, 30)][int(rng.integers(0, 3))]
        cv2.circle(img, (c[0] + 2, c[1] + 3), r, (0, 0, 0), -1, cv2.LINE_AA)
        cv2.circle(img, c, r, colour, -1, cv2.LINE_AA)
        cv2.circle(img, c, int(r * 0.6), tuple(min(255, v + 50) for v in colour), 2, cv2.LINE_AA)
    for _ in range(int(rng.integers(0, 3))):
        cw = rng.uniform(60, 110) * scale
        rect = ((float(rng.uniform(0, w)), float(rng.uniform(0, h))), (cw, cw * 68 / 44),
                float(rng.uniform(0, 180)))
        box = cv2.boxPoints(rect).astype(np.int32)
        cv2.fillConvexPoly(img, box, (90, 50, 30), cv2.LINE_AA)
        inner = cv2.boxPoints((rect[0], (rect[1][0] * 0.8, rect[1][1] * 0.85), rect[2]))
        cv2.polylines(img, [inner.astype(np.int32)], True, (150, 120, 60), max(1, int(2 * scale)),
                      cv2.LINE_AA)


@lru_cache(maxsize=32)
def _table_cached(size: tuple[int, int], seed: int) -> np.ndarray:
    table = _table(size, seed)
    table.setflags(write=False)
    return table


# ---------------------------------------------------------------- placing things


def _corners(placement: Placement, size: tuple[int, int], aspect: float) -> np.ndarray:
    """The four corners of an object of the given height/width ratio, seen by the camera."""
    w, h = size
    cw = placement.width * w
    ch = cw * aspect
    pts = np.array([[-cw / 2, -ch / 2, 0], [cw / 2, -ch / 2, 0], [cw / 2, ch / 2, 0],
                    [-cw / 2, ch / 2, 0]], np.float64)
    a = math.radians(placement.angle)
    rz = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])
    d = math.radians(placement.tilt_dir)
    axis = np.array([math.cos(d), math.sin(d), 0.0])
    rt, _ = cv2.Rodrigues(axis * math.radians(placement.tilt))
    pts = pts @ rz.T @ rt.T
    f = 1.1 * w
    z = f + pts[:, 2]
    u = placement.x * w + f * pts[:, 0] / z
    v = placement.y * h + f * pts[:, 1] / z
    return np.stack([u, v], axis=1).astype(np.float32)


def _motion_kernel(length: float, angle: float) -> np.ndarray:
    n = max(3, int(math.ceil(length)) | 1)
    k = np.zeros((n, n), np.float32)
    c = n // 2
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    for t in np.linspace(-length / 2, length / 2, num=max(2, int(length * 3))):
        k[int(round(c + t * dy)), int(round(c + t * dx))] += 1
    return k / k.sum()


def _paste(frame: np.ndarray, drawing: np.ndarray, mask: np.ndarray, corners: np.ndarray,
           motion: float, motion_angle: float) -> None:
    """Warps a flat drawing onto the frame at `corners` with a soft shadow, in place (float32)."""
    h, w = frame.shape[:2]
    dh, dw = drawing.shape[:2]
    target = float(np.max(np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1)))
    ratio = min(1.0, 1.5 * target / max(dw, dh))
    if ratio < 1.0:
        drawing = cv2.resize(drawing, None, fx=ratio, fy=ratio, interpolation=cv2.INTER_AREA)
        mask = cv2.resize(mask, (drawing.shape[1], drawing.shape[0]), interpolation=cv2.INTER_AREA)
    sh, sw = drawing.shape[:2]
    pad = int(motion + 0.08 * target) + 4
    x0 = max(0, int(corners[:, 0].min()) - pad)
    y0 = max(0, int(corners[:, 1].min()) - pad)
    x1 = min(w, int(corners[:, 0].max()) + pad + 1)
    y1 = min(h, int(corners[:, 1].max()) + pad + 1)
    if x1 <= x0 or y1 <= y0:
        return
    src = np.array([[0, 0], [sw, 0], [sw, sh], [0, sh]], np.float32)
    dst = corners - np.array([x0, y0], np.float32)
    hom = cv2.getPerspectiveTransform(src, dst)
    roi = (x1 - x0, y1 - y0)
    layer = cv2.warpPerspective(drawing, hom, roi, flags=cv2.INTER_LINEAR).astype(np.float32)
    alpha = cv2.warpPerspective(mask, hom, roi, flags=cv2.INTER_LINEAR).astype(np.float32) / 255
    if motion > 0.5:
        kernel = _motion_kernel(motion, motion_angle)
        layer = cv2.filter2D(layer * alpha[..., None], -1, kernel)
        alpha = cv2.filter2D(alpha, -1, kernel)
        layer = layer / np.maximum(alpha[..., None], 1e-3)
    shadow = cv2.GaussianBlur(alpha, (0, 0), max(1.0, 0.04 * target))
    off = max(1, int(0.02 * target))
    shifted = np.zeros_like(shadow)
    shifted[off:, off:] = shadow[:-off, :-off]
    shadow = shifted
    part = frame[y0:y1, x0:x1]
    part *= (1 - 0.35 * shadow)[..., None]
    a = alpha[..., None]
    part[:] = part * (1 - a) + layer * a


def _finger(frame: np.ndarray, corners: np.ndarray, amount: float, angle: float) -> None:
    """A fingertip reaching over the tag (the lower part of the card) from outside."""
    centre = corners.mean(axis=0)
    lower = (corners[2] + corners[3]) / 2
    tag = centre + 0.35 * (lower - centre)
    width = float(np.linalg.norm(corners[1] - corners[0]))
    a = math.radians(angle)
    direction = np.array([math.cos(a), math.sin(a)])
    tip = tag + direction * width * (0.45 - amount)
    base = tip + direction * width * 2.0
    thick = int(width * 0.28)
    skin = (120, 150, 205)
    cv2.line(frame, tuple(int(v) for v in base), tuple(int(v) for v in tip), skin, thick, cv2.LINE_AA)
    cv2.circle(frame, tuple(int(v) for v in tip), thick // 2, skin, -1, cv2.LINE_AA)


# ---------------------------------------------------------------- frames


def _light_field(size: tuple[int, int], cond: Conditions) -> np.ndarray:
    w, h = size
    gw, gh = 32, 24
    yy, xx = np.mgrid[-1:1:gh * 1j, -1:1:gw * 1j].astype(np.float32)
    a = math.radians(cond.light_angle)
    field = 1 + cond.light * (xx * math.cos(a) + yy * math.sin(a))
    field *= 1 - 0.22 * (xx ** 2 + yy ** 2) / 2
    field = np.clip(field * cond.brightness, 0.05, None)
    return cv2.resize(field, (w, h), interpolation=cv2.INTER_LINEAR)


def _finish(frame: np.ndarray, cond: Conditions, rng: np.random.Generator, scale: float,
            glare_at: tuple[np.ndarray, float] | None) -> np.ndarray:
    h, w = frame.shape[:2]
    frame *= _light_field((w, h), cond)[..., None]
    frame *= np.array(cond.tint, np.float32)[None, None, :]
    if glare_at is not None and cond.glare > 0:
        (cx, cy), card_w = glare_at
        r = max(2.0, cond.glare_radius * card_w)
        yy, xx = np.ogrid[0:h, 0:w]
        spot = np.exp(-(((xx - cx) / r) ** 2 + ((yy - cy) / (0.7 * r)) ** 2))
        spot = (cond.glare * spot).astype(np.float32)[..., None]
        frame[:] = frame + (255 - frame) * spot
    if cond.blur > 0.05:
        frame = cv2.GaussianBlur(frame, (0, 0), cond.blur * scale)
    if cond.noise > 0:
        frame += rng.normal(0, cond.noise, frame.shape).astype(np.float32)
    out = np.clip(frame, 0, 255).astype(np.uint8)
    if cond.jpeg:
        ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(cond.jpeg)])
        out = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return out


def _inside(corners: np.ndarray, size: tuple[int, int], margin: float = 2) -> bool:
    w, h = size
    return bool(corners[:, 0].min() >= margin and corners[:, 1].min() >= margin
                and corners[:, 0].max() <= w - margin and corners[:, 1].max() <= h - margin)


def tag_corners(placement: Placement, size: tuple[int, int],
                sticker_mm: float = DEFAULT_STICKER_MM) -> np.ndarray:
    """Where the card's sticker (code and quiet zone) lands in the frame."""
    full = _corners(placement, size, CARD_MM[1] / CARD_MM[0])
    cw, ch = _mm(CARD_MM[0]), _mm(CARD_MM[1])
    side = _mm(sticker_mm)
    x0 = (cw - side) // 2
    y0 = ch - side - _mm(label_mm(sticker_mm)) - _mm(4)
    src = np.array([[0, 0], [cw, 0], [cw, ch], [0, ch]], np.float32)
    hom = cv2.getPerspectiveTransform(src, full)
    pts = np.array([[[x0, y0], [x0 + side, y0], [x0 + side, y0 + side], [x0, y0 + side]]], np.float32)
    return cv2.perspectiveTransform(pts, hom)[0]


def fit_in_view(placement: Placement, size: tuple[int, int]) -> Placement:
    """The placement moved (and if need be shrunk) until the card's tag is fully in the frame."""
    w, h = size
    for _ in range(8):
        tag = tag_corners(placement, size)
        dx = max(0.0, 4 - tag[:, 0].min()) - max(0.0, tag[:, 0].max() - (w - 4))
        dy = max(0.0, 4 - tag[:, 1].min()) - max(0.0, tag[:, 1].max() - (h - 4))
        if dx == 0 and dy == 0:
            return placement
        placement = replace(placement, x=placement.x + dx / w, y=placement.y + dy / h)
    return placement


def random_placements(rng: np.random.Generator, count: int, size: tuple[int, int],
                      size_range: tuple[float, float] = (0.14, 0.42)) -> list[Placement]:
    """Placements for `count` cards side by side, not overlapping, each with its tag in view."""
    out: list[Placement] = []
    outlines: list[np.ndarray] = []
    aspect = CARD_MM[1] / CARD_MM[0]
    for i in range(count):
        low, high = size_range
        if count > 1:
            high = max(low, min(high, 0.55 / count))
        for attempt in range(60):
            p = Placement.random(rng, (low, high))
            if count > 1:
                lo = i / count
                p = replace(p, x=float(rng.uniform(lo + 0.1 / count, lo + 0.9 / count)))
            p = fit_in_view(p, size)
            outline = _corners(p, size, aspect)
            if all(cv2.intersectConvexConvex(outline, other)[0] <= 0 for other in outlines):
                break
            if attempt % 10 == 9:
                high = max(low, high * 0.85)
        out.append(p)
        outlines.append(outline)
    return out


def render_frame(cards: Sequence[tuple[Card, int]] = (), size: tuple[int, int] = (640, 480),
                 seed: int = 0, conditions: Conditions | dict | None = None, *,
                 placements: Sequence[Placement | dict] | None = None,
                 texts: Sequence[str] = (), background: int | None = None,
                 sticker_mm: float = DEFAULT_STICKER_MM, where: list | None = None) -> np.ndarray:
    """A BGR frame of the table with `cards` (card, copy) and any other QR `texts` in view.

    Conditions and placements not given are drawn at random from `seed`; a dict of conditions
    overrides only the fields it names. `background` picks the table (default: from the seed).
    If `where` is a list, (text, placement, corners of the object) is appended for each object.
    """
    w, h = int(size[0]), int(size[1])
    rng = np.random.default_rng(seed)
    random_cond = Conditions.random(rng)
    if conditions is None:
        cond = random_cond
    elif isinstance(conditions, dict):
        cond = replace(random_cond, **conditions)
    else:
        cond = conditions
    items: list[tuple[np.ndarray, np.ndarray]] = []
    names: list[str] = []
    for card, copy in cards:
        items.append(_card_drawing(Card(*card), int(copy), float(sticker_mm)))
        names.append(tag_text(Card(*card), int(copy)))
    for text in texts:
        items.append(_text_drawing(str(text)))
        names.append(str(text))
    if placements is None:
        chosen = random_placements(rng, len(items), (w, h))
    else:
        chosen = [Placement(**p) if isinstance(p, dict) else p for p in placements]
        chosen += random_placements(rng, max(0, len(items) - len(chosen)), (w, h))
    bg = background if background is not None else int(rng.integers(0, 1 << 30))
    frame = _table_cached((w, h), bg).astype(np.float32)
    scale = w / 640.0
    glare_at = None
    for index, ((drawing, mask), place) in enumerate(zip(items, chosen)):
        aspect = drawing.shape[0] / drawing.shape[1]
        corners = _corners(place, (w, h), aspect)
        if where is not None:
            where.append((names[index], place, corners))
        _paste(frame, drawing, mask, corners, cond.motion * scale, cond.motion_angle)
        if index == 0:
            centre = corners.mean(axis=0)
            half = (corners[2] - corners[0]) / 2
            spot = centre + np.array(cond.glare_offset) * np.abs(half) * 0.8
            glare_at = (spot, place.width * w)
            if cond.occlusion > 0:
                _finger(frame, corners, cond.occlusion, cond.occlusion_angle)
    return _finish(frame, cond, rng, scale, glare_at)


def empty_frame(size: tuple[int, int] = (640, 480), seed: int = 0,
                conditions: Conditions | dict | None = None,
                background: int | None = None) -> np.ndarray:
    """The table with no card in view."""
    return render_frame((), size, seed, conditions, background=background)


def card_sequence(card: Card, copy: int, size: tuple[int, int] = (640, 480), seed: int = 0, *,
                  enter: int = 3, stay: int = 6, leave: int = 3, empty: int = 4,
                  conditions: Conditions | dict | None = None) -> list[np.ndarray]:
    """A card shown to the camera: empty table, the card sliding in, held still, taken away.

    The frames share one table and one light, as a real video would.
    """
    return list(iter_card_sequence(card, copy, size, seed, enter=enter, stay=stay, leave=leave,
                                   empty=empty, conditions=conditions))


def iter_card_sequence(card: Card, copy: int, size: tuple[int, int] = (640, 480), seed: int = 0, *,
                       enter: int = 3, stay: int = 6, leave: int = 3, empty: int = 4,
                       conditions: Conditions | dict | None = None) -> Iterator[np.ndarray]:
    """card_sequence, one frame at a time (each is drawn when asked for)."""
    rng = np.random.default_rng(seed)
    size = (int(size[0]), int(size[1]))
    base = Conditions.random(rng, severity=0.6)
    if isinstance(conditions, dict):
        base = replace(base, **conditions)
    elif isinstance(conditions, Conditions):
        base = conditions
    background = int(rng.integers(0, 1 << 30))
    rest = fit_in_view(Placement.random(rng, (0.2, 0.38), max_tilt=25.0), size)
    start = replace(rest, y=rest.y + 0.9, angle=rest.angle - 20)
    end = replace(rest, x=rest.x + 0.9, angle=rest.angle + 15)

    plan: list[tuple[Placement | None, float]] = [(None, 0.0)] * empty
    for i in range(enter):
        t = (i + 1) / (enter + 1)
        plan.append((_between(start, rest, t), 12.0 * (1 - t) + 3))
    for _ in range(stay):
        plan.append((replace(rest, x=rest.x + float(rng.normal(0, 0.004)),
                             y=rest.y + float(rng.normal(0, 0.004))), 0.0))
    for i in range(leave):
        t = (i + 1) / (leave + 1)
        plan.append((_between(rest, end, t), 12.0 * t + 3))
    plan += [(None, 0.0)] * empty

    for k, (place, motion) in enumerate(plan):
        cond = replace(base, motion=motion, motion_angle=90.0 if motion else 0.0)
        frame_seed = seed * 1000 + k
        if place is None:
            yield render_frame((), size, frame_seed, cond, background=background)
        else:
            yield render_frame([(card, copy)], size, frame_seed, cond, placements=[place],
                               background=background)


def table_stream(shown: Sequence[tuple[Card, int]], size: tuple[int, int] = (640, 480),
                 seed: int = 0, **kw) -> Iterator[np.ndarray]:
    """Several cards shown one after the other (each as in card_sequence), drawn lazily:
    a scripted demo can hand this straight to a FileSource."""
    for i, (card, copy) in enumerate(shown):
        yield from iter_card_sequence(card, copy, size, seed * 7919 + i, **kw)


def _between(a: Placement, b: Placement, t: float) -> Placement:
    return Placement(**{f: getattr(a, f) * (1 - t) + getattr(b, f) * t
                        for f in ("x", "y", "width", "angle", "tilt", "tilt_dir")})


def frames_to_files(frames: Iterable[np.ndarray], folder, prefix: str = "frame") -> list:
    """Writes frames as numbered PNGs (name order = frame order); returns the paths."""
    from pathlib import Path

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, frame in enumerate(frames):
        path = folder / f"{prefix}-{i:04d}.png"
        cv2.imwrite(str(path), frame)
        paths.append(path)
    return paths
