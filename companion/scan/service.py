"""The scan service: capture and decoding on a background thread, cards and statuses out.

    service = ScanService(lambda: open_camera("auto"), on_card, on_status, variant="classic")
    service.start()   ...   service.stop()

on_card(card, copy) and on_status(status, detail) are called FROM THE SERVICE'S THREAD; the app
hands them over to its UI thread (Kivy's Clock). Statuses:

    "ready"      watching, no tag in view
    "seeing"     a tag is in view, not read steadily yet
    "card"       a card was just read (detail "R1:2"); stays while the card is in view
    "rejected"   a QR code that is not a card (detail: the reason, in the current language)
    "no_camera"  there is no camera (detail: why); the game goes on with manual entry
    "lost"       the camera vanished (detail: why); retried every few seconds (at once during
                 the first second: a drop-out keeps what is in view), "ready" when back

Nothing here raises into the app: a failing camera, a frame that cannot be decoded or a callback
that raises are all caught. `step()` runs one round synchronously, for tests.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable

import cv2
import numpy as np

from companion.i18n import _
from companion.rules.cards import Card
from companion.rules.variants import Variant
from companion.scan import blur_fit
from companion.scan.decoder import decode_frame
from companion.scan.face_stream import FaceStream
from companion.scan.repeated_errors import RepeatedErrors
from companion.scan.tag import parse_tag
from companion.scan.tracker import LEAVE_FRAMES, STABLE_FRAMES, Tracker
from companion.words.camera import camera_error_text
from hardware.camera.base import CameraError, CameraSource

log = logging.getLogger(__name__)
errors = RepeatedErrors(log)  # what fails on every frame is logged once a minute

READY, SEEING, CARD, REJECTED, NO_CAMERA, LOST = "ready", "seeing", "card", "rejected", "no_camera", "lost"
RETRY_SECONDS = 2.0  # between attempts to reach a lost (or missing) camera
IDLE_SECONDS = 0.005  # pause when the camera has no new frame
# A camera back within this long after it was lost is a drop-out, not a new view: what was in
# view is kept (a card cannot be taken away and shown again that fast), and until then it is
# tried again every DROPOUT_RETRY_SECONDS instead of every retry_seconds.
DROPOUT_SECONDS = 1.0
# After the teach screen, a new deck, or a camera back from a long loss, what the first frames
# show was there before: it is taken as counted, so a card left lying is never played again.
SETTLE_FRAMES = 3
DROPOUT_RETRY_SECONDS = 0.05


def letterbox(frame: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """The BGR frame shrunk to fit `size` (width, height) without distortion, as RGB, black bars."""
    w, h = int(size[0]), int(size[1])
    fh, fw = frame.shape[:2]
    x0, y0, nw, nh = letterbox_place((fw, fh), (w, h))
    interp = cv2.INTER_AREA if nw < fw else cv2.INTER_LINEAR
    small = cv2.resize(frame, (nw, nh), interpolation=interp)
    out = np.zeros((h, w, 3), np.uint8)
    out[y0:y0 + nh, x0:x0 + nw] = cv2.cvtColor(small, cv2.COLOR_BGR2RGB)
    return out


def letterbox_place(frame_size: tuple[int, int], size: tuple[int, int]) -> tuple[int, int, int, int]:
    """Where `letterbox` puts a frame of `frame_size` (width, height) in a picture of `size`:
    (left, top, width, height), in pixels of the picture."""
    fw, fh = frame_size
    w, h = int(size[0]), int(size[1])
    scale = min(w / fw, h / fh)
    nw, nh = max(1, int(round(fw * scale))), max(1, int(round(fh * scale)))
    return (w - nw) // 2, (h - nh) // 2, nw, nh


class ScanService:
    def __init__(self, source_factory: Callable[[], CameraSource | None],
                 on_card: Callable[[Card, int], None],
                 on_status: Callable[[str, str], None], *,
                 variant: Variant | str | None = None,
                 preview_size: tuple[int, int] = (192, 144),
                 decode: Callable[[np.ndarray], list[str]] = decode_frame,
                 stable: int = STABLE_FRAMES, leave: int = LEAVE_FRAMES,
                 retry_seconds: float = RETRY_SECONDS,
                 clock: Callable[[], float] = time.monotonic,
                 faces: Callable[..., list[str]] | None = None) -> None:
        self._factory = source_factory
        self._on_card = on_card
        self._on_status = on_status
        self._decode = decode
        self._tracker = Tracker(stable=stable, leave=leave, variant=variant)
        self.preview_size = (int(preview_size[0]), int(preview_size[1]))
        self.retry_seconds = float(retry_seconds)
        self._clock = clock
        self._source: CameraSource | None = None
        self._had_camera = False  # a camera worked once (so a failure is "lost")
        self._quiet = 0  # frames left in which what is seen was there before (see _settle)
        self._present: set[str] = set()  # seen then: its first read is not reported
        self._retry_at = 0.0
        self._lost_at: float | None = None  # when the camera was lost (None: not lost)
        self._status: tuple[str, str] | None = None
        self._preview: np.ndarray | None = None
        self._lock = threading.Lock()  # the preview
        self._tracker_lock = threading.Lock()  # the tags in view: the scan thread and the app's
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.frames = 0  # frames decoded so far
        self._faces: FaceStream | None = None  # card faces read with a taught deck
        self._watcher: Callable[[np.ndarray], None] | None = None  # takes the frames instead
        self.set_faces(faces)
        self._quiet = 0  # nothing was in view before the first frame

    # ------------------------------------------------------------------ the app's side

    def start(self, timeout: float = 5.0) -> None:
        """Starts capture and decoding on a background thread (again after stop())."""
        thread = self._thread
        if thread is not None and thread.is_alive():
            if not self._stop.is_set():
                return  # running already
            # A stop that is still waiting for the camera: two threads must never share it.
            thread.join(timeout)
            if thread.is_alive():
                log.warning("the scan thread is still stuck in the camera: not started again")
                return
        self._stop.clear()
        _prepare_tag_codes()
        self._thread = threading.Thread(target=self._run, name="scan", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Stops the thread, waits for it and releases the camera.

        A thread still stuck in the camera after `timeout` keeps it: the camera is closed by
        that thread as soon as it gets out, never under its feet (a driver may crash on that).
        """
        self._stop.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
            if thread.is_alive():
                log.warning("the scan thread did not stop within %.1f s", timeout)
                return
        self._thread = None
        self._close_source()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def status(self) -> tuple[str, str] | None:
        """The last (status, detail) reported."""
        return self._status

    def latest_preview(self) -> np.ndarray | None:
        """The newest frame, letterboxed to preview_size, RGB uint8, top row first (or None)."""
        with self._lock:
            return None if self._preview is None else self._preview.copy()

    def set_variant(self, variant: Variant | str | None) -> None:
        """The deck in play, so that a card of another deck is rejected with its reason."""
        with self._tracker_lock:
            self._tracker.variant = variant

    def reset(self) -> None:
        """Forgets the tags in view (e.g. at a new game); safe from any thread."""
        with self._tracker_lock:
            self._tracker.reset()
            self._present.clear()
            if self._faces is not None:
                self._faces.reset()

    def set_faces(self, read: Callable[..., list[str]] | None) -> None:
        """Reads card faces too: `read(frame, variant)` names them (FaceReader(deck).read);
        None: tags only. What is in view then is taken as already counted (see _settle)."""
        with self._tracker_lock:
            self._faces = FaceStream(read) if read is not None else None
            self._quiet = SETTLE_FRAMES

    def watch(self, watcher: Callable[[np.ndarray], None] | None) -> None:
        """Hands every frame to `watcher` (on the scan thread) instead of reading cards, while a
        deck is taught; None: reads cards again."""
        with self._tracker_lock:
            self._watcher = watcher
            self._tracker.reset()
            if self._faces is not None:
                self._faces.reset()
            self._quiet = SETTLE_FRAMES  # the card last taught may still lie in view

    # ------------------------------------------------------------------ one round

    def step(self) -> bool:
        """One round: reach the camera if needed, read a frame, decode it, report. True if a
        frame was decoded. Never raises."""
        try:
            return self._step()
        except Exception:  # the last guard: the app must never see an exception from here
            errors.exception("scan step failed")
            return False

    def _step(self) -> bool:
        if self._source is None and not self._connect():
            return False
        try:
            frame = self._source.read()
        except CameraError as err:
            self._lose(camera_error_text(err))
            return False
        except Exception as err:
            self._lose(_("the camera failed: {error}").format(error=err))
            return False
        if frame is None:
            return False
        self._process(frame)
        return True

    def _connect(self) -> bool:
        now = self._clock()
        if now < self._retry_at:
            return False
        dropout = self._lost_at is not None and now - self._lost_at < DROPOUT_SECONDS
        self._retry_at = now + (min(DROPOUT_RETRY_SECONDS, self.retry_seconds) if dropout
                                else self.retry_seconds)
        try:
            source = self._factory()
        except CameraError as err:
            self._no_camera(camera_error_text(err))
            return False
        except Exception as err:
            self._no_camera(_("the camera cannot be reached: {error}").format(error=err))
            return False
        if source is None:
            self._no_camera(_("no camera found: enter cards by touch"))
            return False
        try:
            source.open()
        except CameraError as err:
            self._close(source)
            self._no_camera(camera_error_text(err))
            return False
        except Exception as err:
            self._close(source)
            self._no_camera(_("the camera cannot be opened: {error}").format(error=err))
            return False
        self._source = source
        returning = self._had_camera
        self._had_camera = True
        if not dropout:
            self.reset()
            if returning:  # back after a long loss: a card played before may still lie there
                with self._tracker_lock:
                    self._quiet = SETTLE_FRAMES
        self._lost_at = None
        self._report(READY, "")
        return True

    def _no_camera(self, why: str) -> None:
        self._report(LOST if self._had_camera else NO_CAMERA, why)

    def _lose(self, why: str) -> None:
        """The camera failed: closed, and reached again soon (see DROPOUT_SECONDS); what is in
        view is forgotten only if it stays away longer than a drop-out."""
        self._close_source()
        now = self._clock()
        self._lost_at = now
        self._retry_at = now + min(DROPOUT_RETRY_SECONDS, self.retry_seconds)
        self._report(LOST, why)

    def _process(self, frame: np.ndarray) -> None:
        self.frames += 1
        try:
            preview = letterbox(frame, self.preview_size)
        except Exception:
            preview = None
        with self._lock:
            self._preview = preview
        watcher = self._watcher
        if watcher is not None:
            self._call(watcher, frame)
            return
        try:
            texts = self._decode(frame)
        except Exception:
            errors.exception("a frame could not be decoded")
            texts = []
        faces = self._faces
        named = faces.names(frame, self._tracker.variant) if faces is not None else []
        with self._tracker_lock:  # the callbacks are called outside it: they may reset
            reads = self._tracker.feed(texts)
            in_view, holding = self._tracker.in_view, self._tracker.holding
            if faces is not None and faces is self._faces:
                reads = self._with_faces(faces, named, texts, reads)
                in_view, holding = in_view or faces.in_view, holding or faces.holding
            reads = self._settle(reads, texts, named)
        for read in reads:
            if read.ok:
                self._call(self._on_card, read.card, read.copy)
                shown = read.card if read.copy is None else f"{read.card}:{read.copy}"
                self._report(CARD, f"{shown}", force=True)
            else:
                self._report(REJECTED, read.reason, force=True)
        if in_view:
            self._report(SEEING, "")
        elif not holding:
            self._report(READY, "")

    def _settle(self, reads: list, texts: list[str], named) -> list:
        """After the teach screen, a new deck or a camera back from a long loss, the first
        SETTLE_FRAMES frames show what was already there (the card last taught, a card played
        before the loss): whatever is seen in them is taken as counted, its first read dropped.
        A card shown after them is read as usual. Called under the tracker lock."""
        if self._quiet > 0:
            self._quiet -= 1
            self._present.update(texts)
            self._present.update(f"face:{card}" for card in named)
        if not self._present:
            return reads
        kept = []
        for read in reads:
            if read.text in self._present:
                self._present.discard(read.text)
            else:
                kept.append(read)
        return kept

    @staticmethod
    def _with_faces(faces: FaceStream, named, texts, reads) -> list:
        """The tag reads and the face reads of a frame (a tagged card is read by its tag, once)."""
        claimed = [r.card for r in map(parse_tag, texts) if r.ok]
        reads = [r for r in reads if not (r.ok and faces.holds(r.card))]
        counted = faces.count(named, claimed)
        for read in reads:  # its face, still in view after its tag is lost, is the same card
            if read.ok:
                faces.mark_reported(read.card)
        return reads + counted

    # ------------------------------------------------------------------ helpers

    def _report(self, status: str, detail: str, force: bool = False) -> None:
        if not force and self._status == (status, detail):
            return
        self._status = (status, detail)
        self._call(self._on_status, status, detail)

    @staticmethod
    def _call(callback: Callable, *args) -> None:
        try:
            callback(*args)
        except Exception:
            errors.exception("a scan callback failed")

    @staticmethod
    def _close(source: CameraSource) -> None:
        try:
            source.close()
        except Exception:
            pass

    def _close_source(self) -> None:
        source, self._source = self._source, None
        if source is not None:
            self._close(source)

    def _run(self) -> None:
        while not self._stop.is_set():
            if self.step():
                continue
            if self._source is None:
                wait = max(0.0, min(0.1, self._retry_at - self._clock()))
                self._stop.wait(wait or IDLE_SECONDS)
            else:
                self._stop.wait(IDLE_SECONDS)
        self._close_source()


_tag_codes_prepared = threading.Event()
PREPARE_AFTER = 3.0  # seconds after the first start: the app's own start-up goes first


def _prepare_tag_codes() -> None:
    """Every tag's code encoded in the background, once per process, a little after the
    first start: the first smeared tag then does not hold the camera up
    (companion.scan.blur_fit.prepare)."""
    if _tag_codes_prepared.is_set():
        return
    _tag_codes_prepared.set()

    def prepare() -> None:
        try:
            blur_fit.prepare()
        except Exception:  # the codes are encoded on first use instead
            log.exception("encoding the tags' codes failed")

    timer = threading.Timer(PREPARE_AFTER, prepare)
    timer.name, timer.daemon = "tag codes", True
    timer.start()
