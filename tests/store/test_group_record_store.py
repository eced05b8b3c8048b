"""The group's record read from a real SQLite store: played at the table, undone, imported."""

import json
import os

import pytest

from companion import config
from companion.cli import main
from companion.rules import Abandon, Clue, Discard, Play
from companion.formats.game_log import game_to_dict
from companion.rules.par import PAR
from companion.rules.record import expected_result
from companion.session import TableSession
from companion.store import open_store
from companion.store.record import group_records_of, rating_change_of
from ending_helpers import abandoned, fuse_loss, scored_game


def feed(session, game):
    """Plays a whole game at the table, event by event, through the session's actions."""
    session.new_game(game.setup)
    for event in game.events:
        if isinstance(event, Play):
            outcome = session.play(event.card, event.copy)
        elif isinstance(event, Discard):
            outcome = session.discard(event.card, event.copy)
        elif isinstance(event, Clue):
            outcome = session.clue(event.target, event.kind, event.value)
        else:
            assert isinstance(event, Abandon)
            outcome = session.abandon()
        assert outcome.kind == "applied", outcome
    assert session.state.over
    return session.game_id


def test_undoing_the_last_event_of_a_finished_game_undoes_its_rating_change(store, clock):
    session = TableSession(journal=store)
    first = feed(session, scored_game(25))
    [record] = group_records_of(store)
    assert record.rating == 1000 + 32 * (1 - 0.5) == 1016  # a perfect game: actual 1, expected 0.5
    change = rating_change_of(store, first)
    assert (change.before, change.after, change.best, change.game_number) == (1000, 1016, 25, 1)

    clock.advance(hours=1)
    second = feed(session, fuse_loss(6, "zero"))  # lost on the third fuse: 0 points, actual 0
    after_loss = 1016 + 32 * (0 - expected_result(1016))
    assert after_loss == pytest.approx(1016 - 32 * 0.523010, abs=1e-4)
    [record] = group_records_of(store)
    assert record.rating == pytest.approx(after_loss) and record.games == 2
    assert rating_change_of(store, second).game_number == 2

    assert session.undo().kind == "undone"  # the third misfire is taken back
    [record] = group_records_of(store)
    assert record.rating == 1016 and record.games == 1
    assert rating_change_of(store, second) is None
    assert [p.game_id for p in record.history] == [first]

    # the same card again: the same change, exactly
    session.play(fuse_loss(6, "zero").events[-1].card)
    [record] = group_records_of(store)
    assert record.rating == pytest.approx(after_loss)


def test_abandoned_games_do_not_move_the_rating(store, clock):
    session = TableSession(journal=store)
    feed(session, scored_game(18))
    clock.advance(hours=1)
    feed(session, abandoned())
    [record] = group_records_of(store)
    par = PAR[("classic", 3)]
    assert record.rating == pytest.approx(1000 + 32 * (0.5 * 18 / par - 0.5))
    assert (record.games, record.abandoned, [p.score for p in record.history]) == (1, 1, [18])


def test_importing_the_logs_rebuilds_the_record_exactly(store, clock, tmp_path, capsys):
    session = TableSession(journal=store)
    games = [scored_game(25), scored_game(14), fuse_loss(9, "keep"), abandoned(),
             scored_game(22, players=4), scored_game(27, variant="multicolor"), scored_game(19)]
    for game in games:
        feed(session, game)
        clock.advance(hours=2)
    kept = group_records_of(store)
    assert len(kept) == 3
    logs = tmp_path / "logs"
    logs.mkdir()
    for row in sorted(store.games(), key=lambda r: r.id):
        path = logs / f"game-{row.id}.json"
        path.write_text(json.dumps(game_to_dict(store.game(row.id))), encoding="utf-8")
        os.utime(path, (row.ended.timestamp(), row.ended.timestamp()))
        assert main(["import", str(path)]) == 0
    capsys.readouterr()
    rebuilt, _notice = open_store(config.store_path(config.load(None)))
    try:
        assert [r.to_dict() for r in group_records_of(rebuilt)] == [r.to_dict() for r in kept]
    finally:
        rebuilt.close()

    assert main(["history", "--groups", "--json"]) == 0
    groups = json.loads(capsys.readouterr().out)["groups"]
    assert groups == [r.to_dict() for r in kept]
    assert main(["history", "--groups"]) == 0
    lines = capsys.readouterr().out.splitlines()
    classic3 = next(r for r in kept if r.variant == "classic" and len(r.players) == 3)
    # (25 + 14 + 9 + 19) / 4 = 16.75: the fuse loss kept its 9 points, the abandoned game is apart
    assert lines[0] == (f"Ana, Ben, Cy · Classic: 4 games, best 25, last 4 average 16.8, "
                        f"1 perfect · rating {round(classic3.rating):,}")
    assert len(lines) == 3


def test_history_groups_with_no_games(capsys):
    assert main(["history", "--groups"]) == 0
    assert capsys.readouterr().out == "No games yet.\n"
    assert main(["history", "--groups", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"groups": []}
