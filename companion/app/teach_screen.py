"""The teach screen: "Show Red 1", what the camera sees, and the pass's progress.

Thin: the pass is companion.faces.teach_pass.TeachPass; this shows it and forwards the taps.
While the screen is shown the scanner hands its frames here (ScanService.watch) instead of
reading cards, so a face shown to be taught is never played; the frames arrive on the scan
thread and the pass is only touched under a lock. Every photo taken is saved at once as a pass
left half-way (companion.app.taught_deck), so Back, a crash or a pulled plug lose at most the
photo being written; Finish saves the deck, remembers it as the one in use and reads faces
with it from the next card on. The deck files are written off the UI thread, in order with the
entries of the last-setup file that name them (last_setup.in_turn), so a tap never waits for
an SD card and the app waits for them as it stops; and the pass to resume is read off it too,
after those writes, so that opening the screen never waits for them either. Layout in
kv/teach.kv.
"""

from __future__ import annotations

import copy
import logging
import threading

from kivy.clock import Clock
from kivy.properties import (BooleanProperty, ColorProperty, ListProperty, NumericProperty, ObjectProperty,
                             StringProperty)
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.app import last_setup, palette, taught_deck
from companion.app.lang import LANG
from companion.i18n import N_
from companion.i18n import gettext as _
from companion.words import card_name, format_message, message, variant_name

log = logging.getLogger(__name__)

HINTS = {
    "no_card": N_("Lay the card face up in front of the camera"),
    "many": N_("One card at a time, please"),
    "moving": N_("Hold it still…"),
    "steady": N_("Hold it still…"),
    "taken": N_("Got {card}! Take it away"),
    "take_away": N_("Got {card}! Take it away"),
    "unclear": N_("That photo was not clear: take the card away and show it again"),
    "clear_view": N_("Take the card away first"),
}
# a photo that could not be learned from, by why (teach_pass.TeachPass.why, a key of teach.WHY)
UNCLEAR_HINTS = {
    "cut_off": N_("Part of the card was out of view: take it away, then show it again with all of it "
                  "inside the picture"),
    "art_only": N_("The camera could not see the card's edge: take it away, then show it again on a part "
                   "of the table of a different colour from the card"),
    "cloth_round": N_("The camera took the cloth's pattern round the card for its edge: take it away, then "
                      "show it again on a plain part of the table"),
    "unlike_suit": N_("The camera took something else for the card's edge: take it away, then show it "
                      "again on a plain part of the table"),
    "off_card": N_("The camera took a line of the cloth for part of the card's edge: take it away, then "
                   "show it again on a plain part of the table"),
}
GOOD_HINTS = ("taken", "take_away")
WAIT_CAMERA = N_("Waiting for the camera…")
GUIDE = N_("Show each card face up, one at a time: the camera takes its photo once the card "
           "is still. Skip a card you cannot find now; it comes back at the end.")
SHOWN_FACES = 6  # faces named in the check's result, the rest counted
TEACH_PREVIEW = (320, 240)  # the camera's picture while teaching: larger than the table's
NO_CAMERA = N_("No camera: a deck is taught by showing its cards to the camera")
NO_PICTURE = N_("No camera")


class SteadyBar(Widget):
    """How close the card shown is to being taken: it fills while the card is held still."""

    share = NumericProperty(0)


class CardOutline(Widget):
    """The outline the pass follows, drawn over the camera's picture (`image`, shown whole in
    its box): `outline` is its corners as shares of the picture's width and height, from the
    top left; `points` the line in the widget's coordinates (empty: nothing drawn); `refused`:
    the photo taken inside it could not be learned from (drawn in the refusals' colour)."""

    image = ObjectProperty(None, allownone=True)
    outline = ListProperty([])
    points = ListProperty([])
    refused = BooleanProperty(False)

    def on_image(self, _widget, image) -> None:
        if image is not None:
            image.bind(pos=self._place, size=self._place, norm_image_size=self._place)
        self._place()

    def on_outline(self, *_args) -> None:
        self._place()

    def _place(self, *_args) -> None:
        image = self.image
        if image is None or not self.outline:
            self.points = []
            return
        width, height = image.norm_image_size
        left, bottom = image.center_x - width / 2, image.center_y - height / 2
        self.points = [value for u, v in self.outline for value in (left + u * width, bottom + (1 - v) * height)]


