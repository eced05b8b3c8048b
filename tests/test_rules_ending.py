"""The end of a game as the rules tell it, and in words (English and Italian)."""

import pytest

from companion import i18n
from companion.rules.ending import ending
from companion.words.ending import ending_lines
from ending_helpers import (abandoned, crowning_card_lost, crowning_perfect, fuse_loss,
                            scored_game)
from rules_helpers import game, play


@pytest.fixture
def italian():
    i18n.set_language("it")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("score, band, title, crowd", [
    (3, "horrible", "Horrible", "The crowd boos"),
    (8, "mediocre", "Mediocre", "A few scattered claps"),
    (13, "honourable", "Honourable", "A decent show, soon forgotten"),
    (18, "excellent", "Excellent", "The crowd is delighted"),
    (23, "amazing", "Amazing", "People will talk about it for years"),
])
def test_a_score_in_each_band_shows_the_scale_and_the_crowd(score, band, title, crowd):
    e = ending(scored_game(score).state)
    assert (e.result, e.scoring, e.score, e.band, e.shows_scale, e.tone) == (
        "scored", "fireworks", score, band, True, "success")
    lines = ending_lines(e)
    assert (lines.title, lines.figure, lines.score_line, lines.crowd) == (
        title, str(score), f"{score} of 25 points", crowd)
    assert lines.reason == "The deck ran out and everyone played a last turn"
    assert [r["band"] for r in lines.rows if r["reached"]] == [band]
    assert [r["points"] for r in lines.rows] == ["\u2264 5", "6\u201310", "11\u201315", "16\u201320",
                                                 "21\u201324", "25"]


def test_legendary_25():
    e = ending(scored_game(25).state)
    assert (e.result, e.score, e.band, e.shows_scale, e.tone) == ("perfect", 25, "legendary", True,
                                                                   "success")
    lines = ending_lines(e)
    assert (lines.title, lines.figure, lines.score_line, lines.reason, lines.crowd) == (
        "A perfect game!", "25", "25 of 25 points", "Every firework is complete",
        "The crowd is speechless, stars in their eyes")


def test_six_suits_keep_their_30_point_band():
    e = ending(scored_game(30, variant="multicolor").state)
    assert (e.result, e.score, e.perfect_score, e.band) == ("perfect", 30, 30, "divine")
    lines = ending_lines(e)
    assert [(r["band"], r["points"]) for r in lines.rows][-2:] == [("legendary", "25\u201329"),
                                                                    ("divine", "30")]
    assert lines.score_line == "30 of 30 points"
    assert ending(scored_game(27, variant="multicolor").state).band == "legendary"


@pytest.mark.parametrize("fuse_out, score, scale, line", [
    ("zero", 0, False, "Score 0: a game lost to the fuses scores nothing"),
    ("minus_ten", -10, False, "Score -10: a game lost to the fuses costs 10 points"),
    ("keep", 14, True, "Score 14: the fireworks built before the third fuse count"),
])
def test_a_third_fuse_is_a_loss_under_each_scoring(fuse_out, score, scale, line):
    e = ending(fuse_loss(14, fuse_out).state)
    assert (e.result, e.scoring, e.score, e.fireworks, e.shows_scale, e.tone) == (
        "lost", "fuse_" + fuse_out, score, 14, scale, "loss")
    assert e.band == ("honourable" if scale else None)
    lines = ending_lines(e)
    assert (lines.title, lines.figure, lines.score_line, lines.reason) == (
        "Lost: the third fuse burnt", str(score), line, "The last misfire: Blue 4")
    assert bool(lines.rows) == scale and bool(lines.crowd) == scale


def test_crowning_win_is_perfect_without_a_scale():
    e = ending(crowning_perfect().state)
    assert (e.result, e.scoring, e.score, e.shows_scale, e.band, e.tone) == (
        "perfect", "crowning", 25, False, None, "success")
    lines = ending_lines(e)
    assert (lines.title, lines.figure, lines.reason, lines.rows, lines.crowd) == (
        "Perfect", "25", "Crowning rules: every firework is complete", [], "")


def test_crowning_loss_names_the_card_lost_and_has_no_score():
    e = ending(crowning_card_lost().state)
    assert (e.result, e.scoring, e.score, e.shows_scale, str(e.card), e.tone) == (
        "lost", "crowning", None, False, "R5", "loss")
    lines = ending_lines(e)
    assert (lines.title, lines.figure, lines.reason, lines.rows) == (
        "Lost", "", "An indispensable card was lost: Red 5", [])
    assert lines.score_line == "Crowning rules: a game is perfect or lost, a lost game has no score"


def test_crowning_loss_on_the_third_fuse():
    g = game(3, endgame="crowning")
    for name in ("R2", "R3", "Y4"):
        g.apply(play(name))
    lines = ending_lines(ending(g.state))
    assert (lines.title, lines.reason) == ("Lost", "The third fuse burnt · The last misfire: Yellow 4")


def test_an_abandoned_game_scores_0_said_as_such():
    e = ending(abandoned().state)
    assert (e.result, e.score, e.fireworks, e.shows_scale, e.band, e.tone) == (
        "abandoned", 0, 7, False, None, "neutral")
    lines = ending_lines(e)
    assert (lines.title, lines.figure, lines.score_line) == (
        "Game abandoned", "0", "0 points: an abandoned game scores nothing and is not rated")


def test_a_game_still_going():
    e = ending(game().state)
    assert (e.result, e.over, e.shows_scale) == ("playing", False, False)
    assert ending_lines(e).title == "Game in progress"


def test_every_ending_in_italian(italian):
    lines = ending_lines(ending(scored_game(13).state))
    assert (lines.title, lines.score_line, lines.crowd) == (
        "Degno di nota", "13 punti su 25", "Uno spettacolo dignitoso, presto dimenticato")
    assert [r["name"] for r in lines.rows] == ["orribile", "mediocre", "degno di nota", "eccellente",
                                               "straordinario", "leggendario"]
    lines = ending_lines(ending(fuse_loss(5, "minus_ten").state))
    assert lines.title == "Persa: è bruciata la terza miccia"
    assert lines.reason == "L'ultimo errore: Blu 4"
    lines = ending_lines(ending(crowning_card_lost().state))
    assert (lines.title, lines.reason) == ("Persa", "Si è persa una carta indispensabile: Rosso 5")
    assert ending_lines(ending(abandoned().state)).score_line.startswith("0 punti")
    for e in (scored_game(25), scored_game(30, variant="multicolor"), fuse_loss(3, "zero"),
              fuse_loss(3, "keep"), crowning_perfect(), abandoned()):
        lines = ending_lines(ending(e.state))
        texts = [lines.title, lines.score_line, lines.reason, lines.crowd]
        texts += [r["name"] for r in lines.rows] + [r["reaction"] for r in lines.rows]
        english = set()
        i18n.set_language("en")
        en = ending_lines(ending(e.state))
        english.update([en.title, en.score_line, en.reason, en.crowd] +
                       [r["reaction"] for r in en.rows])
        i18n.set_language("it")
        assert not ({t for t in texts if t and not t.isdigit()} & english - {""}), texts


def test_a_fuse_loss_is_rated_only_where_its_score_is_the_fireworks():
    """The scale rates a score of fireworks; 0 or -10 for a lost game is not a band."""
    assert fuse_loss(9, "zero").state.rating is None
    assert fuse_loss(9, "minus_ten").state.rating is None
    assert fuse_loss(9, "keep").state.rating == "mediocre"  # 9 cards kept: 6-10
    assert abandoned().state.rating is None
    assert crowning_perfect().state.rating == "legendary"
