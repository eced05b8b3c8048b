"""The pixel judge's comparison made quicker gives what measuring everything in full gives."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import faces_synth_a
from companion.faces import features, finder
from companion.faces.finder import OutlineSearch, upright_face
from companion.faces.pixel_judge import PixelJudge


@pytest.fixture(scope="module")
def judged(taught, look):
    """The pixel judge of the taught deck, and upright faces of cards seen on the table."""
    rng = np.random.default_rng(33)
    faces = []
    for card in ("R1", "G3", "B5", "W2", "Y4", "R2"):
        frame, _shown = faces_synth_a.table_frame(look, card, rng)
        faces += [upright_face(frame, quad) for quad in OutlineSearch(frame).cards()]
    assert len(faces) >= 6
    return PixelJudge(taught), faces


def test_residuals_made_in_blocks_are_those_made_at_once(judged, monkeypatch):
    judge, faces = judged
    sample = features.sample(faces[0])
    assert len(judge._samples) > 2 * features.BLOCK  # three blocks or more
    blocked, gains = features.residuals(sample, judge._samples, judge._scale)
    monkeypatch.setattr(features, "BLOCK", len(judge._samples))
    whole, whole_gains = features.residuals(sample, judge._samples, judge._scale)
    np.testing.assert_allclose(blocked, whole, rtol=1e-5)
    np.testing.assert_array_equal(gains, whole_gains)


def test_any_within_says_whether_the_nearest_taught_sample_is_that_near(judged):
    judge, faces = judged
    for face in faces:
        for zoom in features.ZOOMS:
            sample = features.sample(features.zoomed(face, zoom))
            least = float(features.residuals(sample, judge._samples, judge._scale)[0].min())
            assert features.any_within(sample, judge._samples, judge._scale, least)
            assert features.any_within(sample, judge._samples, judge._scale, least * 1.01)
            assert not features.any_within(sample, judge._samples, judge._scale, least * 0.99)


def test_a_face_is_compared_at_the_zoom_measuring_every_zoom_in_full_chooses(judged):
    judge, faces = judged
    chosen = set()
    for face in faces:
        full = []
        for zoom in features.ZOOMS:
            sample = features.sample(features.zoomed(face, zoom))
            full.append((sample, features.residuals(sample, judge._samples, judge._scale)[0]))
        first = min(range(len(full)), key=lambda i: (float(full[i][1].min()), i))
        chosen.add(first)
        comparison = judge.compare(face)
        np.testing.assert_array_equal(comparison.sample, full[first][0])
    assert chosen == set(range(len(features.ZOOMS)))  # most are nearer trimmed; one outline of B5 is not


def test_a_face_compared_again_is_the_same_and_one_changed_since_is_compared_anew(judged):
    judge, faces = judged
    face = faces[1].copy()
    first = judge.compare(face)
    assert judge.compare(face) is first  # kept: the reader asks of one face in turn
    face[:] = faces[2]
    again = judge.compare(face)
    assert again is not first
    np.testing.assert_array_equal(again.residual, judge.compare(faces[2].copy()).residual)


def test_the_capped_distance_to_an_edge_is_the_distance_transforms_where_it_is_asked(look):
    rng = np.random.default_rng(32)
    frame, _shown = faces_synth_a.table_frame(look, "B3", rng)
    picture = finder._picture(frame)
    exact = cv2.distanceTransform(255 - picture.edges, cv2.DIST_L2, 3)
    assert picture.edges.any() and (exact > 1.5).any()
    for tolerance in (0.5, 1.5):  # on an edge; beside one (_support, side_lines)
        np.testing.assert_array_equal(picture.distance <= tolerance, exact <= tolerance)


def test_a_face_evened_again_is_the_same_and_one_changed_since_is_evened_anew(judged):
    _judge, faces = judged
    face = faces[0].copy()
    first = features.evened(face)
    assert features.evened(face) is first  # kept: the judges of one face share it
    assert not first.flags.writeable  # so that no judge can spoil it for the others
    assert not features.evened(face[::-1, ::-1]).flags.writeable  # a view of a face, not kept, alike
    fresh = features.evened(face.copy())
    np.testing.assert_array_equal(fresh, first)
    face[:30] = 255 - face[:30]  # the same array, changed in place
    changed = features.evened(face)
    assert changed is not first
    np.testing.assert_array_equal(changed, features.evened(face.copy()))
    assert not np.array_equal(changed, first)


def _disc_card(disc: tuple[int, int, int]) -> np.ndarray:
    """An upright face of cream paper with a disc and a 5 in its middle and corners, in `disc`."""
    face = np.empty((finder.FACE_H, finder.FACE_W, 3), np.uint8)
    face[:] = (225, 239, 235)
    cv2.circle(face, (finder.FACE_W // 2, finder.FACE_H // 2), 16, disc, -1)
    cv2.putText(face, "5", (finder.FACE_W // 2 - 6, finder.FACE_H // 2 + 7), cv2.FONT_HERSHEY_SIMPLEX, 0.6,
                (240, 240, 240), 2)
    for x, y in ((4, 14), (finder.FACE_W - 14, finder.FACE_H - 4)):
        cv2.putText(face, "5", (x, y), cv2.FONT_HERSHEY_SIMPLEX, 0.4, disc, 1)
    return face


def test_a_lamp_that_saturates_the_paper_is_let_be_as_strong_as_the_colours_ask():
    white, red = _disc_card((131, 127, 132)), _disc_card((74, 104, 247))  # a grey disc, a red one
    # an orange lamp: the grey disc turns red, and the paper's red saturates
    lamp = np.clip(white.astype(np.float32) * (0.6, 0.97, 1.76), 0, 255).astype(np.uint8)
    saturated = features.saturated(lamp)
    assert saturated[2].mean() > 0.5 and not saturated[:2].any()  # the red of the paper, no other
    taught = np.stack([features.sample(white), features.sample(red)])
    scale = features.contrast(taught)
    plain = features.residuals(features.sample(lamp), taught, scale)[0]
    assert plain[1] < 1.1 * plain[0]  # the light the paper pins leaves the red card as near
    let_be = features.saturated_residuals(features.sample(lamp), saturated, taught, scale)
    assert let_be[0] < 0.25 * let_be[1]  # the grey disc under a strong lamp, by far
    # a red card seen as taught is the red card
    seen = features.saturated_residuals(features.sample(red), features.saturated(red), taught, scale)
    assert seen[1] < 0.1 * seen[0]
    # and so it is under that lamp, which saturates its red all over (disc and paper): that
    # channel's gain is the least allowed, the others fitted as ever
    red_lamp = np.clip(red.astype(np.float32) * (0.6, 0.97, 1.76), 0, 255).astype(np.uint8)
    saturated = features.saturated(red_lamp)
    assert saturated[2].all() and not saturated[:2].any()
    seen = features.saturated_residuals(features.sample(red_lamp), saturated, taught, scale)
    assert seen[1] < 0.25 * seen[0]


def test_a_faces_leaning_and_separation_against_several_rivals_are_each_as_measured_alone(judged):
    judge, faces = judged
    samples = judge._samples
    sample = features.sample(faces[0])
    gains = np.ones(3, np.float32)
    first, rivals = samples[0], samples[1:9]
    # a face that is the first sample leans all the way to it, one that is a rival all the way
    # from it, and against a rival that is the first sample itself it leans nowhere
    np.testing.assert_allclose(features.leanings(first, gains, first, rivals), 0.5, atol=1e-5)
    assert features.leanings(rivals[2], gains, first, rivals)[2] == pytest.approx(-0.5, abs=1e-5)
    assert features.leanings(sample, gains, first, samples[:1])[0] == 0.0
    # each rival's value is the one it has asked alone, and the one a pair's sums give, to the
    # last bit (the reader's thresholds were set on those)
    together = features.leanings(sample, gains, first, rivals)
    apart = features.separations(sample, gains, first, rivals)
    w = features.weights()
    seen = gains[:, None] * sample
    for k, second in enumerate(rivals):
        assert features.leanings(sample, gains, first, rivals[k:k + 1])[0] == together[k]
        assert features.separations(sample, gains, first, rivals[k:k + 1])[0] == apart[k]
        diff = first - second
        assert together[k] == float((w * (seen - (first + second) / 2) * diff).sum()) / float((w * diff * diff).sum())
        assert apart[k] == np.sqrt(float((w * diff ** 2).sum()) / float((w * (seen - first) ** 2).sum()))
    # a face that is the first sample is told from every rival; one halfway to a rival is
    # half as far from the first as the rival is
    assert (features.separations(first, gains, first, rivals) > 10).all()
    halfway = (first + rivals[3]) / 2
    assert features.separations(halfway, gains, first, rivals[3:4])[0] == pytest.approx(2.0, rel=1e-4)
