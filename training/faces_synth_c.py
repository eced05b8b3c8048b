"""Synthetic Hanabi card faces and camera frames, for training the card-face reader.

Every call invents from the random generator it is given, and from nothing else, so the same
generator state always gives the same deck or frame.

A deck is one invented edition of the game: card shape (aspect 1.40-1.56, round or nearly
square corners), ground (dark, light, filled with the suit colour, tinted or deep; flat,
shaded, papery or patterned), border (none, lines, dots, a band), corner figures (in two or
four corners, the lower ones turned half round; Hershey fonts, the deck's own stroke fonts,
seven segments or dot matrix; plain, outlined, hollow or shadowed, on a badge or not; with a
suit symbol or pips), centre art (bursts, rank-many bursts, stars or pips, flowers, rings,
willows, rising trails, peonies, the deck's own fixed doodle, sparkles, or none), a big centre
figure and a card back. All thirty cards of a deck share the design; only the suit colour
(jittered per deck; a rainbow in stripes or gradients for the multicolour suit) and the rank
change.

    CARDS                      "R1" .. "M5"
    NO_FACE                    the kinds of frame that show no card face
    make_deck(rng)             a Deck with a random look
    Deck.face(card)            the printed face, portrait, uint8 BGR, 240 px wide (cached)
    Deck.back()                the card back, same size
    Deck.mask()                the card outline (rounded corners), uint8, same size
    teach_photo(deck, card, rng, size=(640, 480)) -> (frame, corners)
                               one card on a table in plain light, as players photograph
                               each face of their deck once
    table_frame(deck, card, rng, size=(640, 480)) -> (frame, corners)
                               one card on a table under random, often harsh, conditions
    empty_frame(deck, rng, kind, size=(640, 480)) -> frame
                               a frame with no card face; kind is one of NO_FACE

corners is a 4x2 float32 array: the face's top-left, top-right, bottom-right and bottom-left
corners (as printed, upright) in frame pixels, where the card's straight sides would meet. A
pixel's centre has integer coordinates, so the face's own corners are at (-0.5, -0.5) and
(width - 0.5, height - 0.5).

Frames are uint8 BGR, size=(width, height); lengths are scaled with the frame width (640 px is
the reference). Conditions covered: tables (plain, wood, felt, checks, plaid, stripes, printed
cloth, marble; dark, light, coloured, sometimes close to the card's colour), other things on
the table (card backs, tokens, a hand, a mug, the box), any rotation and up to about 30 degrees
of camera tilt, a slightly bent card, warm, cold and fluorescent light, white balance errors,
under- and over-exposure, light gradients, vignetting, soft and hard shadows, glare, a finger
over an edge or a corner, defocus and motion blur, sensor noise, sharpening halos, cheap-webcam
rescaling and JPEG compression.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field

import cv2
import numpy as np

CARDS = [f"{s}{r}" for s in "RYGBWM" for r in range(1, 6)]
NO_FACE = ("table", "back", "phone", "lid", "notebook", "hand", "tokens", "coaster")

FACE_WIDTH = 240
SUITS = "RYGBWM"

_SHIFT = 4
_ONE = 1 << _SHIFT
_AA = cv2.LINE_AA
_HERSHEY = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_PLAIN, cv2.FONT_HERSHEY_DUPLEX,
            cv2.FONT_HERSHEY_COMPLEX, cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_COMPLEX_SMALL,
            cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, cv2.FONT_HERSHEY_SCRIPT_COMPLEX)
_WHITE = np.array([255, 255, 255], np.float32)
_BLACK = np.array([0, 0, 0], np.float32)


# ----------------------------------------------------------------------------- random helpers

def _u(rng, lo, hi):
    return float(rng.uniform(lo, hi))


def _p(rng, chance):
    return bool(rng.random() < chance)


def _choice(rng, options, weights=None):
    if weights is None:
        return options[int(rng.integers(len(options)))]
    w = np.asarray(weights, np.float64)
    return options[int(rng.choice(len(options), p=w / w.sum()))]


def _seed(rng):
    return int(rng.integers(0, 2**31 - 1))


# ----------------------------------------------------------------------------- colours

def _hsv(h, s, v):
    """BGR float32 (0-255) from hue in degrees, saturation and value in 0-1."""
    px = np.array([[[h % 360.0, min(max(s, 0.0), 1.0), min(max(v, 0.0), 1.0)]]], np.float32)
    return cv2.cvtColor(px, cv2.COLOR_HSV2BGR)[0, 0] * np.float32(255)


def _mean_colour(paint):
    if isinstance(paint, _Rainbow):
        return np.mean(paint.colours, axis=0).astype(np.float32)
    if np.ndim(paint) == 3:
        return np.array(cv2.mean(paint)[:3], np.float32)
    return np.asarray(paint, np.float32)


def _luma(paint):
    b, g, r = _mean_colour(paint)
    return float(0.114 * b + 0.587 * g + 0.299 * r)


def _distance(a, b):
    return float(np.linalg.norm(_mean_colour(a) - _mean_colour(b)))


def _readable(fg, bg):
    """Whether a figure in colour fg reads well on colour bg."""
    dl = abs(_luma(fg) - _luma(bg))
    return dl >= 55 or (dl >= 30 and _distance(fg, bg) >= 170)


def _visible(fg, bg):
    """Whether a shape in colour fg stands out from bg (weaker than _readable)."""
    return abs(_luma(fg) - _luma(bg)) >= 30 or _distance(fg, bg) >= 110


def _ink_for(ground, light, dark):
    gl = _luma(ground)
    return light if abs(_luma(light) - gl) >= abs(_luma(dark) - gl) else dark


def _mix(a, b, t):
    if isinstance(a, _Rainbow):
        return a.mapped(lambda c: _mix(c, _mean_colour(b), t))
    if isinstance(b, _Rainbow):
        return b.mapped(lambda c: _mix(a, c, t))
    return (np.asarray(a, np.float32) * (1.0 - t) + np.asarray(b, np.float32) * t).astype(np.float32)


def _suit_colours(rng, ground):
    """Jittered suit colours R, Y, G, B, W for a deck whose ground is dark, light or mid."""
    red = _hsv(_u(rng, -12, 5), _u(rng, 0.75, 1.0), _u(rng, 0.72, 1.0))
    yh = _u(rng, 36, 41) if _p(rng, 0.25) else _u(rng, 42, 57)
    yv = _u(rng, 0.78, 0.9) if ground == "light" else _u(rng, 0.88, 1.0)
    yellow = _hsv(yh, _u(rng, 0.75, 1.0), yv)
    gh = _u(rng, 150, 168) if _p(rng, 0.25) else _u(rng, 92, 145)
    gv = _u(rng, 0.7, 0.95) if ground == "dark" else _u(rng, 0.45, 0.85)
    green = _hsv(gh, _u(rng, 0.55, 1.0), gv)
    bv = {"dark": _u(rng, 0.8, 1.0), "light": _u(rng, 0.42, 0.88)}.get(ground, _u(rng, 0.42, 1.0))
    blue = _hsv(_u(rng, 198, 234), _u(rng, 0.5, 1.0) if bv > 0.85 and ground != "light" else _u(rng, 0.65, 1.0), bv)
    if ground == "light":
        white = _hsv(_u(rng, 0, 360), _u(rng, 0.0, 0.1), _u(rng, 0.5, 0.72))
    else:
        cream = _p(rng, 0.3)
        white = _hsv(_u(rng, 35, 55) if cream else _u(rng, 0, 360),
                     _u(rng, 0.08, 0.18) if cream else _u(rng, 0.0, 0.06), _u(rng, 0.8, 1.0))
    return {"R": red, "Y": yellow, "G": green, "B": blue, "W": white}


_RAINBOW_HUES = (0, 28, 55, 115, 200, 235, 285)


def _rainbow_spec(rng):
    n = int(rng.integers(5, 8))
    idx = {5: (0, 2, 3, 4, 6), 6: (0, 1, 2, 3, 4, 6), 7: tuple(range(7))}[n]
    hues = [_RAINBOW_HUES[i] + _u(rng, -6, 6) for i in idx]
    sat, val = _u(rng, 0.65, 1.0), _u(rng, 0.8, 1.0)
    return {
        "colours": [_hsv(h, sat, val) for h in hues],
        "stripes": _p(rng, 0.45),
        "shape": _choice(rng, ["h", "v", "diag", "radial", "conic"], [0.25, 0.2, 0.25, 0.15, 0.15]),
        "angle": _u(rng, 20, 70) * _choice(rng, [1, -1]),
        "repeats": _choice(rng, [1, 1, 1, 2]),
        "reverse": _p(rng, 0.5),
    }


@dataclass(frozen=True)
class _Rainbow:
    """The multicolour suit's paint: a rainbow stretched over each thing it paints, so that a
    small figure shows every colour as much as the whole card does."""

    spec: dict
    colours: tuple

    def fit(self, h, w):
        return _rainbow_image(self.spec, h, w, self.colours)

    def mapped(self, f):
        return _Rainbow(self.spec, tuple(f(c) for c in self.colours))


def _rainbow_image(spec, h, w, colours=None):
    xs = np.arange(w, dtype=np.float32)[None, :]
    ys = np.arange(h, dtype=np.float32)[:, None]
    u = (xs + 0.5) / w - 0.5 + np.zeros_like(ys)
    v = ((ys + 0.5) / h - 0.5) * (h / w) + np.zeros_like(xs)
    shape = spec["shape"]
    if shape == "h":
        t = v / (h / w) + 0.5
    elif shape == "v":
        t = u + 0.5
    elif shape == "diag":
        a = math.radians(spec["angle"])
        t = u * math.cos(a) + v * math.sin(a)
        t = (t - t.min()) / max(float(t.max() - t.min()), 1e-6)
    elif shape == "radial":
        t = np.sqrt(u * u + v * v)
        t = t / float(t.max())
    else:
        t = (np.arctan2(v, u) + math.pi) / (2 * math.pi)
    t = (t * spec["repeats"]) % 1.0 if spec["repeats"] > 1 else np.clip(t, 0, 0.9999)
    if spec["reverse"]:
        t = 0.9999 - t
    cols = np.array(spec["colours"] if colours is None else colours, np.float32)
    n = len(cols)
    grid = np.linspace(0, 1, 256, dtype=np.float32)
    if spec["stripes"]:
        lut = cols[np.minimum((grid * n).astype(int), n - 1)]
    else:
        x = grid * (n - 1)
        lut = np.stack([np.interp(x, np.arange(n), cols[:, c]) for c in range(3)], axis=1)
    return lut.astype(np.float32)[(t * 255.99).astype(np.int32)]


# ----------------------------------------------------------------------------- drawing helpers

def _fx(v):
    return int(round(float(v) * _ONE))


def _ipts(pts):
    return np.round(np.asarray(pts, np.float64) * _ONE).astype(np.int32).reshape(-1, 1, 2)


def _fill(mask, pts, val=255):
    cv2.fillPoly(mask, [_ipts(pts)], val, _AA, _SHIFT)


def _stroke(mask, pts, thick, closed=False, val=255):
    cv2.polylines(mask, [_ipts(pts)], closed, val, max(1, int(round(thick))), _AA, _SHIFT)


def _line(mask, p, q, thick, val=255):
    cv2.line(mask, (_fx(p[0]), _fx(p[1])), (_fx(q[0]), _fx(q[1])), val,
             max(1, int(round(thick))), _AA, _SHIFT)


def _disc(mask, c, r, val=255, thick=-1):
    t = -1 if thick < 0 else max(1, int(round(thick)))
    cv2.circle(mask, (_fx(c[0]), _fx(c[1])), max(1, _fx(r)), val, t, _AA, _SHIFT)


def _ellipse(mask, c, axes, angle, val=255, thick=-1, a0=0.0, a1=360.0):
    t = -1 if thick < 0 else max(1, int(round(thick)))
    cv2.ellipse(mask, (_fx(c[0]), _fx(c[1])), (max(1, _fx(axes[0])), max(1, _fx(axes[1]))),
                float(angle), float(a0), float(a1), val, t, _AA, _SHIFT)


def _arc(cx, cy, rx, ry, a0, a1, n=14):
    a = np.radians(np.linspace(a0, a1, n))
    return np.stack([cx + rx * np.cos(a), cy + ry * np.sin(a)], axis=1)


def _rounded_rect(x0, y0, x1, y1, r, n=9):
    r = max(0.0, min(r, (x1 - x0) / 2, (y1 - y0) / 2))
    parts = [_arc(x1 - r, y0 + r, r, r, -90, 0, n), _arc(x1 - r, y1 - r, r, r, 0, 90, n),
             _arc(x0 + r, y1 - r, r, r, 90, 180, n), _arc(x0 + r, y0 + r, r, r, 180, 270, n)]
    return np.concatenate(parts)


def _blend(img, mask, paint, strength=1.0):
    """Paints colour or image `paint` into float image img through uint8 mask."""
    x, y, w, h = cv2.boundingRect(mask)
    if w == 0 or h == 0:
        return
    m = mask[y:y + h, x:x + w].astype(np.float32) * np.float32(strength / 255.0)
    roi = img[y:y + h, x:x + w]
    if isinstance(paint, _Rainbow):
        p = paint.fit(h, w)
    elif np.ndim(paint) == 3:
        p = paint[y:y + h, x:x + w]
    else:
        p = _flat(h, w, paint)
    roi[:] = cv2.blendLinear(p, roi, m, np.float32(1.0) - m)


def _flat(h, w, colour):
    """A float32 BGR image of one colour."""
    return cv2.merge([np.full((h, w), float(c), np.float32) for c in colour[:3]])


def _paste_max(dst, src, x, y):
    """Merges uint8 src into dst at top-left (x, y), clipped to dst."""
    h, w = src.shape[:2]
    x0, y0 = max(x, 0), max(y, 0)
    x1, y1 = min(x + w, dst.shape[1]), min(y + h, dst.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    np.maximum(dst[y0:y1, x0:x1], src[y0 - y:y1 - y, x0 - x:x1 - x], out=dst[y0:y1, x0:x1])


def _disk_kernel(r):
    r = max(1, int(round(r)))
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))


def _star_points(c, r_out, r_in, k, rot=-90.0):
    a = np.radians(rot + np.arange(2 * k) * 180.0 / k)
    r = np.where(np.arange(2 * k) % 2 == 0, r_out, r_in)
    return np.stack([c[0] + r * np.cos(a), c[1] + r * np.sin(a)], axis=1)


# ----------------------------------------------------------------------------- shapes (symbols)

_SHAPES = ("circle", "diamond", "star5", "star6", "triangle", "heart", "drop", "hexagon",
           "square", "cross", "flower", "spark", "moon", "star4", "petal3")


def _shape_polys(name):
    """Polygons of a symbol in a unit box centred on 0 (radius about 1)."""
    t = np.linspace(0, 2 * math.pi, 40, endpoint=False)
    if name == "circle":
        return [np.stack([np.cos(t), np.sin(t)], 1)]
    if name == "diamond":
        return [np.array([(0, -1), (0.72, 0), (0, 1), (-0.72, 0)], float)]
    if name in ("star5", "star6", "star4"):
        k = int(name[-1])
        return [_star_points((0, 0), 1.0, 0.45 if k > 4 else 0.38, k)]
    if name == "spark":
        return [_star_points((0, 0), 1.0, 0.22, 4, rot=-90)]
    if name == "triangle":
        return [np.array([(0, -1), (0.95, 0.75), (-0.95, 0.75)], float)]
    if name == "heart":
        x = 16 * np.sin(t) ** 3
        y = -(13 * np.cos(t) - 5 * np.cos(2 * t) - 2 * np.cos(3 * t) - np.cos(4 * t))
        return [np.stack([x / 17.0, (y + 2.5) / 17.0], 1)]
    if name == "drop":
        x = 0.8 * np.sin(t) * np.sin(t / 2)
        return [np.stack([x, -np.cos(t)], 1)]
    if name == "hexagon":
        a = np.radians(np.arange(6) * 60 + 30)
        return [np.stack([np.cos(a), np.sin(a)], 1)]
    if name == "square":
        return [np.array([(-0.8, -0.8), (0.8, -0.8), (0.8, 0.8), (-0.8, 0.8)], float)]
    if name == "cross":
        w = 0.32
        return [np.array([(-w, -1), (w, -1), (w, -w), (1, -w), (1, w), (w, w), (w, 1), (-w, 1),
                          (-w, w), (-1, w), (-1, -w), (-w, -w)], float)]
    if name == "flower":
        r = 0.55 + 0.45 * np.abs(np.cos(2.5 * t))
        return [np.stack([r * np.cos(t), r * np.sin(t)], 1)]
    if name == "petal3":
        r = 0.35 + 0.65 * np.abs(np.cos(1.5 * t))
        return [np.stack([r * np.cos(t - math.pi / 2), r * np.sin(t - math.pi / 2)], 1)]
    # moon: a crescent between the unit circle and a smaller circle to its right
    outer = _arc(0.0, 0.0, 1.0, 1.0, 49.5, 310.5, 30)
    inner = _arc(0.4, 0.0, 0.8, 0.8, 288.2, 71.8, 24)
    return [np.concatenate([outer, inner]) - [0.15, 0.0]]


def _draw_shape(mask, name, c, r, filled=True, thick=1.0, rot=0.0):
    ca, sa = math.cos(math.radians(rot)), math.sin(math.radians(rot))
    for poly in _shape_polys(name):
        pts = np.stack([poly[:, 0] * ca - poly[:, 1] * sa, poly[:, 0] * sa + poly[:, 1] * ca], 1)
        pts = pts * r + np.asarray(c, float)
        if filled:
            _fill(mask, pts)
        else:
            _stroke(mask, pts, thick, closed=True)


# ----------------------------------------------------------------------------- digits

def _digit_strokes(family, d, mid, bowl):
    """Polylines of digit d in a unit box (y down) for one of the stroke families."""
    if family == "round":
        if d == 1:
            return [np.array([(0.2, 0.22), (0.58, 0.0), (0.58, 1.0)])]
        if d == 2:
            top = _arc(0.5, mid * 0.6, 0.42, mid * 0.6, 185, 395, 16)
            return [np.concatenate([top, [(0.04, 1.0), (0.98, 1.0)]])]
        if d == 3:
            up = _arc(0.5, mid * 0.52, 0.4 * bowl, mid * 0.52, 195, 450, 16)
            lo = _arc(0.5, mid + (1 - mid) * 0.5, 0.46, (1 - mid) * 0.52, -90, 160, 16)
            return [up, lo]
        if d == 4:
            return [np.array([(0.74, 1.0), (0.74, 0.0), (0.02, mid + 0.2), (0.98, mid + 0.2)])]
        bowl5 = _arc(0.48, mid + (1 - mid) * 0.48, 0.46, (1 - mid) * 0.52, -135, 150, 16)
        return [np.concatenate([[(0.9, 0.0), (0.2, 0.0), (0.15, mid - 0.02)], bowl5])]
    if family == "square":
        if d == 1:
            return [np.array([(0.25, 0.18), (0.6, 0.0), (0.6, 1.0)])]
        if d == 2:
            return [np.array([(0.05, 0.0), (0.95, 0.0), (0.95, mid), (0.05, mid), (0.05, 1.0),
                              (0.95, 1.0)])]
        if d == 3:
            return [np.array([(0.05, 0.0), (0.95, 0.0), (0.95, 1.0), (0.05, 1.0)]),
                    np.array([(0.3, mid), (0.95, mid)])]
        if d == 4:
            return [np.array([(0.05, 0.0), (0.05, mid + 0.1), (0.95, mid + 0.1)]),
                    np.array([(0.72, 0.25), (0.72, 1.0)])]
        return [np.array([(0.95, 0.0), (0.05, 0.0), (0.05, mid), (0.95, mid), (0.95, 1.0),
                          (0.05, 1.0)])]
    # chamfered
    if d == 1:
        return [np.array([(0.28, 0.15), (0.56, 0.0), (0.56, 1.0)]), np.array([(0.25, 1.0), (0.85, 1.0)])]
    if d == 2:
        return [np.array([(0.05, 0.2), (0.25, 0.0), (0.75, 0.0), (0.95, 0.2), (0.95, mid - 0.08),
                          (0.05, 1.0), (0.95, 1.0)])]
    if d == 3:
        return [np.array([(0.05, 0.15), (0.2, 0.0), (0.8, 0.0), (0.95, 0.15), (0.95, mid - 0.15),
                          (0.8, mid), (0.35, mid)]),
                np.array([(0.8, mid), (0.95, mid + 0.15), (0.95, 0.85), (0.8, 1.0), (0.2, 1.0),
                          (0.05, 0.85)])]
    if d == 4:
        return [np.array([(0.68, 1.0), (0.68, 0.0), (0.05, mid + 0.2), (0.95, mid + 0.2)])]
    return [np.array([(0.9, 0.0), (0.12, 0.0), (0.1, mid - 0.05), (0.75, mid - 0.05),
                      (0.95, mid + 0.12), (0.95, 0.85), (0.8, 1.0), (0.05, 1.0)])]


_SEGMENTS = {1: "bc", 2: "abged", 3: "abgcd", 4: "fgbc", 5: "afgcd"}
_DOTS = {1: ("010", "110", "010", "010", "111"), 2: ("111", "001", "111", "100", "111"),
         3: ("111", "001", "011", "001", "111"), 4: ("101", "101", "111", "001", "001"),
         5: ("111", "100", "111", "001", "111")}


def _glyph_spec(rng, big=False):
    """A digit rendering style: font, weight, slant and width."""
    kind = _choice(rng, ["hershey", "stroke", "seg7", "dots"], [0.55, 0.3, 0.1, 0.05 if not big else 0.03])
    spec = {"kind": kind, "slant": _u(rng, -0.12, 0.28) if _p(rng, 0.3) else 0.0,
            "squeeze": _u(rng, 0.72, 1.15), "weight": _u(rng, 0.07, 0.2)}
    if kind == "hershey":
        spec["font"] = _choice(rng, list(_HERSHEY), [3, 1, 3, 3, 3, 1, 1, 1])
        spec["italic"] = _p(rng, 0.2)
        spec["weight"] = _u(rng, 0.04, 0.14)
    elif kind == "stroke":
        spec["family"] = _choice(rng, ["round", "square", "chamfer"])
        spec["mid"] = _u(rng, 0.44, 0.56)
        spec["bowl"] = _u(rng, 0.8, 1.05)
        spec["jitter"] = _u(rng, 0.0, 0.03)
        spec["seed"] = _seed(rng)
        spec["aspect"] = _u(rng, 0.5, 0.72)
    elif kind == "seg7":
        spec["gap"] = _u(rng, 0.0, 0.05)
        spec["round"] = _p(rng, 0.4)
        spec["weight"] = _u(rng, 0.1, 0.2)
    else:
        spec["round"] = _p(rng, 0.6)
        spec["fill"] = _u(rng, 0.7, 0.95)
    return spec


def _hershey_digit(spec, d, big):
    font = spec["font"] | (cv2.FONT_ITALIC if spec["italic"] else 0)
    (_, th), _ = cv2.getTextSize(str(d), font, 1.0, 1)
    scale = big / max(th, 1)
    thick = max(1, int(round(spec["weight"] * big * 0.5)))
    pad = big
    canvas = np.zeros((3 * big, 3 * big), np.uint8)
    cv2.putText(canvas, str(d), (pad, pad + big), font, scale, 255, thick, _AA)
    return canvas


def _stroke_digit(spec, d, big):
    lines = _digit_strokes(spec["family"], d, spec["mid"], spec["bowl"])
    jr = np.random.default_rng([spec["seed"], d])
    thick = max(1.0, spec["weight"] * big)
    pad = thick + 4
    w = spec["aspect"] * big
    canvas = np.zeros((int(big + 2 * pad + 2), int(w + 2 * pad + 2)), np.uint8)
    for pts in lines:
        pts = pts + jr.uniform(-spec["jitter"], spec["jitter"], pts.shape)
        _stroke(canvas, pts * [w, big] + pad, thick)
    return canvas


def _seg7_digit(spec, d, big):
    t = spec["weight"] * 1.6
    g = spec["gap"]
    x0, x1, y0, y1, y2 = t / 2, 1 - t / 2, t / 2, 1.0, 2 - t / 2
    ends = {"a": ((x0, y0), (x1, y0)), "b": ((x1, y0), (x1, y1)), "c": ((x1, y1), (x1, y2)),
            "d": ((x0, y2), (x1, y2)), "e": ((x0, y1), (x0, y2)), "f": ((x0, y0), (x0, y1)),
            "g": ((x0, y1), (x1, y1))}
    unit = big / 2.0
    pad = 4 + t * unit
    canvas = np.zeros((int(big + 2 * pad + 2), int(unit + 2 * pad + 2)), np.uint8)
    for s in _SEGMENTS[d]:
        p, q = (np.array(e, float) for e in ends[s])
        u = (q - p) / np.linalg.norm(q - p)
        p, q = p + u * g, q - u * g
        if spec["round"]:
            _line(canvas, p * unit + pad, q * unit + pad, t * unit * 0.85)
            continue
        n = np.array([-u[1], u[0]])
        h = t / 2
        hexa = [p, p + u * h + n * h, q - u * h + n * h, q, q - u * h - n * h, p + u * h - n * h]
        _fill(canvas, np.array(hexa) * unit + pad)
    return canvas


def _dot_digit(spec, d, big):
    cell = big / 5.0
    canvas = np.zeros((int(big + 8), int(3 * cell + 8)), np.uint8)
    for r, row in enumerate(_DOTS[d]):
        for c, on in enumerate(row):
            if on == "1":
                cx, cy = 4 + (c + 0.5) * cell, 4 + (r + 0.5) * cell
                h = cell * spec["fill"] / 2
                if spec["round"]:
                    _disc(canvas, (cx, cy), h)
                else:
                    _fill(canvas, [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)])
    return canvas


def _glyph(spec, d, height):
    """uint8 mask of digit d, `height` px tall and as wide as its shape."""
    height = max(6, int(round(height)))
    big = max(32, 2 * height)
    kind = spec["kind"]
    if kind == "hershey":
        m = _hershey_digit(spec, d, big)
    elif kind == "stroke":
        m = _stroke_digit(spec, d, big)
    elif kind == "seg7":
        m = _seg7_digit(spec, d, big)
    else:
        m = _dot_digit(spec, d, big)
    if spec["slant"]:
        h, w = m.shape
        extra = int(abs(spec["slant"]) * h) + 2
        shear = np.float32([[1, -spec["slant"], spec["slant"] * h if spec["slant"] > 0 else extra],
                            [0, 1, 0]])
        m = cv2.warpAffine(m, shear, (w + extra, h), flags=cv2.INTER_LINEAR)
    x, y, w, h = cv2.boundingRect(m)
    m = m[y:y + h, x:x + w]
    out_w = max(2, int(round(w * height / h * spec["squeeze"])))
    return cv2.resize(m, (out_w, height), interpolation=cv2.INTER_AREA)


# ----------------------------------------------------------------------------- the deck's look

def _look_ground(rng, look):
    kind = _choice(rng, ["dark", "light", "filled", "tint", "deep"], [0.25, 0.24, 0.26, 0.12, 0.13])
    look["ground"] = kind
    look["dark"] = _choice(rng, [
        _hsv(_u(rng, 0, 360), _u(rng, 0, 0.15), _u(rng, 0.03, 0.14)),
        _hsv(_u(rng, 205, 250), _u(rng, 0.4, 0.9), _u(rng, 0.1, 0.25)),
        _hsv(_u(rng, 260, 300), _u(rng, 0.3, 0.7), _u(rng, 0.1, 0.22)),
        _hsv(_u(rng, 15, 35), _u(rng, 0.3, 0.6), _u(rng, 0.1, 0.2))], [0.55, 0.25, 0.1, 0.1])
    look["paper"] = _hsv(_u(rng, 30, 55), _u(rng, 0.0, 0.14), _u(rng, 0.88, 1.0)) \
        if _p(rng, 0.6) else _hsv(_u(rng, 0, 360), _u(rng, 0, 0.04), _u(rng, 0.9, 1.0))
    look["light_ink"] = _choice(rng, [_hsv(0, 0, _u(rng, 0.93, 1.0)),
                                      _hsv(_u(rng, 35, 55), _u(rng, 0.05, 0.2), _u(rng, 0.9, 1.0))])
    look["dark_ink"] = _choice(rng, [_hsv(0, 0, _u(rng, 0.02, 0.15)),
                                     _hsv(_u(rng, 200, 240), _u(rng, 0.4, 0.8), _u(rng, 0.12, 0.25)),
                                     _hsv(_u(rng, 15, 30), _u(rng, 0.4, 0.7), _u(rng, 0.12, 0.22))],
                               [0.6, 0.25, 0.15])
    look["gold"] = _hsv(_u(rng, 38, 50), _u(rng, 0.45, 0.75), _u(rng, 0.7, 0.9))
    ground = "dark" if kind in ("dark", "deep") else "light" if kind in ("light", "tint") else "mid"
    look["suits"] = _suit_colours(rng, ground)
    look["rainbow"] = _rainbow_spec(rng)
    look["m_target"] = _choice(rng, ["all", "art", "border"], [0.65, 0.22, 0.13])
    look["m_plain"] = _choice(rng, ["paper", "dark"])
    look["m_pastel"] = _u(rng, 0.0, 0.4)
    look["tint"] = _u(rng, 0.4, 0.7)
    look["deep"] = _u(rng, 0.45, 0.72)
    look["filled_art"] = _choice(rng, ["light", "dark", "deeper", "paler"], [0.35, 0.25, 0.2, 0.2])
    look["texture"] = {
        "kind": _choice(rng, ["flat", "vgrad", "radial", "paper", "pattern", "speckle"],
                        [0.3, 0.15, 0.15, 0.15, 0.15, 0.1]),
        "strength": _u(rng, 0.05, 0.25), "seed": _seed(rng),
        "pattern": _choice(rng, ["dots", "lines", "stars", "circles", "grid"]),
        "step": _u(rng, 0.06, 0.16), "angle": _u(rng, 0, 180)}


def _look_border(rng, look, width):
    kind = _choice(rng, ["none", "line", "double", "band", "band_line", "dots"],
                   [0.3, 0.28, 0.1, 0.15, 0.1, 0.07])
    if look["m_target"] == "border":
        # a rainbow frame has to be wide to show as one
        kind = _choice(rng, ["band", "band_line"])
    look["border"] = {
        "kind": kind, "inset": _u(rng, 0.025, 0.08) * width, "thick": _u(rng, 1.0, 4.0) * width / 240,
        "band": _u(rng, 0.03, 0.09) * width, "gap": _u(rng, 3.0, 7.0) * width / 240,
        "role": _choice(rng, ["suit", "light", "dark", "gold", "contrast"], [0.35, 0.2, 0.15, 0.15, 0.15]),
        "band_role": _choice(rng, ["light", "dark", "suit"], [0.45, 0.3, 0.25]),
        "corners": _p(rng, 0.25)}


def _look_corner(rng, look):
    badge = _choice(rng, [None, "circle", "square", "shield", "diamond"], [0.72, 0.12, 0.08, 0.04, 0.04])
    look["corner"] = {
        "glyph": _glyph_spec(rng), "h": _u(rng, 0.095, 0.16), "ix": _u(rng, 0.04, 0.1),
        "iy": _u(rng, 0.03, 0.075), "four": _p(rng, 0.18), "badge": badge, "knockout": _p(rng, 0.3),
        "badge_role": _choice(rng, ["suit", "light", "dark"], [0.6, 0.2, 0.2]),
        "effect": _choice(rng, ["plain", "outline", "shadow", "hollow"], [0.62, 0.15, 0.18, 0.05]),
        "symbol": _choice(rng, [None, "below", "beside"], [0.5, 0.38, 0.12]),
        "sym": _u(rng, 0.45, 0.75), "pips": _p(rng, 0.1),
        "digit_role": _choice(rng, ["suit", "light", "dark"], [0.65, 0.2, 0.15])}
    sym_mode = _choice(rng, ["same", "distinct"], [0.35, 0.65])
    shapes = list(_SHAPES)
    order = rng.permutation(len(shapes))
    one = shapes[int(order[0])]
    filled = _p(rng, 0.8)
    look["symbols"] = {s: (one if sym_mode == "same" else shapes[int(order[i])], filled)
                       for i, s in enumerate(SUITS)}


def _burst_params(rng):
    n = int(rng.integers(7, 25))
    return {"rays": n, "a0": _u(rng, 0, 360), "r0": _u(rng, 0.0, 0.35),
            "lens": list(rng.uniform(0.65, 1.0, int(rng.integers(1, 4)))),
            "ray": _choice(rng, ["line", "taper", "dots", "line_dot", "double"]),
            "th": _u(rng, 0.025, 0.07), "k": int(rng.integers(3, 7)),
            "ring": _u(rng, 0.2, 0.6) if _p(rng, 0.3) else 0.0,
            "core": _u(rng, 0.06, 0.2) if _p(rng, 0.6) else 0.0,
            "inner": _u(rng, 0.3, 0.65) if _p(rng, 0.35) else 0.0}


def _doodle_params(rng):
    prims = []
    for _ in range(int(rng.integers(4, 11))):
        kind = _choice(rng, ["curve", "dot", "ring", "spark", "arc"], [0.35, 0.25, 0.15, 0.15, 0.1])
        c = rng.uniform(-0.85, 0.85, 2)
        if kind == "curve":
            pts = [c]
            ang = _u(rng, 0, 2 * math.pi)
            for _ in range(int(rng.integers(4, 9))):
                ang += _u(rng, -0.9, 0.9)
                pts.append(pts[-1] + 0.18 * np.array([math.cos(ang), math.sin(ang)]))
            prims.append(("curve", np.array(pts), _u(rng, 0.015, 0.05)))
        elif kind == "arc":
            prims.append(("arc", c, _u(rng, 0.15, 0.5), _u(rng, 0, 360), _u(rng, 60, 220),
                          _u(rng, 0.015, 0.05)))
        else:
            prims.append((kind, c, _u(rng, 0.04, 0.14), _u(rng, 0.015, 0.04)))
    sym = _choice(rng, ["none", "rot180", "mirror", "rot4", "rot6"], [0.15, 0.3, 0.2, 0.2, 0.15])
    return {"prims": prims, "sym": sym}


def _look_centre(rng, look):
    art = _choice(rng, ["burst", "bursts_count", "dots_count", "stars_count", "star", "flower",
                        "rings", "willow", "trail", "peony", "doodle", "sparkle", "none"],
                  [0.16, 0.1, 0.06, 0.04, 0.07, 0.07, 0.05, 0.07, 0.06, 0.08, 0.09, 0.06, 0.09])
    counted = art.endswith("_count")
    big = _choice(rng, ["none", "plain", "badge", "over"],
                  [0.55, 0.2, 0.1, 0.15] if counted else [0.3, 0.35, 0.15, 0.2])
    if art == "none" and big == "none":
        big = "plain"
    p = {"burst": _burst_params(rng), "doodle": _doodle_params(rng),
         "k": int(rng.integers(5, 9)), "inner": _u(rng, 0.35, 0.6), "filled": _p(rng, 0.6),
         "rot": _u(rng, 0, 360), "petal_w": _u(rng, 0.12, 0.3), "rings": int(rng.integers(2, 6)),
         "dashed": _p(rng, 0.3), "th": _u(rng, 0.02, 0.06), "droop": _u(rng, 0.15, 0.6),
         "sway": _u(rng, -0.3, 0.3), "outline": _p(rng, 0.15),
         "pip_shape": _choice(rng, ["disc", "symbol", "ring"], [0.4, 0.45, 0.15]),
         "layout": _choice(rng, ["dice", "column", "arc"], [0.6, 0.25, 0.15]),
         "sparks": [(float(r), float(a), float(s)) for r, a, s in
                    zip(np.sqrt(rng.uniform(0.02, 1, 60)), rng.uniform(0, 2 * math.pi, 60),
                        rng.uniform(0.01, 0.045, 60))],
         "n_sparks": int(rng.integers(20, 61))}
    look["centre"] = {
        "art": art, "params": p, "scale": _u(rng, 0.6, 0.98), "dy": _u(rng, -0.04, 0.04),
        "big": big, "big_glyph": look["corner"]["glyph"] if _p(rng, 0.4) else _glyph_spec(rng, big=True),
        "big_h": _u(rng, 0.22, 0.45), "big_role": _choice(rng, ["suit", "light", "dark"], [0.5, 0.25, 0.25]),
        "big_effect": _choice(rng, ["plain", "outline", "shadow", "hollow"], [0.45, 0.25, 0.15, 0.15]),
        "big_badge": _choice(rng, ["circle", "square", "diamond", "star"], [0.5, 0.2, 0.15, 0.15]),
        "accent_role": _choice(rng, ["same", "light", "dark", "gold", "paler"], [0.35, 0.25, 0.1, 0.15, 0.15])}


def _look_back(rng, look):
    look["back"] = {
        "ground": _choice(rng, [_hsv(_u(rng, 210, 250), _u(rng, 0.5, 0.9), _u(rng, 0.15, 0.45)),
                                _hsv(0, 0, _u(rng, 0.03, 0.12)),
                                _hsv(_u(rng, 260, 330), _u(rng, 0.4, 0.8), _u(rng, 0.2, 0.45)),
                                _hsv(_u(rng, 0, 20), _u(rng, 0.5, 0.9), _u(rng, 0.3, 0.55)),
                                _hsv(_u(rng, 35, 55), _u(rng, 0.05, 0.25), _u(rng, 0.85, 0.98))],
                          [0.35, 0.25, 0.15, 0.1, 0.15]),
        "pattern": _choice(rng, ["bursts", "big", "rays", "tiles", "stars"]),
        "title": _choice(rng, [None, "HANABI", "Hanabi", "HANABI", "hanabi"]),
        "font": _choice(rng, list(_HERSHEY)), "seed": _seed(rng),
        "border": _p(rng, 0.6), "border_col": _choice(rng, [_hsv(45, 0.6, 0.85), _WHITE * 0.95, _BLACK + 20])}


def make_deck(rng: np.random.Generator) -> "Deck":
    """A deck with a random look."""
    aspect = _u(rng, 1.40, 1.56)
    width = FACE_WIDTH
    height = int(round(width * aspect))
    radius = width * _choice(rng, [_u(rng, 0.0, 0.025), _u(rng, 0.03, 0.08), _u(rng, 0.08, 0.13)],
                             [0.15, 0.5, 0.35])
    look = {"seed": _seed(rng)}
    _look_ground(rng, look)
    _look_border(rng, look, width)
    _look_corner(rng, look)
    _look_centre(rng, look)
    _look_back(rng, look)
    if look["m_target"] == "art" and look["centre"]["art"] == "none":
        look["m_target"] = "all"
    centre = look["centre"]
    if look["ground"] != "filled" and look["corner"]["digit_role"] != "suit" and centre["big"] != "none" \
            and _p(rng, 0.7):
        # most editions print at least one figure in the suit's colour
        centre["big_role"] = "suit"
    if centre["big"] != "none" and centre["params"]["layout"] == "column":
        centre["params"]["layout"] = "dice"
    return Deck(width=width, height=height, radius=float(radius), look=look)


# ----------------------------------------------------------------------------- the deck

@dataclass
class Deck:
    """One invented edition: its card size, corner radius and look; faces are cached."""

    width: int
    height: int
    radius: float
    look: dict
    _faces: dict = field(default_factory=dict, repr=False)
    _cache: dict = field(default_factory=dict, repr=False)

    def face(self, card: str) -> np.ndarray:
        if card not in self._faces:
            self._faces[card] = _render_face(self, card)
        return self._faces[card]

    def back(self) -> np.ndarray:
        if "back" not in self._cache:
            self._cache["back"] = _render_back(self)
        return self._cache["back"]

    def mask(self) -> np.ndarray:
        if "mask" not in self._cache:
            self._cache["mask"] = _card_mask(self.width, self.height, self.radius)
        return self._cache["mask"]


def _card_mask(w, h, radius):
    m = np.zeros((h, w), np.uint8)
    _fill(m, _rounded_rect(-0.5, -0.5, w - 0.5, h - 0.5, radius, 12))
    return m


# ----------------------------------------------------------------------------- face: colours

def _roles(deck, suit):
    """The colours (or rainbow images) of every part of one suit's faces."""
    L = deck.look
    light, dark = L["light_ink"], L["dark_ink"]
    kind = L["ground"]
    rainbow = suit == "M"
    S = _Rainbow(L["rainbow"], tuple(L["rainbow"]["colours"])) if rainbow else L["suits"][suit]
    plain_m = rainbow and L["m_target"] != "all"
    if kind == "dark" or (plain_m and L["m_plain"] == "dark" and kind != "light"):
        bg = L["dark"]
    elif kind == "light" or plain_m:
        bg = L["paper"]
    elif kind == "filled":
        bg = _mix(S, L["paper"], L["m_pastel"]) if rainbow else S
    elif kind == "tint":
        bg = _mix(S, L["paper"], L["tint"])
    else:
        bg = _mix(S, L["dark"], L["deep"])
    ink = _ink_for(bg, light, dark)
    if kind == "filled" and not plain_m:
        art = {"light": light, "dark": dark, "deeper": _mix(S, _BLACK, 0.5),
               "paler": _mix(S, _WHITE, 0.6)}[L["filled_art"]]
        if not _visible(art, bg):
            art = ink
    elif kind == "deep" and not plain_m:
        art = _mix(S, _WHITE, 0.12)
    else:
        art = S
    if plain_m and L["m_target"] == "border":
        art = ink
    suit_like = art if _visible(art, bg) else ink

    acc = {"same": suit_like, "light": light, "dark": dark, "gold": L["gold"],
           "paler": _mix(suit_like, _WHITE, 0.55)}[L["centre"]["accent_role"]]
    if not _visible(acc, bg):
        acc = suit_like

    b = L["border"]
    border = {"suit": suit_like, "light": light, "dark": dark, "gold": L["gold"], "contrast": ink}[b["role"]]
    band = {"suit": suit_like, "light": light, "dark": dark}[b["band_role"]]
    if rainbow and L["m_target"] == "border":
        border = band = S
    if not _visible(border, bg):
        border = ink
    if not _visible(band, bg):
        band = _ink_for(bg, light, dark) if _distance(ink, bg) > 60 else light

    c = L["corner"]
    badge = {"suit": suit_like, "light": light, "dark": dark}[c["badge_role"]]
    if not _visible(badge, bg):
        badge = ink
    ground = badge if c["badge"] else bg
    digit = _pick_figure({"suit": suit_like, "light": light, "dark": dark}[c["digit_role"]],
                         ground, light, dark)
    symbol = suit_like if _visible(suit_like, ground) and not c["badge"] else digit

    ce = L["centre"]
    big_badge = suit_like
    big_ground = big_badge if ce["big"] == "badge" else bg
    big = _pick_figure({"suit": suit_like, "light": light, "dark": dark}[ce["big_role"]],
                       big_ground, light, dark)
    if ce["big"] == "badge" and big is suit_like:
        big = _ink_for(big_badge, light, dark)
    return {"bg": bg, "art": suit_like, "acc": acc, "border": border, "band": band,
            "badge": badge, "digit": digit, "symbol": symbol, "ink": ink,
            "outline": _ink_for(digit, light, dark), "shadow": _shadow_colour(ground, digit, dark),
            "big": big, "big_badge": big_badge, "big_outline": _ink_for(big, light, dark),
            "big_shadow": _shadow_colour(big_ground, big, dark)}


