"""The teach screen driven by a file camera: the real app, the real scanner, frames from image
files of generated card faces; then the taught deck read live by the same scanner, and a damaged
deck that leaves the app on tags and taps. Screenshots go to tests/artefacts/teach/."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import cv2
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/face_frames.py

from face_frames import empty, frame_with, held  # noqa: E402


def _conftest(path: Path):
    """A folder's conftest.py itself (tests/ui's, tests/faces'): another folder's conftest may
    hold the name "conftest"."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"{path.parent.name}_conftest", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_UI = _conftest(Path(__file__).with_name("conftest.py"))
missing_glyphs, unreadable_labels = _UI.missing_glyphs, _UI.unreadable_labels

pytestmark = pytest.mark.ui


TEACH_POSE = (0.5, 0.5, 0.28, 8)  # where a card lies while it is taught
LIVE_POSE = (0.6, 0.45, 0.3, 30)  # and later, when it is played


class CardsInView:
    """A camera source's frames, written as image files: the card the test shows now, lying
    still, or the empty table; what is shown changes whenever the test says. A card's frames
    are the same each time it is shown, so that the deck taught is the same in every run."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.key = "empty"
        self.extra = None  # a frame file shown instead (a tagged card)
        self._files: dict = {}
        self._lock = threading.Lock()
        self._stop = False
        self.files(None)

    def show(self, card, pose=TEACH_POSE) -> None:
        key = self.files(card, pose)  # written before the scanner asks for them
        self.key = key

    def files(self, card, pose=TEACH_POSE) -> str:
        key = f"{card}-{pose[3]}" if card else "empty"
        with self._lock:
            if key not in self._files:
                seed = sum(map(ord, key))
                frame = frame_with([(card, pose)], seed=seed) if card else empty(1, seed)[0]
                path = self.folder / f"{key}.png"
                cv2.imwrite(str(path), frame)
                self._files[key] = path
        return key

    def stream(self):
        while not self._stop:
            yield self.extra or self._files[self.key]

    def source(self):
        from hardware.camera.file_source import FileSource

        return FileSource(self.stream(), fps=20)

    def close(self) -> None:
        self._stop = True


def settled(d) -> None:
    """The first frames after a deck is put in use show what was there before (they never play a
    card): the test shows its card once they have passed, as a player would a moment later."""
    from companion.scan.service import SETTLE_FRAMES

    service = d.app.camera.service
    start = service.frames
    assert d.wait_for(lambda: service.frames > start + SETTLE_FRAMES, timeout=20)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("HANABI_COMPANION_DATA", str(folder))
    yield folder
    from companion.app import last_setup

    last_setup.flush()


@pytest.fixture
def camera(tmp_path):
    cards = CardsInView(tmp_path / "frames")
    yield cards
    cards.close()


def start_with_camera(start_app, camera, size=(800, 480), deck_path=None, **setup):
    from companion.app.context import AppContext
    from companion.rules import GameSetup
    from companion.session import TableSession

    session = TableSession()
    session.new_game(GameSetup.create(["Ana", "Ben", "Cy"], **setup))
    context = AppContext(session=session, sound=False, camera_factory=camera.source,
                         deck_path=deck_path)
    d = start_app(context, size=size)
    assert d.wait_for(lambda: d.model.camera_running, timeout=20), d.model.scan_state
    return d


def open_teach(d, wait: bool = True):
    """The teach screen, opened from the menu; `wait`: until its pass is read from the disk."""
    d.tap_id("menu_button", "table")
    d.tap(d.dialog.ids.teach)
    assert d.current == "teach"
    screen = d.screen("teach")
    if wait:
        assert d.wait_for(lambda: screen.teach is not None and not screen.opening, timeout=10)
    return screen


def teach_face(d, camera, screen, card, shot: str | None = None) -> None:
    """Shows `card` until the pass takes it, then takes it away."""
    before = len(screen.teach.deck)  # photos taken
    camera.show(card)
    assert d.wait_for(lambda: len(screen.teach.deck) > before, timeout=30), (screen.hint_text, screen.teach.seen, screen.teach.current, screen.teach.again, len(screen.teach.deck), before, card)
    if shot:
        from companion.words import card_name

        got = f"Got {card_name(card)}! Take it away"
        assert d.wait_for(lambda: screen.hint_text == got, timeout=5), screen.hint_text
        d.shot(shot)
    camera.show(None)
    assert d.wait_for(lambda: screen.teach.seen in ("no_card", "idle"), timeout=30), (screen.teach.seen, screen.teach.phase, screen.teach.current, screen.teach.again, screen.hint_text, card)
    d.frames(2)


def test_a_deck_is_taught_on_the_teach_screen_and_read_live(start_app, camera, data_dir):
    from companion.app import last_setup
    from companion.rules import Card, Play

    d = start_with_camera(start_app, camera)
    screen = open_teach(d)
    assert d.wait_for(lambda: screen.preview is not None, timeout=10)
    assert d.text("show_word", "teach") == "Show"
    assert d.text("face", "teach") == "\u2665 Red 1"
    assert d.text("progress", "teach") == "0 of 25 taught"
    assert d.text("hint", "teach") == "Lay the card face up in front of the camera"
    assert d.ids("teach")["retake"].disabled and d.ids("teach")["finish"].disabled
    d.shot("teach/teach-800x480-en-start")

    teach_face(d, camera, screen, Card("R", 1), shot="teach/teach-800x480-en-taken")
    assert d.app.sounds.played.count("card") == 1  # a beep for the one holding the card
    assert d.text("face", "teach") == "\u2665 Red 2" and d.text("progress", "teach") == "1 of 25 taught"
    assert not d.ids("teach")["retake"].disabled
    d.tap_id("skip", "teach")  # Red 2 later
    assert d.text("face", "teach") == "\u2665 Red 3"
    assert d.text("progress", "teach") == "1 of 25 taught · 1 skipped"

    teach_face(d, camera, screen, Card("R", 3))
    d.tap_id("retake", "teach")  # that photo again
    assert d.text("face", "teach") == "\u2665 Red 3" and screen.teach.done_count == 1
    teach_face(d, camera, screen, Card("R", 3))
    camera.show(Card("R", 4))
    d.wait_for(lambda: screen.teach.steady >= 2, timeout=10)
    d.wait(0.3)  # the preview shows the card
    # a box round what the camera takes for the card: the card, in the middle of the picture
    outline, image = d.ids("teach")["card_outline"], d.ids("teach")["preview"]
    assert d.wait_for(lambda: len(outline.points) == 8, timeout=5)
    xs, ys = outline.points[0::2], outline.points[1::2]
    width, height = image.norm_image_size
    assert abs(sum(xs) / 4 - image.center_x) < 0.03 * width and abs(sum(ys) / 4 - image.center_y) < 0.03 * height
    assert 0.25 * width < max(xs) - min(xs) < 0.42 * width
    d.shot("teach/teach-800x480-en-holding")
    camera.show(None)
    assert d.wait_for(lambda: screen.teach.seen == "no_card", timeout=30)
    order = []
    while screen.teach.current is not None and not screen.teach.checking_again:
        order.append(screen.teach.current)
        teach_face(d, camera, screen, screen.teach.current)
    # the faces in the order of the deck, and the skipped one last
    assert [Card("R", 1), Card("R", 3)] + order == [c for c in screen.teach.faces if c != Card("R", 2)] + [Card("R", 2)] \
        or [Card("R", 1), Card("R", 3), Card("R", 4)] + order == [c for c in screen.teach.faces if c != Card("R", 2)] + [Card("R", 2)]
    assert screen.teach.complete
    d.wait_for(lambda: screen.teach.phase == "checked" or screen.teach.checking_again, timeout=30)
    d.wait_for(lambda: screen.check_text.startswith(("Checked", "The camera")), timeout=5)
    d.shot("teach/teach-800x480-en-check")
    assert screen.check_text.startswith(("Checked: the camera tells every face apart.",
                                         "The camera mixes up "))
    while screen.teach.checking_again:  # another photo of each face the check confused
        teach_face(d, camera, screen, screen.teach.current)
    d.shot("teach/teach-800x480-en-checked")
    assert screen.teach.phase == "checked"

    d.tap_id("finish", "teach")
    assert d.wait_for(lambda: d.current == "table", timeout=10)
    assert "The camera now knows this deck: 25 faces" in d.root.notice_shown
    deck = data_dir / "decks" / "classic.deck"
    assert deck.is_file() and last_setup.taught_deck() == deck
    assert last_setup.teach_pass() == {}  # nothing left half-way

    # from the next card on, faces are read: Blue 1 by tap, then Blue 2 shown to the camera
    d.session.play(Card("B", 1), source="touch")
    d.model.hide_banner()
    d.wait_for(lambda: getattr(d.app.camera.service, "_faces", None) is not None, timeout=30)
    settled(d)
    camera.show(Card("B", 2), LIVE_POSE)
    assert d.wait_for(lambda: len(d.session.game.events) == 2, timeout=30), d.model.scan_state
    assert d.session.game.events[-1] == Play(Card("B", 2), None)
    assert d.wait_for(lambda: d.root.banner_shown)
    assert d.root.banner.title == "Played" and "Blue 2" in d.root.banner.text
    d.shot("teach/live-800x480-en-blue2-played")
    camera.show(None)
    d.wait(1.0)
    assert len(d.session.game.events) == 2  # read once, however long it stayed


def test_a_pass_left_half_way_resumes_in_italian_at_1280x720(start_app, camera, data_dir, monkeypatch):
    from companion import i18n
    from companion.rules import Card

    d = start_with_camera(start_app, camera, size=(1280, 720), variant="multicolor")
    screen = open_teach(d)
    teach_face(d, camera, screen, Card("R", 1))
    teach_face(d, camera, screen, Card("R", 2))
    d.tap_id("back", "teach")
    assert d.current == "table"
    d.stop()

    i18n.set_language("it")
    d = start_with_camera(start_app, camera, size=(1280, 720), variant="multicolor")
    screen = open_teach(d)
    assert screen.teach.done_count == 2 and screen.teach.total == 30
    assert d.text("check", "teach") == "Si riprende: 2 facce su 30 erano già state insegnate"
    assert d.text("face", "teach") == "\u2665 Rosso 3"
    assert d.text("show_word", "teach") == "Mostra"
    assert d.text("progress", "teach") == "2 su 30 insegnate"
    camera.show(Card("R", 3))
    d.wait_for(lambda: screen.teach.steady >= 2, timeout=10)
    d.wait(0.3)  # the preview shows the card
    d.shot("teach/teach-1280x720-it-resumed")
    camera.show(None)

    # Finish answers at once while the deck is written (a slow SD card here), and saves once
    from companion.faces import deck_file
    writing, saves, real_save = threading.Event(), [], deck_file.save_deck

    def full_card(deck, path):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(deck_file, "save_deck", full_card)  # first a card that is full: one notice
    d.tap_id("finish", "teach")
    assert d.wait_for(lambda: "No space left on device" in d.root.notice_shown, timeout=10)
    assert d.current == "teach" and not d.ids("teach")["finish"].disabled  # nothing lost: tap again

    def slow_save(deck, path):
        writing.wait(10)
        saves.append(path)
        real_save(deck, path)

    monkeypatch.setattr(deck_file, "save_deck", slow_save)
    d.tap_id("finish", "teach")
    assert d.current == "teach" and d.ids("teach")["finish"].disabled
    assert d.ids("teach")["retake"].disabled and d.ids("teach")["skip"].disabled
    done = screen.teach.done_count
    screen.finish()  # again, as a second tap that came before the button was greyed
    screen.retake()  # and a retake: the pass stands still while it is saved
    assert screen.teach.done_count == done
    writing.set()
    assert d.wait_for(lambda: d.current == "table", timeout=10)
    assert "facce su 30; le altre si scelgono toccando" in d.root.notice_shown
    assert saves == [data_dir / "decks" / "multicolor.deck"]


def test_a_damaged_deck_gives_one_notice_and_tags_still_play(start_app, camera, data_dir, tmp_path):
    from companion.demo import synth
    from companion.rules import Card, Play

    bad = tmp_path / "damaged.deck"
    bad.write_bytes(b"PK\x03\x04 not really a deck")
    d = start_with_camera(start_app, camera, deck_path=bad)
    assert d.wait_for(lambda: "Card faces are not read" in d.root.notice_shown, timeout=10)
    assert d.root.notice_shown.count("Card faces are not read") == 1
    assert "is damaged: teach the deck again" in d.root.notice_shown
    assert "Tags and taps work as before" in d.root.notice_shown
    d.shot("teach/damaged-deck-800x480-en")
    tagged = synth.render_frame([(Card("R", 1), 2)], (640, 480), seed=3,
                                conditions={"blur": 0.3, "motion": 0.0, "glare": 0.0, "jpeg": 85},
                                placements=[synth.Placement(0.5, 0.5, 0.3, 20, 10, 0)])
    path = tmp_path / "tagged.png"
    cv2.imwrite(str(path), tagged)
    camera.extra = path
    assert d.wait_for(lambda: len(d.session.game.events) == 1, timeout=30), d.model.scan_state
    assert d.session.game.events[-1] == Play(Card("R", 1), 2)


def test_the_teach_screen_opens_at_once_while_the_card_is_still_writing(start_app, data_dir):
    """The pass to resume is read after the writes asked for before it (a deck being saved on a
    slow SD card here), but the screen does not wait for them: it opens at once, takes no tap
    until the pass is read, and then shows it."""
    from companion.app import last_setup

    d = start_app(variant="multicolor")
    writing = threading.Event()
    last_setup.in_turn(writing.wait, 20)
    try:
        screen = open_teach(d, wait=False)
        d.frames(3)
        assert screen.opening and not writing.is_set()
        assert all(d.ids("teach")[b].disabled for b in ("skip", "retake", "finish"))
    finally:
        writing.set()
    assert d.wait_for(lambda: not screen.opening, timeout=10)
    assert d.text("face", "teach") == "\u2665 Red 1"
    assert d.text("progress", "teach") == "0 of 30 taught"
    assert not d.ids("teach")["skip"].disabled


# what the screen says of a teach photo whose outline is the cloth's, by why
REFUSED_SAID = {
    "cloth_round": {"en": "The camera took the cloth's pattern round the card for its edge: take it away, then "
                          "show it again on a plain part of the table",
                    "it": "La fotocamera ha scambiato la trama del panno intorno alla carta per il suo bordo: "
                          "toglila, poi mostrala di nuovo su una parte liscia del tavolo"},
    "off_card": {"en": "The camera took a line of the cloth for part of the card's edge: take it away, then "
                       "show it again on a plain part of the table"},
}


@pytest.mark.parametrize("lang, size, why", [("en", (800, 480), "cloth_round"), ("it", (800, 480), "cloth_round"),
                                             ("it", (720, 1280), "cloth_round"), ("en", (800, 480), "off_card")])
def test_a_photo_whose_outline_is_the_cloths_is_asked_again_on_a_plain_part(
        start_app, camera, data_dir, tmp_path, lang, size, why):
    """A card on a checked or striped cloth whose lines close into a rectangle round it (the
    benchmark's corpus B, seed 292, deck 1), or run on past a corner of the card, a wedge of
    the cloth taken in (seed 391, deck 1): the screen says why the photo was not taken, and
    what to do, then takes the card shown on a plain part of the table."""
    from companion import i18n

    faces = Path(__file__).resolve().parents[1] / "faces"
    if str(faces) not in sys.path:
        sys.path.insert(0, str(faces))  # its bench_starts.py
    bench_photo = _conftest(faces / "conftest.py").bench_photo

    i18n.set_language(lang)
    on_the_cloth = tmp_path / "on-the-cloth.png"
    photo = bench_photo("b", 292, 1, "W5") if why == "cloth_round" else bench_photo("b", 391, 1, "M2")
    cv2.imwrite(str(on_the_cloth), photo)
    d = start_with_camera(start_app, camera, size=size)
    screen = open_teach(d)
    camera.extra = on_the_cloth
    said = REFUSED_SAID[why][lang]
    assert d.wait_for(lambda: screen.hint_text == said, timeout=30), screen.hint_text
    d.frames(10)
    assert screen.hint_text == said  # while the card is in view
    assert d.ids("teach")["card_outline"].refused  # the cloth's outline, drawn in the refusals' colour
    assert missing_glyphs(d.window) + unreadable_labels(d.window) == []
    if d.can_shoot:
        d.shot(f"teach/teach-{size[0]}x{size[1]}-{lang}-{why.replace('_', '-')}")
    assert len(screen.teach.deck) == 0
    camera.extra = None  # taken away, as the hint asks: the pass sees the table empty first
    assert d.wait_for(lambda: screen.teach.seen in ("no_card", "idle"), timeout=30), screen.teach.seen
    teach_face(d, camera, screen, screen.teach.current)
    assert screen.teach.done_count == 1 and not d.ids("teach")["card_outline"].refused


def test_the_screen_has_a_hint_for_every_reason_a_teach_photo_is_refused():
    """The screen words its own hint for each reason the teach gives (teach.WHY, but for no card
    at all, which the plain "not clear" hint covers), so a reason added there is not left to it."""
    from companion.app.teach_screen import UNCLEAR_HINTS
    from companion.faces.teach import NO_CARD, WHY

    assert set(UNCLEAR_HINTS) == set(WHY) - {NO_CARD}


def test_without_a_camera_the_teach_screen_says_so(start_app, data_dir):
    d = start_app()
    screen = open_teach(d)
    d.wait_for(lambda: screen.hint_text != "", timeout=5)
    assert d.text("hint", "teach") == ("No camera: a deck is taught by showing its cards to "
                                       "the camera")
    assert d.ids("teach")["finish"].disabled
    d.tap_id("back", "teach")
    assert d.current == "table"


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (720, 1280)])
def test_the_teach_screen_reads_whole(start_app, data_dir, size, lang):
    """No word broken or cut, no symbol drawn as an empty box, with the longest texts it shows."""
    from companion import i18n
    from companion.rules import Card

    i18n.set_language(lang)
    d = start_app(size=size, variant="multicolor")
    screen = open_teach(d)
    teach = screen.teach
    teach.skip()
    teach.confused = [(Card("M", 1), Card("R", 1)), (Card("Y", 3), Card("W", 3)),
                      (Card("B", 2), Card("B", 3)), (Card("G", 4), Card("G", 5))]
    # and two faces whose photo was of the cloth, not the card (odd_faces.py)
    teach.unlike = [Card("W", 4), Card("M", 3)]
    teach.again = teach.unlike + teach.confused_faces
    teach.current = teach.again[0]
    screen.refresh()
    d.frames(3)
    assert missing_glyphs(d.window) + unreadable_labels(d.window) == []
    sentences = {"en": ("took something else for the edge of White\u00a04, Multicolor\u00a03", "mixes up"),
                 "it": ("qualcos'altro per il bordo", "confonde")}[lang]
    assert all(words in screen.check_text for words in sentences)
    if d.can_shoot:
        d.shot(f"teach/teach-{size[0]}x{size[1]}-{lang}-check-words")
    teach.again, teach.current, teach.phase = [], None, "checked"  # after the second check
    screen.refresh()
    d.frames(3)
    assert "mix up" in screen.check_text or "confondere" in screen.check_text
    assert missing_glyphs(d.window) + unreadable_labels(d.window) == []


def test_the_snapshot_command_draws_the_teach_screen_with_a_camera_picture(tmp_path):
    import os
    import subprocess

    from companion.formats.game_log import game_to_dict
    from companion.rules import Game, GameSetup
    from companion.rules import Card

    from test_snapshot_command import png_pixels

    repo = Path(__file__).resolve().parents[2]
    log = tmp_path / "game.json"
    import json

    log.write_text(json.dumps(game_to_dict(Game(GameSetup.create(["Ana", "Ben"], variant="multicolor")))))
    picture = tmp_path / "red1.png"
    cv2.imwrite(str(picture), held(Card("R", 1), 1)[0])
    out = repo / "tests" / "artefacts" / "teach" / "snapshot-teach-800x480-it.png"
    data = tmp_path / "data"
    env = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_HOME=str(tmp_path / "kivy"),
               HANABI_COMPANION_DATA=str(data))
    base = [sys.executable, "-m", "companion", "snapshot", str(log), "--out", str(out)]
    done = subprocess.run(base + ["--screen", "teach", "--lang", "it", "--camera", str(picture)],
                          capture_output=True, text=True, env=env, cwd=repo, timeout=120)
    assert done.returncode == 0, done.stderr
    assert png_pixels(out)[:2] == (800, 480)
    assert not data.exists()  # the player's data folder is never touched
    wrong = subprocess.run(base + ["--screen", "table", "--camera", str(picture)],
                           capture_output=True, text=True, env=env, cwd=repo, timeout=120)
    assert wrong.returncode == 2 and wrong.stderr.strip() == "snapshot: --camera is for --screen teach"


def test_the_deck_taught_last_is_read_from_the_start(start_app, camera, data_dir, tmp_path):
    """A new evening: the app, started from its configuration, reads faces with the deck taught
    last (remembered in the data folder) from the first card on."""
    from argparse import Namespace

    from companion.app import last_setup, taught_deck
    from companion.app.main import build_context
    from companion.faces.deck_file import Deck, save_deck
    from companion.faces.teach import learn_face
    from companion.rules import Card, GameSetup, Play
    from companion.rules.variants import get_variant

    deck = Deck()
    for card in get_variant("classic").cards():
        assert learn_face(deck, str(card), frame_with([(card, TEACH_POSE)], seed=7))
    path = taught_deck.deck_for("classic")
    path.parent.mkdir(parents=True)
    save_deck(deck, path)
    last_setup.remember_taught_deck(path)
    camera.files(None)  # the file camera's folder holds frames before it is named
    config = tmp_path / "config.toml"
    config.write_text(f'[camera]\nsource = "file"\npath = "{camera.folder}"\n[panel]\nenabled = "no"\n'
                      '[ui]\nsound = false\n')
    context = build_context(Namespace(config=str(config)))
    assert context.deck_path == path
    context.camera_factory = camera.source  # the same folder's files, in the order the test shows
    try:
        context.session.new_game(GameSetup.create(["Ana", "Ben", "Cy"]))
        d = start_app(context)
        assert d.wait_for(lambda: d.model.camera_running, timeout=20), d.model.scan_state
        # (a deck that could not be learned says why in the notice; a service not yet handed over
        # to the app is None)
        assert d.wait_for(lambda: getattr(d.app.camera.service, "_faces", None) is not None, timeout=30), \
            (d.app.camera.service, d.root.toast.text)
        settled(d)
        camera.show(Card("Y", 1), LIVE_POSE)
        assert d.wait_for(lambda: len(d.session.game.events) == 1, timeout=30), d.model.scan_state
        assert d.session.game.events[-1] == Play(Card("Y", 1), None)
        assert d.wait_for(lambda: d.root.banner_shown)
        assert "Yellow 1" in d.root.banner.text
    finally:
        context.store.close()
