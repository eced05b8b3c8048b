"""Corpus A for the card-face reader: invented decks, teach photos and table frames.

    deck = make_deck(rng)                          a look chosen at random
    face = deck.face("R1")                         the printed face, 200 x 300 BGR
    photo = teach_photo(deck, "R1", rng)           one card lying on a table, plain light
    frame, cards = table_frame(deck, "R1", rng)    a table frame under random conditions
    frame, cards, corners = table_frame(deck, "R1", rng, with_corners=True)   and where the card is
    frame = empty_frame(deck, rng, kind)           no face: "table", "back", "phone", "lid", "hand"

Looks: dark cards with coloured fireworks, light cards with coloured art, cards filled with their
suit's colour; multicolour as a rainbow; the rank as a Hershey-font figure, drawn strokes or pips in
two corners, sometimes repeated big in the middle or as the number of fireworks. Table frames: any
rotation, a tilt, 15-45% of the frame width, warm or cold light, a camera's white balance off,
uneven light, glare, defocus or motion blur, noise, JPEG; sometimes a finger over an edge.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

CARD_W, CARD_H = 200, 300
SUITS = "RYGBWM"
FONTS = [cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
         cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_PLAIN, cv2.FONT_HERSHEY_SCRIPT_SIMPLEX]
BASE_COLOURS = {  # BGR
    "R": (40, 40, 215), "Y": (40, 215, 235), "G": (70, 170, 40),
    "B": (215, 110, 30), "W": (235, 235, 235),
}
RAINBOW = [(40, 40, 215), (30, 140, 240), (40, 215, 235), (70, 170, 40), (215, 110, 30), (160, 50, 130)]

# the shapes of drawn digits, as strokes on a 0-1 box
STROKES = {
    1: [[(0.5, 0), (0.5, 1)], [(0.3, 0.2), (0.5, 0)], [(0.3, 1), (0.7, 1)]],
    2: [[(0.1, 0.2), (0.4, 0), (0.8, 0.1), (0.85, 0.35), (0.1, 1), (0.9, 1)]],
    3: [[(0.1, 0.05), (0.85, 0.05), (0.45, 0.45), (0.85, 0.65), (0.7, 0.95), (0.1, 0.95)]],
    4: [[(0.7, 1), (0.7, 0), (0.05, 0.7), (0.95, 0.7)]],
    5: [[(0.85, 0), (0.2, 0), (0.15, 0.45), (0.7, 0.45), (0.85, 0.7), (0.65, 1), (0.1, 0.95)]],
}


@dataclass
class Deck:
    look: str  # "dark", "light", "filled"
    figure: str  # "font", "strokes", "pips"
    font: int
    thick: int
    corner: float  # figure size, share of the card width
    centre: str  # "number", "fireworks", "burst"
    colours: dict
    paper: tuple
    border: tuple | None
    back: tuple
    seed: int

    def face(self, card: str) -> np.ndarray:
        return _draw_face(self, card[0], int(card[1]))


def make_deck(rng: np.random.Generator) -> Deck:
    look = str(rng.choice(["dark", "light", "filled"]))
    colours = {}
    for suit, bgr in BASE_COLOURS.items():
        jitter = rng.integers(-25, 26, 3)
        colours[suit] = tuple(int(np.clip(c + j, 0, 255)) for c, j in zip(bgr, jitter))
    if look == "dark":
        paper = tuple(int(x) for x in rng.integers(15, 55, 3))
    elif look == "light":
        paper = tuple(int(x) for x in rng.integers(215, 250, 3))
    else:
        paper = (0, 0, 0)
    border = None
    if rng.random() < 0.6:
        border = tuple(int(x) for x in (rng.integers(200, 250, 3) if rng.random() < 0.6 else rng.integers(0, 60, 3)))
    return Deck(look=look, figure=str(rng.choice(["font", "font", "strokes", "pips"])),
                font=int(rng.choice(FONTS)), thick=int(rng.integers(2, 6)),
                corner=float(rng.uniform(0.16, 0.26)), centre=str(rng.choice(["number", "fireworks", "burst"])),
                colours=colours, paper=paper, border=border,
                back=tuple(int(x) for x in rng.integers(30, 200, 3)), seed=int(rng.integers(1 << 30)))


def _suit_colour(deck: Deck, suit: str, t: float = 0.0) -> tuple:
    if suit == "M":
        return RAINBOW[int(t * len(RAINBOW)) % len(RAINBOW)]
    return deck.colours[suit]


def _figure(img, deck: Deck, rank: int, x: int, y: int, size: int, colour) -> None:
    """The rank figure with its top left at (x, y), about size pixels high."""
    if deck.figure == "font":
        scale = cv2.getFontScaleFromHeight(deck.font, size, deck.thick)
        cv2.putText(img, str(rank), (x, y + size), deck.font, scale, colour, deck.thick, cv2.LINE_AA)
    elif deck.figure == "strokes":
        w = int(size * 0.6)
        for stroke in STROKES[rank]:
            pts = np.array([(x + px * w, y + py * size) for px, py in stroke], np.int32)
            cv2.polylines(img, [pts], False, colour, deck.thick + 1, cv2.LINE_AA)
    else:
        r = max(3, size // 7)
        for i in range(rank):
            cv2.circle(img, (x + r + (i % 3) * (2 * r + 3), y + r + (i // 3) * (2 * r + 3)), r, colour, -1, cv2.LINE_AA)


def _draw_face(deck: Deck, suit: str, rank: int) -> np.ndarray:
    rng = np.random.default_rng(deck.seed)  # the art is the same for every card of the deck
    img = np.zeros((CARD_H, CARD_W, 3), np.uint8)
    if deck.look == "filled":
        if suit == "M":
            for y in range(CARD_H):
                img[y, :] = RAINBOW[min(len(RAINBOW) - 1, y * len(RAINBOW) // CARD_H)]
            img[:] = cv2.GaussianBlur(img, (0, 0), 12)
        else:
            img[:] = deck.colours[suit]
        ink = (250, 250, 250) if suit not in "WY" else (40, 40, 40)
    else:
        img[:] = deck.paper
        ink = None
    if deck.border is not None:
        cv2.rectangle(img, (0, 0), (CARD_W - 1, CARD_H - 1), deck.border, 10)
    cx, cy = CARD_W // 2, CARD_H // 2
    art = ink if ink is not None else None
    # centre art
    if deck.centre == "number":
        size = int(CARD_H * 0.35)
        col = art or _suit_colour(deck, suit, 0.3)
        _figure(img, deck, rank, cx - size // 3, cy - size // 2, size, col)
        if suit == "M" and art is None:
            for k in range(6):
                cv2.circle(img, (cx, cy), 70 + 4 * k, RAINBOW[k], 3, cv2.LINE_AA)
    else:
        bursts = rank if deck.centre == "fireworks" else 1
        spots = [(cx, cy)] if bursts == 1 else [
            (int(cx + 45 * np.cos(2 * np.pi * i / bursts + 0.3)), int(cy + 55 * np.sin(2 * np.pi * i / bursts + 0.3)))
            for i in range(bursts)]
        rays = int(rng.integers(10, 18))
        radius = 70 if bursts == 1 else 30
        for (x, y) in spots:
            for k in range(rays):
                a = 2 * np.pi * k / rays
                col = art or _suit_colour(deck, suit, k / rays)
                cv2.line(img, (x, y), (int(x + radius * np.cos(a)), int(y + radius * np.sin(a))), col, 3, cv2.LINE_AA)
                cv2.circle(img, (int(x + radius * 1.1 * np.cos(a)), int(y + radius * 1.1 * np.sin(a))), 3, col, -1)
    # corner figures
    size = int(deck.corner * CARD_W)
    col = art or _suit_colour(deck, suit, 0.6)
    corner = np.zeros_like(img)
    mask = np.zeros(img.shape[:2], np.uint8)
    _figure(corner, deck, rank, 14, 14, size, col)
    _figure(mask, deck, rank, 14, 14, size, 255)
    turned_c, turned_m = corner[::-1, ::-1], mask[::-1, ::-1]
    for c, m in ((corner, mask), (turned_c, turned_m)):
        img[m > 0] = c[m > 0]
    return img


def _rounded_mask(w: int, h: int, r: int) -> np.ndarray:
    mask = np.zeros((h, w), np.uint8)
    cv2.rectangle(mask, (r, 0), (w - r, h), 255, -1)
    cv2.rectangle(mask, (0, r), (w, h - r), 255, -1)
    for x, y in ((r, r), (w - r, r), (r, h - r), (w - r, h - r)):
        cv2.circle(mask, (x, y), r, 255, -1)
    return mask


def _table(rng: np.random.Generator, size: tuple[int, int]) -> np.ndarray:
    w, h = size
    kind = rng.choice(["wood", "felt", "dark", "light", "cloth"])
    base = {"wood": (60, 110, 160), "felt": (60, 120, 40), "dark": (40, 40, 45), "light": (200, 205, 210),
            "cloth": (120, 60, 130)}[kind]
    base = np.array(base, np.float32) + rng.integers(-25, 26, 3)
    noise = cv2.resize(rng.normal(0, 1, (h // 16 + 1, w // 16 + 1)).astype(np.float32), (w, h))
    img = (noise * 12)[..., None] + base  # float64, the table's colour and its blotches
    if kind == "wood":
        grain = np.sin(np.linspace(0, rng.uniform(20, 60), h))[:, None] * 14
        img += grain[..., None]
    img += rng.normal(0, 4, img.shape)
    return np.clip(img, 0, 255, out=img).astype(np.uint8)


def _corners(rng, size, width_share: float, aspect: float = 1.5) -> np.ndarray:
    """The four corners (clockwise from top left of the object) of a placed, turned, tilted card."""
    w, h = size
    cw = width_share * w
    ch = cw * aspect
    angle = rng.uniform(0, 2 * np.pi)
    pts = np.array([[-cw / 2, -ch / 2], [cw / 2, -ch / 2], [cw / 2, ch / 2], [-cw / 2, ch / 2]])
    tilt = rng.uniform(0, 0.25)  # keystone: one side shorter
    side = int(rng.integers(4))
    pts[side % 4] *= (1 - tilt)
    pts[(side + 1) % 4] *= (1 - tilt)
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    pts = pts @ rot.T
    ext = np.abs(pts).max(axis=0)
    cx = rng.uniform(ext[0] + 4, max(ext[0] + 5, w - ext[0] - 4))
    cy = rng.uniform(ext[1] + 4, max(ext[1] + 5, h - ext[1] - 4))
    return (pts + [cx, cy]).astype(np.float32)


def _paste(frame: np.ndarray, image: np.ndarray, corners: np.ndarray, radius: int = 14) -> None:
    h, w = image.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    m = cv2.getPerspectiveTransform(src, corners)
    size = (frame.shape[1], frame.shape[0])
    warped = cv2.warpPerspective(image, m, size, flags=cv2.INTER_AREA)
    covered = cv2.warpPerspective(_rounded_mask(w, h, radius), m, size)
    # only where the card covers the table: elsewhere the blend leaves the table as it is
    x, y, bw, bh = cv2.boundingRect(covered)
    box = (slice(y, y + bh), slice(x, x + bw))
    mask = covered[box].astype(np.float32)[..., None] / 255
    frame[box] = (frame[box] * (1 - mask) + warped[box] * mask).astype(np.uint8)


def _shadow(frame, corners, rng) -> None:
    shadow = np.zeros(frame.shape[:2], np.uint8)
    cv2.fillConvexPoly(shadow, (corners + rng.uniform(2, 6, 2)).astype(np.int32), 255)
    shadow = cv2.GaussianBlur(shadow, (0, 0), 4)
    x, y, bw, bh = cv2.boundingRect(shadow)  # darkened only where the shadow falls
    box = (slice(y, y + bh), slice(x, x + bw))
    frame[box] = (frame[box] * (1 - 0.35 * (shadow[box].astype(np.float32) / 255)[..., None])).astype(np.uint8)


def _finger(frame, corners, rng) -> None:
    i = int(rng.integers(4))
    a, b = corners[i], corners[(i + 1) % 4]
    p = a + (b - a) * rng.uniform(0.3, 0.7)
    centre = p + (p - corners.mean(axis=0)) * rng.uniform(0.0, 0.25)
    skin = np.array([140, 170, 215]) + rng.integers(-30, 20, 3)
    axes = (int(rng.uniform(10, 16) * frame.shape[1] / 640), int(rng.uniform(40, 70) * frame.shape[1] / 640))
    ang = float(np.degrees(np.arctan2(*(p - corners.mean(axis=0))[::-1])) + 90)
    cv2.ellipse(frame, tuple(int(v) for v in centre), axes, ang, 0, 360, tuple(int(v) for v in skin), -1, cv2.LINE_AA)


def _conditions(frame: np.ndarray, rng: np.random.Generator, mild: bool = False) -> np.ndarray:
    img = frame.astype(np.float32)
    h, w = frame.shape[:2]
    if mild:
        gains = rng.uniform(0.95, 1.05, 3)
    else:
        light = rng.choice(["warm", "cold", "plain", "off"])
        gains = {"warm": np.array([0.7, 0.92, 1.1]), "cold": np.array([1.15, 1.0, 0.82]),
                 "plain": np.ones(3), "off": rng.uniform(0.8, 1.2, 3)}[light]
        gains = gains * rng.uniform(0.7, 1.15)
    img = cv2.multiply(img.astype(np.float64), tuple(gains) + (0.0,)).astype(np.float32)  # img *= gains, quicker
    if not mild:
        # uneven light
        gx, gy = np.meshgrid(np.linspace(-1, 1, w), np.linspace(-1, 1, h))
        a = rng.uniform(0, 2 * np.pi)
        img *= (1 + rng.uniform(0, 0.3) * (np.cos(a) * gx + np.sin(a) * gy))[..., None]
        if rng.random() < 0.35:  # glare
            glare = np.zeros((h, w), np.float32)
            cv2.ellipse(glare, (int(rng.uniform(0, w)), int(rng.uniform(0, h))),
                        (int(rng.uniform(20, 80)), int(rng.uniform(10, 40))), rng.uniform(0, 180), 0, 360, 1.0, -1)
            glare = cv2.GaussianBlur(glare, (0, 0), 15)
            img += glare[..., None] * rng.uniform(60, 140)
        img = np.clip(img, 0, 255)
        blur = rng.choice(["none", "focus", "motion"])
        if blur == "focus":
            img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.6, 1.8) * w / 640)
        elif blur == "motion":
            n = int(rng.integers(3, 9) * w / 640) | 1
            k = np.zeros((n, n), np.float32)
            k[n // 2, :] = 1.0
            rot = cv2.getRotationMatrix2D((n / 2 - 0.5, n / 2 - 0.5), rng.uniform(0, 180), 1.0)
            k = cv2.warpAffine(k, rot, (n, n))
            img = cv2.filter2D(img, -1, k / max(k.sum(), 1e-6))
        img += rng.normal(0, rng.uniform(1, 6), img.shape)
    img = np.clip(img, 0, 255).astype(np.uint8)
    quality = int(rng.integers(40, 90)) if not mild else 92
    ok, data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


def teach_photo(deck: Deck, card: str, rng: np.random.Generator, size=(640, 480), with_corners: bool = False):
    """One card lying on a table, in plain light, about a third of the frame wide; with
    `with_corners`, (photo, the card's four corners in it), drawn from the same draws."""
    frame = _table(rng, size)
    corners = _corners(rng, size, rng.uniform(0.28, 0.36))
    _shadow(frame, corners, rng)
    _paste(frame, deck.face(card), corners)
    photo = _conditions(frame, rng, mild=True)
    return (photo, np.float32(corners).reshape(4, 2)) if with_corners else photo


def _back(deck: Deck) -> np.ndarray:
    img = np.zeros((CARD_H, CARD_W, 3), np.uint8)
    img[:] = deck.back
    for k in range(0, CARD_W + CARD_H, 24):
        cv2.line(img, (k, 0), (k - CARD_H, CARD_H), tuple(255 - c for c in deck.back), 4)
    cv2.circle(img, (CARD_W // 2, CARD_H // 2), 60, (240, 240, 240), -1)
    cv2.putText(img, "HANABI", (CARD_W // 2 - 55, CARD_H // 2 + 8), cv2.FONT_HERSHEY_DUPLEX, 0.8, (30, 30, 30), 2)
    return img


def _phone(rng) -> np.ndarray:
    img = np.full((CARD_H, CARD_H // 2, 3), 20, np.uint8)
    screen = rng.integers(60, 250, 3)
    cv2.rectangle(img, (8, 20), (CARD_H // 2 - 9, CARD_H - 21), tuple(int(v) for v in screen), -1)
    for k in range(4):
        cv2.rectangle(img, (18, 40 + 50 * k), (60, 80 + 50 * k), tuple(int(v) for v in rng.integers(0, 255, 3)), -1)
    return img


def _lid(deck: Deck, rng) -> np.ndarray:
    img = np.zeros((CARD_W * 2, CARD_W * 2, 3), np.uint8)
    img[:] = deck.back
    for k in range(6):
        cv2.circle(img, (CARD_W, CARD_W), 40 + 25 * k, RAINBOW[k], 8, cv2.LINE_AA)
    cv2.putText(img, "Hanabi", (CARD_W - 110, CARD_W + 20), cv2.FONT_HERSHEY_TRIPLEX, 2.0, (250, 250, 250), 4)
    return img


def table_frame(deck: Deck, card: str, rng: np.random.Generator, size=(640, 480),
                mild: bool = False, with_corners: bool = False):
    """A frame of one card on a table under random conditions (`mild`: plain light, sharp):
    (frame, {card}), and with `with_corners` a third value, the card's four corners in frame
    pixels (4 x 2 float32, clockwise from the top left of its face, where its sides would meet
    were its corners not rounded). The frame is the same either way."""
    frame = _table(rng, size)
    corners = _corners(rng, size, rng.uniform(0.15, 0.45))
    _shadow(frame, corners, rng)
    _paste(frame, deck.face(card), corners)
    if not mild and rng.random() < 0.2:
        _finger(frame, corners, rng)
    frame = _conditions(frame, rng, mild=mild)
    if with_corners:
        return frame, {card}, corners.astype(np.float32).copy()
    return frame, {card}


NO_FACE = ("table", "back", "phone", "lid", "hand")


def empty_frame(deck: Deck, rng: np.random.Generator, kind: str, size=(640, 480)) -> np.ndarray:
    frame = _table(rng, size)
    if kind == "back":
        corners = _corners(rng, size, rng.uniform(0.15, 0.45))
        _shadow(frame, corners, rng)
        _paste(frame, _back(deck), corners)
    elif kind == "phone":
        corners = _corners(rng, size, rng.uniform(0.12, 0.3), aspect=2.0)
        _paste(frame, _phone(rng), corners, radius=20)
    elif kind == "lid":
        corners = _corners(rng, size, rng.uniform(0.35, 0.5), aspect=1.0)
        _paste(frame, _lid(deck, rng), corners, radius=4)
    elif kind == "hand":
        corners = _corners(rng, size, rng.uniform(0.2, 0.35))
        for _ in range(4):
            _finger(frame, corners, rng)
    return _conditions(frame, rng)
