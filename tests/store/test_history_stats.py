"""The group's statistics: score over time, scores per variant and table size, average and best,
perfect games, and why games fell short."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from companion.store import GameRow, statistics

START = datetime(2026, 1, 1, 20, 0, tzinfo=timezone.utc)


def row(game_id, score, outcome, variant="classic", players=3, max_score=None, days=None):
    started = START + timedelta(days=game_id if days is None else days)
    full = 30 if variant != "classic" else 25
    return GameRow(game_id, ("Ana", "Ben", "Cy", "Dee", "Eve")[:players], variant, {}, 0, started,
                   None if outcome == "playing" else started + timedelta(minutes=40), score,
                   full if max_score is None else max_score, outcome, None, 40, "table")


def test_scores_count_finished_games_only_in_the_order_played():
    rows = [row(1, 25, "perfect"), row(2, 18, "deck_out", max_score=22), row(3, 0, "fuses"),
            row(4, 5, "abandoned"), row(5, 3, "playing"), row(6, 21, "deck_out"),
            row(7, 30, "perfect", "multicolor")]
    stats = statistics(list(reversed(rows)))  # the store lists newest first
    assert stats.scored == 5 and stats.abandoned == 1 and stats.in_progress == 1
    assert [p.game_id for p in stats.over_time] == [1, 2, 3, 6, 7]
    assert [p.score for p in stats.over_time] == [25, 18, 0, 21, 30]
    assert stats.average == (25 + 18 + 0 + 21 + 30) / 5
    assert (stats.best, stats.best_game) == (30, 7)
    assert stats.perfect == 2 and stats.perfect_share == 2 / 5


def test_scores_are_grouped_by_variant_and_table_size():
    rows = [row(1, 25, "perfect", players=3), row(2, 20, "deck_out", players=3),
            row(3, 20, "deck_out", players=3), row(4, 15, "deck_out", players=4),
            row(5, 28, "deck_out", "multicolor-wild", players=3)]
    stats = statistics(rows)
    groups = {(d.variant, d.players): d for d in stats.distributions}
    assert list(groups) == [("classic", 3), ("classic", 4), ("multicolor-wild", 3)]
    three = groups[("classic", 3)]
    assert dict(three.counts) == {25: 1, 20: 2}
    assert (three.games, three.best, round(three.average, 2), three.max_score) == (3, 25, 21.67, 25)
    assert groups[("multicolor-wild", 3)].max_score == 30


def test_why_games_fell_short():
    rows = [row(1, 0, "fuses"), row(2, 0, "fuses"), row(3, 19, "deck_out", max_score=21),
            row(4, 23, "deck_out"), row(5, 0, "critical_lost"), row(6, 4, "abandoned"),
            row(7, 25, "perfect"), row(8, 0, "stuck"), row(9, 12, "playing")]
    assert [r.shortfall for r in rows] == [
        "fuses", "fuses", "lost_card", "deck_out", "lost_card", "abandoned", None, "stuck", None]
    stats = statistics(rows)
    assert dict(stats.causes) == {"fuses": 2, "lost_card": 2, "deck_out": 1, "abandoned": 1,
                                  "stuck": 1}
    assert stats.top_cause == "fuses"  # a tie goes to the first listed


def test_no_games_no_figures():
    stats = statistics([row(1, 3, "playing")])
    assert stats.scored == 0 and stats.average is None and stats.best is None
    assert stats.perfect_share is None and stats.top_cause is None
    assert stats.to_dict()["games"] == 0


def test_the_figures_as_json():
    stats = statistics([row(1, 25, "perfect"), row(2, 0, "fuses", players=2)])
    data = stats.to_dict()
    assert data["average"] == 12.5 and data["best"] == 25 and data["perfect_share"] == 0.5
    assert data["causes"] == {"fuses": 1} and data["top_cause"] == "fuses"
    assert data["distributions"][0] == {"variant": "classic", "players": 2, "games": 1,
                                        "average": 0, "best": 0, "scores": {"0": 1}}
    assert data["score_over_time"][0]["when"] == "2026-01-02T20:40:00+00:00"