def _pick_figure(want, ground, light, dark):
    """The colour of a rank figure: as the deck wants it, unless it would not read."""
    if isinstance(want, _Rainbow) and _luma(ground) > 100:
        # a darker rainbow still reads on a light ground
        want = want.mapped(lambda c: c * np.float32(0.62))
        return want if _luma(ground) - _luma(want) > 70 else _ink_for(ground, light, dark)
    if _readable(want, ground):
        return want
    return _ink_for(ground, light, dark)


def _shadow_colour(ground, figure, dark):
    if _luma(ground) > 90:
        return _mix(ground, dark, 0.55)
    return _mix(_mean_colour(figure), ground, 0.55)


# ----------------------------------------------------------------------------- face: layers

def _render_face(deck, card):
    suit, rank = card[0], int(card[1])
    roles = _roles(deck, suit)
    img = _ground_image(deck, roles["bg"])
    roles["ground"] = img.copy()
    layers = []
    _border_layers(deck, roles, layers, bands=True)
    _centre_layers(deck, roles, suit, rank, layers)
    _border_layers(deck, roles, layers, bands=False)
    _corner_layers(deck, roles, suit, rank, layers)
    for mask, paint, strength in layers:
        _blend(img, mask, paint, strength)
    return np.clip(img + 0.5, 0, 255).astype(np.uint8)


