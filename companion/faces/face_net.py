"""The face network: an upright face as 64 numbers, for telling a deck's faces apart.

A small convolutional network (training/train_face_net.py, trained on decks invented by the
project's own generator C) turns an upright face (finder.upright_face, 90 x 60 BGR) into a
vector of unit length. Two views of one face of one deck give nearly the same vector whatever
the lamp, the blur, a glare or an outline a few pixels off; two faces of a deck give vectors
apart, by the figure for two ranks of a suit and by the colour for two suits. It knows no deck:
the reader compares a view with the vectors of the faces the players taught.

The network ships as an ONNX file beside this module and runs with OpenCV's dnn module (no
download, nothing more to install); it loads in a few hundredths of a second.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from companion.faces.finder import FACE_H, FACE_W

MODEL = Path(__file__).with_name("face_net.onnx")
CHUNK = 128  # faces per run of the network


class FaceNet:
    """One network, for one thread (OpenCV's networks are not shared between threads)."""

    def __init__(self, path: Path | None = None) -> None:
        path = path or MODEL
        # OpenCV 5's classic engine runs this network in about half the time of its new one
        # (1.0 against 2.0 ms a face on one core), to within 1e-6; OpenCV 4 has only that engine
        engine = getattr(cv2.dnn, "ENGINE_CLASSIC", None)
        try:
            self._net = cv2.dnn.readNetFromONNX(str(path)) if engine is None else \
                cv2.dnn.readNetFromONNX(str(path), engine=engine)
        except cv2.error as err:  # a damaged install: said in one line, not OpenCV's page
            raise OSError(f"the face network {path.name} is missing or damaged; reinstall the companion") from err

    def embed(self, faces: list[np.ndarray] | np.ndarray) -> np.ndarray:
        """N upright faces (FACE_H x FACE_W x 3 uint8 BGR) -> N x 64 float32, each of unit length."""
        if len(faces) == 0:
            return np.zeros((0, 64), np.float32)
        if len(faces) > CHUNK:  # a deck of many photos: a bounded batch at a time
            return np.concatenate([self.embed(faces[i:i + CHUNK]) for i in range(0, len(faces), CHUNK)])
        batch = np.stack([np.asarray(f) for f in faces]).astype(np.float32)
        if batch.shape[1:] != (FACE_H, FACE_W, 3):
            raise ValueError(f"faces must be {FACE_H}x{FACE_W}x3, not {batch.shape[1:]}")
        batch = np.ascontiguousarray((batch / 255.0 - 0.5).transpose(0, 3, 1, 2))
        self._net.setInput(batch)
        out = np.asarray(self._net.forward(), np.float32).reshape(len(batch), -1)
        return out / np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-6)
