"""The journal: every confirmed event and undo is kept, a game resumes exactly where it was."""

from __future__ import annotations
from companion.words import message as words_message

import sqlite3

import pytest

from companion.rules import Game, GameSetup, parse_card
from companion.formats.game_log import game_from_dict, game_to_dict
from companion.session import TableSession
from companion.store import StoreError, open_store
from companion.store import schema

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve"]


def replay(session: TableSession, events) -> None:
    for event in events:
        outcome = session.apply_event(event, "touch")
        assert outcome.kind == "applied", outcome


def test_a_game_resumes_exactly_where_it_stopped(store_path, clock, real_games):
    _name, data = real_games[0]
    game = game_from_dict(data["log"])
    store, _ = open_store(store_path, clock=clock)
    session = TableSession(journal=store)
    session.new_game(game.setup)
    replay(session, game.events[:20])
    session.undo()
    session.undo()
    replay(session, game.events[18:30])
    before = session.state.summary()
    before_events = list(session.game.events)
    store.close()

    reopened, notice = open_store(store_path, clock=clock)
    assert notice is None
    kept = reopened.unfinished()
    assert kept is not None
    game_id, setup, events = kept
    resumed = TableSession(journal=reopened)
    resumed.resume(game_id, setup, events)
    assert setup == game.setup
    assert resumed.game.events == before_events == game.events[:30]
    assert resumed.state.summary() == before
    assert resumed.state.players[resumed.state.current_player] == game.setup.players[30 % 4]
    # and it goes on from there, into the same journal
    replay(resumed, game.events[30:])
    assert resumed.state.outcome == data["expect"]["outcome"]
    assert reopened.unfinished() is None
    reopened.close()


def test_an_undo_stays_in_the_journal_marked_undone(store, clock):
    session = TableSession(journal=store)
    session.new_game(GameSetup.create(NAMES[:3]))
    session.clue(1, "colour", "R")
    clock.advance(seconds=30)
    session.play(parse_card("R1"))
    clock.advance(seconds=10)
    session.undo()
    session.play(parse_card("B1"))
    records = store.journal(session.game_id)
    assert [(r.index, str(r.event.card) if hasattr(r.event, "card") else "clue", r.stands)
            for r in records] == [(0, "clue", True), (1, "R1", False), (1, "B1", True)]
    assert records[1].undone == clock.now
    assert store.game(session.game_id).events == session.game.events
    assert store.games()[0].turns == 2


def test_the_end_of_a_game_is_recorded_and_undoing_it_reopens_the_game(make_game, store, clock):
    game = make_game(seed=4)
    session = TableSession(journal=store)
    session.new_game(game.setup)
    clock.advance(minutes=1)
    replay(session, game.events)
    row = store.games()[0]
    assert row.finished and row.outcome == game.state.outcome
    assert (row.score, row.max_score, row.rating) == (game.state.score, game.state.max_score,
                                                      game.state.rating)
    assert row.ended == clock.now and row.started < row.ended
    assert store.unfinished() is None

    session.undo()
    row = store.games()[0]
    assert row.outcome == "playing" and row.ended is None
    assert store.unfinished()[2] == game.events[:-1]


def test_a_new_game_records_the_one_in_progress_as_abandoned(store, clock):
    session = TableSession(journal=store)
    session.new_game(GameSetup.create(NAMES[:2]))
    session.clue(1, "rank", 3)
    clock.advance(hours=1)
    session.new_game(GameSetup.create(NAMES[:4], "multicolor", first_player=2))
    first, second = store.games()[1], store.games()[0]  # newest first
    assert first.outcome == "abandoned" and first.turns == 2 and first.ended is not None
    assert second.players == tuple(NAMES[:4]) and second.variant == "multicolor"
    assert second.first_player == 2 and second.outcome == "playing"
    assert store.unfinished()[0] == second.id


def test_games_are_listed_newest_first_with_their_figures(make_game, store, clock):
    ids = []
    for seed, (variant, players) in enumerate([("classic", 2), ("multicolor-short", 5),
                                              ("multicolor-wild", 3)]):
        game = make_game(seed, variant, players, fuse_out="keep")
        clock.advance(days=1)
        ids.append(store.import_game(game, started=clock.now))
    rows = store.games()
    assert [r.id for r in rows] == ids[::-1]
    assert [r.variant for r in rows] == ["multicolor-wild", "multicolor-short", "classic"]
    assert rows[1].options == {"endgame": "standard", "fuse_out": "keep", "empty_clues": False}
    assert all(r.source == "import" and r.finished for r in rows)
    for row in rows:
        assert game_to_dict(store.game(row.id)) == game_to_dict(
            make_game(ids.index(row.id), row.variant, len(row.players), fuse_out="keep"))