def _ground_texture(deck):
    """Multiplier and offset maps (cached) that give the ground its printed texture."""
    if "texture" in deck._cache:
        return deck._cache["texture"]
    t = deck.look["texture"]
    h, w = deck.height, deck.width
    mul = add = None
    kind, g = t["kind"], t["strength"]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "vgrad":
        mul = 1.0 + g * (ys / h - 0.5) * 2 * (1 if t["seed"] % 2 else -1)
    elif kind == "radial":
        r = np.sqrt(((xs - w / 2) / w) ** 2 + ((ys - h / 2) / w) ** 2)
        mul = 1.0 + g * 1.4 * (0.35 - r)
    elif kind == "paper":
        n = np.random.default_rng(t["seed"]).standard_normal((h, w)).astype(np.float32)
        add = cv2.GaussianBlur(n, (0, 0), 0.8) * (40 * g)
    elif kind in ("pattern", "speckle"):
        m = _ground_pattern(t, h, w, kind)
        mul = 1.0 - m * (g * 0.6) if kind == "pattern" and (t["seed"] // 2) % 2 else None
        if mul is None:
            add = m * (255 * g * (2.0 if kind == "speckle" else 0.35))
    mul = None if mul is None else _three(mul.astype(np.float32))
    add = None if add is None else _three(add.astype(np.float32))
    deck._cache["texture"] = (mul, add)
    return mul, add


def _ground_pattern(t, h, w, kind):
    rng = np.random.default_rng(t["seed"])
    m = np.zeros((h, w), np.uint8)
    step = t["step"] * w
    if kind == "speckle":
        for _ in range(int(h * w / 900)):
            _disc(m, (rng.uniform(0, w), rng.uniform(0, h)), rng.uniform(0.4, 1.4) * w / 240)
        return m.astype(np.float32) / 255
    p = t["pattern"]
    if p == "dots":
        for y in np.arange(step / 2, h, step):
            for x in np.arange((y // step % 2) * step / 2, w + step, step):
                _disc(m, (x, y), step * 0.12)
    elif p in ("lines", "grid"):
        a = math.radians(t["angle"])
        d = np.array([math.cos(a), math.sin(a)])
        n = np.array([-d[1], d[0]])
        for k in np.arange(-1.5 * h, 1.5 * h, step):
            c = np.array([w / 2, h / 2]) + n * k
            _line(m, c - d * 2 * h, c + d * 2 * h, 1.2 * w / 240)
            if p == "grid":
                c2 = np.array([w / 2, h / 2]) + d * k
                _line(m, c2 - n * 2 * h, c2 + n * 2 * h, 1.2 * w / 240)
    elif p == "stars":
        for _ in range(int(h * w / step ** 2)):
            c = (rng.uniform(0, w), rng.uniform(0, h))
            _fill(m, _star_points(c, step * 0.25, step * 0.1, 5, rng.uniform(0, 72)))
    else:
        for r in np.arange(step, 1.2 * h, step):
            _disc(m, (w / 2, h / 2), r, thick=1.5 * w / 240)
    return m.astype(np.float32) / 255


def _ground_image(deck, bg):
    h, w = deck.height, deck.width
    img = bg.fit(h, w) if isinstance(bg, _Rainbow) else _flat(h, w, bg)
    mul, add = _ground_texture(deck)
    if mul is not None:
        img *= mul
    if add is not None:
        img += add
    return img


def _border_layers(deck, roles, layers, bands):
    b = deck.look["border"]
    kind = b["kind"]
    if kind == "none":
        return
    h, w = deck.height, deck.width
    r0 = deck.radius
    if bands:
        if kind in ("band", "band_line"):
            m = np.zeros((h, w), np.uint8)
            _fill(m, _rounded_rect(-1, -1, w, h, r0))
            hole = np.zeros((h, w), np.uint8)
            d = b["band"]
            _fill(hole, _rounded_rect(d, d, w - 1 - d, h - 1 - d, max(r0 - d, 2)))
            layers.append((cv2.subtract(m, hole), roles["band"], 1.0))
        return
    if kind == "band":
        return
    d = b["inset"] + (b["band"] if kind == "band_line" else 0)
    m = np.zeros((h, w), np.uint8)
    rr = max(r0 - d, 1.5)
    if kind == "dots":
        path = _rounded_rect(d, d, w - 1 - d, h - 1 - d, rr, 6)
        seg = np.diff(np.vstack([path, path[:1]]), axis=0)
        lens = np.hypot(seg[:, 0], seg[:, 1])
        cum = np.concatenate([[0], np.cumsum(lens)])
        step = b["gap"] * 1.6
        for s in np.arange(0, cum[-1], step):
            i = min(int(np.searchsorted(cum, s, side="right")) - 1, len(path) - 1)
            f = (s - cum[i]) / max(lens[i], 1e-6)
            _disc(m, path[i] + seg[i] * f, max(b["thick"], 1.2))
    else:
        _stroke(m, _rounded_rect(d, d, w - 1 - d, h - 1 - d, rr), b["thick"], closed=True)
        if kind == "double":
            d2 = d + b["gap"]
            _stroke(m, _rounded_rect(d2, d2, w - 1 - d2, h - 1 - d2, max(rr - b["gap"], 1.5)),
                    max(1.0, b["thick"] * 0.6), closed=True)
    if b["corners"]:
        s = w * 0.07
        for cx, cy, sx, sy in ((d, d, 1, 1), (w - 1 - d, d, -1, 1), (w - 1 - d, h - 1 - d, -1, -1),
                               (d, h - 1 - d, 1, -1)):
            _fill(m, [(cx, cy), (cx + sx * s, cy), (cx, cy + sy * s)])
    layers.append((m, roles["border"], 1.0))


# ----------------------------------------------------------------------------- face: centre art

def _centre_layers(deck, roles, suit, rank, layers):
    L = deck.look
    ce = L["centre"]
    h, w = deck.height, deck.width
    art = np.zeros((h, w), np.uint8)
    acc = np.zeros((h, w), np.uint8)
    c = np.array([w / 2 - 0.5, h / 2 - 0.5 + ce["dy"] * h])
    rx = ce["scale"] * 0.44 * w
    ry = ce["scale"] * (0.5 * h - (L["corner"]["iy"] + L["corner"]["h"]) * h * 0.8)
    _draw_art(art, acc, ce["art"], ce["params"], c, rx, ry, rank, L["symbols"][suit][0])
    if ce["params"]["outline"] and ce["art"] in ("star", "flower", "dots_count", "stars_count"):
        art = cv2.morphologyEx(art, cv2.MORPH_GRADIENT, _disk_kernel(1.2 * w / 240))
    layers.append((art, roles["art"], 1.0))
    layers.append((acc, roles["acc"], 1.0))
    if ce["big"] != "none":
        _big_digit_layers(deck, roles, rank, c, layers)


def _draw_art(art, acc, kind, p, c, rx, ry, rank, symbol):
    R = min(rx, ry)
    if kind == "burst":
        _burst(art, acc, c, R, p["burst"])
    elif kind.endswith("_count"):
        _counted(art, acc, kind, p, c, rx, ry, rank, symbol)
    elif kind == "star":
        _fill_or_stroke(art, _star_points(c, R, R * p["inner"], p["k"], -90 + p["rot"] % (360 / p["k"])),
                        p["filled"], p["th"] * R)
        if p["filled"]:
            _fill(acc, _star_points(c, R * 0.35, R * 0.35 * p["inner"], p["k"], -90))
    elif kind == "flower":
        for i in range(p["k"]):
            a = p["rot"] + 360.0 * i / p["k"]
            d = np.array([math.cos(math.radians(a)), math.sin(math.radians(a))])
            _ellipse(art, c + d * R * 0.5, (R * 0.5, R * p["petal_w"]), a,
                     thick=-1 if p["filled"] else p["th"] * R)
        _disc(acc, c, R * 0.18)
    elif kind == "rings":
        n = p["rings"]
        for i in range(n):
            r = R * (i + 1) / n
            if p["dashed"]:
                for a in range(0, 360, 30):
                    _ellipse(art, c, (r, r), p["rot"] + i * 15, thick=p["th"] * R, a0=a, a1=a + 18)
            else:
                _disc(art if i % 2 == 0 else acc, c, r, thick=p["th"] * R)
        _disc(art, c, R * 0.12)
    elif kind == "willow":
        _willow(art, acc, c, R, p)
    elif kind == "trail":
        _trail(art, acc, c, rx, ry, p)
    elif kind == "peony":
        _peony(art, acc, c, R, p)
    elif kind == "doodle":
        _doodle(art, acc, c, rx, ry, p["doodle"])
    elif kind == "sparkle":
        for r, a, s in p["sparks"][:p["n_sparks"]]:
            q = c + np.array([math.cos(a) * rx, math.sin(a) * ry]) * r
            _disc(art if s > 0.02 else acc, q, s * R * 1.3)
        _fill(art, _star_points(c, R * 0.3, R * 0.08, 4))


def _fill_or_stroke(mask, pts, filled, thick):
    if filled:
        _fill(mask, pts)
    else:
        _stroke(mask, pts, thick, closed=True)


def _burst(art, acc, c, R, p):
    n = p["rays"]
    r0 = p["r0"] * R
    th = max(1.0, p["th"] * R)
    for i in range(n):
        a = math.radians(p["a0"]) + 2 * math.pi * i / n
        d = np.array([math.cos(a), math.sin(a)])
        nrm = np.array([-d[1], d[0]])
        end = R * p["lens"][i % len(p["lens"])]
        s = c + d * r0
        e = c + d * end
        style = p["ray"]
        if style == "line":
            _line(art, s, e, th)
        elif style == "taper":
            _fill(art, [s + nrm * th, e, s - nrm * th])
        elif style == "dots":
            k = p["k"]
            for j in range(k):
                t = (j + 1) / k
                _disc(art, c + d * (r0 + (end - r0) * t), th * (0.45 + 0.6 * t))
        elif style == "line_dot":
            _line(art, s, c + d * end * 0.85, max(1.0, th * 0.6))
            _disc(acc, e, th * 1.2)
        else:
            _line(art, s + nrm * th * 0.8, e + nrm * th * 0.4, max(1.0, th * 0.45))
            _line(art, s - nrm * th * 0.8, e - nrm * th * 0.4, max(1.0, th * 0.45))
        if p["inner"]:
            b = a + math.pi / n
            db = np.array([math.cos(b), math.sin(b)])
            _line(acc, c + db * r0, c + db * R * p["inner"], max(1.0, th * 0.5))
    if p["ring"]:
        _disc(acc, c, p["ring"] * R, thick=max(1.0, th * 0.6))
    if p["core"]:
        _disc(acc, c, p["core"] * R)


_DICE = {1: [(0, 0)], 2: [(-0.5, -0.5), (0.5, 0.5)], 3: [(-0.55, -0.55), (0, 0), (0.55, 0.55)],
         4: [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)],
         5: [(-0.55, -0.55), (0.55, -0.55), (0, 0), (-0.55, 0.55), (0.55, 0.55)]}


def _count_positions(layout, rank):
    """Where rank things sit, in a box from -1 to 1: as on a die, in a column or on an arc."""
    if layout == "dice":
        return _DICE[rank]
    if layout == "column":
        return [(0.0, (i - (rank - 1) / 2) * 0.42) for i in range(rank)]
    if rank == 1:
        return [(0.0, 0.0)]
    return [(0.7 * math.cos(math.radians(a)), 0.7 * math.sin(math.radians(a)))
            for a in np.linspace(200, 340, rank)]


def _counted(art, acc, kind, p, c, rx, ry, rank, symbol):
    """rank bursts, pips or stars: the art itself shows the rank."""
    pos = _count_positions(p["layout"], rank)
    spread = min(rx, ry * 0.75) if p["layout"] == "dice" else min(rx, ry)
    size = min(rx, ry) * (0.42 if rank > 1 else 0.7)
    if p["layout"] == "column":
        size = min(size, ry * 0.2)
    for x, y in pos:
        q = c + np.array([x * spread, y * (ry if p["layout"] == "column" else spread)])
        if kind == "bursts_count":
            _burst(art, acc, q, size, p["burst"])
        elif kind == "stars_count":
            _fill(art, _star_points(q, size * 0.8, size * 0.8 * p["inner"], p["k"], -90))
        elif p["pip_shape"] == "symbol":
            _draw_shape(art, symbol, q, size * 0.55)
        elif p["pip_shape"] == "ring":
            _disc(art, q, size * 0.45, thick=size * 0.12)
        else:
            _disc(art, q, size * 0.45)


def _willow(art, acc, c, R, p):
    n = p["k"] + 5
    th = max(1.0, p["th"] * R)
    for i in range(n):
        a = math.radians(p["rot"]) + 2 * math.pi * i / n
        d = np.array([math.cos(a), math.sin(a)])
        t = np.linspace(0, 1, 12)[:, None]
        pts = c + R * 0.85 * (t * d + np.array([0, p["droop"]]) * t ** 2)
        for j in range(len(pts) - 1):
            _line(art, pts[j], pts[j + 1], max(1.0, th * (1.2 - j / 11)))
        _disc(acc, pts[-1], th * 0.9)
    _disc(art, c, th * 1.6)


def _trail(art, acc, c, rx, ry, p):
    R = min(rx, ry)
    top = c + np.array([0, -ry * 0.3])
    t = np.linspace(0, 1, 20)
    xs = top[0] + np.sin(t * 7) * R * 0.05 + p["sway"] * R * (1 - t)
    ys = top[1] + (1 - t) * ry * 1.25
    pts = np.stack([xs, ys], 1)
    for j in range(len(pts) - 1):
        _line(acc, pts[j], pts[j + 1], max(1.0, p["th"] * R * (0.3 + 0.7 * j / 19)))
    _burst(art, acc, top, R * 0.75, p["burst"])


def _peony(art, acc, c, R, p):
    rings = max(2, p["rings"])
    for j in range(1, rings + 1):
        r = R * j / rings
        k = int(6 * j + p["k"])
        for i in range(k):
            a = math.radians(p["rot"]) + 2 * math.pi * (i + 0.5 * j) / k
            _disc(art if j % 2 else acc, c + r * np.array([math.cos(a), math.sin(a)]),
                  max(1.0, R * (0.025 + 0.03 * j / rings)))
    _disc(art, c, R * 0.08)


def _doodle(art, acc, c, rx, ry, d):
    """The deck's own fixed decoration, repeated with its symmetry."""
    sym = d["sym"]
    turns = {"none": [0], "rot180": [0, 180], "mirror": [0], "rot4": [0, 90, 180, 270],
             "rot6": [0, 60, 120, 180, 240, 300]}[sym]
    R = min(rx, ry)
    scale = np.array([rx, ry]) if sym in ("none", "mirror", "rot180") else np.array([R, R])
    for turn in turns:
        ca, sa = math.cos(math.radians(turn)), math.sin(math.radians(turn))
        flips = [1, -1] if sym == "mirror" else [1]
        for fx in flips:
            def tr(q):
                q = np.asarray(q, float) * [fx, 1]
                q = np.stack([q[..., 0] * ca - q[..., 1] * sa, q[..., 0] * sa + q[..., 1] * ca], -1)
                return c + q * scale
            for i, prim in enumerate(d["prims"]):
                m = acc if i % 3 == 2 else art
                kind = prim[0]
                if kind == "curve":
                    _stroke(m, tr(prim[1]), max(1.0, prim[2] * R))
                elif kind == "arc":
                    pts = _arc(prim[1][0], prim[1][1], prim[2], prim[2], prim[3], prim[3] + prim[4], 16)
                    _stroke(m, tr(pts), max(1.0, prim[5] * R))
                elif kind == "dot":
                    _disc(m, tr(prim[1]), prim[2] * R * 0.6)
                elif kind == "ring":
                    _disc(m, tr(prim[1]), prim[2] * R, thick=max(1.0, prim[3] * R))
                else:
                    _fill(m, _star_points(tr(prim[1]), prim[2] * R, prim[2] * R * 0.3, 4, turn))


def _big_digit_layers(deck, roles, rank, c, layers):
    ce = deck.look["centre"]
    h, w = deck.height, deck.width
    gh = ce["big_h"] * h
    if ce["big"] == "badge":
        gh *= 0.7
    g = _glyph(ce["big_glyph"], rank, gh)
    gh, gw = g.shape
    if gw > 0.8 * w:
        g = cv2.resize(g, (int(0.8 * w), gh), interpolation=cv2.INTER_AREA)
        gw = g.shape[1]
    x, y = int(round(c[0] - gw / 2)), int(round(c[1] - gh / 2))
    digit = np.zeros((h, w), np.uint8)
    _paste_max(digit, g, x, y)
    if ce["big"] == "badge":
        badge = np.zeros((h, w), np.uint8)
        r = max(gh, gw) * 0.78
        shape = ce["big_badge"]
        if shape == "circle":
            _disc(badge, c, r)
        elif shape == "square":
            _fill(badge, _rounded_rect(c[0] - r, c[1] - r, c[0] + r, c[1] + r, r * 0.25))
        elif shape == "diamond":
            _fill(badge, [(c[0], c[1] - r * 1.35), (c[0] + r * 1.2, c[1]), (c[0], c[1] + r * 1.35),
                          (c[0] - r * 1.2, c[1])])
        else:
            _fill(badge, _star_points(c, r * 1.45, r * 1.05, 8, -90))
        layers.append((badge, roles["big_badge"], 1.0))
    effect = ce["big_effect"]
    if ce["big"] == "over" and effect == "plain":
        effect = "outline"
    if ce["big"] == "plain" and ce["art"] != "none":
        # a margin of plain ground keeps the figure apart from the art behind it
        layers.append((cv2.dilate(digit, _disk_kernel(max(2.0, gh * 0.08))), roles["ground"], 1.0))
    _figure_effect_layers(digit, effect, max(1.5, gh * 0.06), roles["big"], roles["big_outline"],
                          roles["big_shadow"], layers, ce["big_glyph"]["kind"])


def _figure_effect_layers(digit, effect, size, colour, outline, shadow, layers, kind=""):
    if effect == "hollow" and kind == "dots":
        effect = "outline"
    if effect == "outline":
        layers.append((cv2.dilate(digit, _disk_kernel(size * 0.7)), outline, 1.0))
    elif effect == "shadow":
        k = int(round(size))
        sh = np.zeros_like(digit)
        sh[k:, k:] = digit[:-k or None, :-k or None]
        layers.append((sh, shadow, 0.8))
    elif effect == "hollow":
        inner = cv2.erode(digit, _disk_kernel(max(1.0, size * 0.45)))
        digit = cv2.subtract(digit, inner)
    layers.append((digit, colour, 1.0))


# ----------------------------------------------------------------------------- face: corners

def _corner_tile(deck, suit, rank):
    """Layer masks of the top-left corner block (digit, badge, symbol, pips), cropped."""
    c = deck.look["corner"]
    h = deck.height
    dh = max(10, int(round(c["h"] * h)))
    g = _glyph(c["glyph"], rank, dh)
    gw = g.shape[1]
    size = 4 * dh
    o = dh
    names = ("badge", "under", "digit", "symbol")
    tile = {n: np.zeros((size, size), np.uint8) for n in names}
    _paste_max(tile["digit"], g, o, o)
    centre = np.array([o + gw / 2 - 0.5, o + dh / 2 - 0.5])
    below = o + dh + dh * 0.14
    sym_r = dh * c["sym"] * 0.5
    shape, filled = deck.look["symbols"][suit]
    if c["symbol"] == "below":
        _draw_shape(tile["symbol"], shape, (centre[0], below + sym_r), sym_r, filled, max(1.0, dh * 0.06))
        below += 2 * sym_r + dh * 0.1
    elif c["symbol"] == "beside":
        _draw_shape(tile["symbol"], shape, (o + gw + dh * 0.12 + sym_r, o + sym_r), sym_r, filled,
                    max(1.0, dh * 0.06))
    if c["pips"]:
        pr = dh * 0.07
        step = pr * 2.6
        x0 = centre[0] - step * (rank - 1) / 2
        for i in range(rank):
            _disc(tile["symbol"], (x0 + i * step, below + pr), pr)
    if c["badge"]:
        r = max(dh, gw) * 0.72
        badge = tile["badge"]
        if c["badge"] == "circle":
            _disc(badge, centre, r)
        elif c["badge"] == "square":
            _fill(badge, _rounded_rect(centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r, r * 0.3))
        elif c["badge"] == "diamond":
            _fill(badge, [(centre[0], centre[1] - r * 1.3), (centre[0] + r * 1.1, centre[1]),
                          (centre[0], centre[1] + r * 1.3), (centre[0] - r * 1.1, centre[1])])
        else:
            top, bot = centre[1] - r, centre[1] + r * 1.25
            _fill(badge, [(centre[0] - r, top), (centre[0] + r, top), (centre[0] + r, centre[1] + r * 0.3),
                          (centre[0], bot), (centre[0] - r, centre[1] + r * 0.3)])
    ef = c["effect"]
    if ef == "hollow" and (dh < 28 or c["glyph"]["weight"] < 0.1):
        ef = "outline"
    # the effect comes back as layers naming their colours: (outline or shadow,) then the digit
    parts = []
    _figure_effect_layers(tile["digit"], ef, max(1.0, dh * 0.07), "digit", "outline", "shadow", parts,
                          c["glyph"]["kind"])
    under_kind, under_strength = None, 1.0
    if len(parts) > 1:
        tile["under"], under_kind, under_strength = parts[0]
    tile["digit"] = parts[-1][0]
    union = np.maximum.reduce([tile[n] for n in names])
    x, y, w, hh = cv2.boundingRect(union)
    crop = {n: tile[n][y:y + hh, x:x + w] for n in names}
    return crop, under_kind, under_strength


def _corner_inset(deck):
    """Where the corner block starts: inside the deck's border, or over it when the border
    stops short of the figures."""
    c, b = deck.look["corner"], deck.look["border"]
    w, h = deck.width, deck.height
    ix, iy = c["ix"] * w, c["iy"] * h
    inner = 0.0
    if b["kind"] in ("band", "band_line"):
        inner = b["band"]
    if b["kind"] in ("line", "double", "dots", "band_line") and not c["knockout"]:
        inner += b["inset"] + b["thick"] + (b["gap"] if b["kind"] == "double" else 0)
    if inner:
        ix, iy = max(ix, inner + 0.025 * w), max(iy, inner + 0.025 * w)
    return int(round(max(ix, deck.radius * 0.35))), int(round(iy))


def _corner_layers(deck, roles, suit, rank, layers):
    """The corner blocks: top-left and, turned half round, bottom-right (sometimes all four)."""
    c = deck.look["corner"]
    h, w = deck.height, deck.width
    tile, under_kind, under_strength = _corner_tile(deck, suit, rank)
    th, tw = tile["digit"].shape
    ix, iy = _corner_inset(deck)
    spots = [(ix, iy, False), (w - ix - tw, h - iy - th, True)]
    if c["four"]:
        spots += [(w - ix - tw, iy, False), (ix, h - iy - th, True)]
    knockout = c["knockout"] and deck.look["border"]["kind"] in ("line", "double", "dots", "band_line")
    for x, y, turned in spots:
        # each block is painted on its own, so a rainbow spans each block whole
        full = {}
        for n, m in tile.items():
            full[n] = np.zeros((h, w), np.uint8)
            _paste_max(full[n], m[::-1, ::-1] if turned else m, x, y)
        if knockout:
            # the border stops short of the corner figures
            union = np.maximum.reduce([full[n] for n in full])
            layers.append((cv2.dilate(union, _disk_kernel(max(2.0, 0.02 * w))), roles["ground"], 1.0))
        if c["badge"]:
            layers.append((full["badge"], roles["badge"], 1.0))
        if under_kind:
            layers.append((full["under"], roles[under_kind], under_strength))
        layers.append((full["digit"], roles["digit"], 1.0))
        layers.append((full["symbol"], roles["symbol"], 1.0))


# ----------------------------------------------------------------------------- card back

def _render_back(deck):
    b = deck.look["back"]
    h, w = deck.height, deck.width
    rng = np.random.default_rng(b["seed"])
    img = np.empty((h, w, 3), np.float32)
    img[:] = b["ground"]
    light_ground = _luma(b["ground"]) > 150
    colours = [deck.look["suits"][s] for s in "RYGBW"] + [_hsv(285, 0.7, 0.9)]
    if light_ground:
        colours[4] = _hsv(0, 0, 0.55)
    pattern = b["pattern"]
    if pattern in ("bursts", "stars"):
        for _ in range(int(rng.integers(6, 14))):
            m = np.zeros((h, w), np.uint8)
            q = np.array([rng.uniform(0, w), rng.uniform(0, h)])
            r = rng.uniform(0.08, 0.22) * w
            if pattern == "bursts":
                _burst(m, m, q, r, {"rays": int(rng.integers(8, 16)), "a0": rng.uniform(0, 360), "r0": 0.15,
                                    "lens": [1.0, 0.8], "ray": "line", "th": 0.05, "k": 4, "ring": 0,
                                    "core": 0.1, "inner": 0})
            else:
                _fill(m, _star_points(q, r * 0.6, r * 0.25, 5, rng.uniform(0, 72)))
            _blend(img, m, colours[int(rng.integers(6))], 0.9)
    elif pattern in ("big", "rays"):
        m = np.zeros((h, w), np.uint8)
        c = (w / 2, h / 2)
        n = int(rng.integers(12, 30))
        for i in range(n):
            a = 2 * math.pi * i / n
            d = np.array([math.cos(a), math.sin(a)])
            if pattern == "rays":
                _fill(m, [c, c + d * 2 * h + [-d[1] * 0.12 * h, d[0] * 0.12 * h], c + d * 2 * h])
            else:
                _line(m, c + d * w * 0.08, c + d * w * 0.42, 2.5 * w / 240)
        rainbow = _rainbow_image(deck.look["rainbow"], h, w)
        _blend(img, m, rainbow, 0.85 if pattern == "big" else 0.35)
    else:
        m = np.zeros((h, w), np.uint8)
        step = w / rng.uniform(4, 8)
        for y in np.arange(0, h + step, step):
            for x in np.arange((y // step % 2) * step / 2, w + step, step):
                _fill(m, [(x, y - step * 0.4), (x + step * 0.3, y), (x, y + step * 0.4), (x - step * 0.3, y)])
        _blend(img, m, _ink_for(b["ground"], _WHITE, _BLACK), 0.15)
    if b["title"]:
        _back_title(img, b, w, h)
    if b["border"]:
        m = np.zeros((h, w), np.uint8)
        d = 0.05 * w
        _stroke(m, _rounded_rect(d, d, w - 1 - d, h - 1 - d, max(deck.radius - d, 2)), 2.5 * w / 240, True)
        _blend(img, m, b["border_col"])
    return np.clip(img + 0.5, 0, 255).astype(np.uint8)


def _back_title(img, b, w, h):
    text = b["title"]
    font = b["font"]
    (tw, th), _ = cv2.getTextSize(text, font, 1.0, 2)
    scale = 0.75 * w / tw
    thick = max(1, int(round(scale * 1.6)))
    (tw, th), _ = cv2.getTextSize(text, font, scale, thick)
    band = np.zeros((h, w), np.uint8)
    cv2.rectangle(band, (0, int(h / 2 - th)), (w, int(h / 2 + th)), 255, -1)
    _blend(img, band, _BLACK, 0.35)
    m = np.zeros((h, w), np.uint8)
    cv2.putText(m, text, (int((w - tw) / 2), int(h / 2 + th / 2)), font, scale, 255, thick, _AA)
    _blend(img, m, _hsv(45, 0.55, 0.95))


# ============================================================================= frames

_POOL: dict = {}
_POOL_SIZE = 3_200_000
_SCRATCH = threading.local()


def _scratch(name, shape, dtype=np.float32):
    """A work array kept between frames: fresh arrays of a frame's size cost more to allocate
    (the memory has to be mapped in again) than most of the arithmetic done on them."""
    bufs = getattr(_SCRATCH, "bufs", None)
    if bufs is None:
        bufs = _SCRATCH.bufs = {}
    key = (name, tuple(shape), np.dtype(dtype).str)
    if key not in bufs:
        bufs[key] = np.empty(shape, dtype)
    return bufs[key]


def _noise_pool():
    """Fixed Gaussian noise; each frame takes a slice at a random place, which is fast."""
    if not _POOL:
        _POOL["white"] = np.random.default_rng(7310).standard_normal(_POOL_SIZE, dtype=np.float32)
    return _POOL["white"]


def _white(rng, h, w, ch=3):
    """White Gaussian noise of shape (h, w, ch), a view of the pool."""
    pool = _noise_pool()
    n = h * w * ch
    if n > len(pool):
        pool = np.tile(pool, n // len(pool) + 1)
    off = int(rng.integers(0, len(pool) - n + 1))
    return pool[off:off + n].reshape(h, w, ch)


def _soft(rng, h, w, cell, dst):
    """Gaussian noise with a grain of about `cell` px, written into dst (h, w, 3)."""
    sh, sw = max(2, int(h / cell)), max(2, int(w / cell))
    return cv2.resize(_white(rng, sh, sw), (w, h), dst=dst, interpolation=cv2.INTER_LINEAR)


def _smooth_noise(rng, h, w, cells, dst=None):
    """Low-frequency noise: a few random values per axis, smoothly enlarged."""
    gh = max(2, int(round(cells * h / max(w, h))) + 1)
    gw = max(2, int(round(cells * w / max(w, h))) + 1)
    small = rng.standard_normal((gh, gw)).astype(np.float32)
    mid = cv2.resize(small, (max(gw, w // 8), max(gh, h // 8)), interpolation=cv2.INTER_CUBIC)
    return cv2.resize(mid, (w, h), dst=dst, interpolation=cv2.INTER_LINEAR)


def _three(m):
    return cv2.merge([m, m, m])


def _shade(g, colour, dst=None):
    """BGR image of colour scaled by map g."""
    return _paint_maps([g], [colour], dst)


def _paint_maps(maps, colours, dst=None):
    """BGR image: the sum of up to three float32 maps, each times its colour.
    (cv2.transform is fast from three channels to three, slow otherwise.)"""
    maps = list(maps) + [maps[-1]] * (3 - len(maps))
    colours = [np.asarray(c, np.float32) for c in colours]
    colours += [np.zeros(3, np.float32)] * (3 - len(colours))
    src = cv2.merge(maps, dst=dst)
    return cv2.transform(src, np.stack(colours, axis=1), dst=src)


# ----------------------------------------------------------------------------- tables

def _table_colour(rng):
    tone = _choice(rng, ["dark", "light", "colour", "brown", "grey"], [0.2, 0.2, 0.25, 0.2, 0.15])
    if tone == "dark":
        return _hsv(_u(rng, 0, 360), _u(rng, 0, 0.5), _u(rng, 0.05, 0.22))
    if tone == "light":
        return _hsv(_u(rng, 0, 360), _u(rng, 0, 0.15), _u(rng, 0.72, 0.95))
    if tone == "colour":
        return _hsv(_u(rng, 0, 360), _u(rng, 0.3, 0.85), _u(rng, 0.3, 0.8))
    if tone == "brown":
        return _hsv(_u(rng, 15, 40), _u(rng, 0.35, 0.75), _u(rng, 0.25, 0.75))
    return _hsv(0, 0, _u(rng, 0.3, 0.65))


def _table(rng, w, h, s, near=None):
    """A table top, float32 BGR, in the frame's scene buffer."""
    kind = _choice(rng, ["plain", "wood", "felt", "checks", "stripes", "cloth", "marble"],
                   [0.16, 0.26, 0.14, 0.12, 0.08, 0.12, 0.12])
    if near is None:
        base = _table_colour(rng)
    else:
        base = np.clip(near * np.float32(_u(rng, 0.85, 1.12)) + rng.uniform(-12, 12, 3).astype(np.float32), 0, 255)
        if kind in ("checks", "stripes", "cloth"):
            kind = "plain"
    img = _scratch("scene", (h, w, 3))
    low = _smooth_noise(rng, h, w, _u(rng, 2, 6), _scratch("low", (h, w)))
    low *= np.float32(_u(rng, 0.02, 0.08))
    low += np.float32(1.0)
    if kind == "wood":
        g = _wood(rng, w, h, s)
        g *= low
        _shade(g, base, img)
    elif kind == "marble":
        veins = _marble_veins(rng, w, h)
        veins *= low
        vein_col = _mix(base, _BLACK if _luma(base) > 120 else _WHITE, _u(rng, 0.3, 0.7))
        _paint_maps([low, veins], [base, vein_col - base], img)
    elif kind in ("checks", "stripes"):
        _woven(rng, w, h, s, base, kind, low, img)
    elif kind == "cloth":
        _printed_cloth(rng, w, h, s, base, img)
        img *= cv2.merge([low, low, low], dst=_scratch("paint", (h, w, 3)))
    else:
        _shade(low, base, img)
    if kind == "felt":
        grain = _soft(rng, h, w, _u(rng, 1.2, 2.5) * s, _scratch("paint", (h, w, 3)))
        cv2.scaleAdd(grain, _u(rng, 4, 12), img, dst=img)
    return img


def _streaks(src, w, h, angle, border=cv2.BORDER_REFLECT):
    """Stretches src (rows across the streaks, columns along them) over the frame at `angle`;
    made at half size and enlarged, as streaks are soft enough."""
    across, along = src.shape
    hw, hh = max(2, w // 2), max(2, h // 2)
    a = math.radians(angle)
    diag = math.hypot(hw, hh)
    ca, sa = math.cos(a), math.sin(a)
    ku, kv = along / diag, across / diag
    # destination (x, y) -> source (column along, row across)
    m = np.float32([[ca * ku, sa * ku, along / 2 - (ca * hw + sa * hh) / 2 * ku],
                    [-sa * kv, ca * kv, across / 2 - (-sa * hw + ca * hh) / 2 * kv]])
    half = cv2.warpAffine(src, m, (hw, hh), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=border)
    return cv2.resize(half, (w, h), dst=_scratch("map1", (h, w)), interpolation=cv2.INTER_LINEAR)


def _wood(rng, w, h, s):
    """Brightness map of wood: growth rings, fibres, and planks with seams."""
    angle = _choice(rng, [_u(rng, -8, 8), _u(rng, 82, 98), _u(rng, 0, 180)], [0.4, 0.4, 0.2])
    diag = math.hypot(w, h)
    px = _u(rng, 1.2, 2.0) * s
    across = int(diag / px)
    along = int(rng.integers(6, 16))
    i = np.arange(across, dtype=np.float32)[:, None]
    wob = cv2.resize(rng.standard_normal((max(2, across // 12), along)).astype(np.float32),
                     (along, across), interpolation=cv2.INTER_CUBIC)
    rings = np.sin(2 * math.pi * i / (_u(rng, 12, 40) / px * s) + _u(rng, 1.0, 4.0) * wob)
    g = 1.0 - _u(rng, 0.1, 0.3) * (0.5 + 0.5 * rings) ** _u(rng, 1.0, 3.0)
    g -= _u(rng, 0.02, 0.07) * rng.standard_normal((across, along))
    if _p(rng, 0.6):
        plank = _u(rng, 70, 200) * s / px
        pos = i + _u(rng, 0, plank)
        pid = np.floor(pos / plank)
        g = g * (0.9 + 0.2 * ((np.sin(pid * 12.9898) * 43758.5453) % 1.0))
        g = g * np.where(pos - pid * plank < 1.5, 0.55, 1.0)
    return _streaks(g.astype(np.float32), w, h, angle)


def _stripe_profile(rng, n):
    """A repeating 1-D pattern of n samples for stripes, checks and plaids."""
    prof = np.zeros(n, np.float32)
    for _ in range(int(rng.integers(1, 4))):
        a = int(rng.integers(0, n))
        b = a + int(rng.integers(max(1, n // 10), max(2, n // 2)))
        prof[a:b] += _u(rng, 0.4, 1.0)
    return np.minimum(prof, 1.0)


def _woven(rng, w, h, s, base, kind, low, img):
    """Stripes, or checks and plaids (stripes both ways), painted into img."""
    n = 64
    period = _u(rng, 18, 80) * s
    angle = _choice(rng, [0.0, _u(rng, -20, 20), _u(rng, 0, 180)], [0.4, 0.4, 0.2])
    a = math.radians(angle)
    other = _hsv(_u(rng, 0, 360), _u(rng, 0.2, 0.9), _u(rng, 0.15, 0.95)) if _p(rng, 0.6) else \
        _mix(base, _WHITE if _luma(base) < 128 else _BLACK, _u(rng, 0.3, 0.7))
    maps = [low, _stripes(_stripe_profile(rng, n), w, h, a, n / period, "map1")]
    maps[1] *= low
    colours = [base, (other - base) * np.float32(0.6)]
    if kind == "checks":
        third = other if _p(rng, 0.6) else _hsv(_u(rng, 0, 360), _u(rng, 0.2, 0.9), _u(rng, 0.2, 0.9))
        maps.append(_stripes(_stripe_profile(rng, n), w, h, a + math.pi / 2, n / period, "map2"))
        maps[2] *= low
        colours.append((third - base) * np.float32(0.6))
    return _paint_maps(maps, colours, img)


def _stripes(profile, w, h, a, k, name):
    """A repeating profile laid across the frame at angle a, k samples per px (made at half size)."""
    hw, hh = max(2, w // 2), max(2, h // 2)
    m = np.float32([[math.cos(a) * 2 * k, math.sin(a) * 2 * k, 0], [0, 0, 0]])
    half = cv2.warpAffine(profile[None, :], m, (hw, hh), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_WRAP)
    return cv2.resize(half, (w, h), dst=_scratch(name, (h, w)), interpolation=cv2.INTER_LINEAR)


def _printed_cloth(rng, w, h, s, base, img):
    t = int(_u(rng, 60, 160) * s)
    tile = np.empty((t, t, 3), np.float32)
    tile[:] = base
    inks = [_hsv(_u(rng, 0, 360), _u(rng, 0.3, 0.9), _u(rng, 0.2, 0.95)) for _ in range(3)]
    for _ in range(int(rng.integers(3, 12))):
        m = np.zeros((t, t), np.uint8)
        kind = _choice(rng, ["disc", "ring", "flower", "leaf", "square", "star"])
        c0 = rng.uniform(0, t, 2)
        r = _u(rng, 0.04, 0.2) * t
        rot = _u(rng, 0, 360)
        for dx in (-t, 0, t):
            for dy in (-t, 0, t):
                c = c0 + [dx, dy]
                if kind == "disc":
                    _disc(m, c, r)
                elif kind == "ring":
                    _disc(m, c, r, thick=max(1.0, r * 0.25))
                elif kind == "leaf":
                    _ellipse(m, c, (r, r * 0.4), rot)
                else:
                    _draw_shape(m, {"flower": "flower", "square": "square"}.get(kind, "star5"), c, r, True, 1, rot)
        _blend(tile, m, inks[int(rng.integers(3))])
    m = cv2.getRotationMatrix2D((0, 0), _u(rng, 0, 360), 2 * _u(rng, 0.8, 1.3))
    half = cv2.warpAffine(tile, m, (max(2, w // 2), max(2, h // 2)), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_WRAP)
    return cv2.resize(half, (w, h), dst=img, interpolation=cv2.INTER_LINEAR)


def _marble_veins(rng, w, h):
    """A map of marble veins (1 on a vein), made at half size and enlarged."""
    sw, sh = max(8, w // 2), max(8, h // 2)
    turb = _smooth_noise(rng, sh, sw, 3)
    turb += _smooth_noise(rng, sh, sw, 7) * np.float32(0.5)
    turb += _smooth_noise(rng, sh, sw, 15) * np.float32(0.3)
    a = _u(rng, 0, math.pi)
    f = _u(rng, 2, 6) * 2 * math.pi / sw
    xs = np.arange(sw, dtype=np.float32)[None, :] * np.float32(math.cos(a) * f)
    ys = np.arange(sh, dtype=np.float32)[:, None] * np.float32(math.sin(a) * f)
    turb *= np.float32(_u(rng, 1.5, 4))
    turb += xs
    turb += ys
    v = np.float32(1.0) - np.abs(np.sin(turb))
    veins = cv2.pow(v, _u(rng, 4, 12))
    return cv2.resize(veins, (w, h), dst=_scratch("map1", (h, w)), interpolation=cv2.INTER_LINEAR)


# ----------------------------------------------------------------------------- placing flat things

def _pose_quad(rng, w, h, aspect, width_px, tilt_deg, margin, bend=0.0, inside=True):
    """Where a flat rectangle lands in the frame: its four corners (TL, TR, BR, BL), and its two
    middle-edge points (left, right) when bent, as seen by a tilted pinhole camera."""
    theta = _u(rng, 0, 2 * math.pi)
    axis = _u(rng, 0, 2 * math.pi)
    tilt = math.radians(tilt_deg)
    dist = _u(rng, 2.5, 6.0)
    a = aspect
    pts = np.array([[-0.5, -a / 2, 0], [0.5, -a / 2, 0], [0.5, a / 2, 0], [-0.5, a / 2, 0],
                    [-0.5, 0, bend], [0.5, 0, bend]], np.float64)
    ct, st = math.cos(theta), math.sin(theta)
    rz = np.array([[ct, -st, 0], [st, ct, 0], [0, 0, 1]])
    k = np.array([math.cos(axis), math.sin(axis), 0.0])
    kx = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    rt = np.eye(3) + math.sin(tilt) * kx + (1 - math.cos(tilt)) * kx @ kx
    p = pts @ (rt @ rz).T
    proj = p[:, :2] * (dist / (dist - p[:, 2:3]))
    quad = proj[:4]
    width = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2
    proj = proj * (width_px / width)
    lo, hi = proj.min(axis=0), proj.max(axis=0)
    span = hi - lo
    room = np.array([w - 1 - 2 * margin, h - 1 - 2 * margin], float)
    if inside and (span > room).any():
        f = float(np.min(room / span)) * 0.98
        proj, lo, hi, span = proj * f, lo * f, hi * f, span * f
    if inside:
        ox = _u(rng, margin - lo[0], w - 1 - margin - hi[0])
        oy = _u(rng, margin - lo[1], h - 1 - margin - hi[1])
    else:
        ox, oy = _u(rng, -0.1 * w, 1.1 * w), _u(rng, -0.1 * h, 1.1 * h)
        ox, oy = ox - (lo[0] + hi[0]) / 2, oy - (lo[1] + hi[1]) / 2
    return (proj + [ox, oy]).astype(np.float32)


def _src_corners(w, h):
    return np.float32([[-0.5, -0.5], [w - 0.5, -0.5], [w - 0.5, h - 0.5], [-0.5, h - 0.5]])


def _warp_flat(src, alpha, quad, frame_w, frame_h, pad=0):
    """Warps src (with alpha) so its corners land on quad. Returns (x0, y0, bgr, alpha) over the
    quad's bounding box (widened by pad, clipped to the frame), or None when off frame."""
    x0 = max(int(math.floor(quad[:, 0].min())) - 1 - pad, 0)
    y0 = max(int(math.floor(quad[:, 1].min())) - 1 - pad, 0)
    x1 = min(int(math.ceil(quad[:, 0].max())) + 2 + pad, frame_w)
    y1 = min(int(math.ceil(quad[:, 1].max())) + 2 + pad, frame_h)
    if x1 <= x0 + 1 or y1 <= y0 + 1:
        return None
    sh, sw = src.shape[:2]
    e = np.linalg.norm(np.diff(np.vstack([quad, quad[:1]]), axis=0), axis=1)
    k = min(1.0, max(max(e[0], e[2]) / sw, max(e[1], e[3]) / sh) * 1.1)
    rgba = cv2.merge([src, alpha])
    if k < 0.9:
        size = (max(2, int(round(sw * k))), max(2, int(round(sh * k))))
        rgba = cv2.resize(rgba, size, interpolation=cv2.INTER_AREA)
        sh, sw = rgba.shape[:2]
    m = cv2.getPerspectiveTransform(_src_corners(sw, sh), quad - np.float32([x0, y0]))
    out = cv2.warpPerspective(rgba, m, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    return x0, y0, out[..., :3].astype(np.float32), out[..., 3].astype(np.float32) * np.float32(1 / 255)


def _composite(img, warped, gain=1.0):
    if warped is None:
        return
    x0, y0, bgr, a = warped
    h, w = a.shape
    roi = img[y0:y0 + h, x0:x0 + w]
    if gain != 1.0:
        bgr = bgr * np.float32(gain)
    roi[:] = cv2.blendLinear(bgr, roi, a, np.float32(1.0) - a)


def _cast_shadow(img, warped, rng, strength, spread):
    """Darkens what lies under and beside a flat thing, as a soft shadow."""
    if warped is None:
        return
    x0, y0, _, a = warped
    h, w = a.shape
    dx, dy = rng.uniform(-1, 1, 2) * spread * 0.7
    # the shadow is soft, so it is worked out at half size
    sw, sh_ = max(2, w // 2), max(2, h // 2)
    small = cv2.resize(a, (sw, sh_), interpolation=cv2.INTER_AREA)
    m = np.float32([[1, 0, dx * sw / w], [0, 1, dy * sh_ / h]])
    small = cv2.warpAffine(small, m, (sw, sh_))
    small = cv2.GaussianBlur(small, (0, 0), max(0.5, spread / 2))
    small *= np.float32(-strength)
    small += np.float32(1.0)
    img[y0:y0 + h, x0:x0 + w] *= _three(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR))


def _paste_card_image(img, src, alpha, quad, mid, s, rng, shadow, bend_shade):
    """Puts a card on the frame (flat, or bent along its middle); returns the card's alpha
    over its box as (x0, y0, alpha)."""
    fh = src.shape[0]
    pad = int(12 * s)
    h_img, w_img = img.shape[:2]
    if mid is None:
        warped = _warp_flat(src, alpha, quad, w_img, h_img, pad)
        if shadow:
            _cast_shadow(img, warped, rng, shadow[0], shadow[1])
        _composite(img, warped)
        return warped[0], warped[1], warped[3]
    half = fh // 2
    top_q = np.float32([quad[0], quad[1], mid[1], mid[0]])
    bot_q = np.float32([mid[0], mid[1], quad[2], quad[3]])
    # each half covers its own rows plus one row of overlap so the fold leaves no seam
    top = _warp_half(src, alpha, 0, half + 1, fh, top_q, w_img, h_img, pad)
    bot = _warp_half(src, alpha, half - 1, fh, fh, bot_q, w_img, h_img, pad)
    x0 = min(top[0], bot[0])
    y0 = min(top[1], bot[1])
    x1 = max(top[0] + top[3].shape[1], bot[0] + bot[3].shape[1])
    y1 = max(top[1] + top[3].shape[0], bot[1] + bot[3].shape[0])
    union = np.zeros((y1 - y0, x1 - x0), np.float32)
    for x, y, _, a in (top, bot):
        np.maximum(union[y - y0:y - y0 + a.shape[0], x - x0:x - x0 + a.shape[1]], a,
                   out=union[y - y0:y - y0 + a.shape[0], x - x0:x - x0 + a.shape[1]])
    if shadow:
        _cast_shadow(img, (x0, y0, None, union), rng, shadow[0], shadow[1])
    _composite(img, top, bend_shade)
    _composite(img, bot, 1.0 / bend_shade)
    return x0, y0, union


def _warp_half(src, alpha, r0, r1, fh, quad_half, w_img, h_img, pad):
    """Warps rows r0..r1 of a card whose fold is at its middle onto the half's quad."""
    fw = src.shape[1]
    fold = fh / 2 - 0.5
    # the quad's corners sit on the fold line and the card edge; extend the homography from
    # the four points at (edge, fold) so the extra overlap row lands just past the fold
    top_y = -0.5 if r0 == 0 else fold
    bot_y = fold if r0 == 0 else fh - 0.5
    srcq = np.float32([[-0.5, top_y], [fw - 0.5, top_y], [fw - 0.5, bot_y], [-0.5, bot_y]])
    m = cv2.getPerspectiveTransform(srcq, quad_half)
    piece = np.zeros_like(alpha)
    piece[r0:r1] = alpha[r0:r1]
    full = _src_corners(fw, fh)
    quad_full = cv2.perspectiveTransform(full[None], m)[0]
    return _warp_flat(src, piece, quad_full, w_img, h_img, pad)


# ----------------------------------------------------------------------------- other things

def _skin(rng):
    return _hsv(_u(rng, 8, 28), _u(rng, 0.25, 0.6), _u(rng, 0.3, 0.95))


def _shaded_blob(img, mask, colour, s, roundness=0.35):
    """Paints a rounded object (finger, hand, mug) with light on top and darker edges."""
    x, y, w, h = cv2.boundingRect(mask)
    if w == 0:
        return
    m = mask[y:y + h, x:x + w].astype(np.float32) * np.float32(1 / 255)
    body = cv2.GaussianBlur(m, (0, 0), max(1.0, 6 * s))
    shade = (1 - roundness) + roundness * np.clip(body * 1.6, 0, 1)
    roi = img[y:y + h, x:x + w]
    roi += (_shade(shade, colour) - roi) * _three(m)


def _hand_shape(mask, tip, a, fw, rng, pose):
    """Draws a hand whose foremost fingertip is at `tip`, pointing at angle a, fingers fw wide.
    pose: "point" (one finger out, the others curled), "open" or "fist". Returns the fingers
    as (start, end, width) capsules, for the seams between them."""
    d = np.array([math.cos(a), math.sin(a)])
    n = np.array([-d[1], d[0]])
    side = _choice(rng, [1, -1])
    reach = _u(rng, 3.0, 3.8) * fw
    knuckle = tip - d * reach
    palm = knuckle - d * 1.7 * fw - n * side * 1.1 * fw
    fingers = []
    for i in range(4):
        base = knuckle - n * side * fw * 1.02 * i - d * fw * 0.25 * i
        if pose == "open" or (pose == "point" and i == 0):
            spread = math.radians(_u(rng, -6, 6) - side * i * _u(rng, 4, 12) * (pose == "open"))
            fd = d * math.cos(spread) + n * math.sin(spread)
            length = reach * (1.0 - 0.1 * abs(i - 1.2))
            fingers.append((base, base + fd * (length - fw * 0.5), fw * (1 - 0.06 * i)))
        else:
            fingers.append((base - d * 0.2 * fw, base + d * _u(rng, 0.3, 1.0) * fw, fw * 1.05))
    thumb_base = palm + n * side * 1.6 * fw
    ta = a + side * _u(rng, 0.3, 1.1)
    thumb_end = thumb_base + np.array([math.cos(ta), math.sin(ta)]) * fw * _u(rng, 1.5, 2.6)
    fingers.append((thumb_base, thumb_end, fw * 1.15))
    _ellipse(mask, palm, (2.1 * fw, 2.3 * fw), math.degrees(a))
    _line(mask, palm, palm - d * 12 * fw, 3.0 * fw)
    for start, end, width in fingers:
        _line(mask, start, end, width)
    return fingers


def _paint_hand(img, mask, fingers, colour, s):
    _shaded_blob(img, mask, colour, s, 0.45)
    seams = np.zeros_like(mask)
    for start, end, width in fingers:
        d = (end - start) / (np.linalg.norm(end - start) + 1e-6)
        n = np.array([-d[1], d[0]]) * width * 0.5
        for sgn in (1, -1):
            _line(seams, start + n * sgn, end + n * sgn - d * width * 0.2, max(1.0, 1.2 * s))
    seams = cv2.bitwise_and(seams, mask)
    _blend(img, seams, _mix(colour, _BLACK, 0.5), 0.45)


def _finger(img, rng, quad, s, skin=None):
    """A finger or thumb over one edge or one corner of the card at quad (the hand it belongs
    to stays off the card, so never both rank corners are covered)."""
    h, w = img.shape[:2]
    cw = float(np.linalg.norm(quad[1] - quad[0]))
    centre = quad.mean(axis=0)
    k = int(rng.integers(4))
    if _p(rng, 0.4):
        target = quad[k] + (centre - quad[k]) * _u(rng, 0.05, 0.15)
    else:
        target = quad[k] + (quad[(k + 1) % 4] - quad[k]) * _u(rng, 0.25, 0.75)
    inward = centre - target
    inward /= np.linalg.norm(inward) + 1e-6
    a = math.atan2(inward[1], inward[0]) + _u(rng, -0.5, 0.5)
    d = np.array([math.cos(a), math.sin(a)])
    fw = _u(rng, 0.28, 0.4) * cw
    tip = target + d * _u(rng, 0.04, 0.14) * cw
    mask = np.zeros((h, w), np.uint8)
    fingers = _hand_shape(mask, tip, a, fw, rng, "point")
    x, y, bw, bh = cv2.boundingRect(mask)
    if bw == 0:
        return
    # the shadow the hand casts, a little to one side
    pad = int(10 * s) + 2
    x0, y0 = max(0, x - pad), max(0, y - pad)
    x1, y1 = min(w, x + bw + pad), min(h, y + bh + pad)
    off = rng.uniform(-1, 1, 2) * 5 * s
    m = np.float32([[1, 0, off[0]], [0, 1, off[1]]])
    shadow = cv2.warpAffine(mask[y0:y1, x0:x1], m, (x1 - x0, y1 - y0))
    sh = cv2.GaussianBlur(shadow, (0, 0), 4 * s).astype(np.float32) * np.float32(_u(rng, 0.2, 0.45) / 255)
    img[y0:y1, x0:x1] *= _three(np.float32(1.0) - sh)
    colour = _skin(rng) if skin is None else skin
    _paint_hand(img, mask, fingers, colour, s)
    if _p(rng, 0.6):
        nail = np.zeros((h, w), np.uint8)
        _ellipse(nail, tip - d * fw * 0.72, (fw * 0.3, fw * 0.24), math.degrees(a))
        _blend(img, nail, _mix(colour, _WHITE, 0.3), 0.6)


def _hand(img, rng, s, skin=None, spot=None):
    """A hand lying on the table or reaching in from the edge of the frame."""
    h, w = img.shape[:2]
    if spot is None:
        spot = np.array([_u(rng, 0, w), _u(rng, 0, h)])
    fw = _u(rng, 0.035, 0.075) * w
    centre = np.array([w / 2, h / 2]) + rng.uniform(-0.3, 0.3, 2) * [w, h]
    a = math.atan2(centre[1] - spot[1], centre[0] - spot[0]) + _u(rng, -0.6, 0.6)
    tip = spot + np.array([math.cos(a), math.sin(a)]) * fw * _u(rng, 2, 8)
    mask = np.zeros((h, w), np.uint8)
    fingers = _hand_shape(mask, tip, a, fw, rng, _choice(rng, ["point", "open", "fist"]))
    _paint_hand(img, mask, fingers, _skin(rng) if skin is None else skin, s)


def _mug(img, rng, s):
    h, w = img.shape[:2]
    r = _u(rng, 0.15, 0.35) * w
    c = _edge_spot(rng, w, h)
    c += (c - [w / 2, h / 2]) / (np.linalg.norm(c - [w / 2, h / 2]) + 1e-6) * r * _u(rng, 0.0, 0.6)
    body = _hsv(_u(rng, 0, 360), _u(rng, 0, 0.8), _u(rng, 0.2, 0.95))
    m = np.zeros((h, w), np.uint8)
    _disc(m, c, r)
    _shaded_blob(img, m, body, s, 0.3)
    inner = np.zeros((h, w), np.uint8)
    _disc(inner, c, r * 0.85)
    drink = _choice(rng, [_hsv(25, 0.8, 0.18), _hsv(30, 0.6, 0.45), body * 0.6])
    _blend(img, inner, drink)


def _token_image(rng, d):
    """A clock or fuse token (or a plain chip), d px across, with its alpha."""
    kind = _choice(rng, ["clock", "fuse", "chip"])
    if kind == "clock":
        col = _hsv(_u(rng, 200, 230), _u(rng, 0.5, 0.9), _u(rng, 0.35, 0.8))
    elif kind == "fuse":
        col = _choice(rng, [_hsv(_u(rng, -5, 10), _u(rng, 0.6, 0.95), _u(rng, 0.45, 0.85)), _hsv(0, 0, 0.12)])
    else:
        col = _hsv(_u(rng, 0, 360), _u(rng, 0.2, 0.8), _u(rng, 0.3, 0.9))
    shape = _choice(rng, ["circle", "hexagon", "square", "flower"], [0.6, 0.15, 0.1, 0.15])
    size = int(d) + 4
    a = np.zeros((size, size), np.uint8)
    c = (size / 2 - 0.5, size / 2 - 0.5)
    _draw_shape(a, shape, c, d / 2 * (1.0 if shape == "circle" else 0.95))
    img = np.empty((size, size, 3), np.float32)
    img[:] = col
    sym = np.zeros((size, size), np.uint8)
    if kind == "clock":
        _disc(sym, c, d * 0.28, thick=max(1, d * 0.05))
        _line(sym, c, (c[0], c[1] - d * 0.2), max(1, d * 0.05))
        _line(sym, c, (c[0] + d * 0.14, c[1]), max(1, d * 0.05))
    elif kind == "fuse":
        _fill(sym, [(c[0] + d * 0.05, c[1] - d * 0.3), (c[0] - d * 0.15, c[1] + d * 0.03),
                    (c[0], c[1] + d * 0.03), (c[0] - d * 0.05, c[1] + d * 0.3),
                    (c[0] + d * 0.15, c[1] - d * 0.05), (c[0], c[1] - d * 0.05)])
    else:
        _disc(sym, c, d * 0.35, thick=max(1, d * 0.06))
    _blend(img, sym, _ink_for(col, _WHITE * 0.95, _BLACK + 15))
    rim = cv2.morphologyEx(a, cv2.MORPH_GRADIENT, _disk_kernel(max(1, d * 0.03)))
    _blend(img, rim, _mix(col, _BLACK, 0.4), 0.7)
    return np.clip(img, 0, 255).astype(np.uint8), a


def _place_flat(img, rng, src, alpha, width_px, s, tilt, inside=False, shadow=0.35, avoid=None):
    h, w = img.shape[:2]
    quad = None
    for _ in range(6):
        quad = _pose_quad(rng, w, h, src.shape[0] / src.shape[1], width_px, tilt, 4 * s, inside=inside)[:4]
        if avoid is None or not _overlaps(quad, avoid):
            break
    warped = _warp_flat(src, alpha, quad, w, h, int(10 * s))
    if shadow:
        _cast_shadow(img, warped, rng, shadow, _u(rng, 2, 7) * s)
    _composite(img, warped)
    return quad


def _overlaps(quad, other):
    c = quad.mean(axis=0)
    r = np.linalg.norm(quad - c, axis=1).max()
    oc = other.mean(axis=0)
    orr = np.linalg.norm(other - oc, axis=1).max()
    return np.linalg.norm(c - oc) < (r + orr) * 0.75


def _clutter(img, rng, deck, s, tilt, avoid=None, count=None, kinds=None):
    """Other things on the table: card backs, tokens, a hand, a mug, the box."""
    h, w = img.shape[:2]
    kinds = kinds or ["backs", "tokens", "hand", "mug", "box"]
    n = count if count is not None else _choice(rng, [1, 1, 2, 3])
    for _ in range(n):
        kind = _choice(rng, kinds)
        if kind == "backs":
            for _ in range(_choice(rng, [1, 1, 2, 3])):
                _place_flat(img, rng, deck.back(), deck.mask(), _u(rng, 0.15, 0.4) * w, s, tilt, avoid=avoid)
        elif kind == "tokens":
            for _ in range(int(rng.integers(1, 6))):
                src, a = _token_image(rng, _u(rng, 0.05, 0.12) * w)
                _place_flat(img, rng, src, a, src.shape[1], s, tilt, avoid=avoid, shadow=0.4)
        elif kind == "hand":
            spot = _edge_spot(rng, w, h)
            _hand(img, rng, s, spot=spot)
        elif kind == "mug":
            _mug(img, rng, s)
        else:
            size = _u(rng, 0.6, 1.2) * w
            src = _lid_image(rng, size, deck)
            a = np.full(src.shape[:2], 255, np.uint8)
            _place_flat(img, rng, src, a, size, s, tilt, avoid=avoid, shadow=0.5)


def _edge_spot(rng, w, h):
    side = int(rng.integers(4))
    t = _u(rng, 0.1, 0.9)
    return np.array([[t * w, 0], [w, t * h], [t * w, h], [0, t * h]][side], float)


def _lid_image(rng, size, deck=None):
    """The game box's lid: fireworks, a rainbow and the title."""
    w = int(min(max(64, size), 320))
    h = int(w * _u(rng, 0.7, 1.0))
    img = np.empty((h, w, 3), np.float32)
    img[:] = _choice(rng, [_hsv(_u(rng, 210, 250), 0.7, _u(rng, 0.1, 0.35)), _hsv(0, 0, 0.08),
                           _hsv(_u(rng, 30, 50), 0.15, 0.92), _hsv(_u(rng, 270, 320), 0.6, 0.3)])
    spec = deck.look["rainbow"] if deck is not None and _p(rng, 0.5) else _rainbow_spec(rng)
    rainbow = _rainbow_image(spec, h, w)
    m = np.zeros((h, w), np.uint8)
    for _ in range(int(rng.integers(3, 9))):
        q = np.array([_u(rng, 0, w), _u(rng, 0, h * 0.7)])
        _burst(m, m, q, _u(rng, 0.06, 0.2) * w, {"rays": int(rng.integers(10, 22)), "a0": 0, "r0": 0.2,
                                                 "lens": [1.0, 0.75], "ray": _choice(rng, ["line", "dots"]),
                                                 "th": 0.04, "k": 4, "ring": 0, "core": 0.1, "inner": 0})
    _blend(img, m, rainbow, 0.9)
    band = np.zeros((h, w), np.uint8)
    y = int(h * _u(rng, 0.55, 0.8))
    cv2.rectangle(band, (0, y), (w, y + int(h * 0.08)), 255, -1)
    _blend(img, band, rainbow)
    text = np.zeros((h, w), np.uint8)
    font = _choice(rng, list(_HERSHEY))
    title = _choice(rng, ["HANABI", "Hanabi", "HANABI"])
    tw = cv2.getTextSize(title, font, 1.0, 2)[0][0]
    sc = 0.7 * w / tw
    cv2.putText(text, title, (int(0.15 * w), int(h * 0.45)), font, sc, 255, max(1, int(sc * 2)), _AA)
    small = "".join(_choice(rng, list("ABCDEFGHIKLMNOPRSTUVWXYZ ")) for _ in range(int(rng.integers(8, 20))))
    cv2.putText(text, small, (int(0.1 * w), int(h * 0.92)), cv2.FONT_HERSHEY_SIMPLEX, w / 700, 255,
                max(1, int(w / 400)), _AA)
    _blend(img, text, _choice(rng, [_WHITE * 0.95, _hsv(45, 0.6, 0.95)]))
    return np.clip(img, 0, 255).astype(np.uint8)


def _phone_image(rng, width):
    w = max(40, int(width))
    h = int(w * _u(rng, 1.8, 2.2))
    img = np.empty((h, w, 3), np.float32)
    img[:] = _choice(rng, [_hsv(0, 0, 0.08), _hsv(0, 0, 0.7), _hsv(_u(rng, 0, 360), 0.5, 0.5)])
    b = w * _u(rng, 0.03, 0.07)
    screen = np.zeros((h, w), np.uint8)
    _fill(screen, _rounded_rect(b, b * 1.5, w - 1 - b, h - 1 - b * 1.5, w * 0.06))
    mode = _choice(rng, ["off", "ui", "clock"])
    scr = np.empty((h, w, 3), np.float32)
    if mode == "off":
        scr[:] = _hsv(220, 0.2, 0.06)
        scr += np.linspace(0, 40, w, dtype=np.float32)[None, :, None]
    else:
        scr[:] = _hsv(_u(rng, 0, 360), _u(rng, 0, 0.7), _u(rng, 0.1, 1.0))
        ink = _ink_for(scr[0, 0], _WHITE, _BLACK)
        t = np.zeros((h, w), np.uint8)
        if mode == "clock":
            cv2.putText(t, f"{int(rng.integers(0, 24)):02d}:{int(rng.integers(0, 60)):02d}",
                        (int(w * 0.12), int(h * 0.3)), cv2.FONT_HERSHEY_SIMPLEX, w / 130, 255, max(1, w // 60), _AA)
        for i in range(int(rng.integers(3, 9))):
            y = int(h * (0.4 + 0.07 * i))
            cv2.rectangle(t, (int(w * 0.12), y), (int(w * _u(rng, 0.4, 0.88)), y + max(2, h // 60)), 255, -1)
        _blend(scr, t, ink, 0.8)
        for _ in range(int(rng.integers(0, 4))):
            box = np.zeros((h, w), np.uint8)
            x0, y0 = _u(rng, 0.1, 0.6) * w, _u(rng, 0.1, 0.8) * h
            cv2.rectangle(box, (int(x0), int(y0)), (int(x0 + w * 0.3), int(y0 + w * 0.3)), 255, -1)
            _blend(scr, box, _hsv(_u(rng, 0, 360), 0.7, 0.8))
    _blend(img, screen, scr)
    alpha = np.zeros((h, w), np.uint8)
    _fill(alpha, _rounded_rect(-0.5, -0.5, w - 0.5, h - 0.5, w * _u(rng, 0.08, 0.16)))
    return np.clip(img, 0, 255).astype(np.uint8), alpha


def _coaster_image(rng, d):
    """A beer mat with a printed digit: looks a little like a card, but is not one."""
    d = max(40, int(d))
    round_ = _p(rng, 0.6)
    img = np.empty((d, d, 3), np.float32)
    ground = _hsv(_u(rng, 0, 360), _u(rng, 0, 0.8), _u(rng, 0.3, 0.98))
    img[:] = ground
    alpha = np.zeros((d, d), np.uint8)
    c = (d / 2 - 0.5, d / 2 - 0.5)
    if round_:
        _disc(alpha, c, d / 2 - 0.5)
    else:
        _fill(alpha, _rounded_rect(-0.5, -0.5, d - 0.5, d - 0.5, d * _u(rng, 0.02, 0.12)))
    ink = _ink_for(ground, _WHITE * 0.95, _BLACK + 20)
    accent = _hsv(_u(rng, 0, 360), _u(rng, 0.5, 1), _u(rng, 0.4, 0.9))
    m = np.zeros((d, d), np.uint8)
    _disc(m, c, d * 0.42, thick=d * _u(rng, 0.02, 0.06))
    _blend(img, m, accent if _visible(accent, ground) else ink)
    t = np.zeros((d, d), np.uint8)
    spec = _glyph_spec(rng, big=True)
    g = _glyph(spec, int(rng.integers(1, 6)), d * _u(rng, 0.3, 0.5))
    _paste_max(t, g, int(c[0] - g.shape[1] / 2), int(c[1] - g.shape[0] / 2))
    word = "".join(_choice(rng, list("ABEILNORSTU")) for _ in range(int(rng.integers(3, 8))))
    cv2.putText(t, word, (int(d * 0.22), int(d * 0.24)), cv2.FONT_HERSHEY_DUPLEX, d / 300, 255,
                max(1, d // 120), _AA)
    _blend(img, t, ink)
    return np.clip(img, 0, 255).astype(np.uint8), alpha


def _notebook(img, rng, s):
    w = img.shape[1]
    pw = int(_u(rng, 0.7, 1.3) * w)
    ph = int(pw * 1.4)
    page = np.empty((ph, pw, 3), np.float32)
    page[:] = _hsv(_u(rng, 35, 60), _u(rng, 0, 0.15), _u(rng, 0.85, 1.0))
    m = np.zeros((ph, pw), np.uint8)
    step = _u(rng, 14, 26) * s
    squared = _p(rng, 0.5)
    for y in np.arange(step * 2, ph, step):
        _line(m, (0, y), (pw, y), 1)
    if squared:
        for x in np.arange(step / 2, pw, step):
            _line(m, (x, 0), (x, ph), 1)
    _blend(page, m, _hsv(_u(rng, 190, 230), _u(rng, 0.2, 0.6), _u(rng, 0.5, 0.8)), 0.6)
    if _p(rng, 0.6):
        mm = np.zeros((ph, pw), np.uint8)
        _line(mm, (pw * 0.15, 0), (pw * 0.15, ph), 1.5 * s)
        _blend(page, mm, _hsv(350, 0.6, 0.85), 0.7)
    t = np.zeros((ph, pw), np.uint8)
    rows = max(4, int(ph / step))
    for row in rng.choice(np.arange(3, rows), size=min(rows - 3, int(rng.integers(3, 14))), replace=False):
        y = step * row
        word = "".join(_choice(rng, list("abcdeghilmnorstuvw 0123456789+=")) for _ in range(int(rng.integers(4, 16))))
        cv2.putText(t, word, (int(pw * _u(rng, 0.18, 0.3)), int(y - 3 * s)),
                    _choice(rng, [cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, cv2.FONT_HERSHEY_SCRIPT_COMPLEX,
                                  cv2.FONT_HERSHEY_PLAIN | cv2.FONT_ITALIC]),
                    step / 30 * _u(rng, 0.9, 1.3), 255, max(1, int(s * 1.2)), _AA)
    _blend(page, t, _choice(rng, [_hsv(220, 0.7, 0.45), _hsv(0, 0, 0.15), _hsv(0, 0.7, 0.6)]), 0.9)
    src = np.clip(page, 0, 255).astype(np.uint8)
    _place_flat(img, rng, src, np.full((ph, pw), 255, np.uint8), pw, s, _u(rng, 0, 25), shadow=0.3)


# ----------------------------------------------------------------------------- light and camera

def _conditions(rng, gentle):
    """Light and camera settings for one frame."""
    if gentle:
        return {
            "exposure": _u(rng, 0.9, 1.08), "tint": _tint(rng, 0.35), "gradient": _u(rng, 0, 0.12),
            "vignette": _u(rng, 0, 0.15), "hard_shadow": False, "glare": 0.0, "finger": False,
            "blur": ("gauss", _u(rng, 0.0, 0.6)) if _p(rng, 0.5) else ("none", 0.0),
            "read_noise": _u(rng, 0.5, 2.0), "shot": _u(rng, 0.0, 0.006), "chroma": _u(rng, 0, 1.0),
            "sharpen": 0.0, "webcam": 0.0, "jpeg": int(rng.integers(85, 96)), "clutter": 0.0,
            "bend": 0.0}
    exposure = float(np.exp(_u(rng, math.log(0.5), math.log(1.3))))
    blur = _choice(rng, [("none", 0.0), ("gauss", _u(rng, 0.4, 2.5)), ("disc", _u(rng, 0.8, 2.5)),
                         ("motion", _u(rng, 2.0, 9.0))], [0.4, 0.25, 0.15, 0.2])
    noise_up = 1.0 / min(1.0, exposure)
    return {
        "exposure": exposure, "tint": _tint(rng, 1.0), "gradient": _u(rng, 0, 0.55) if _p(rng, 0.7) else 0.0,
        "vignette": _u(rng, 0, 0.55) if _p(rng, 0.6) else 0.0, "hard_shadow": _p(rng, 0.18),
        "glare": _u(rng, 0.3, 1.6) if _p(rng, 0.35) else 0.0, "finger": _p(rng, 0.15), "blur": blur,
        "read_noise": _u(rng, 0.5, 4.0) * noise_up, "shot": _u(rng, 0.004, 0.035) * noise_up,
        "chroma": _u(rng, 0, 3.0), "sharpen": _u(rng, 0.3, 1.2) if _p(rng, 0.25) else 0.0,
        "webcam": _u(rng, 0.4, 0.75) if _p(rng, 0.2) else 0.0, "jpeg": int(rng.integers(30, 91)),
        "clutter": 0.45, "bend": _u(rng, 0.02, 0.07) if _p(rng, 0.12) else 0.0}


def _tint(rng, amount):
    """Light colour times white balance error, BGR gains around 1."""
    kind = _choice(rng, ["neutral", "warm", "cold", "fluorescent"], [0.4, 0.25, 0.2, 0.15])
    full = {"neutral": (1.0, 1.0, 1.0), "warm": (0.5, 0.8, 1.0), "cold": (1.15, 1.0, 0.82),
            "fluorescent": (0.92, 1.1, 0.86)}[kind]
    t = _u(rng, 0.2, 0.8) * amount
    gains = 1.0 + (np.array(full, np.float32) - 1.0) * t
    err = 0.25 * amount * _u(rng, 0.2, 1.0) if _p(rng, 0.5) else 0.06 * amount
    gains *= rng.uniform(1 - err, 1 + err, 3).astype(np.float32)
    return (gains / (0.114 * gains[0] + 0.587 * gains[1] + 0.299 * gains[2])).astype(np.float32)


def _light_map(rng, w, h, cond, card_quad=None):
    """Illumination over the frame (gradient, vignette, hard shadow), BGR gains, full size."""
    lw, lh = max(8, w // 4), max(6, h // 4)
    ys, xs = np.ogrid[0:lh, 0:lw]
    u = ((xs + 0.5) / lw - 0.5).astype(np.float32)
    v = ((ys + 0.5) / lh - 0.5).astype(np.float32)
    g = np.ones((lh, lw), np.float32)
    if cond["gradient"]:
        a = _u(rng, 0, 2 * math.pi)
        if _p(rng, 0.5):
            g += cond["gradient"] * 2 * (u * math.cos(a) + v * math.sin(a))
        else:
            cx, cy = _u(rng, -0.4, 0.4), _u(rng, -0.4, 0.4)
            g += cond["gradient"] * (0.6 - 2.2 * np.sqrt((u - cx) ** 2 + (v - cy) ** 2))
    if cond["vignette"]:
        g *= 1.0 - cond["vignette"] * (u * u + v * v) * 2.0
    if cond["hard_shadow"]:
        _hard_shadow(g, rng, lw / w, card_quad)
    g = np.maximum(g, 0.05) * np.float32(cond["exposure"])
    gains = g[..., None] * cond["tint"][None, None, :]
    if cond["chroma"] > 0.3:
        # colour blotches of the sensor's chroma noise, at an eighth of the frame's resolution
        blotch = rng.standard_normal((max(2, lh // 2), max(2, lw // 2), 3)).astype(np.float32)
        gains *= 1.0 + cv2.resize(blotch, (lw, lh), interpolation=cv2.INTER_LINEAR) * np.float32(cond["chroma"] / 100)
    return cv2.resize(gains, (w, h), dst=_scratch("paint", (h, w, 3)), interpolation=cv2.INTER_LINEAR)


def _hard_shadow(g, rng, k, card_quad):
    """A sharp-edged shadow (a hand, an arm, a lamp arm) across the frame, maybe over the card."""
    lh, lw = g.shape
    m = np.zeros((lh, lw), np.uint8)
    if card_quad is not None:
        c = card_quad[int(rng.integers(4))] * k * 0.5 + card_quad.mean(axis=0) * k * 0.5
    else:
        c = np.array([_u(rng, 0, lw), _u(rng, 0, lh)])
    a = _u(rng, 0, 2 * math.pi)
    d = np.array([math.cos(a), math.sin(a)])
    width = _u(rng, 0.08, 0.3) * lw
    if _p(rng, 0.5):
        _line(m, c - d * 2 * lw, c + d * 2 * lw, width)
    else:
        _line(m, c, c + d * 2 * lw, width)
        _disc(m, c, width * 0.7)
    g *= 1.0 - _u(rng, 0.3, 0.6) * m.astype(np.float32) / 255


def _point_in_quad(rng, quad):
    u, v = rng.uniform(0.05, 0.95, 2)
    return (1 - v) * ((1 - u) * quad[0] + u * quad[1]) + v * ((1 - u) * quad[3] + u * quad[2])


def _glare(img, rng, card, quad, strength, figure_points):
    """A specular highlight on the card: a soft blob or band; never over both rank corners."""
    x0, y0, a = card
    h, w = a.shape
    size = math.sqrt(abs(cv2.contourArea(quad)))
    for _ in range(6):
        centre = figure_points[int(rng.integers(len(figure_points)))] if _p(rng, 0.3) else _point_in_quad(rng, quad)
        ang = _u(rng, 0, math.pi)
        r1 = _u(rng, 0.08, 0.25) * size
        r2 = r1 * (_u(rng, 2.5, 6) if _p(rng, 0.35) else _u(rng, 0.6, 1.6))
        ca, sa = math.cos(ang), math.sin(ang)

        def field(x, y, c=centre, ca=ca, sa=sa, r1=r1, r2=r2):
            dx, dy = x - c[0], y - c[1]
            return np.exp(-((-dx * sa + dy * ca) / r1) ** 2 - ((dx * ca + dy * sa) / r2) ** 2)
        if min(field(fx, fy) for fx, fy in figure_points) * strength < 0.35:
            break
    # the highlight is smooth, so it is worked out on a grid four times coarser
    gw, gh = max(2, w // 4), max(2, h // 4)
    xs = (np.arange(gw, dtype=np.float32) + 0.5) * (w / gw) - 0.5 + x0
    ys = (np.arange(gh, dtype=np.float32) + 0.5) * (h / gh) - 0.5 + y0
    coarse = field(xs[None, :], ys[:, None]).astype(np.float32)
    glare = cv2.resize(coarse, (w, h), interpolation=cv2.INTER_LINEAR)
    glare *= a
    glare *= np.float32(strength * 255)
    img[y0:y0 + h, x0:x0 + w] += _shade(glare, rng.uniform(0.92, 1.0, 3))


def _blur_kernel(rng, kind, r):
    """A defocus disc or a motion streak of size r px, normalised."""
    if kind == "disc":
        k = int(math.ceil(r))
        ker = np.zeros((2 * k + 1, 2 * k + 1), np.float32)
        cv2.circle(ker, (k * 8, k * 8), int(r * 8), 1.0, -1, cv2.LINE_AA, 3)
    else:
        k = int(math.ceil(r / 2))
        ker = np.zeros((2 * k + 1, 2 * k + 1), np.float32)
        a = _u(rng, 0, math.pi)
        d = np.array([math.cos(a), math.sin(a)]) * r / 2
        cv2.line(ker, (int((k - d[0]) * 8), int((k - d[1]) * 8)), (int((k + d[0]) * 8), int((k + d[1]) * 8)),
                 1.0, 1, cv2.LINE_AA, 3)
    total = float(ker.sum())
    return ker / total if total > 0 else None


def _blur(img, rng, kind, amount, s, dst):
    """The frame through an unfocused or moving lens; returns dst, or img when not blurred."""
    r = amount * s
    if kind == "none" or r < 0.3:
        return img
    if kind == "gauss":
        return cv2.GaussianBlur(img, (0, 0), r, dst=dst)
    ker = _blur_kernel(rng, kind, r)
    return img if ker is None else cv2.filter2D(img, -1, ker, dst=dst)


def _camera(img, rng, cond, s):
    """Blur, sensor noise, sharpening, webcam rescaling and JPEG: float scene -> uint8 frame."""
    h, w = img.shape[:2]
    spare = _scratch("paint", (h, w, 3))
    img = _blur(img, rng, cond["blur"][0], cond["blur"][1], s, spare)
    spare = _scratch("scene", (h, w, 3)) if img is spare else spare
    # noise whose spread grows with the signal: read noise plus (roughly) shot noise
    n = _white(rng, h, w)
    gain = np.multiply(n, np.float32(cond["shot"]), out=spare)
    gain += np.float32(1.0)
    img *= gain
    cv2.scaleAdd(n, float(cond["read_noise"]), img, dst=img)
    out = cv2.convertScaleAbs(img, dst=_scratch("out", (h, w, 3), np.uint8))
    if cond["sharpen"]:
        soft = cv2.GaussianBlur(out, (0, 0), _u(rng, 0.8, 2.0) * s, dst=_scratch("soft", (h, w, 3), np.uint8))
        cv2.addWeighted(out, 1 + cond["sharpen"], soft, -cond["sharpen"], 0, dst=out)
    if cond["webcam"]:
        small = (max(8, int(w * cond["webcam"])), max(8, int(h * cond["webcam"])))
        tiny = cv2.resize(out, small, interpolation=_choice(rng, [cv2.INTER_AREA, cv2.INTER_LINEAR, cv2.INTER_NEAREST]))
        cv2.resize(tiny, (w, h), dst=out, interpolation=_choice(rng, [cv2.INTER_LINEAR, cv2.INTER_CUBIC]))
    buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, cond["jpeg"]])[1]
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


# ----------------------------------------------------------------------------- frames with a card

def _figure_points(deck, quad):
    """Where the corner rank figures of the face land in the frame."""
    c = deck.look["corner"]
    w, h = deck.width, deck.height
    ix, iy = _corner_inset(deck)
    fx = ix + c["h"] * h * 0.3
    fy = iy + c["h"] * h * 0.5
    pts = np.float32([[fx, fy], [w - fx, h - fy]])
    m = cv2.getPerspectiveTransform(_src_corners(w, h), quad)
    return cv2.perspectiveTransform(pts[None], m)[0]


def _card_frame(deck, card, rng, size, gentle):
    w, h = int(size[0]), int(size[1])
    s = w / 640.0
    cond = _conditions(rng, gentle)
    face = deck.face(card)
    near = _mean_colour(face) if not gentle and _p(rng, 0.12) else None
    img = _table(rng, w, h, s, near)
    frac = _u(rng, 0.26, 0.40) if gentle else _u(rng, 0.15, 0.45)
    tilt = _u(rng, 0, 10) if gentle else _u(rng, 0, 30) * (0.5 + 0.5 * _u(rng, 0, 1))
    margin = max(12.0, 12 * s) + 1.0 if gentle else max(4.0, 4 * s) + 1.0
    bend = cond["bend"]
    pose = _pose_quad(rng, w, h, deck.height / deck.width, frac * w, tilt, margin, bend)
    quad, mid = pose[:4], (pose[4:] if bend else None)
    if cond["clutter"] and _p(rng, cond["clutter"]):
        _clutter(img, rng, deck, s, tilt, avoid=quad)
    shadow = (_u(rng, 0.15, 0.5), _u(rng, 1.5, 8) * s) if _p(rng, 0.85) else None
    card_alpha = _paste_card_image(img, face, deck.mask(), quad, mid, s, rng, shadow,
                                   _u(rng, 0.9, 1.1) if bend else 1.0)
    if cond["finger"]:
        _finger(img, rng, quad, s)
    gains = _light_map(rng, w, h, cond, quad)
    img *= gains
    if cond["glare"]:
        _glare(img, rng, card_alpha, quad, cond["glare"], _figure_points(deck, quad))
    frame = _camera(img, rng, cond, s)
    return frame, quad.astype(np.float32)


def teach_photo(deck, card, rng, size=(640, 480)):
    """One card lying on a table in plain light, as players photograph each face once."""
    return _card_frame(deck, card, rng, size, gentle=True)


def table_frame(deck, card, rng, size=(640, 480)):
    """One card on a table under random, often harsh, conditions."""
    return _card_frame(deck, card, rng, size, gentle=False)


# ----------------------------------------------------------------------------- frames without a face

def empty_frame(deck, rng, kind, size=(640, 480)):
    """A frame with no card face in it: kind is one of NO_FACE."""
    if kind not in NO_FACE:
        raise ValueError(f"unknown kind {kind!r}")
    w, h = int(size[0]), int(size[1])
    s = w / 640.0
    cond = _conditions(rng, gentle=False)
    img = _table(rng, w, h, s)
    tilt = _u(rng, 0, 30)
    quad = None
    if kind == "table":
        if _p(rng, 0.5):
            _clutter(img, rng, deck, s, tilt, kinds=["tokens", "mug", "backs", "hand"])
    elif kind == "back":
        for _ in range(int(rng.integers(1, 4))):
            quad = _place_flat(img, rng, deck.back(), deck.mask(), _u(rng, 0.15, 0.45) * w, s, tilt,
                               inside=True, shadow=_u(rng, 0.15, 0.5))
    elif kind == "phone":
        src, a = _phone_image(rng, _u(rng, 0.2, 0.45) * w)
        quad = _place_flat(img, rng, src, a, src.shape[1], s, tilt, inside=_p(rng, 0.7))
    elif kind == "lid":
        size = _u(rng, 0.4, 1.3) * w
        src = _lid_image(rng, size, deck)
        quad = _place_flat(img, rng, src, np.full(src.shape[:2], 255, np.uint8), size, s, tilt,
                           inside=False, shadow=0.5)
    elif kind == "notebook":
        _notebook(img, rng, s)
    elif kind == "hand":
        for _ in range(int(rng.integers(1, 3))):
            _hand(img, rng, s, spot=_edge_spot(rng, w, h) * 0.7 + np.array([w, h]) * 0.15)
    elif kind == "tokens":
        for _ in range(int(rng.integers(1, 9))):
            src, a = _token_image(rng, _u(rng, 0.06, 0.16) * w)
            _place_flat(img, rng, src, a, src.shape[1], s, tilt, inside=True)
    else:
        src, a = _coaster_image(rng, _u(rng, 0.2, 0.45) * w)
        quad = _place_flat(img, rng, src, a, src.shape[1], s, tilt, inside=True)
    if cond["finger"] and quad is not None:
        _finger(img, rng, quad, s)
    img *= _light_map(rng, w, h, cond, quad)
    return _camera(img, rng, cond, s)
