"""The end screen for every way a game can end, at 800x480 and 1280x720, in English and Italian:
what the table reads from across the room (the outcome, the score the chosen scoring gives, a
loss in the colour of a loss, the scale only where the scoring uses it, the crowd's reaction),
and every label whole. The pictures stay in tests/artefacts/end/ to be looked at."""

from __future__ import annotations

import pytest

from conftest import missing_glyphs, unreadable_labels
from ending_helpers import abandoned, crowning_card_lost, crowning_perfect, fuse_loss, scored_game

from companion.app import palette

pytestmark = pytest.mark.ui

# name -> (the game, the tone of its colour, whether the scale is shown, the band reached)
ENDINGS = {
    "legendary-25": (lambda: scored_game(25), "success", True, "legendary"),
    "amazing-22": (lambda: scored_game(22), "success", True, "amazing"),
    "excellent-18": (lambda: scored_game(18), "success", True, "excellent"),
    "honourable-13": (lambda: scored_game(13), "success", True, "honourable"),
    "mediocre-8": (lambda: scored_game(8), "success", True, "mediocre"),
    "horrible-3": (lambda: scored_game(3), "success", True, "horrible"),
    "six-suits-30": (lambda: scored_game(30, variant="multicolor"), "success", True, "divine"),
    "fuse-zero": (lambda: fuse_loss(9, "zero"), "loss", False, None),
    "fuse-minus-ten": (lambda: fuse_loss(9, "minus_ten"), "loss", False, None),
    "fuse-keep": (lambda: fuse_loss(9, "keep"), "loss", True, "mediocre"),
    "crowning-win": (crowning_perfect, "success", False, None),
    "crowning-loss": (crowning_card_lost, "loss", False, None),
    "abandoned": (abandoned, "neutral", False, None),
}
TITLES = {
    "fuse-zero": "Lost: the third fuse burnt", "fuse-minus-ten": "Lost: the third fuse burnt",
    "fuse-keep": "Lost: the third fuse burnt", "crowning-win": "Perfect", "crowning-loss": "Lost",
    "abandoned": "Game abandoned", "legendary-25": "A perfect game!", "six-suits-30": "A perfect game!",
}
FIGURES = {"fuse-zero": "0", "fuse-minus-ten": "-10", "fuse-keep": "9", "crowning-loss": "",
           "abandoned": "0", "crowning-win": "25"}
COLOURS = {"success": palette.GOOD, "loss": palette.BAD, "neutral": palette.TEXT}


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_every_ending_reads_right_from_across_the_table(start_app, size, lang):
    from companion import i18n
    from companion.app.context import AppContext
    from companion.app.end_screen import BAND_SHADES
    from companion.session import TableSession

    i18n.set_language(lang)
    problems = {}
    for name, (make, tone, scale, band) in ENDINGS.items():
        game = make()
        session = TableSession()
        session.resume(1, game.setup, game.events)
        d = start_app(AppContext(session=session, sound=False), size=size)
        d.frames(3)
        assert d.current == "end", name
        ids, screen = d.ids("end"), d.screen("end")
        assert ids.headline.text, name
        expected = BAND_SHADES[band] if tone == "success" and band else COLOURS[tone]
        assert tuple(ids.headline.color) == tuple(expected), name
        if band in ("horrible", "mediocre"):  # booed or barely clapped: not the green of a win
            assert tuple(ids.headline.color) != tuple(palette.GOOD), name
        if lang == "en" and name in TITLES:
            assert ids.headline.text == TITLES[name], name
        if name in FIGURES:
            assert ids.score.text == FIGURES[name], name
        rows = screen.rating_rows()
        assert bool(rows) == scale and (ids.scale_panel.opacity == 1) == scale, name
        assert [r.band for r in rows if r.reached] == ([band] if band else []), name
        if tone != "success":  # a lost game is never highlighted in the colour of success
            assert all(tuple(r.highlight) != tuple(palette.GOOD) for r in rows if r.reached), name
        if scale:
            assert all(r.reaction for r in rows) and ids.verdict.text, name
            assert rows[0].points == ("30" if name == "six-suits-30" else "25"), name
        found = missing_glyphs(d.window) + unreadable_labels(d.window)
        if found:
            problems[name] = found
        if d.can_shoot:
            d.shot(f"end/{name}-{size[0]}x{size[1]}-{lang}")
        d.stop()
    assert not problems, problems


def test_the_end_screen_says_what_the_game_did_to_the_groups_rating(start_app, tmp_path):
    """Two games of the same players are kept; the third one ends at the table: the end screen
    says the group's rating before and after, its best score and that this was its 3rd game.
    A game of other players leaves the line empty."""
    from companion.app.context import AppContext
    from companion.rules.record import group_records
    from companion.session import TableSession
    from companion.store import open_store
    from companion.store.record import record_games

    store, _notice = open_store(tmp_path / "history.sqlite3")
    store.import_game(scored_game(20))
    store.import_game(scored_game(24))
    played = scored_game(22)
    session = TableSession(journal=store)
    session.new_game(played.setup)
    for event in played.events:
        session.apply_event(event, "touch")
    record = group_records(record_games(store.games()))[0]
    assert [p.score for p in record.history] == [20, 24, 22]
    before, after = record.history[-1].before, record.history[-1].after
    assert round(after) > round(before)  # 22 is above the par of a 3-player classic game
    d = start_app(AppContext(session=session, store=store, sound=False))
    screen = d.screen("end")
    assert d.current == "end"
    assert d.wait_for(lambda: screen.record_text != "")
    names = ", ".join(played.setup.players)
    assert screen.record_text == (f"{names}: {round(before):,} [font=Symbols]\u2192[/font] "
                                  f"{round(after):,}, best 24, 3rd game")
    assert d.ids("end").record.text == screen.record_text
    assert not missing_glyphs(d.window) and not unreadable_labels(d.window)
    if d.can_shoot:
        d.shot("end/record-800x480-en")
    d.stop()
    store.close()
