"""New game, end of game, the menu and the language: the screens around the table."""

from __future__ import annotations

import json

import pytest

from companion.app import palette
from companion.i18n import N_
from companion.rules import GameSetup, parse_card
from companion.formats.game_log import game_from_dict
from companion.session import JournalError, MemoryJournal

pytestmark = pytest.mark.ui


def test_new_game_screen_starts_a_game_and_remembers_it(start_app):
    from companion import config

    d = start_app(new_game=False)
    assert d.current == "newgame"
    screen = d.screen()
    assert [r.name for r in screen.rows[:3]] == ["Player 1", "Player 2", "Player 3"]
    d.tap_id("count_4")
    assert screen.count == 4 and screen.rows[3].shown and not screen.rows[4].shown
    for row, name in zip(screen.rows, ("Ana", "Ben", "Cy", "Dee")):
        row.ids.name.text = name
    d.tap(screen.rows[2].ids.starts)
    assert screen.first_player == 2 and screen.rows[2].ids.starts.text == "starts"
    d.tap_id("variant_multicolor")
    d.tap_id("endgame_crowning")
    d.tap_id("fuse_out_keep")
    d.tap_id("empty_clues_yes")
    d.tap_id("start")
    assert d.current == "table"
    assert d.text("turn", "table") == "Cy's turn"
    state = d.session.state
    assert state.players == ["Ana", "Ben", "Cy", "Dee"]
    assert state.variant.name == "multicolor"
    assert (state.options.endgame, state.options.fuse_out, state.options.empty_clues) == (
        "crowning", "keep", True)
    assert len(d.screen("table").suit_rows()) == 6
    assert "max 30" in d.ids("table").score.text
    from companion.app import last_setup

    last_setup.flush()  # written off the UI thread
    saved = json.loads((config.data_dir() / "last-setup.json").read_text())
    assert saved["setup"]["players"] == ["Ana", "Ben", "Cy", "Dee"]
    d.stop()

    # the next evening: the form comes back as it was left
    d2 = start_app(new_game=False)
    screen = d2.screen("newgame")
    assert screen.count == 4 and [r.name for r in screen.rows[:4]] == ["Ana", "Ben", "Cy", "Dee"]
    assert screen.first_player == 2 and screen.variant == "multicolor"
    assert screen.endgame == "crowning" and screen.fuse_out == "keep" and screen.empty_clues


def test_new_game_refuses_a_missing_or_repeated_name(start_app):
    d = start_app(new_game=False)
    screen = d.screen()
    screen.rows[1].ids.name.text = "  "
    d.tap_id("start")
    assert d.current == "newgame"
    assert d.text("error") == "Every player needs a name"
    screen.rows[1].ids.name.text = "player 1"
    d.tap_id("start")
    assert d.text("error") == "Two players have the same name: tell them apart"
    assert d.session.state is None


def test_three_misfires_end_the_game(start_app):
    d = start_app()
    for card in ("R2", "Y2", "G2"):
        d.tap_id("play_button", "table")
        d.pick(card)
    assert d.current == "end"
    ids = d.ids("end")
    # a loss reads as a loss: said so, in red, and a penalty score is not rated on the scale
    assert ids.headline.text == "Lost: the third fuse burnt"
    assert tuple(ids.headline.color) == tuple(palette.BAD) == tuple(ids.score.color)
    assert ids.score.text == "0"
    assert ids.score_text.text == "Score 0: a game lost to the fuses scores nothing"
    assert ids.how.text == "The last misfire: Green 2"
    assert ids.verdict.text == ""
    assert d.screen("end").rating_rows() == [] and ids.scale_panel.opacity == 0
    assert "misfire" in d.app.sounds.played
    # Undo from the end screen goes back to the table
    d.tap_id("undo", "end")
    assert d.current == "table" and "2/3" in d.ids("table").fuses.text


