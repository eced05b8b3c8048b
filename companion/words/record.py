"""The group's record in words: the end screen's rating line and the history's group lines.

    rating_change_text(change)  "Ana, Ben, Cy: 1,032 → 1,047, best 23, 4th game"
    record_text(record)         "Ana, Ben, Cy · Classic: 7 games, best 23, last 10 average 19.4,
                                 1 perfect · rating 1,047"
"""

from __future__ import annotations

from companion import i18n
from companion.i18n import N_
from companion.rules.record import RECENT_GAMES, GroupRecord, RatingChange
from companion.words.names import format_message, variant_name


def rating_text(rating: float) -> str:
    """A rating as a whole number with the language's thousands separator: 1,047 / 1.047."""
    text = f"{round(rating):,}"
    return text.replace(",", ".") if i18n.language() == "it" else text


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... in English; 1ª, 2ª ... in Italian (una partita)."""
    if i18n.language() == "it":
        return f"{n}\u00aa"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def rating_change_text(change: RatingChange) -> str:
    return format_message(
        N_("{players}: {before} \u2192 {after}, best {best}, {ordinal} game"),
        {"players": ", ".join(change.players), "before": rating_text(change.before),
         "after": rating_text(change.after), "best": change.best,
         "ordinal": ordinal(change.game_number)})


def record_text(record: GroupRecord) -> str:
    if record.games == 0:
        figures = format_message(N_("no scored game, {abandoned} abandoned"),
                                 {"abandoned": record.abandoned})
    else:
        figures = format_message(
            N_("{games} games, best {best}, last {recent} average {average:.1f}, "
               "{perfect} perfect · rating {rating}"),
            {"games": record.games, "best": record.best,
             "recent": min(record.games, RECENT_GAMES), "average": record.recent_average,
             "perfect": record.perfect, "rating": rating_text(record.rating)})
    return f"{', '.join(record.players)} · {variant_name(record.variant)}: {figures}"
