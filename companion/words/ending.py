"""The end of a game in words, for the end screen: a title, the score said plainly, the reason.

    lines = ending_lines(ending(state))     # companion.rules.ending.ending
    lines.title      "Lost: the third fuse burnt"
    lines.figure     "-10"              (the big number; "" when a crowning loss has no score)
    lines.score_line "Score -10: a game lost to the fuses costs 10 points"
    lines.reason     "The last misfire: Red 3"
    lines.crowd      the crowd's reaction to the band reached ("" when no scale is shown)
    lines.tone       "success", "loss" or "neutral" (the colour: a loss never looks like a win)
    lines.rows       the rating scale (companion.words.rating.scale_rows), [] when not shown

Every text is in the current language (companion.i18n.set_language).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.i18n import N_
from companion.rules.ending import Ending
from companion.words.names import say
from companion.words.rating import band_name, crowd_reaction, scale_rows

# Why a crowning game was lost.
CROWNING_LOSSES = {
    "fuses": N_("The third fuse burnt"),
    "critical_lost": N_("An indispensable card was lost"),
    "stuck": N_("No card is left in any hand"),
}

# The score of a game lost on the third fuse, per scoring.
FUSE_SCORES = {
    "fuse_zero": N_("Score {score}: a game lost to the fuses scores nothing"),
    "fuse_minus_ten": N_("Score {score}: a game lost to the fuses costs 10 points"),
    "fuse_keep": N_("Score {score}: the fireworks built before the third fuse count"),
}


@dataclass(frozen=True)
class EndingLines:
    title: str
    figure: str
    score_line: str
    reason: str
    crowd: str
    tone: str
    rows: list = field(default_factory=list)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _card_reason(ending: Ending) -> str:
    if ending.card is None:
        return ""
    if ending.outcome == "critical_lost":
        return say(N_("An indispensable card was lost: {card}"), card=ending.card)
    return say(N_("The last misfire: {card}"), card=ending.card)


def ending_lines(ending: Ending) -> EndingLines:
    """The end screen's words for `ending` (see the module docstring)."""
    score = ending.score
    figure = "" if score is None else str(score)
    out_of = say(N_("{score} of {perfect} points"), score=score, perfect=ending.perfect_score)
    crowd = _sentence(crowd_reaction(ending.band)) if ending.band else ""
    rows = scale_rows(ending.suit_count, ending.band) if ending.shows_scale else []
    reason = ""
    if ending.result == "playing":
        title, score_line = say(N_("Game in progress")), out_of
    elif ending.result == "abandoned":
        title = say(N_("Game abandoned"))
        score_line = say(N_("{score} points: an abandoned game scores nothing and is not rated"),
                          score=0)
    elif ending.crowning:
        if ending.result == "lost":
            title = say(N_("Lost"))
            score_line = say(N_("Crowning rules: a game is perfect or lost, a lost game has "
                                 "no score"))
            if ending.outcome == "critical_lost" and ending.card is not None:
                reason = _card_reason(ending)
            else:
                reason = say(CROWNING_LOSSES.get(ending.outcome, N_("The game is lost")))
                if ending.outcome == "fuses" and ending.card is not None:
                    reason += " · " + _card_reason(ending)
        else:
            title = say(N_("Perfect"))
            score_line = out_of
            reason = say(N_("Crowning rules: every firework is complete"))
    elif ending.result == "lost":
        title = say(N_("Lost: the third fuse burnt"))
        score_line = say(FUSE_SCORES[ending.scoring], score=score)
        reason = _card_reason(ending)
    elif ending.result == "perfect":
        title = say(N_("A perfect game!"))
        score_line = out_of
        reason = say(N_("Every firework is complete"))
    else:
        title = _sentence(band_name(ending.band)) if ending.band else out_of
        score_line = out_of
        reason = say(N_("The deck ran out and everyone played a last turn"))
    return EndingLines(title, figure, score_line, reason, crowd, ending.tone, rows)