def test_a_perfect_game_celebrates(start_app, real_games):
    name, data = next((n, g) for n, g in real_games if g["expect"]["score"] == 25)
    game = game_from_dict(data["log"])
    last = game.events[-1]
    d = start_app()
    d.session.resume(1, game.setup, game.events[:-1])
    d.frames(2)
    assert d.current == "table"
    d.tap_id("play_button")
    d.pick(str(last.card))
    assert d.current == "end"
    ids = d.ids("end")
    assert ids.headline.text == "A perfect game!"
    assert tuple(ids.headline.color) == tuple(palette.GOOD)
    assert ids.score.text == "25" and ids.score_text.text == "25 of 25 points"
    assert ids.how.text == "Every firework is complete"
    reached = [(r.name, r.reaction) for r in d.screen("end").rating_rows() if r.reached]
    assert reached == [("legendary", "the crowd is speechless, stars in their eyes")]
    assert d.app.sounds.played[-1] == "perfect"
    assert d.root.celebration.canvas.children, "the sparks fly"
    d.shot("ui-perfect-end")


def test_six_suits_use_the_30_point_scale(start_app):
    from ending_helpers import scored_game

    game = scored_game(27, variant="multicolor")
    d = start_app()
    d.session.resume(1, game.setup, game.events)
    d.app.show_screen("end")
    d.frames(3)
    rows = d.screen("end").rating_rows()
    assert [(r.name, r.points) for r in rows][:2] == [("divine", "30"), ("legendary", "25\u201329")]
    assert [r.name for r in rows if r.reached] == ["legendary"]
    assert d.ids("end").score_text.text == "27 of 30 points"


def test_an_abandoned_game_scores_nothing_and_is_not_rated(start_app):
    d = start_app()
    d.session.abandon()
    d.frames(3)
    assert d.current == "end"
    ids = d.ids("end")
    assert ids.headline.text == "Game abandoned" and ids.score.text == "0"
    assert ids.score_text.text == "0 points: an abandoned game scores nothing and is not rated"
    assert d.screen("end").rating_rows() == []


def test_new_game_with_the_same_players_is_one_tap(start_app):
    d = start_app(players=("Ana", "Ben", "Cy"), first_player=2)
    d.session.abandon()
    d.frames(2)
    assert d.current == "end"
    d.tap_id("same_players", "end")
    assert d.current == "table"
    state = d.session.state
    assert state.players == ["Ana", "Ben", "Cy"] and state.turn == 0 and not state.over
    assert d.text("turn", "table") == "Cy's turn"


def test_menu_abandons_after_a_second_tap(start_app):
    d = start_app()
    d.tap_id("menu_button")
    menu = d.dialog
    assert menu is not None
    d.tap(menu.ids.abandon)
    assert menu.ids.abandon.text == "Tap again to abandon the game"
    assert not d.session.state.over
    d.tap(menu.ids.abandon)
    assert d.current == "end"
    assert d.ids("end").headline.text == "Game abandoned"


def test_switching_to_italian_translates_the_table(start_app):
    d = start_app()
    d.tap_id("clue_button")
    d.tap_id("menu_button")
    d.tap(d.dialog.ids.lang_it)
    d.tap(d.dialog.ids.close)
    assert d.dialog is None
    ids = d.ids("table")
    assert ids.clue_button.text == "Indizio"
    assert ids.discard_button.text == "Scarta"
    assert ids.play_button.text == "Gioca"
    assert ids.undo_button.text == "Annulla"
    assert ids.turn.text == "Tocca a Ben"
    assert d.text("message") == "Ana ha dato un indizio"
    assert "Indizi" in ids.clocks.text and "Micce" in ids.fuses.text
    assert [r.name for r in d.screen().suit_rows()] == ["Rosso", "Giallo", "Verde", "Blu", "Bianco"]
    # refusals and results in Italian too
    for _ in range(7):
        d.tap_id("clue_button")
    d.tap_id("clue_button")
    assert d.text("message") == "\u26a0 Nessun gettone indizio rimasto: non si può dare un indizio"
    d.tap_id("play_button")
    assert d.dialog.ids.title.text == "Gioca: quale carta?"
    d.pick("B2")
    assert d.root.banner.title == "ERRORE!"
    assert d.root.banner.text == "Errore: Blu 2 non va, il blu è a 0"
    d.tap_id("undo_button")
    assert d.text("message") == "Annullato: Gioca Blu 2"
    # and it is remembered for the next start
    from companion.app import last_setup

    assert last_setup.language() == "it"


