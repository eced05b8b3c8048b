"""Which taught deck the app reads with: the configuration's, else the one taught last; a deck
that cannot be used is one notice, never an error."""

from __future__ import annotations

import numpy as np
import pytest

from companion import config
from companion.app import last_setup, taught_deck
from companion.faces.deck_file import Deck, save_deck
from companion.faces.finder import FACE_H, FACE_W


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HANABI_COMPANION_DATA", str(tmp_path / "data"))
    yield tmp_path / "data"
    last_setup.flush()


def cfg_with(deck: str = "") -> dict:
    cfg = config.load("/nonexistent/config.toml")
    cfg["camera"]["deck"] = deck
    return cfg


def a_deck(path) -> None:
    deck = Deck()
    deck.add("R1", np.full((FACE_H, FACE_W, 3), 90, np.uint8))
    save_deck(deck, path)


def test_no_deck_taught_means_tags_only(data_dir):
    assert taught_deck.deck_in_use(cfg_with()) is None
    assert taught_deck.open_reader(None) == (None, None)


def test_the_deck_taught_last_is_used_unless_the_configuration_names_one(data_dir, tmp_path):
    taught = taught_deck.deck_for("classic")
    assert taught == data_dir / "decks" / "classic.deck"
    taught.parent.mkdir(parents=True)
    a_deck(taught)
    last_setup.remember_taught_deck(taught)
    assert taught_deck.deck_in_use(cfg_with()) == taught
    assert taught_deck.deck_in_use(cfg_with(str(tmp_path / "ours.deck"))) == tmp_path / "ours.deck"
    read, notice = taught_deck.open_reader(taught)
    assert callable(read) and notice is None
    assert read(np.zeros((480, 640, 3), np.uint8), "classic") == []  # an empty table names nothing


@pytest.mark.parametrize("content, words", [
    (b"PK\x03\x04 half a deck", "is damaged: teach the deck again"),
    (None, "there is no deck file"),
    (b"just some text", "is damaged"),
])
def test_a_deck_that_cannot_be_used_is_one_notice(data_dir, tmp_path, content, words):
    path = tmp_path / "bad.deck"
    if content is not None:
        path.write_bytes(content)
    read, notice = taught_deck.open_reader(path)
    assert read is None
    assert notice.startswith("Card faces are not read: ") and words in notice
    assert notice.endswith("Tags and taps work as before.")


def test_a_deck_from_another_version_is_named_so(data_dir, tmp_path):
    import json

    path = tmp_path / "old.deck"
    header = {"format": "hanabi-companion-deck", "version": 99, "face_size": [FACE_W, FACE_H],
              "cards": [], "labels": []}
    with open(path, "wb") as f:
        np.savez(f, header=np.frombuffer(json.dumps(header).encode(), np.uint8),
                 faces=np.zeros((0, FACE_H, FACE_W, 3), np.uint8))
    read, notice = taught_deck.open_reader(path)
    assert read is None and "another version of the companion" in notice


def test_a_half_way_pass_is_remembered_and_forgotten(data_dir):
    assert last_setup.teach_pass() == {}
    last_setup.remember_teach_pass({"variant": "classic", "deck": "x.deck", "taken": ["R1"]})
    assert last_setup.teach_pass()["taken"] == ["R1"]
    last_setup.remember_teach_pass(None)
    assert last_setup.teach_pass() == {}


def _two_card_deck(folder):
    """A deck file of two plain faces in `folder`."""
    path = folder / "two.deck"
    deck = Deck()
    deck.add("R1", np.full((FACE_H, FACE_W, 3), 90, np.uint8))
    deck.add("R2", np.full((FACE_H, FACE_W, 3), 160, np.uint8))
    save_deck(deck, path)
    return path


def test_a_deck_that_cannot_be_learned_is_one_notice_that_names_why(data_dir, tmp_path, monkeypatch):
    from companion.faces import pixel_judge

    path = _two_card_deck(tmp_path)

    def out_of_memory(*_args, **_kw):
        raise MemoryError()

    monkeypatch.setattr(pixel_judge, "FaceModel", out_of_memory)
    read, notice = taught_deck.open_reader(path)
    assert read is None
    assert notice.startswith("Card faces are not read: MemoryError")
    assert notice.endswith("Tags and taps work as before.")


def test_a_face_network_that_will_not_load_is_one_notice_and_tags_go_on(data_dir, tmp_path, monkeypatch):
    """A damaged install (the network's file cut short): one notice, no traceback."""
    from companion.faces import face_net

    path = _two_card_deck(tmp_path)
    broken = tmp_path / "face_net.onnx"
    broken.write_bytes(face_net.MODEL.read_bytes()[:5000])
    monkeypatch.setattr(face_net, "MODEL", broken)
    read, notice = taught_deck.open_reader(path)
    assert read is None
    assert notice.startswith("Card faces are not read:")
    assert notice.endswith("Tags and taps work as before.")


def test_a_deck_written_in_turn_is_on_the_disk_before_the_entry_naming_it_and_flush_waits(data_dir):
    """The teach screen writes its deck files with last_setup.in_turn: off the caller's thread,
    after the writes asked for before it, before those asked for after it, and waited for by
    flush (as the app stops)."""
    import threading
    import time

    gate, seen = threading.Event(), []
    path = data_dir / "decks" / "classic.deck"

    def write() -> None:
        gate.wait(5)
        path.parent.mkdir(parents=True, exist_ok=True)
        a_deck(path)
        seen.append(threading.current_thread() is threading.main_thread())

    last_setup.remember_teach_pass({"variant": "classic", "deck": "x.deck"})
    future = last_setup.in_turn(write)
    last_setup.remember_taught_deck(path)
    time.sleep(0.05)
    assert not future.done() and not path.exists()  # the caller did not wait
    gate.set()
    last_setup.flush()
    assert future.done() and seen == [False] and path.is_file()
    assert last_setup.taught_deck() == path and last_setup.teach_pass()["variant"] == "classic"
