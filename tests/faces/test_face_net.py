"""The face network and its judge: the shipped network loads, turns faces into unit vectors,
and tells a deck's faces apart where a camera changes them."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import faces_synth_a
from conftest import CLASSIC
from companion.faces.face_net import MODEL, FaceNet
from companion.faces.finder import FACE_H, FACE_W, find_cards, upright_face
from companion.faces.net_judge import NetJudge


@pytest.fixture(scope="module")
def net():
    return FaceNet()


@pytest.fixture(scope="module")
def judge(taught):
    return NetJudge(taught)


def test_the_network_ships_beside_its_module_and_is_small():
    assert MODEL.is_file()
    assert MODEL.stat().st_size < 2_000_000


def test_faces_become_unit_vectors_and_odd_input_is_refused(net, taught):
    faces = [taught.faces[card][0] for card in ("R1", "G3", "W5")]
    vectors = net.embed(faces)
    assert vectors.shape == (3, 64) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    assert np.allclose(net.embed(faces[:1]), vectors[:1], atol=1e-5)  # one at a time or together
    assert net.embed([]).shape == (0, 64)
    with pytest.raises(ValueError):
        net.embed([np.zeros((FACE_H, FACE_W * 2, 3), np.uint8)])


@pytest.mark.skipif(not hasattr(cv2.dnn, "ENGINE_CLASSIC"), reason="OpenCV 4 has one engine only")
def test_the_engine_the_network_runs_on_gives_the_vectors_of_opencvs_new_one(net, taught, monkeypatch):
    faces = [taught.faces[card][0] for card in ("R1", "G3", "W5", "B2")]
    monkeypatch.setattr(cv2.dnn, "ENGINE_CLASSIC", cv2.dnn.ENGINE_NEW)  # the same network, read on the new one
    on_the_new_engine = FaceNet()
    # within 1e-6 here; other processors round otherwise
    assert np.allclose(net.embed(faces), on_the_new_engine.embed(faces), atol=1e-5)


def _seen_again(face: np.ndarray) -> list[np.ndarray]:
    """The face as another frame shows it: under a warm lamp, softer, darker and compressed."""
    f = face.astype(np.float32)
    warm = np.clip(f * np.float32([0.75, 0.95, 1.15]), 0, 255).astype(np.uint8)
    soft = cv2.GaussianBlur(face, (0, 0), 1.0)
    dark = np.clip(f * 0.6, 0, 255).astype(np.uint8)
    _ok, data = cv2.imencode(".jpg", face, [cv2.IMWRITE_JPEG_QUALITY, 40])
    return [warm, soft, dark, cv2.imdecode(data, cv2.IMREAD_COLOR)]


def test_a_taught_face_seen_again_is_named_as_itself_and_never_as_another(judge, taught):
    named, wrong = 0, []
    for card in CLASSIC:
        views = _seen_again(taught.faces[card][0])
        for verdict in judge.verdicts(views):
            named += verdict.card == card
            if verdict.card not in (None, card):
                wrong.append((card, verdict.card))
    assert wrong == []
    assert named >= 0.75 * 4 * len(CLASSIC), named


def test_a_face_upside_down_is_the_same_card(judge, taught):
    for card in ("Y2", "B4", "W1"):
        face = taught.faces[card][0]
        verdict = judge.verdicts([np.ascontiguousarray(face[::-1, ::-1])])[0]
        assert verdict.best == card and verdict.likeness > 0.99


def test_a_blank_card_and_the_cloth_are_no_card(judge, look):
    blank = np.full((FACE_H, FACE_W, 3), 235, np.uint8)
    rng = np.random.default_rng(3)
    table = faces_synth_a.empty_frame(look, rng, "table")
    cloth = np.ascontiguousarray(table[100:190, 100:160])
    assert [v.card for v in judge.verdicts([blank, cloth])] == [None, None]


def test_the_rivals_of_a_clear_face_are_none_and_of_a_face_taught_twice_its_twin(taught, look):
    from companion.faces.deck_file import Deck

    judge = NetJudge(taught)
    assert judge.rivals(taught.faces["G3"][0], "G3") == []
    rng = np.random.default_rng(6)
    photo = faces_synth_a.teach_photo(look, "G4", rng)
    face = upright_face(photo, find_cards(photo)[0])
    twins = Deck()
    for card in ("G4", "G5", "R1"):
        twins.add(card, face if card != "R1" else taught.faces["R1"][0])
    assert NetJudge(twins).rivals(face, "G4") == ["G5"]
