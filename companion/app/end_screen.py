"""The end of the game: the outcome as the rules tell it, the score the chosen scoring gives,
the rating scale with the crowd's reaction where that scoring uses it, and the group's record.

Layout in kv/end.kv; the words come from companion.app.view_data.end_figures. The group's
rating is worked out from the games kept (companion.store.record), on a thread of its own when
the history is a file, and shown when it is ready.
"""

from __future__ import annotations

import logging
import threading

from kivy.clock import Clock
from kivy.properties import (BooleanProperty, ColorProperty, NumericProperty, ObjectProperty,
                             StringProperty)
from kivy.uix.screenmanager import Screen

from companion.app import palette
from companion.app.lang import LANG
from companion.app.widgets import Box

log = logging.getLogger(__name__)

TONE_COLOURS = {"success": palette.GOOD, "loss": palette.BAD, "neutral": palette.TEXT}
# The band reached, on the scale: green only for a success, never for a lost game.
BAND_COLOURS = {"success": palette.GOOD, "loss": palette.WARN, "neutral": palette.CLUE}
# A game played to its end is a success, but "booed by the crowd" is not a green moment: the
# headline and the band take the band's own shade (the top bands green, the middle ones blue,
# the bottom ones orange).
BAND_SHADES = {"divine": palette.GOOD, "legendary": palette.GOOD, "amazing": palette.GOOD,
               "excellent": palette.CLUE, "honourable": palette.CLUE,
               "mediocre": palette.WARN, "horrible": palette.WARN}


def ending_colours(tone: str, band: str | None) -> tuple[tuple, tuple]:
    """(the headline's colour, the reached band's colour) for an ending's tone and band."""
    if tone == "success" and band in BAND_SHADES:
        return BAND_SHADES[band], BAND_SHADES[band]
    return TONE_COLOURS.get(tone, palette.TEXT), BAND_COLOURS.get(tone, palette.GOOD)


class RatingRow(Box):
    band = StringProperty("")
    name = StringProperty("")
    reaction = StringProperty("")
    points = StringProperty("")
    reached = BooleanProperty(False)
    highlight = ColorProperty(palette.GOOD)  # the band reached


class FireworkChip(Box):
    symbol = StringProperty("")
    colour = ColorProperty(palette.TEXT)
    ink = ColorProperty((0, 0, 0, 1))
    height_reached = NumericProperty(0)


class EndScreen(Screen):
    model = ObjectProperty(None)
    actions = ObjectProperty(None)
    store = ObjectProperty(None, allownone=True)  # the history, for the group's record
    tone_colour = ColorProperty(palette.TEXT)
    record_text = StringProperty("")  # "Ana, Ben, Cy: 1,032 → 1,047, best 23, 4th game"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._change = None  # the group's rating change for the game shown, once worked out
        self._reads = 0
        self.model.bind(end=self._changed, fireworks=self._changed)
        LANG.bind(code=self._word_record)
        self._show()

    def _changed(self, *_args) -> None:
        if self.manager is not None and self.manager.current == self.name:
            self._show()

    def on_pre_enter(self, *_args) -> None:
        self._show()

    def rating_rows(self) -> list[RatingRow]:
        return list(reversed(self.ids.scale.children))

    def _show(self, *_args) -> None:
        end = self.model.end
        rows = end.get("rows", [])
        band = next((row["band"] for row in rows if row["reached"]), None)
        self.tone_colour, highlight = ending_colours(end.get("tone", "neutral"), band)
        scale = self.ids.scale
        scale.clear_widgets()
        for row in reversed(rows):  # the best band on top
            scale.add_widget(RatingRow(band=row["band"], name=row["name"], reaction=row["reaction"],
                                       points=row["points"], reached=row["reached"],
                                       highlight=highlight))
        chips = self.ids.chips
        chips.clear_widgets()
        for firework in self.model.fireworks:
            chips.add_widget(FireworkChip(symbol=firework["symbol"], colour=firework["colour"],
                                          ink=firework["ink"], height_reached=firework["height"]))
        self._read_record()

    # ----- the group's record ----------------------------------------------------------------
    def _read_record(self) -> None:
        """Works out what this game did to the group's rating, off the UI thread for a file."""
        from companion.store.record import rating_change_of

        self._reads += 1
        read = self._reads
        self._change = None
        self.record_text = ""
        session = self.model.session
        store = self.store
        if store is None or session.state is None or not session.state.scored:
            return
        game_id = session.game_id
        reader = store.reader() if hasattr(store, "reader") else None
        if reader is None:
            self._record_read(read, rating_change_of(store, game_id))
            return

        def work() -> None:
            try:
                try:
                    change = rating_change_of(reader, game_id)
                finally:
                    reader.close()
            except Exception as err:  # a record that cannot be read is left out, nothing more
                log.warning("the group's record could not be read: %s", err)
                change = None
            Clock.schedule_once(lambda _dt: self._record_read(read, change))

        threading.Thread(target=work, name="record", daemon=True).start()

    def _record_read(self, read: int, change) -> None:
        if read == self._reads:
            self._change = change
            self._word_record()

    def _word_record(self, *_args) -> None:
        from companion.words.record import rating_change_text

        text = rating_change_text(self._change) if self._change is not None else ""
        # the arrow is drawn in the symbol font: the text font has no arrows
        self.record_text = palette.escape_markup(text).replace(
            "\u2192", f"[font={palette.SYMBOL_FONT}]\u2192[/font]")
