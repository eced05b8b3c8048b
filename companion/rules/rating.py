"""The official rating scale: from "horrible" to "legendary" (and "divine" with six suits)."""

from __future__ import annotations

# (band, lowest score, highest score); keys are translated for display by companion.i18n.
FIVE_SUIT_SCALE = (
    ("horrible", None, 5),
    ("mediocre", 6, 10),
    ("honourable", 11, 15),
    ("excellent", 16, 20),
    ("amazing", 21, 24),
    ("legendary", 25, 25),
)
SIX_SUIT_SCALE = FIVE_SUIT_SCALE[:-1] + (("legendary", 25, 29), ("divine", 30, 30))


def rating_scale(suit_count: int) -> tuple[tuple[str, int | None, int], ...]:
    return SIX_SUIT_SCALE if suit_count == 6 else FIVE_SUIT_SCALE


def rating_band(score: int, suit_count: int = 5) -> str:
    for band, _low, high in rating_scale(suit_count):
        if score <= high:
            return band
    return rating_scale(suit_count)[-1][0]