def test_italian_end_screen(start_app):
    from companion import i18n

    i18n.set_language("it")
    d = start_app()
    for card in ("R1", "R2", "Y3", "Y4", "G5"):
        d.tap_id("play_button", "table")
        d.pick(card)
    assert d.current == "end"
    ids = d.ids("end")
    assert ids.headline.text == "Persa: è bruciata la terza miccia"
    assert ids.how.text == "L'ultimo errore: Verde 5"
    assert ids.score_text.text == "Punteggio 0: una partita persa per le micce non vale punti"
    assert d.screen("end").rating_rows() == []
    assert ids.same_players.text == "Nuova partita, stessi giocatori"


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (720, 1280)])
def test_touch_targets_and_layout_at_each_size(start_app, size):
    d = start_app(size=size)
    d.frames(3)
    ids = d.ids("table")
    width, height = size
    for name in ("clue_button", "discard_button", "play_button", "undo_button", "menu_button"):
        button = ids[name]
        assert button.width >= 48 and button.height >= 48, (name, button.size)
        assert 0 <= button.x and button.right <= width and 0 <= button.y and button.top <= height
    for row in d.screen("table").suit_rows():
        assert row.height > 20 and row.right <= width
    if d.can_shoot:
        d.shot(f"ui-table-{width}x{height}")
    d.tap_id("play_button")
    for button in d.dialog.buttons():
        assert button.width >= 48 and button.height >= 48
        assert button.right <= width and button.top <= height
    if d.can_shoot:
        d.shot(f"ui-picker-{width}x{height}")


def test_menu_opens_the_history_and_back(start_app):
    from companion.app.context import AppContext
    from companion.session import TableSession
    from companion.store import memory_store

    store = memory_store()
    session = TableSession(journal=store)
    session.new_game(GameSetup.create(["Ana", "Ben"]))
    session.play(parse_card("R1"))
    d = start_app(AppContext(session=session, store=store, sound=False))
    d.tap_id("menu_button")
    d.tap(d.dialog.ids.history)
    assert d.current == "history" and d.dialog is None
    d.tap_id("back", "history")
    assert d.current == "table"
    assert d.text("turn") == "Ben's turn"


def test_history_without_a_store_says_so(start_app):
    d = start_app()
    d.tap_id("menu_button")
    d.tap(d.dialog.ids.history)
    assert d.current == "table"
    assert d.root.notice_shown == "No game history is kept in this mode"


class FullDisk(MemoryJournal):
    """A journal that cannot begin a game (the SD card is full)."""

    full = False

    def begin(self, setup):
        if self.full:
            raise JournalError(N_("The SD card is full: the game cannot be saved"))
        return super().begin(setup)


def test_a_new_game_the_journal_refuses_says_why(start_app):
    from companion.app.context import AppContext
    from companion.session import TableSession

    journal = FullDisk()
    session = TableSession(journal=journal)
    session.new_game(GameSetup.create(["Ana", "Ben"]))
    d = start_app(AppContext(session=session, sound=False))
    session.abandon()
    d.frames(2)
    assert d.current == "end"
    journal.full = True
    d.tap_id("same_players", "end")
    assert d.current == "end", "the finished game stays on the screen"
    assert d.root.notice_shown == "The SD card is full: the game cannot be saved"
    d.tap_id("change_players", "end")
    d.tap_id("start", "newgame")
    assert d.current == "newgame"
    assert d.text("error", "newgame") == "The SD card is full: the game cannot be saved"
    journal.full = False
    d.tap_id("start", "newgame")
    assert d.current == "table" and not d.session.state.over


def test_default_names_follow_the_language(start_app):
    d = start_app(new_game=False)
    screen = d.screen("newgame")
    screen.rows[1].ids.name.text = "Bea"
    d.tap_id("lang_it", "newgame")
    assert [r.name for r in screen.rows] == ["Giocatore 1", "Bea", "Giocatore 3", "Giocatore 4",
                                             "Giocatore 5"]
    assert screen.rows[0].ids.name.text == "Giocatore 1"
    d.tap_id("lang_en", "newgame")
    assert [r.name for r in screen.rows[:3]] == ["Player 1", "Bea", "Player 3"]


