"""The history screen: the games kept, newest first, one game's summary, and the statistics.

    HistoryScreen(store=store, name="history")     Back goes to the screen named "table".

Two tabs: "Games" (the list, and the chosen game's fireworks, discards, how it ended and its
rating band) and "Statistics" (score over time, each group's rating over time, the scores of each variant and player count,
average and best, the share of perfect games, why games fell short). The plots are drawn with
Kivy graphics, nothing else. Layout in kv/history.kv; the figures come from companion.store.
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.properties import (BooleanProperty, ListProperty, NumericProperty, ObjectProperty,
                             StringProperty)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion import i18n
from companion.app import palette
from companion.app.kv_files import load_kv
from companion.app.lang import LANG
from companion.app.scale import SCALE
from companion.app.widgets import SYMBOL_FONT, BigButton
from companion.i18n import N_
from companion.rules.variants import VARIANTS
from companion.words import cause_name, message, outcome_name, rating_name, say, variant_name
from companion.rules.state import MAX_CLUES, MAX_FUSES
from companion.rules.cards import RANKS
from companion.rules.ending import CAUSES
from companion.rules.record import START_RATING, GroupRecord, group_records
from companion.store import GameRow, Statistics, StoreError, statistics
from companion.store.record import record_games
from companion.words.record import rating_text

log = logging.getLogger(__name__)


# ----- words -----------------------------------------------------------------------------------
def when_text(moment: datetime) -> str:
    """"21/11/2026 10:30", in local time."""
    return moment.astimezone().strftime("%d/%m/%Y %H:%M")


def game_line(row: GameRow, chosen: bool = False) -> str:
    """The two lines of a game in the list (markup): result and date, then players and variant."""
    if row.scored:
        result = f"{row.score}/{row.perfect_score}"
    elif row.outcome == "abandoned":
        result = say(N_("abandoned"))
    else:
        result = say(N_("in progress"))
    date = row.started.astimezone().strftime("%d/%m/%Y")
    dim = palette.hex_colour((0.1, 0.16, 0.3, 1) if chosen else palette.TEXT_DIM)
    players = palette.escape_markup(", ".join(row.players))  # a name may hold "[" or "]"
    return (f"[b]{result}[/b]   {date}\n"
            f"[color={dim}]{players} · {variant_name(row.variant)}[/color]")


def duration_text(row: GameRow) -> str:
    if not row.ended:
        return ""
    minutes = max(0, round((row.ended - row.started).total_seconds() / 60))
    if row.source == "import" or minutes == 0:
        return ""
    return say(N_("{minutes} min"), minutes=minutes)


# ----- drawing helpers -----------------------------------------------------------------------
def text_texture(text: str, size: float, colour=palette.TEXT, bold: bool = False,
                 font: str | None = None):
    label = CoreLabel(text=text, font_size=size, color=colour, bold=bold,
                      **({"font_name": font} if font else {}))
    label.refresh()
    return label.texture


def draw_text(text: str, x: float, y: float, size: float, colour=palette.TEXT, anchor: str = "left",
              bold: bool = False, valign: str = "bottom", font: str | None = None) -> float:
    """Draws text on the current canvas; returns its width. anchor: left, centre, right."""
    texture = text_texture(text, size, colour, bold, font)
    w, h = texture.size
    if anchor == "centre":
        x -= w / 2
    elif anchor == "right":
        x -= w
    if valign == "middle":
        y -= h / 2
    elif valign == "top":
        y -= h
    Color(1, 1, 1, 1)
    Rectangle(texture=texture, pos=(round(x), round(y)), size=texture.size)
    return w


def dashed(x1: float, y1: float, x2: float, y2: float, width: float, dash: float) -> None:
    """A dashed straight line on the current canvas (Kivy dashes only hairlines)."""
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    if not length:
        return
    dx, dy = (x2 - x1) / length, (y2 - y1) / length
    at = 0.0
    while at < length:
        end = min(at + dash, length)
        Line(points=[x1 + dx * at, y1 + dy * at, x1 + dx * end, y1 + dy * end], width=width)
        at += dash * 2


def nice_step(span: float) -> int:
    for step in (1, 2, 5, 10, 20, 50):
        if span / step <= 6:
            return step
    return 100


class Plot(Widget):
    """A widget that redraws itself whenever its data, size or the language change.

    Drawing reads x, y, width and height only: top, right and center are cached aliases that
    can still hold the old values while a size change is being dispatched."""

    data = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self.redraw, size=self.redraw, data=self.redraw)
        SCALE.bind(u=self.redraw)

    @property
    def u(self) -> float:
        return SCALE.u

    def redraw(self, *_args) -> None:
        self.canvas.clear()
        if self.data is None or self.width < 10 or self.height < 10:
            return
        with self.canvas:
            self.draw()

    def draw(self) -> None:  # pragma: no cover - each plot draws itself
        raise NotImplementedError


class ScoreTimeline(Plot):
    """Scores of the finished games in the order they were played: a line with a dot per game,
    perfect games in green, a dashed line at the average. data: (points, average)."""

    def draw(self) -> None:
        points, average = self.data
        if not points:
            return
        u = self.u
        top = max(max(p.score for p in points), max(VARIANTS[p.variant].max_score for p in points))
        bottom = min(0, min(p.score for p in points))
        left = self.x + 34 * u
        right = self.x + self.width - 10 * u
        base = self.y + 8 * u
        height = self.height - 18 * u

        def y_of(score: float) -> float:
            return base + (score - bottom) / (top - bottom or 1) * height

        step = nice_step(top - bottom)
        for value in range(bottom - bottom % step, top + 1, step):
            Color(*palette.PANEL_LIGHT)
            Line(points=[left, y_of(value), right, y_of(value)], width=1)
            draw_text(str(value), left - 6 * u, y_of(value), 14 * u, palette.TEXT_DIM, "right",
                      valign="middle")
        if average is not None:
            Color(*palette.WARN)
            dashed(left, y_of(average), right, y_of(average), 1.5 * u, 8 * u)
        dots = binned(points)
        n = len(dots)
        gap = (right - left) / max(n - 1, 1)
        xy = [(left + (i * gap if n > 1 else (right - left) / 2), y_of(score))
              for i, (score, _perfect) in enumerate(dots)]
        if n > 1:
            Color(*palette.CLUE)
            Line(points=[c for pt in xy for c in pt], width=2 * u)
        dot = max(4.0, min(12 * u, gap * 0.8))
        for (x, y), (_score, perfect) in zip(xy, dots):
            Color(*(palette.GOOD if perfect else palette.CLUE))
            Ellipse(pos=(x - dot / 2, y - dot / 2), size=(dot, dot))


MAX_GROUP_PLOTS = 3  # the groups that played last get a rating plot each
MAX_DOTS = 120  # more games than this are drawn as the average of runs of consecutive games


def bin_size(count: int, most: int = MAX_DOTS) -> int:
    """How many consecutive games one dot stands for, so that at most `most` dots are drawn."""
    return max(1, -(-count // most))


def binned(points: list, most: int = MAX_DOTS) -> list[tuple[float, bool]]:
    """(score, perfect) per dot: each game, or for a long history the average of each run of
    consecutive games (perfect when every game of the run was)."""
    size = bin_size(len(points), most)
    dots = []
    for start in range(0, len(points), size):
        run = points[start:start + size]
        dots.append((sum(p.score for p in run) / len(run),
                     all(p.score >= VARIANTS[p.variant].max_score for p in run)))
    return dots


class RatingCurve(Plot):
    """One group's rating after each of its scored games, oldest first, with the starting
    rating dashed; the latest rating is the big dot. data: the group's RatingPoints."""

    def draw(self) -> None:
        points = self.data
        if not points:
            return
        u = self.u
        ratings = [points[0].before] + [p.after for p in points]
        step = max(len(ratings) // MAX_DOTS, 1)  # a long record: every step-th game, and the last
        shown = ratings[::step] if (len(ratings) - 1) % step == 0 else ratings[::step] + ratings[-1:]
        low = min(min(shown), START_RATING)
        high = max(max(shown), START_RATING)
        grid = next((g for g in (10, 20, 25, 50, 100, 200, 250) if (high - low) / g <= 4), 500)
        low, high = grid * (low // grid), grid * (-(-high // grid))
        left = self.x + 56 * u
        right = self.x + self.width - 14 * u
        base = self.y + 8 * u
        height = self.height - 18 * u

        def y_of(rating: float) -> float:
            return base + (rating - low) / (high - low or 1) * height

        value = low
        while value <= high:
            Color(*palette.PANEL_LIGHT)
            Line(points=[left, y_of(value), right, y_of(value)], width=1)
            draw_text(rating_text(value), left - 6 * u, y_of(value), 14 * u, palette.TEXT_DIM,
                      "right", valign="middle")
            value += grid
        Color(*palette.TEXT_DIM)
        dashed(left, y_of(START_RATING), right, y_of(START_RATING), 1.5 * u, 8 * u)
        gap = (right - left) / max(len(shown) - 1, 1)
        xy = [(left + i * gap, y_of(r)) for i, r in enumerate(shown)]
        rising = shown[-1] >= shown[0]
        Color(*(palette.GOOD if rising else palette.WARN))
        if len(xy) > 1:
            Line(points=[c for pt in xy for c in pt], width=2 * u)
        dot = 14 * u
        x, y = xy[-1]
        Ellipse(pos=(x - dot / 2, y - dot / 2), size=(dot, dot))


class ScoreHistogram(Plot):
    """How many games ended at each score, for one variant and player count.
    data: a companion.store.stats.Distribution."""

    def draw(self) -> None:
        dist = self.data
        u = self.u
        top_score = max(dist.max_score, dist.best)
        low = min(0, min(dist.counts))
        scores = list(range(low, top_score + 1))
        tallest = max(dist.counts.values())
        left, right = self.x + 6 * u, self.x + self.width - 6 * u
        base = self.y + 22 * u
        height = self.height - 40 * u
        slot = (right - left) / len(scores)
        bar = max(1.0, slot * 0.8)
        for i, score in enumerate(scores):
            count = dist.counts.get(score, 0)
            x = left + i * slot + (slot - bar) / 2
            if count:
                h = max(3 * u, count / tallest * height)
                Color(*(palette.GOOD if score >= dist.max_score else palette.CLUE))
                Rectangle(pos=(x, base), size=(bar, h))
                if slot >= 14 * u or count == tallest:
                    draw_text(str(count), x + bar / 2, base + h + 2 * u, 13 * u, palette.TEXT,
                              "centre")
            if score % 5 == 0:
                draw_text(str(score), x + bar / 2, self.y + 2 * u, 14 * u, palette.TEXT_DIM, "centre")
        Color(*palette.TEXT_DIM)
        Line(points=[left, base, right, base], width=1)
        avg_x = left + (dist.average - low) * slot + slot / 2
        Color(*palette.WARN)
        dashed(avg_x, base, avg_x, base + height, 1.5 * u, 6 * u)


class ShareRing(Plot):
    """The share of perfect games as a ring, the percentage in the middle. data: (part, whole)."""

    def draw(self) -> None:
        part, whole = self.data
        u = self.u
        d = min(self.width, self.height) - 8 * u
        cx, cy = self.x + self.width / 2, self.y + self.height / 2
        Color(*palette.PANEL_LIGHT)
        Ellipse(pos=(cx - d / 2, cy - d / 2), size=(d, d))
        if whole and part:
            Color(*palette.GOOD)
            Ellipse(pos=(cx - d / 2, cy - d / 2), size=(d, d), angle_start=0,
                    angle_end=360 * part / whole)
        hole = d * 0.62
        Color(*palette.PANEL)
        Ellipse(pos=(cx - hole / 2, cy - hole / 2), size=(hole, hole))
        share = f"{part / whole:.0%}" if whole else "-"
        draw_text(share, cx, cy, 30 * u, palette.TEXT, "centre", bold=True, valign="middle")


class CauseBars(Plot):
    """Why games fell short: a bar per cause, the most common one highlighted.
    data: (counter of causes, the top cause)."""

    def draw(self) -> None:
        causes, top = self.data
        rows = [(c, causes[c]) for c in CAUSES if causes.get(c)]
        if not rows:
            return
        u = self.u
        most = max(n for _c, n in rows)
        row_h = min(self.height / len(rows), 44 * u)
        label_size = 15 * u
        count_w = 34 * u
        y = self.y + self.height
        for cause, n in rows:
            y -= row_h
            words = cause_name(cause)
            draw_text(words, self.x + 4 * u, y + row_h * 0.52, label_size,
                      palette.TEXT if cause == top else palette.TEXT_DIM, valign="bottom",
                      bold=cause == top)
            bar_w = (self.width - count_w - 8 * u) * n / most
            Color(*(palette.WARN if cause == top else palette.PANEL_LIGHT))
            RoundedRectangle(pos=(self.x + 4 * u, y + row_h * 0.1), size=(bar_w, row_h * 0.38),
                             radius=[3 * u])
            draw_text(str(n), self.x + 10 * u + bar_w, y + row_h * 0.1, label_size, palette.TEXT)


class FireworkBars(Plot):
    """A game's fireworks: a column per suit, lit up to its height, crossed above what could no
    longer be reached. data: a GameState."""

    def draw(self) -> None:
        state = self.data
        u = self.u
        suits = state.variant.suits
        col = self.width / len(suits)
        label_h = 24 * u
        cell_h = (self.height - label_h - 4 * u) / len(RANKS)
        for i, suit in enumerate(suits):
            x = self.x + i * col + col * 0.12
            w = col * 0.76
            colour = palette.suit_colour(suit)
            for rank in RANKS:
                y = self.y + label_h + (rank - 1) * cell_h
                lit = rank <= state.fireworks[suit]
                out = rank > state.suit_max[suit]
                Color(*(colour if lit else (palette.BACKGROUND if out else palette.PANEL_LIGHT)))
                RoundedRectangle(pos=(x, y + 1), size=(w, cell_h - 2), radius=[3 * u])
                if out:
                    Color(*palette.DEAD)
                    Line(points=[x + 3, y + 3, x + w - 3, y + cell_h - 3], width=1.5)
            draw_text(f"{palette.suit_symbol(suit)} {state.fireworks[suit]}", x + w / 2, self.y,
                      17 * u, colour, "centre", bold=True, font=SYMBOL_FONT)


class DiscardChips(Plot):
    """The discard pile in order, one chip per card (misfires too). data: list of Cards."""

    def draw(self) -> None:
        cards = self.data
        u = self.u
        w, h, gap = 44 * u, 30 * u, 4 * u
        per_row = max(1, int((self.width + gap) // (w + gap)))
        for i, card in enumerate(cards):
            row, column = divmod(i, per_row)
            x = self.x + column * (w + gap)
            y = self.y + self.height - (row + 1) * (h + gap)
            Color(*palette.suit_colour(card.suit))
            RoundedRectangle(pos=(x, y), size=(w, h), radius=[4 * u])
            draw_text(f"{palette.suit_symbol(card.suit)}{card.rank}", x + w / 2, y + h / 2, 16 * u,
                      palette.suit_ink(card.suit), "centre", bold=True, valign="middle",
                      font=SYMBOL_FONT)

    @staticmethod
    def rows_needed(count: int, width: float) -> int:
        u = SCALE.u
        per_row = max(1, int((width + 4 * u) // (48 * u)))
        return max(1, -(-count // per_row))


# ----- the list and the cards --------------------------------------------------------------
class GameListRow(BigButton):
    """A game in the list: its date, result, players and variant; tap to see its summary.

    Its words are made when the row is shown (a long history has thousands of rows, of which a
    screen shows a handful), and again when the language changes."""

    game = ObjectProperty(None, allownone=True)  # the GameRow shown
    game_id = NumericProperty(0)
    chosen = BooleanProperty(False)
    screen = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.bind(game=self._word, chosen=self._word)
        LANG.bind(code=self._word)

    def _word(self, *_args) -> None:
        self.text = game_line(self.game, self.chosen) if self.game is not None else ""


class StatCard(BoxLayout):
    """A titled panel of the statistics holding one figure or plot."""

    title = StringProperty("")
    note = StringProperty("")


class HistoryScreen(Screen):
    store = ObjectProperty(None, allownone=True)
    tab = StringProperty("games")  # "games" or "stats"
    selected = NumericProperty(0)  # the game shown (0: none)
    empty = BooleanProperty(True)
    stats_shown = BooleanProperty(False)
    # the chosen game's summary
    title = StringProperty("")
    subtitle = StringProperty("")
    score_text = StringProperty("")
    band_text = StringProperty("")
    ending_text = StringProperty("")
    facts_text = StringProperty("")
    discards_title = StringProperty("")
    perfect = BooleanProperty(False)
    game_state = ObjectProperty(None, allownone=True)
    discards = ListProperty([])
    rows = ListProperty([])

    loading = BooleanProperty(False)  # the history is being read (off the UI thread)

    def __init__(self, **kwargs) -> None:
        load_kv("widgets.kv")
        load_kv("history.kv")
        super().__init__(**kwargs)
        self._games: list[GameRow] = []
        self.stats: Statistics = statistics([])
        self.records: list[GroupRecord] = []  # every group's record, latest played first
        self._reads = 0  # reads asked for; a read that finishes after a newer one is dropped
        self._shown_game: tuple | None = None  # (game id, state, undone count) of the game shown
        self._stats_filled = False
        LANG.bind(code=self._language_changed)

    def _language_changed(self, *_args) -> None:
        """Shown now: said again in the new language, from what was read (the store is not read
        again). Not shown: entering it will refresh it."""
        if (self.manager is not None and self.manager.current == self.name
                and self.get_root_window() is not None):
            self._show()

    # ----- navigation ------------------------------------------------------------------
    def go_back(self) -> None:
        if self.manager:
            self.manager.current = "table"

    def show_tab(self, tab: str) -> None:
        self.tab = tab

    def on_tab(self, _screen, tab: str) -> None:
        if tab == "stats" and not self._stats_filled:
            self._fill_stats()  # drawn when first looked at, not with the list
        if "tabs" in self.ids:
            self.ids.tabs.current = tab

    def on_pre_enter(self, *_args) -> None:
        self.refresh()

    # ----- data ------------------------------------------------------------------------
    def refresh(self) -> None:
        """Reads the history again and shows it (on entering the screen). A store kept in a file
        is read on a thread of its own, on a connection of its own, so that a long history
        never holds up the screen; the list and the statistics appear when it is read."""
        self._reads += 1
        read = self._reads
        store = self.store
        reader = store.reader() if store is not None and hasattr(store, "reader") else None
        if reader is None:
            rows = store.games() if store is not None else []
            self._read_done(read, rows, statistics(rows), group_records(record_games(rows)))
            return
        self.loading = True

        def read_history() -> None:
            try:
                try:
                    rows = reader.games()
                finally:
                    reader.close()
                result = (rows, statistics(rows), group_records(record_games(rows)))
            except Exception as err:  # a store that went away meanwhile: shown as nothing read
                log.warning("the history could not be read: %s", err)
                result = ([], statistics([]), [])
            Clock.schedule_once(lambda _dt: self._read_done(read, *result))

        threading.Thread(target=read_history, name="history", daemon=True).start()

    def _read_done(self, read: int, rows: list[GameRow], stats: Statistics,
                   records: list[GroupRecord]) -> None:
        if read != self._reads:
            return  # a newer read is on its way
        self.loading = False
        self._games, self.stats, self.records = rows, stats, records
        self._shown_game = None
        self._show()

    def _show(self) -> None:
        """What was read, in the current language."""
        self.empty = not self._games
        ids = {g.id for g in self._games}
        if self.selected not in ids:
            finished = [g for g in self._games if g.scored]
            self.selected = (finished or self._games)[0].id if self._games else 0
        self._fill_list()
        self.show_game(self.selected)
        self._stats_filled = False
        if self.tab == "stats":
            self._fill_stats()
        else:
            self.ids.stats_box.clear_widgets()
            self.stats_shown = bool(self.stats.scored)

    def _fill_list(self) -> None:
        selected = self.selected
        self.rows = [{"game": g, "game_id": g.id, "chosen": g.id == selected, "screen": self}
                     for g in self._games]

    def select(self, game_id: int) -> None:
        self.selected = game_id
        self._fill_list()
        self.show_game(game_id)

    def show_game(self, game_id: int) -> None:
        row = next((g for g in self._games if g.id == game_id), None)
        if row is None:
            self.title = self.subtitle = self.score_text = self.band_text = ""
            self.ending_text = self.facts_text = self.discards_title = ""
            self.game_state, self.discards = None, []
            return
        state, undone, error = self._game_state(game_id)
        if error is not None:
            self.facts_text = message(error)
            self.discards_title, self.discards = "", []
        self.title = say(N_("Game {game} · {when}"), game=row.id, when=when_text(row.started))
        self.subtitle = palette.escape_markup(f"{variant_name(row.variant)} · {', '.join(row.players)}")
        if row.scored:
            self.score_text = say(N_("{score} of {max}"), score=row.score, max=row.perfect_score)
        elif state is not None and row.finished:
            self.score_text = say(N_("{score} on the fireworks"), score=state.fireworks_total)
        elif state is not None:
            self.score_text = say(N_("{score} so far"), score=state.fireworks_total)
        else:
            self.score_text = ""
        self.perfect = row.outcome == "perfect"
        self.band_text = rating_name(row.rating) if row.rating else ""
        self.ending_text = (outcome_name(row.outcome) if row.finished
                            else say(N_("In progress: it goes on at the table")))
        if state is not None:
            facts = [say(N_("{turns} turns"), turns=state.turn),
                     say(N_("clocks {clues}/{max}"), clues=state.clues, max=MAX_CLUES),
                     say(N_("fuses {fuses}/{max}"), fuses=state.fuses, max=MAX_FUSES)]
            if undone:
                facts.append(say(N_("{count} undone"), count=undone))
            if duration_text(row):
                facts.append(duration_text(row))
            self.facts_text = " · ".join(facts)
            self.discards_title = (say(N_("Discards ({count})"), count=len(state.discards))
                                   if state.discards else say(N_("No card discarded")))
            self.discards = list(state.discards)
        self.game_state = state

    def _game_state(self, game_id: int):
        """(state, undone events, error) of a game, replayed once while it stays the one shown."""
        if self._shown_game is None or self._shown_game[0] != game_id:
            try:
                state = self.store.game(game_id).state
                undone = sum(1 for r in self.store.journal(game_id) if not r.stands)
                self._shown_game = (game_id, state, undone, None)
            except StoreError as err:
                self._shown_game = (game_id, None, 0, err)
        return self._shown_game[1:]

    def _fill_stats(self) -> None:
        self._stats_filled = True
        box = self.ids.stats_box
        box.clear_widgets()
        stats = self.stats
        self.stats_shown = bool(stats.scored)
        if not stats.scored:
            return
        headline = StatCard(title=say(N_("Average and best")))
        headline.add_widget(Headline(stats=stats))
        box.add_widget(headline)
        timeline = StatCard(title=say(N_("Score over time")),
                            note=(say(N_("a dot per game, oldest first · dashed: the average"))
                                  if bin_size(len(stats.over_time)) == 1 else
                                  say(N_("a dot per {count} games, oldest first · dashed: the average"),
                                      count=bin_size(len(stats.over_time)))))
        timeline.add_widget(ScoreTimeline(data=(stats.over_time, stats.average)))
        box.add_widget(timeline)
        for record in [r for r in self.records if r.history][:MAX_GROUP_PLOTS]:
            card = StatCard(title=say(N_("Rating of {players} · {variant}"),
                                      players=", ".join(record.players),
                                      variant=variant_name(record.variant)),
                            note=say(N_("now {rating} after 1 game · dashed: the start")
                                     if record.games == 1 else
                                     N_("now {rating} after {games} games · dashed: the start"),
                                     rating=rating_text(record.rating), games=record.games))
            card.add_widget(RatingCurve(data=record.history))
            box.add_widget(card)
        share = StatCard(title=say(N_("Perfect games")),
                         note=say(N_("{perfect} of {games} games"), perfect=stats.perfect,
                                games=stats.scored))
        share.add_widget(ShareRing(data=(stats.perfect, stats.scored)))
        box.add_widget(share)
        if stats.causes:
            top = stats.top_cause
            causes = StatCard(title=say(N_("Why games fell short")),
                              note=say(N_("Most often: {cause}"),
                                     cause=cause_name(top).lower()))
            causes.add_widget(CauseBars(data=(stats.causes, top)))
            box.add_widget(causes)
        for dist in stats.distributions:
            card = StatCard(
                title=say(N_("{variant}, {players} players"), variant=variant_name(dist.variant),
                        players=dist.players),
                note=say(N_("1 game · {best} points") if dist.games == 1 else
                       N_("{games} games · average {average:.1f} · best {best}"),
                       games=dist.games, average=dist.average, best=dist.best))
            card.add_widget(ScoreHistogram(data=dist))
            box.add_widget(card)


class Headline(BoxLayout):
    """Three big figures: games scored, the average, the best."""

    stats = ObjectProperty(None)

    def figures(self) -> list[tuple[str, str]]:
        s = self.stats
        if s is None or not s.scored:
            return []
        return [(str(s.scored), say(N_("game") if s.scored == 1 else N_("games"))),
                (f"{s.average:.1f}", say(N_("average"))),
                (str(s.best), say(N_("best")))]