def test_the_same_log_is_recognised(store, real_games):
    game = game_from_dict(real_games[1][1]["log"])
    game_id = store.import_game(game)
    assert store.find_game(game_from_dict(real_games[1][1]["log"])) == game_id
    assert store.find_game(game_from_dict(real_games[2][1]["log"])) is None


def test_asking_for_an_unknown_game_says_so(store):
    with pytest.raises(StoreError) as err:
        store.game(42)
    assert words_message(err.value) == "There is no game 42 in the history"


def test_a_full_card_is_reported_before_the_next_event_is_accepted(store_path, clock):
    free = {"bytes": 10**9}
    store, _ = open_store(store_path, clock=clock, free_space=lambda: free["bytes"])
    session = TableSession(journal=store)
    session.new_game(GameSetup.create(NAMES[:3]))
    session.clue(1, "colour", "B")
    session.play(parse_card("B1"))
    free["bytes"] = 100_000  # under the margin the write-ahead log needs
    outcome = session.play(parse_card("R1"))
    assert outcome.kind == "refused"
    assert words_message(outcome.error) == ("The SD card is full: free some space, then go on. "
                                     "The game is kept up to turn 2.")
    assert session.state.turn == 2 and session.state.fireworks["R"] == 0
    assert store.game(session.game_id).events == session.game.events
    free["bytes"] = 10**9
    assert session.play(parse_card("R1")).kind == "applied"
    assert len(store.game(session.game_id).events) == 3
    store.close()


def test_sqlite_running_out_of_room_refuses_the_event_and_keeps_the_rest(make_game, store, clock):
    session = TableSession(journal=store)
    game = make_game(seed=11, players=4)
    session.new_game(game.setup)
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count = {pages}")  # the card is full from now on
    refused = None
    for event in game.events:
        outcome = session.apply_event(event, "touch")
        if outcome.kind == "refused":
            refused = outcome
            break
    assert refused is not None, "the store never filled up"
    kept = len(session.game.events)
    assert words_message(refused.error).startswith("The SD card is full")
    assert f"kept up to turn {kept}" in words_message(refused.error) or kept == 0
    assert store.game(session.game_id).events == game.events[:kept]


def test_stores_of_an_older_version_are_migrated_and_keep_their_games(make_game, store_path, monkeypatch,
                                                                       clock):
    store, _ = open_store(store_path, clock=clock)
    game_id = store.import_game(make_game(seed=2))
    store.close()
    v2 = "CREATE TABLE notes (game_id INTEGER REFERENCES games (id), text TEXT NOT NULL);"
    monkeypatch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS + [v2])
    monkeypatch.setattr(schema, "SCHEMA_VERSION", 2)
    migrated, notice = open_store(store_path, clock=clock)
    assert notice is None
    assert schema.user_version(migrated._conn) == 2
    assert "notes" in schema.table_names(migrated._conn)
    assert game_to_dict(migrated.game(game_id)) == game_to_dict(make_game(seed=2))
    migrated.close()


def test_a_failed_migration_leaves_the_store_as_it_was(make_game, store_path, monkeypatch, clock):
    store, _ = open_store(store_path, clock=clock)
    store.import_game(make_game(seed=3))
    store.close()
    monkeypatch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS + ["CREATE TABLE games (x);"])
    conn = sqlite3.connect(store_path, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError):
        schema.migrate(conn)
    assert schema.user_version(conn) == 1
    conn.close()


def test_the_journal_is_committed_to_the_file_in_wal_mode_with_full_sync(store, store_path):
    assert store._conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    session = TableSession(journal=store)
    session.new_game(GameSetup.create(NAMES[:2]))
    session.clue(1, "rank", 1)
    # another connection sees it at once: it is committed, not waiting in a transaction
    other = sqlite3.connect(store_path)
    assert other.execute("SELECT count(*) FROM events").fetchone()[0] == 1
    other.close()
    assert Game(session.game.setup, session.game.events).state.clues == 7
