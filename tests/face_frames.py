"""Camera frames of untagged cards for the tests: a simple face per card drawn with OpenCV (a
dark card, the suit's colour in its frame, pips and figures; the multicolour suit in stripes),
laid on a wooden table at a place, a turn and a size of our choosing.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.rules.cards import Card, parse_card

FACE_W, FACE_H = 200, 300
INK = {"R": (40, 40, 215), "Y": (30, 215, 235), "G": (50, 170, 40), "B": (215, 110, 20),
       "W": (235, 235, 235), "M": None}
RAINBOW = [(40, 40, 215), (30, 215, 235), (50, 170, 40), (215, 110, 20), (180, 60, 160)]


def card_face(card: Card | str) -> np.ndarray:
    """The face of `card`, FACE_W x FACE_H, BGR."""
    card = parse_card(str(card))
    face = np.full((FACE_H, FACE_W, 3), (38, 34, 30), np.uint8)
    ink = INK[card.suit]
    if ink is None:  # the multicolour suit: a rainbow frame
        for i, colour in enumerate(RAINBOW):
            cv2.rectangle(face, (6 + 4 * i, 6 + 4 * i), (FACE_W - 7 - 4 * i, FACE_H - 7 - 4 * i),
                          colour, 4)
        ink = (235, 235, 235)
    else:
        cv2.rectangle(face, (8, 8), (FACE_W - 9, FACE_H - 9), ink, 10)
    rank = str(card.rank)
    cv2.putText(face, rank, (FACE_W // 2 - 40, FACE_H // 2 + 40), cv2.FONT_HERSHEY_DUPLEX, 4.2,
                ink, 9, cv2.LINE_AA)
    for x, y in ((22, 48), (FACE_W - 46, FACE_H - 24)):
        cv2.putText(face, rank, (x, y), cv2.FONT_HERSHEY_SIMPLEX, 1.2, ink, 3, cv2.LINE_AA)
    for i in range(card.rank):  # one pip per rank along the bottom
        cx = FACE_W // 2 + (i - (card.rank - 1) / 2) * 26
        cv2.circle(face, (int(cx), FACE_H - 60), 9, RAINBOW[i] if card.suit == "M" else ink, -1)
    cv2.ellipse(face, (FACE_W // 2, 70), (40 + 6 * card.rank, 18), 0, 180, 360,
                ink, 4 if card.rank % 2 else -1)
    return face


def table(size=(640, 480), seed: int = 0) -> np.ndarray:
    """An empty wooden table."""
    w, h = size
    rng = np.random.default_rng(seed)
    grain = np.cumsum(rng.normal(0, 1.2, (h, 1)), axis=0) + rng.normal(0, 2.5, (h, w))
    wood = np.empty((h, w, 3), np.float32)
    for channel, base in enumerate((50, 90, 140)):
        wood[..., channel] = base + grain
    return np.clip(wood, 0, 255).astype(np.uint8)


def frame_with(cards, size=(640, 480), seed: int = 0, noise: float = 2.0) -> np.ndarray:
    """A table frame with each (card, (x, y, width_share, angle)) laid on it; x and y are shares
    of the frame, width_share the card's width as a share of the frame's width."""
    w, h = size
    out = table(size, seed).astype(np.float32)
    for card, (x, y, share, angle) in cards:
        face = card_face(card)
        cw = share * w
        ch = cw * FACE_H / FACE_W
        corners = np.float32([[-cw / 2, -ch / 2], [cw / 2, -ch / 2], [cw / 2, ch / 2],
                              [-cw / 2, ch / 2]])
        turn = np.deg2rad(angle)
        rot = np.float32([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
        placed = corners @ rot.T + np.float32([x * w, y * h])
        src = np.float32([[0, 0], [FACE_W, 0], [FACE_W, FACE_H], [0, FACE_H]])
        matrix = cv2.getPerspectiveTransform(src, placed)
        warped = cv2.warpPerspective(face, matrix, (w, h), flags=cv2.INTER_AREA)
        mask = cv2.warpPerspective(np.full((FACE_H, FACE_W), 255, np.uint8), matrix, (w, h))
        inside = mask.astype(np.float32)[..., None] / 255.0
        out = out * (1 - inside) + warped.astype(np.float32) * inside
    rng = np.random.default_rng(seed + 1000)
    out += rng.normal(0, noise, out.shape)
    return np.clip(out, 0, 255).astype(np.uint8)


def held(card, frames: int = 6, x: float = 0.5, y: float = 0.5, share: float = 0.28,
         angle: float = 8.0, seed: int = 0, jitter: float = 0.0) -> list[np.ndarray]:
    """`frames` frames of one card held at a place (moving by up to `jitter` of the frame)."""
    out = []
    for i in range(frames):
        dx = jitter * ((i * 7919) % 11 - 5) / 5
        out.append(frame_with([(card, (x + dx, y, share, angle))], seed=seed + i))
    return out


def empty(frames: int = 2, seed: int = 0) -> list[np.ndarray]:
    return [frame_with([], seed=seed + i) for i in range(frames)]
