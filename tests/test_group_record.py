"""The group's record and its Elo rating against par, worked out by hand."""

from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.par import PAR, derive_par
from companion.rules.record import (RecordGame, expected_result, group_key, group_records,
                                    performance, rating_change)

T0 = datetime(2026, 3, 1, 20, 0, tzinfo=timezone.utc)
ABC = ("Ana", "Ben", "Cy")
PAR20 = {("classic", 3): 20.0}


def played(game_id, score, outcome="deck_out", players=ABC, variant="classic", hours=None):
    when = T0 + timedelta(hours=game_id if hours is None else hours)
    return RecordGame(game_id, tuple(players), variant, outcome, score, when)


def test_a_known_sequence_of_scores_gives_the_rating_worked_out_by_hand():
    games = [
        played(1, 25, "perfect"),
        played(2, 0, "abandoned"),             # not scored: the rating does not move
        played(3, 15, players=("cy", "Ana ", "BEN")),  # the same group, written differently
        played(4, -10, "fuses"),               # a third fuse under the -10 scoring
        played(5, 22),
        played(6, 9, "playing"),               # still in progress: not counted at all
    ]
    [record] = group_records(reversed(games), PAR20)  # any order in, time order used

    # Game 1, 25 points: actual 1 (perfect), expected 1 / (1 + 10^0) = 0.5
    r1 = 1000 + 32 * (1 - 0.5)
    assert r1 == 1016
    # Game 3, 15 points below par 20: actual 0.5 * 15 / 20 = 0.375;
    # expected 1 / (1 + 10^((1000 - 1016) / 400)) = 1 / (1 + 10^-0.04) = 1 / 1.912011 = 0.523010
    r2 = 1016 + 32 * (0.375 - 0.523010)
    assert r2 == pytest.approx(1011.2637, abs=1e-3)
    # Game 4, -10 points: actual 0; expected 1 / (1 + 10^((1000 - 1011.2637) / 400)) = 0.516204
    r3 = r2 + 32 * (0 - 0.516204)
    assert r3 == pytest.approx(994.7452, abs=1e-3)
    # Game 5, 22 points above par: actual 0.5 + 0.5 * (22 - 20) / (25 - 20) = 0.7;
    # expected 1 / (1 + 10^((1000 - 994.7452) / 400)) = 0.492438
    r4 = r3 + 32 * (0.7 - 0.492438)
    assert r4 == pytest.approx(1001.3871, abs=1e-3)

    assert [round(p.after, 3) for p in record.history] == [
        1016.0, round(r2, 3), round(r3, 3), round(r4, 3)]
    assert record.rating == pytest.approx(r4, abs=1e-4)
    assert (record.games, record.abandoned, record.best, record.best_game, record.perfect) == (
        4, 1, 25, 1, 1)
    assert record.recent_average == (25 + 15 - 10 + 22) / 4
    assert record.players == ABC  # as written in the latest game
    change = rating_change([record], 5)
    assert (round(change.before, 3), round(change.after, 3), change.best, change.game_number) == (
        round(r3, 3), round(r4, 3), 25, 4)
    assert rating_change([record], 2) is None and rating_change([record], 6) is None


def test_performance_is_half_at_par_and_linear_either_side():
    assert performance(20, 20.0, 25) == 0.5
    assert performance(25, 20.0, 25) == 1.0
    assert performance(10, 20.0, 25) == 0.25
    assert performance(0, 20.0, 25) == 0.0 and performance(-10, 20.0, 25) == 0.0
    assert performance(30, 23.9, 30) == 1.0 and performance(27, 24.0, 30) == 0.75
    assert expected_result(1000) == 0.5
    assert expected_result(1400) == pytest.approx(10 / 11)


def test_groups_are_sets_of_names_and_variants_are_kept_apart():
    assert group_key(["Ben", "ana", "Cy"]) == group_key([" ANA", "cy", "Ben"]) == ("ana", "ben", "cy")
    assert group_key(["Ana", "Ben"]) != group_key(["Ana", "Ben", "Cy"])
    games = [played(1, 20), played(2, 20, players=("Ana", "Ben")),
             played(3, 28, variant="multicolor"), played(4, 21, players=("Cy", "Ben", "Ana"))]
    records = group_records(games)
    assert [(r.players, r.variant, r.games) for r in records] == [
        (("Cy", "Ben", "Ana"), "classic", 2), (("Ana", "Ben", "Cy"), "multicolor", 1),
        (("Ana", "Ben"), "classic", 1)]


def test_the_average_is_over_the_last_ten_scored_games():
    games = [played(i, score) for i, score in enumerate([5] * 3 + [20] * 10, 1)]
    [record] = group_records(games)
    assert record.games == 13 and record.recent_average == 20.0


def test_the_par_table_is_what_the_simulated_games_give():
    assert derive_par() == PAR
    assert set(PAR) == {(v, n) for v in ("classic", "multicolor", "multicolor-short",
                                         "multicolor-wild") for n in (2, 3, 4, 5)}
    assert all(0 < par < 30 for par in PAR.values())


def test_the_rating_change_in_words():
    from companion import i18n
    from companion.rules.record import RatingChange
    from companion.words.record import ordinal, rating_change_text

    change = RatingChange(("Ana", "Ben", "Cy"), "classic", 1032.4, 1046.6, 23, 4, 21.2)
    assert rating_change_text(change) == "Ana, Ben, Cy: 1,032 \u2192 1,047, best 23, 4th game"
    assert [ordinal(n) for n in (1, 2, 3, 11, 12, 13, 21, 102)] == [
        "1st", "2nd", "3rd", "11th", "12th", "13th", "21st", "102nd"]
    i18n.set_language("it")
    try:
        assert rating_change_text(change) == "Ana, Ben, Cy: 1.032 \u2192 1.047, migliore 23, 4\u00aa partita"
    finally:
        i18n.set_language("en")

SCORES = st.lists(st.tuples(st.integers(-10, 25), st.sampled_from(["deck_out", "abandoned", "playing"])),
                  max_size=30)


@settings(max_examples=80, deadline=None)
@given(SCORES, st.randoms(use_true_random=False))
def test_only_scored_games_move_the_rating_and_order_in_does_not_matter(games, rnd):
    rows = [played(i, score, outcome) for i, (score, outcome) in enumerate(games, 1)]
    shuffled = list(rows)
    rnd.shuffle(shuffled)
    records = group_records(rows)
    assert [r.to_dict() for r in records] == [r.to_dict() for r in group_records(shuffled)]
    scored = [g for g in rows if g.outcome == "deck_out"]
    without = group_records(scored)
    assert [r.rating for r in records if r.games] == [r.rating for r in without]
    for record in records:
        for point in record.history:
            par = PAR[("classic", 3)]
            actual = performance(point.score, par, 25)
            assert (point.after > point.before) == (actual > expected_result(point.before))
            assert abs(point.change) <= 32
