"""The camera and the table, joined: cards read become plays (or armed discards) on the UI thread.

The scanner (companion.scan.service.ScanService) runs on its own thread and calls back from
there; every callback here only hands the event to Kivy's Clock. Even importing the scanner
(OpenCV, zbar) and opening the camera happen off the UI thread, after the first frame, so
the screen never waits for the camera, the decoder or the disk.

The preview is polled a few times a second on the UI thread and copied into a texture.
"""

from __future__ import annotations

import logging
import threading
from typing import Callable

from kivy.clock import Clock

from companion.app.context import MANUAL_NOTICE
from companion.i18n import gettext as _

log = logging.getLogger(__name__)

PREVIEW_SIZE = (192, 144)
PREVIEW_FPS = 6


class CameraLink:
    def __init__(self, source_factory: Callable[[], object], session, model,
                 service_factory: Callable | None = None,
                 on_notice: Callable[[str], None] | None = None, deck_path=None) -> None:
        """`source_factory()` opens the camera (None: no camera); it runs on the scanner's thread.

        `service_factory(source_factory, on_card, on_status, variant, preview_size)` makes the
        scanner; by default companion.scan.service.ScanService (imported off the UI thread).
        """
        self.source_factory = source_factory
        self.session = session
        self.model = model
        self.service_factory = service_factory
        self.on_notice = on_notice
        self.deck_path = deck_path  # a taught deck: faces are read as well as tags
        self._told_no_camera = False
        self.service = None
        self._texture = None
        self._last_preview = None
        self._preview_event = None
        self._stopped = False
        session.subscribe(self._on_outcome)

    # ----- start and stop ----------------------------------------------------------------------
    def start(self) -> None:
        self.model.set_scan_state("starting")
        variant = self._variant()  # read here: the session is the UI thread's alone
        threading.Thread(target=self._start_in_background, args=(variant,), name="camera-start",
                         daemon=True).start()

    def _variant(self):
        state = self.session.state
        return state.variant if state is not None else None

    def _start_in_background(self, variant) -> None:
        try:
            factory = self.service_factory
            if factory is None:
                from companion.scan.service import ScanService as factory
            service = factory(self.source_factory, self._on_card, self._on_status,
                              variant=variant, preview_size=PREVIEW_SIZE)
            service.start()
        except Exception as err:  # no OpenCV, no zbar, a camera that would not open
            log.warning("the camera cannot be used: %s", err)
            reason = str(err)  # `err` itself is gone once the except block ends
            Clock.schedule_once(lambda _dt: self.model.set_scan_state("no_camera", reason))
            return
        Clock.schedule_once(lambda _dt: self._started(service, variant))
        # tags are read from now on; the reader of faces learns the deck meanwhile
        self._read_faces(service, self.deck_path)

    def _started(self, service, variant) -> None:
        if self._stopped:
            service.stop()
            return
        self.service = service
        if self._variant() is not variant:  # a new game began while the camera was starting
            self._tell_variant()
        self._preview_event = Clock.schedule_interval(self._show_preview, 1 / PREVIEW_FPS)

    def _read_faces(self, service, deck_path) -> None:
        """Reads card faces with the taught deck too (on this thread: it loads OpenCV); a deck
        that cannot be used gives one notice, and tags and taps go on."""
        if deck_path is None or not hasattr(service, "set_faces"):
            return
        from companion.app.taught_deck import open_reader

        read, notice = open_reader(deck_path)
        if deck_path != self.deck_path:
            return  # another deck was chosen while this one was learned: that one counts
        if read is not None:
            try:
                service.set_faces(read)
            except Exception as err:  # a camera stopped meanwhile: tags and taps go on
                log.warning("card faces cannot be read: %s", err)
        if notice and self.on_notice is not None:
            Clock.schedule_once(lambda _dt: self.on_notice(notice))

    def use_deck(self, deck_path) -> None:
        """From the next card on, faces are read with this deck (loaded off the UI thread)."""
        self.deck_path = deck_path
        service = self.service
        if service is not None:
            threading.Thread(target=self._read_faces, args=(service, deck_path),
                             name="deck-load", daemon=True).start()

    def stop(self) -> None:
        self._stopped = True
        self.session.unsubscribe(self._on_outcome)
        if self._preview_event is not None:
            self._preview_event.cancel()
        if self.service is not None:
            try:
                self.service.stop()
            except Exception as err:
                log.warning("stopping the camera: %s", err)
            self.service = None

    # ----- the scanner's thread: hand over, nothing else -------------------------------------------
    # schedule_once_free: handled on the next pass of the UI loop, not after the next frame
    def _on_card(self, card, copy) -> None:
        Clock.schedule_once_free(lambda _dt: self._card(card, copy))

    def _on_status(self, status: str, detail=None) -> None:
        Clock.schedule_once_free(lambda _dt: self._status(status, detail))

    # ----- the UI thread ---------------------------------------------------------------------------
    def _card(self, card, copy) -> None:
        if self._stopped:
            return
        self.session.card_seen(card, copy, source="camera")

    def _status(self, status: str, detail) -> None:
        if self._stopped:
            return
        self.model.camera_running = status in ("ready", "seeing", "card", "rejected")
        self.model.set_scan_state(status, "" if detail is None else str(detail))
        if status in ("no_camera", "lost"):
            self.model.preview_texture = None
        if status == "no_camera" and not self._told_no_camera and self.on_notice is not None:
            self._told_no_camera = True
            self.on_notice(_(MANUAL_NOTICE))

    def _on_outcome(self, outcome) -> None:
        if outcome.kind == "new_game":
            self._tell_variant()

    def _tell_variant(self) -> None:
        if self.service is None:
            return
        try:
            self.service.set_variant(self._variant())
        except Exception as err:
            log.warning("the scanner did not take the variant: %s", err)

    def _show_preview(self, _dt) -> None:
        service = self.service
        if service is None:
            return
        frame = service.latest_preview()
        if frame is None or frame is self._last_preview:
            return
        self._last_preview = frame
        height, width = frame.shape[:2]
        texture = self._texture
        if texture is None or tuple(texture.size) != (width, height):
            from kivy.graphics.texture import Texture

            texture = Texture.create(size=(width, height), colorfmt="rgb")
            texture.flip_vertical()
            self._texture = texture
        texture.blit_buffer(frame.tobytes(), colorfmt="rgb", bufferfmt="ubyte")
        if self.model.preview_texture is texture:
            from kivy.core.window import Window

            Window.canvas.ask_update()  # new pixels in the same texture: draw them
        else:
            self.model.preview_texture = texture
