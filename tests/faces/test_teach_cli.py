"""`hanabi-companion teach FOLDER --out DECK` and `scan --deck DECK`: the command-line contract."""

from __future__ import annotations

import json

import cv2
import numpy as np

import faces_synth_a
from companion.cli import main
from companion.faces.deck_file import load_deck


def run(capsys, *argv):
    code = main([*map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def test_teach_learns_a_folder_and_says_what_is_missing(capsys, teach_folder, tmp_path):
    (teach_folder / "notes.txt").write_text("not a photo")
    deck = tmp_path / "deck.npz"
    code, out, err = run(capsys, "teach", teach_folder, "--out", deck)
    assert code == 0, err
    assert "Traceback" not in out + err
    assert "Learned 25 faces from 26 photos: R1 R2" in out
    assert "Complete for Classic" in out
    assert "Missing for Multicolor: M1 M2 M3 M4 M5" in out
    assert f"Deck written to {deck}" in out
    loaded = load_deck(deck)
    assert len(loaded.cards()) == 25 and len(loaded.faces["R1"]) >= 2


def test_teach_names_the_photos_it_cannot_use(capsys, teach_folder, tmp_path):
    folder = tmp_path / "mixed"
    folder.mkdir()
    for name in ("R1.jpg", "Y3.png"):
        (folder / name).write_bytes((teach_folder / name).read_bytes() if (teach_folder / name).exists()
                                    else cv2.imencode(".png", cv2.imread(str(teach_folder / "Y3.jpg")))[1])
    rng = np.random.default_rng(1)
    cv2.imwrite(str(folder / "G2.jpg"), faces_synth_a.empty_frame(faces_synth_a.make_deck(rng), rng, "table"))
    (folder / "B4.jpg").write_text("broken")
    (folder / "holiday.jpg").write_bytes((teach_folder / "R2.jpg").read_bytes())
    code, out, err = run(capsys, "teach", folder, "--out", tmp_path / "deck.npz")
    assert code == 0
    assert "Learned 2 faces from 2 photos: R1 Y3" in out
    assert "G2.jpg: not used: no whole card found in the photo" in err
    assert "B4.jpg: not used: not an image that can be read" in err
    assert "holiday.jpg: not used: the name is not a card" in err


def test_teach_from_an_empty_folder_is_an_error_and_writes_nothing(capsys, tmp_path):
    folder = tmp_path / "empty"
    folder.mkdir()
    deck = tmp_path / "deck.npz"
    code, out, err = run(capsys, "teach", folder, "--out", deck)
    assert code == 1 and "no usable photo of a card face" in err and "Traceback" not in err
    assert not deck.exists()


def test_teach_from_photos_without_a_card_is_an_error(capsys, tmp_path):
    folder = tmp_path / "tables"
    folder.mkdir()
    rng = np.random.default_rng(3)
    look = faces_synth_a.make_deck(rng)
    for name in ("R1.jpg", "W5.png"):
        cv2.imwrite(str(folder / name), faces_synth_a.empty_frame(look, rng, "table"))
    deck = tmp_path / "deck.npz"
    code, out, err = run(capsys, "teach", folder, "--out", deck)
    assert code == 1 and "no usable photo of a card face" in err
    assert "R1.jpg: not used: no whole card found in the photo" in err
    assert not deck.exists()


def test_teach_from_a_missing_folder_is_an_error(capsys, tmp_path):
    code, out, err = run(capsys, "teach", tmp_path / "nowhere", "--out", tmp_path / "deck.npz")
    assert code == 1 and "no such folder" in err and "Traceback" not in err


def test_scan_with_a_deck_reads_faces_as_cards_without_a_copy(capsys, taught, look, tmp_path):
    from companion.faces.deck_file import save_deck

    deck = tmp_path / "deck.npz"
    save_deck(taught, deck)
    rng = np.random.default_rng(8)
    frame, _shown = faces_synth_a.table_frame(look, "G3", rng, mild=True)
    card = tmp_path / "g3.jpg"
    cv2.imwrite(str(card), frame)
    empty = tmp_path / "table.jpg"
    cv2.imwrite(str(empty), faces_synth_a.empty_frame(look, rng, "back"))
    code, out, err = run(capsys, "scan", "--json", "--deck", deck, card, empty)
    assert code == 0, err
    first, second = (json.loads(line) for line in out.splitlines())
    assert first == {"file": str(card), "cards": [{"card": "G3", "copy": None}], "raw": [], "rejected": []}
    assert second == {"file": str(empty), "cards": [], "raw": [], "rejected": []}
    code, out, err = run(capsys, "scan", "--deck", deck, card)
    assert out == f"{card}: G3 Green 3 (by its face)\n"


def test_scan_with_an_unusable_deck_says_why(capsys, tmp_path):
    bad = tmp_path / "deck.npz"
    bad.write_bytes(b"junk")
    code, out, err = run(capsys, "scan", "--deck", bad, tmp_path / "x.jpg")
    assert code == 1 and err.strip() == f"the deck {bad} is damaged: teach the deck again"
    assert out == ""


def test_scan_with_the_face_network_missing_says_so_in_one_line(capsys, taught, tmp_path, monkeypatch):
    from companion.faces import face_net
    from companion.faces.deck_file import save_deck

    deck = tmp_path / "deck.npz"
    save_deck(taught, deck)
    monkeypatch.setattr(face_net, "MODEL", tmp_path / "face_net.onnx")  # not there
    code, out, err = run(capsys, "scan", "--deck", deck, tmp_path / "x.jpg")
    assert code == 1 and out == ""
    assert err.strip() == "the face network face_net.onnx is missing or damaged; reinstall the companion"