def outline_in_preview(corners: list[tuple[float, float]], frame_size: tuple[int, int],
                       preview_size: tuple[int, int]) -> list[tuple[float, float]]:
    """Corners given as shares of a frame's width and height, as shares of its letterboxed
    preview's (scan.service.letterbox: shrunk to fit, centred between black bars)."""
    from companion.scan.service import letterbox_place

    x0, y0, nw, nh = letterbox_place(frame_size, preview_size)
    pw, ph = preview_size
    return [((x0 + u * nw) / pw, (y0 + v * nh) / ph) for u, v in corners]


class TeachScreen(Screen):
    title = StringProperty("")
    show_word = StringProperty("")  # "Show" / "Show again"
    face_text = StringProperty("")  # "[font=Symbols]♥[/font] Red 1"
    face_colour = ColorProperty(palette.TEXT)
    progress_text = StringProperty("")
    hint_text = StringProperty("")
    hint_good = BooleanProperty(False)
    check_text = StringProperty("")
    check_good = BooleanProperty(False)
    guide_text = StringProperty("")  # how the pass works, while nothing more urgent is said
    steady_share = NumericProperty(0)  # how far the card is to being taken (0..1)
    # the outline the pass follows, as shares of the preview's width and height (CardOutline)
    card_outline = ListProperty([])
    outline_refused = BooleanProperty(False)  # the photo taken inside it was refused
    can_retake = BooleanProperty(False)
    can_skip = BooleanProperty(False)
    can_finish = BooleanProperty(False)
    has_camera = BooleanProperty(False)
    camera_note = StringProperty("")  # in the camera's box while it shows no picture
    preview = ObjectProperty(None, allownone=True)

    def __init__(self, app, **kwargs) -> None:
        self.app = app
        super().__init__(**kwargs)
        self.teach = None  # the TeachPass
        self._lock = threading.Lock()
        self._seen = "no_card"
        self._outline: list[tuple[float, float]] = []  # the outline the pass follows (card_outline)
        self._service = None
        self._came_from = "table"
        self._attach_event = None
        self._table_preview = None
        self._refresh = Clock.create_trigger(self.refresh)
        self._notice = ""
        self._finishing = None  # the pass whose deck Finish is saving
        self._opening = None  # while the pass to show is read from the disk: a token of that read
        app.model.bind(preview_texture=self._show_preview)
        LANG.bind(code=self._refresh)

    # ----- coming and going ------------------------------------------------------------------------
    def open_from(self, screen: str) -> None:
        """Called before the screen is shown: where Back and Finish go back to."""
        if screen != self.name:
            self._came_from = screen

    def on_pre_enter(self, *_args) -> None:
        self._begin()
        self._show_preview()
        self._attach()
        if self.service is None:
            self._attach_event = Clock.schedule_interval(self._attach, 0.3)

    def on_leave(self, *_args) -> None:
        if self._attach_event is not None:
            self._attach_event.cancel()
            self._attach_event = None
        self._detach()

    @property
    def service(self):
        return self._service

    @property
    def opening(self) -> bool:
        """Whether the pass to show is still being read from the disk."""
        return self._opening is not None

    def _begin(self) -> None:
        """A pass for the variant in play: the one in memory if it is of that variant, else the
        one left half-way if there is one, else a new one. Anything read from the disk (the
        last setup, when no game is in play; the pass left half-way) is read on a thread of
        its own; the pass stands still until it is shown."""
        state = self.app.session.state
        variant = state.variant if state is not None else None
        with self._lock:
            if self.teach is not None and self.teach.variant is variant and self._opening is None:
                return
            token = self._opening = object()
            kept = self.teach.variant if self.teach is not None else None
        self.refresh()
        threading.Thread(target=self._open, args=(token, variant, kept), daemon=True,
                         name="teach-open").start()

    def _open(self, token, variant, kept) -> None:
        """Off the UI thread: the variant (the last setup's, if none is in play) and, unless the
        pass in memory is of it, the pass to show for it; then shown on the UI thread."""
        teach = None
        try:
            from companion.faces.teach_pass import TeachPass

            if variant is None:
                variant = last_setup.last_setup().variant
            if variant is not kept:
                saved = last_setup.teach_pass()
                if saved.get("variant") == variant.name:
                    try:
                        teach = TeachPass.resume(saved, defer_check=True)
                    except Exception as err:  # a half-way deck that is gone or damaged: start again
                        log.warning("the teach pass left half-way cannot be resumed: %s", err)
                if teach is None:
                    teach = TeachPass(variant, defer_check=True)
        except Exception:  # never leave the screen without a pass
            log.exception("the teach pass could not be opened")
            try:
                if variant is None:
                    variant = last_setup.default_setup().variant
                teach = TeachPass(variant, defer_check=True) if variant is not kept else None
            except Exception:
                log.exception("no teach pass could be made")
        finally:  # the screen stops waiting whatever happened
            Clock.schedule_once(lambda _dt: self._opened(token, teach))

    def _opened(self, token, teach) -> None:
        """On the UI thread: shows the pass opened (None: the one in memory goes on)."""
        with self._lock:
            if token is not self._opening:  # the screen was entered again meanwhile
                return
            self._opening = None
            if teach is not None:
                resumed = teach.done_count > 0
                self.teach, self._seen = teach, "no_card"
                self._outline = []
                self._notice = format_message(N_("Resumed: {done} of {total} faces were taught"),
                                              {"done": teach.done_count, "total": teach.total}
                                              ) if resumed else ""
        self.refresh()

    def _attach(self, *_args) -> bool:
        camera = self.app.camera
        service = camera.service if camera is not None else None
        self.has_camera = service is not None
        if service is None:
            self.refresh()
            return True  # the camera may still be starting: look again
        if self._service is not service:
            self._detach()
            self._service = service
            self._table_preview = getattr(service, "preview_size", None)
            if self._table_preview is not None:
                service.preview_size = TEACH_PREVIEW
            service.watch(self._on_frame)
        if self._attach_event is not None:
            self._attach_event.cancel()
            self._attach_event = None
        self.refresh()
        return False

    def _detach(self) -> None:
        service, self._service = self._service, None
        if service is not None:
            if self._table_preview is not None:
                service.preview_size = self._table_preview
            try:
                service.watch(None)
            except Exception as err:
                log.warning("the scanner did not go back to reading: %s", err)

    # ----- the scan thread -------------------------------------------------------------------------
    def _on_frame(self, frame) -> None:
        with self._lock:
            teach = self.teach
            if teach is None or self._finishing is not None or self._opening is not None:
                return  # the pass stands still while saved, or until it is shown
            seen = teach.feed(frame)
            corners = teach.outline
            outline = outline_in_preview(corners, (frame.shape[1], frame.shape[0]), TEACH_PREVIEW) \
                if corners else []
            moved = outline != self._outline
            self._outline = outline
            if seen == "taken":
                self._save_half_way(teach)
            changed = seen != self._seen or seen in ("taken", "steady") or moved
            self._seen = seen
            deck = copy.deepcopy(teach.deck) if teach.check_due else None
        if changed:
            self._refresh()
        if seen == "taken":  # a beep: the one holding the card is not looking at the screen
            Clock.schedule_once(lambda _dt: self.app.sounds.play("card"))
        if deck is not None:
            self._check(teach, deck)

    def _check(self, teach, deck) -> None:
        """The pass's self-check, on the scan thread and outside the lock (it learns the deck:
        seconds on a Raspberry Pi), so that the screen answers taps meanwhile; its answer is
        kept only if the pass is still the one checked and still due."""
        pairs = teach.check_in(deck)
        with self._lock:
            if self.teach is not teach or not teach.check_due or len(teach.deck) != len(deck):
                return
            faces = len(teach.deck)
            teach.check(pairs)
            if len(teach.deck) != faces:  # photos taken out of the deck: the pass kept as it now is
                self._save_half_way(teach)
        self._refresh()

    def _save_half_way(self, teach) -> None:
        """The photos so far, to be kept as a pass left half-way (the caller holds the lock:
        what is kept is the pass as it is now, written off this thread)."""
        from companion.faces.deck_file import save_deck

        path = taught_deck.half_way_deck_for(teach.variant.name)
        deck, saved = copy.deepcopy(teach.deck), teach.saved(path)

        def keep() -> None:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_deck(deck, path)
            last_setup.remember_teach_pass(saved)

        def kept(future) -> None:
            if future.exception() is not None:  # a convenience: the pass goes on in memory
                log.warning("the teach pass could not be kept: %s", future.exception())

        last_setup.in_turn(keep).add_done_callback(kept)

    # ----- the taps --------------------------------------------------------------------------------
    def retake(self) -> None:
        with self._lock:
            if self._takes_taps() and self.teach.retake() is not None:
                self._seen = "no_card"
                self._outline = []
                self._save_half_way(self.teach)
        self.refresh()

    def skip(self) -> None:
        with self._lock:
            if self._takes_taps():
                self.teach.skip()
                self._seen = "no_card"
                self._outline = []
        self.refresh()

    def _takes_taps(self) -> bool:
        """Whether the pass shown takes taps (the caller holds the lock): there is one, and it is
        neither being saved by Finish nor about to be replaced by the one being opened."""
        return self.teach is not None and self._finishing is None and self._opening is None

    def back(self) -> None:
        """Leaves the pass as it is: it resumes where it stopped next time."""
        self.app.show_screen(self._back_to())

    def finish(self) -> None:
        """Saves the deck taught, uses it from the next card on, and goes back (once saved)."""
        from companion.faces.deck_file import save_deck

        with self._lock:
            teach = self.teach
            if not self._takes_taps() or not teach.done_count:
                return
            self._finishing = teach
            path = taught_deck.deck_for(teach.variant.name)
            deck = copy.deepcopy(teach.deck)
            done, total, complete = teach.done_count, teach.total, teach.complete

        def save() -> None:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_deck(deck, path)
            if complete:
                last_setup.remember_teach_pass(None)
                try:
                    taught_deck.half_way_deck_for(path.stem).unlink(missing_ok=True)
                except OSError:
                    pass
            last_setup.remember_taught_deck(path)

        def saved(future) -> None:
            error = future.exception()
            Clock.schedule_once(lambda _dt: self._finished(teach, path, error, done, total, complete))

        last_setup.in_turn(save).add_done_callback(saved)
        self.refresh()

    def _finished(self, teach, path, error, done: int, total: int, complete: bool) -> None:
        """On the UI thread, once Finish's deck is written (or could not be)."""
        with self._lock:
            self._finishing = None
            if error is None and complete and self.teach is teach:
                self.teach = None  # a new pass next time
        if error is not None:
            self.refresh()
            self.app.root_view.show_notice(format_message(
                N_("The deck could not be saved: {reason}"),
                {"reason": message(error) if hasattr(error, "template") else str(error)}))
            return
        if self.app.camera is not None:
            self.app.camera.use_deck(path)
        if complete:
            text = format_message(N_("The camera now knows this deck: {done} faces"), {"done": done})
        else:
            text = format_message(N_("The camera now knows {done} of {total} faces; "
                                     "the others are picked by tap"), {"done": done, "total": total})
        self.app.root_view.show_notice(text)
        if self.manager is not None and self.manager.current == self.name:
            self.app.show_screen(self._back_to())

    def _back_to(self) -> str:
        state = self.app.session.state
        if self._came_from in ("table", "end", "newgame", "history"):
            return self._came_from
        return "table" if state is not None else "newgame"

    # ----- the words shown -------------------------------------------------------------------------
    def _show_preview(self, *_args) -> None:
        self.preview = self.app.model.preview_texture

    def refresh(self, *_args) -> None:
        with self._lock:
            teach, seen = self.teach, self._seen
            why = teach.why if teach is not None else ""
            self.card_outline = list(self._outline) if teach is not None else []
            if teach is None:
                self.can_skip = self.can_retake = self.can_finish = False
                return
            current = teach.current
            again = teach.checking_again
            done, total, skipped = teach.done_count, teach.total, len(teach.skipped)
            phase = teach.phase
            checking = teach.check_due
            confused_faces = list(teach.confused_faces)
            unlike = list(teach.unlike)
            asked = list(teach.again)
            self.steady_share = min(1.0, teach.steady / max(1, teach.still_frames))
            busy = self._finishing is not None or self._opening is not None  # takes no tap
            self.can_retake = teach.can_retake and not busy
            last = teach.last_taken
        self.title = format_message(N_("Teach the camera this deck: {variant}"),
                                    {"variant": variant_name(teach.variant.name)})
        self.can_skip = current is not None and not busy
        self.can_finish = done > 0 and not busy
        progress = format_message(N_("{done} of {total} taught"), {"done": done, "total": total})
        if skipped:
            progress += " · " + format_message(N_("{count} skipped"), {"count": skipped})
        self.progress_text = progress
        if current is not None:
            self.show_word = _("Show again") if again else _("Show")
            symbol = palette.suit_symbol(current.suit)
            self.face_text = (f"[font={palette.SYMBOL_FONT}]{symbol}[/font] "
                              + palette.escape_markup(card_name(current)))
            self.face_colour = palette.suit_colour(current.suit)
        else:
            self.show_word = ""
            self.face_text = palette.escape_markup(_("All faces taught"))
            self.face_colour = palette.GOOD
        gone = not self.has_camera and self._camera_gone()
        self.camera_note = _(NO_PICTURE if gone else WAIT_CAMERA)
        if not self.has_camera:
            self.hint_text = _(NO_CAMERA if gone else WAIT_CAMERA)
            self.hint_good = False
        elif current is None:
            self.hint_text = _("Tap Finish to use this deck")
            self.hint_good = True
        else:
            hint = HINTS.get(seen, HINTS["no_card"])
            if seen == "unclear":
                hint = UNCLEAR_HINTS.get(why, hint)
            self.hint_text = format_message(hint, {"card": card_name(last) if last else ""})
            self.hint_good = seen in GOOD_HINTS
        self.outline_refused = seen == "unclear" and self.has_camera and current is not None
        faces = _listed(confused_faces)
        if again:
            texts = []
            unlike = [face for face in unlike if face in asked]  # those not shown again yet
            if unlike:
                texts.append(format_message(
                    N_("The camera took something else for the edge of {faces}: show each one "
                       "again, on a plain part of the table."), {"faces": _listed(unlike)}))
            if confused_faces:
                texts.append(format_message(N_("The camera mixes up {faces}: show each one again."),
                                            {"faces": faces}))
            self.check_text = " ".join(texts)
            self.check_good = False
        elif phase == "checked" and confused_faces:
            self.check_text = format_message(
                N_("The camera may still mix up {faces}: when it is not sure, it names nothing "
                   "and the card is picked by tap."),
                {"faces": faces})
            self.check_good = False
        elif phase == "checked":
            self.check_text = _("Checked: the camera tells every face apart.")
            self.check_good = True
        elif checking:
            self.check_text = _("Checking that the camera tells every face apart…")
            self.check_good = True
        else:
            self.check_text = self._notice
        self.guide_text = _(GUIDE) if phase != "checked" and not again and done < 3 else ""

    def _camera_gone(self) -> bool:
        camera = self.app.camera
        if camera is None:
            return True
        return self.app.model.scan_state in ("no_camera", "lost", "manual")


def _listed(cards) -> str:
    """Cards named in a sentence: the first SHOWN_FACES, the rest counted; a card's name is
    never broken over two lines."""
    names = [card_name(card).replace(" ", "\u00a0") for card in cards]
    listed = ", ".join(names[:SHOWN_FACES])
    if len(names) > SHOWN_FACES:
        listed = format_message(N_("{faces} and {count} more"),
                                {"faces": listed, "count": len(names) - SHOWN_FACES})
    return listed
