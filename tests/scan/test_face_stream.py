"""Card faces in a stream: each card shown counts once, a second copy only after the first left,
and a tagged card is read by its tag alone."""

import numpy as np

from companion.rules.cards import Card
from companion.scan.face_stream import FaceStream
from companion.scan.service import ScanService
from companion.scan.tag import tag_text
from hardware.camera.file_source import FileSource

R1, B2 = Card("R", 1), Card("B", 2)


def scripted(names_per_frame):
    """A reader that names, for frame number i (drawn in its top-left pixel), the faces scripted."""
    def read(frame, _variant=None):
        return list(names_per_frame[int(frame[0, 0, 0])])
    return read


def frames(n):
    out = []
    for i in range(n):
        f = np.zeros((48, 64, 3), np.uint8)
        f[0, 0, 0] = i
        out.append(f)
    return out


def reads_of(script, **kw):
    stream = FaceStream(scripted(script), **kw)
    return [[(r.card, r.copy) for r in stream.feed(f)] for f in frames(len(script))]


def test_a_face_counts_once_while_it_stays_and_again_after_it_left():
    script = [[], ["R1"], ["R1"], ["R1"], ["R1"], [], ["R1"], ["R1"]] + [[]] * 6 + [["R1"]] * 3
    reads = reads_of(script, stable=3, leave=6)
    assert [i for i, r in enumerate(reads) if r] == [3, 16]
    assert reads[3] == [(R1, None)]  # a face names the card, not the copy


def test_a_glimpse_is_not_a_card_and_a_second_copy_waits_for_the_first_to_leave():
    # B2 is glimpsed twice (two frames apart: a new glimpse); R1 stays, a second R1 joins it (frame 4) and stays once the first
    # is gone (frame 5): one card until the view is clear of Red 1 for two frames
    script = [["B2"], [], [], ["B2", "R1"], ["R1"], ["R1", "R1"], ["R1"], ["R1"], [], [], ["R1"]]
    reads = reads_of(script, stable=3, leave=2)
    assert sum(reads, []) == [(R1, None)] and reads[5] == [(R1, None)]


def test_one_frame_the_reader_missed_does_not_start_the_count_again():
    assert sum(reads_of([["R1"], [], ["R1"], ["R1"]], stable=3), []) == [(R1, None)]
    assert sum(reads_of([["R1"], [], [], ["R1"], ["R1"]], stable=3), []) == []


def test_names_outside_the_deck_or_not_cards_are_never_read():
    stream = FaceStream(scripted([["M1", "X9", "R1"]] * 3), stable=1)
    got = [r.card for f in frames(3) for r in stream.feed(f, "classic")]
    assert got == [R1]


def test_a_reader_that_fails_names_nothing():
    def broken(_frame, _variant=None):
        raise RuntimeError("bad frame")
    assert FaceStream(broken, stable=1).feed(frames(1)[0]) == []


def test_a_tagged_card_is_read_once_by_its_tag_not_again_by_its_face():
    # frames 0-3: R1 has a readable tag and face; 4-5: tag hidden by a finger, face still read
    tags = [[tag_text(R1, 2)]] * 4 + [[]] * 2
    faces = [["R1"]] * 6
    source = FileSource(frames(6))
    cards = []
    service = ScanService(lambda: source, lambda c, k: cards.append((c, k)), lambda s, d: None,
                          decode=lambda f: tags[int(f[0, 0, 0])], faces=scripted(faces))
    while service.step() or not service.frames:
        pass
    assert cards == [(R1, 2)]


def test_the_service_plays_a_face_with_no_copy_and_reports_the_card():
    faces = [[], ["B2"], ["B2"], ["B2"], ["B2"]] + [[]] * 6  # it lies there, then it is taken away
    source = FileSource(frames(len(faces)))
    cards, statuses = [], []
    service = ScanService(lambda: source, lambda c, k: cards.append((c, k)),
                          lambda s, d: statuses.append((s, d)), decode=lambda f: [],
                          faces=scripted(faces))
    while service.step() or not service.frames:
        pass
    assert cards == [(B2, None)]
    names = [name for name, _ in statuses]
    assert names == ["ready", "seeing", "card", "ready"]  # "card" while it lies there
    assert ("card", "B2") in statuses


def test_while_watched_the_frames_go_to_the_watcher_and_no_card_is_read():
    faces = [["B2"]] * 5
    source = FileSource(frames(5))
    cards, seen = [], []
    service = ScanService(lambda: source, lambda c, k: cards.append((c, k)), lambda s, d: None,
                          decode=lambda f: [tag_text(R1, 1)], faces=scripted(faces))
    service.watch(lambda f: seen.append(int(f[0, 0, 0])))
    while service.step() or not service.frames:
        pass
    assert cards == [] and seen == [0, 1, 2, 3, 4]


def test_a_tag_lost_for_long_while_its_face_stays_is_still_the_same_card():
    # R1's tag is read, then hidden for 8 frames (the tag tracker forgets it) while its face is
    # still named, then read again: one card, not two
    tags = [[tag_text(R1, 1)]] * 3 + [[]] * 8 + [[tag_text(R1, 1)]] * 3
    faces = [["R1"]] * 14
    source = FileSource(frames(14))
    cards = []
    service = ScanService(lambda: source, lambda c, k: cards.append((c, k)), lambda s, d: None,
                          decode=lambda f: tags[int(f[0, 0, 0])], faces=scripted(faces))
    while service.step() or not service.frames:
        pass
    assert cards == [(R1, 1)]


def test_the_card_last_taught_left_in_view_is_not_played_when_teaching_ends():
    faces = [["B2"]] * 12
    tags = [[tag_text(R1, 1)]] * 12
    source = FileSource(frames(12))
    cards = []
    service = ScanService(lambda: source, lambda c, k: cards.append((c, k)), lambda s, d: None,
                          decode=lambda f: tags[int(f[0, 0, 0])], faces=scripted(faces))
    service.watch(lambda f: None)
    for _ in range(3):
        service.step()
    service.watch(None)  # the teach screen closes with both cards still lying in view
    service.set_faces(scripted(faces))  # and the deck just taught is used from now on
    while service.step():
        pass
    assert cards == []  # they were there before: neither is a play