def test_every_message_follows_the_language(start_app):
    from companion import i18n
    from companion.app.context import AppContext
    from companion.session import TableSession

    session = TableSession()
    game = GameSetup.create(["Ana", "Ben"])
    session.resume(1, game, [])
    session.play(parse_card("R1"))
    d = start_app(AppContext(session=session, sound=False))  # a game resumed at start
    assert d.text("message") == "Turn 2 · last: Play Red 1"
    d.tap_id("menu_button")
    d.tap(d.dialog.ids.lang_it)
    assert d.text("message") == "Turno 2 · ultima mossa: Gioca Rosso 1"
    d.tap(d.dialog.ids.lang_en)
    d.tap(d.dialog.ids.close)
    for card in ("B3", "B3", "B4"):  # three misfires end the game
        session.play(parse_card(card))
    d.frames(2)
    assert d.current == "end"
    d.key("p")  # refused by the table itself, not by the session
    english = "\u26a0 The game is over: nothing more can be recorded"
    assert d.text("message", "table") == english
    d.app.actions.set_language("it")  # as the new-game screen's language buttons do
    italian = "\u26a0 " + i18n.gettext("The game is over: nothing more can be recorded")
    assert d.text("message", "table") == italian != english


def test_remembering_never_waits_on_the_ui_thread(start_app, monkeypatch):
    import os
    import threading

    from companion import config
    from companion.app import last_setup

    synced = []
    real_fsync = os.fsync

    def fsync(fd):
        synced.append(threading.current_thread())
        return real_fsync(fd)

    monkeypatch.setattr(last_setup.os, "fsync", fsync)
    d = start_app(new_game=False)
    d.tap_id("lang_it", "newgame")
    d.tap_id("start", "newgame")
    assert d.current == "table"
    last_setup.flush()
    assert len(synced) == 2 and threading.main_thread() not in synced
    saved = json.loads((config.data_dir() / "last-setup.json").read_text())
    assert saved["language"] == "it" and saved["setup"]["players"][0] == "Giocatore 1"


def test_the_history_is_read_only_when_it_is_shown(start_app):
    from companion.app.context import AppContext
    from companion.session import TableSession
    from companion.store import memory_store

    store = memory_store()
    reads = []
    games = store.games
    store.games = lambda: reads.append(1) or games()
    session = TableSession(journal=store)
    session.new_game(GameSetup.create(["Ana", "Ben"]))
    d = start_app(AppContext(session=session, store=store, sound=False))
    d.tap_id("menu_button")
    d.tap(d.dialog.ids.history)
    assert d.current == "history" and len(reads) == 1
    d.tap_id("back", "history")
    d.tap_id("menu_button")
    d.tap(d.dialog.ids.lang_it)  # the history is not on the screen: nothing to read
    d.tap(d.dialog.ids.history)
    assert len(reads) == 2 and d.text("games_tab", "history") == "Partite"
    d.stop()
    store.close()
    d.app.actions.set_language("en")  # a screen of a closed app reads nothing


def test_a_history_kept_in_a_file_is_read_off_the_screens_thread(start_app, tmp_path):
    """Entering the history never waits for the store: the list is read on a thread of its own,
    on a connection of its own, and shown when it is read; the table goes on recording meanwhile."""
    import threading

    from companion.app.context import AppContext
    from companion.rules.simulate import simulate_game
    from companion.session import TableSession
    from companion.store import open_store
    from companion.store.database import Store

    store, _notice = open_store(tmp_path / "history.sqlite3")
    for seed in range(30):
        store.import_game(simulate_game(GameSetup.create(["Ana", "Ben", "Cy"]), seed))
    readers = []
    games = Store.games

    def games_noting_the_thread(self):
        readers.append((self is store, threading.current_thread().name))
        return games(self)

    Store.games = games_noting_the_thread
    try:
        session = TableSession(journal=store)
        session.new_game(GameSetup.create(["Ana", "Ben"]))
        d = start_app(AppContext(session=session, store=store, sound=False))
        d.tap_id("menu_button")
        d.tap(d.dialog.ids.history)
        history = d.screen("history")
        assert d.current == "history"
        assert d.wait_for(lambda: not history.loading and len(history.rows) == 31)
        assert readers == [(False, "history")]  # a second connection, not the table's, not here
        assert history.title.startswith("Game ") and history.score_text.endswith(" of 25")
        d.tap_id("back", "history")
        assert session.clue().kind == "applied"  # the table's own connection is untouched
        d.stop()
    finally:
        Store.games = games
        store.close()
