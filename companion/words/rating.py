"""The rating scale in words: each band's name and the crowd's reaction to it.

    scale_rows(suit_count, reached)  -> the whole scale, best band last, the band reached marked
    band_name("amazing")             -> "amazing" / "straordinario"
    crowd_reaction("amazing")        -> "people will talk about it for years"
"""

from __future__ import annotations

from companion.i18n import N_, gettext
from companion.words.names import rating_name
from companion.rules.rating import rating_scale

CROWD_REACTIONS = {
    "horrible": N_("the crowd boos"),
    "mediocre": N_("a few scattered claps"),
    "honourable": N_("a decent show, soon forgotten"),
    "excellent": N_("the crowd is delighted"),
    "amazing": N_("people will talk about it for years"),
    "legendary": N_("the crowd is speechless, stars in their eyes"),
    "divine": N_("even the gods stand up and cheer"),
}


def band_name(band: str) -> str:
    """The band's name (companion.words.names)."""
    return rating_name(band)


def crowd_reaction(band: str) -> str:
    return gettext(CROWD_REACTIONS[band]) if band in CROWD_REACTIONS else ""


def points_text(low: int | None, high: int) -> str:
    """"≤ 5", "6–10", "25": a band's scores as the scale prints them."""
    if low is None:
        return f"\u2264 {high}"
    if low == high:
        return str(high)
    return f"{low}\u2013{high}"


def scale_rows(suit_count: int, reached: str | None = None) -> list[dict]:
    """The whole scale (30 points with six suits), lowest band first.

    Each row: {"band", "name", "reaction", "points", "low", "high", "reached"}.
    """
    return [{"band": band, "name": band_name(band), "reaction": crowd_reaction(band),
             "points": points_text(low, high), "low": low, "high": high,
             "reached": band == reached}
            for band, low, high in rating_scale(suit_count)]
