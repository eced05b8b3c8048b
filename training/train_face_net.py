"""Trains the face network (companion/faces/face_net.onnx) on the data of make_face_data.py.

    /path/to/venv-with-torch/bin/python training/train_face_net.py --data /tmp/face-data \
        --out companion/faces/face_net.onnx [--steps 4000]

The network turns an upright face (finder.upright_face, 90 x 60 BGR) into 64 numbers of unit
length; two views of one face of one deck should give nearly the same numbers, two faces of one
deck different ones, whatever the light, the blur or how well the outline fits. It is trained
the way it is used: a deck's taught faces (each also turned over, as a card may lie either way
up) stand for its cards, and each view from a table frame must be nearer the card it shows than
any other card of its deck, and an outline on no card nearer none of them than NONE_LEVEL (a
learned level). Decks are invented by generator C, which shares no code with the benchmark's
generators A and B, so the benchmark's figures are on looks the network never saw.

Needs PyTorch (training only; the app runs the network with OpenCV's dnn module).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

SIZE = (90, 60)
EMBED = 64
CARD_ERROR = 0.12  # an outline this near the card (share of its worst corner's error to the
# card's short side) shows the card; one further off but still on it may show the card or be
# named nothing, never another card
QUERIES = 48  # views per deck per step
DECKS_PER_STEP = 4
MARGIN = 0.2  # of cosine: how much nearer the card shown must be than any other, in training


def block(cin: int, cout: int, stride: int) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class FaceNet(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.features = nn.Sequential(
            block(3, 16, 2), block(16, 24, 1),      # 45 x 30
            block(24, 48, 2), block(48, 48, 1),     # 23 x 15
            block(48, 64, 2), block(64, 64, 1),     # 12 x 8
            block(64, 96, 2),                       # 6 x 4
        )
        self.head = nn.Sequential(nn.Dropout(0.2), nn.Linear(96 * 6 * 4, EMBED))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.head(torch.flatten(self.features(x), 1))
        return y / y.norm(dim=1, keepdim=True).clamp_min(1e-6)


def prepared(faces: np.ndarray) -> torch.Tensor:
    """uint8 N x 90 x 60 x 3 BGR -> float N x 3 x 90 x 60, as the app feeds the network."""
    return torch.from_numpy(faces).permute(0, 3, 1, 2).float().div_(255.0).sub_(0.5)


class Data:
    def __init__(self, folder: Path, held_out: float) -> None:
        files = sorted(folder.glob("deck-*.npz"))
        if not files:
            sys.exit(f"no deck-*.npz in {folder}")
        self.decks = []
        for path in files:
            with np.load(path) as z:
                deck = {k: z[k] for k in z.files}
            self.decks.append(deck)
        n_val = max(1, int(len(self.decks) * held_out))
        self.val, self.train = self.decks[:n_val], self.decks[n_val:]


def light(x: torch.Tensor, generator: torch.Generator) -> torch.Tensor:
    """A little more light and colour variety on the prepared views."""
    n = x.shape[0]
    gain = 1 + 0.2 * (torch.rand(n, 3, 1, 1, generator=generator) - 0.5)
    level = 1 + 0.5 * (torch.rand(n, 1, 1, 1, generator=generator) - 0.5)
    return ((x + 0.5) * gain * level).clamp(0, 1) - 0.5


def deck_logits(net: FaceNet, taught: torch.Tensor, taught_card: torch.Tensor, views: torch.Tensor,
                scale: torch.Tensor, none_level: torch.Tensor) -> torch.Tensor:
    """Per view: scale * (its best cosine with a taught face of each card, or -1), then the level of none."""
    both = torch.cat([taught, torch.flip(taught, dims=(2, 3))])
    cards = torch.cat([taught_card, taught_card])
    e_t = net(both)
    e_v = net(views)
    cos = e_v @ e_t.T  # views x taught
    per_card = torch.full((views.shape[0], 30), -1.0)
    per_card = per_card.scatter_reduce(1, cards.expand(views.shape[0], -1), cos, reduce="amax", include_self=True)
    return torch.cat([scale * per_card, (scale * none_level).expand(views.shape[0], 1)], dim=1)


def augmented(face: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A view as another frame might give it: the outline a little off (each corner moved by
    up to 4% of the card), softer or sharper, noisier, compressed again."""
    h, w = face.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = src + rng.normal(0, 0.02 * w, (4, 2)).clip(-0.04 * w, 0.04 * w).astype(np.float32)
    out = cv2.warpPerspective(face, cv2.getPerspectiveTransform(src, dst), (w, h),
                              flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    if rng.random() < 0.3:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.4, 1.2))
    if rng.random() < 0.3:
        out = np.clip(out + rng.normal(0, rng.uniform(2, 8), out.shape), 0, 255).astype(np.uint8)
    if rng.random() < 0.3:
        ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(30, 80))])
        out = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return out


def sample(deck: dict, rng: np.random.Generator, queries: int):
    """`queries` views of the deck, each turned over or not: (views, the card each shows or 30
    for none, whether naming nothing is as right as naming that card: an outline far off)."""
    crops, labels = deck["crops"], deck["crop_card"].astype(np.int64)
    pick = rng.choice(len(crops), size=min(queries, len(crops)), replace=False)
    views = np.stack([augmented(crops[i], rng) if rng.random() < 0.6 else crops[i] for i in pick])
    turn = rng.random(len(pick)) < 0.5
    views = np.where(turn[:, None, None, None], views[:, ::-1, ::-1], views)
    target = np.where(labels[pick] < 0, 30, labels[pick])
    either = (labels[pick] >= 0) & (deck["crop_error"][pick] > CARD_ERROR)
    return np.ascontiguousarray(views), target, either


def loss_of(logits: torch.Tensor, target: np.ndarray, either: np.ndarray, margin: torch.Tensor) -> torch.Tensor:
    """Cross-entropy on the card shown (or none), its logit lowered by `margin` so that it must
    win clearly; where `either`, on the card and none together."""
    t = torch.from_numpy(target)
    logits = logits - margin * F.one_hot(t, logits.shape[1])
    log_p = F.log_softmax(logits, dim=1)
    own = log_p.gather(1, t[:, None])[:, 0]
    with_none = torch.logaddexp(own, log_p[:, 30])
    return -torch.where(torch.from_numpy(either), with_none, own).mean()


def evaluate(net, scale, none_level, decks, rng) -> str:
    net.eval()
    margins, right, wrong, pos, neg_named, neg = [], 0, 0, 0, 0, 0
    rows = []
    with torch.no_grad():
        for deck in decks:
            taught = prepared(deck["taught"])
            card = torch.from_numpy(deck["taught_card"].astype(np.int64))
            for start in range(0, len(deck["crops"]), 256):
                views = prepared(deck["crops"][start:start + 256])
                labels = deck["crop_card"][start:start + 256].astype(np.int64)
                far = deck["crop_error"][start:start + 256] > CARD_ERROR
                logits = deck_logits(net, taught, card, views, scale, none_level)[:, :30] / scale
                top2 = torch.topk(logits, 2, dim=1)
                for (s1, s2), (c1, _c2), label, off in zip(top2.values.tolist(), top2.indices.tolist(),
                                                           labels, far):
                    rows.append((s1, s1 - s2, c1, int(label), bool(off and label >= 0)))
    net.train()
    rows = np.array(rows, dtype=np.float64)
    s1, gap, c1, label = rows[:, 0], rows[:, 1], rows[:, 2].astype(int), rows[:, 3].astype(int)
    off = rows[:, 4].astype(bool)
    out = []
    for t_abs, t_gap in ((0.6, 0.1), (0.7, 0.15), (0.8, 0.2), (0.85, 0.25)):
        named = (s1 >= t_abs) & (gap >= t_gap)
        near = (label >= 0) & ~off
        r = (named & near & (c1 == label)).sum() / max(near.sum(), 1)
        w = (named & (label >= 0) & (c1 != label)).sum()
        f = (named & (label < 0)).sum()
        out.append(f"[{t_abs},{t_gap}] right {100 * r:.1f}% wrong {w} false {f}")
    return "  ".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--steps", type=int, default=4000)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--held-out", type=float, default=0.05)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--every", type=int, default=1000, help="steps between held-out checks")
    parser.add_argument("--keep", action="store_true", help="also keep the network of each check, named by its step")
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    generator = torch.Generator().manual_seed(args.seed)
    data = Data(args.data, args.held_out)
    print(f"{len(data.train)} decks to train on, {len(data.val)} held out", flush=True)
    net = FaceNet()
    scale = nn.Parameter(torch.tensor(20.0))
    none_level = nn.Parameter(torch.tensor(0.6))
    params = list(net.parameters()) + [scale, none_level]
    opt = torch.optim.AdamW(params, lr=args.lr, weight_decay=5e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=args.steps, pct_start=0.1)
    t0, running = time.time(), 0.0
    for step in range(1, args.steps + 1):
        loss = torch.zeros(())
        for d in rng.choice(len(data.train), min(DECKS_PER_STEP, len(data.train)), replace=False):
            deck = data.train[d]
            views, target, either = sample(deck, rng, QUERIES)
            taught = light(prepared(deck["taught"]), generator)
            logits = deck_logits(net, taught, torch.from_numpy(deck["taught_card"].astype(np.int64)),
                                 light(prepared(views), generator), scale, none_level)
            loss = loss + loss_of(logits, target, either, scale.detach() * MARGIN)
        loss = loss / min(DECKS_PER_STEP, len(data.train))
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        running = 0.98 * running + 0.02 * loss.item() if step > 1 else loss.item()
        if step % 100 == 0:
            print(f"step {step} loss {running:.3f} scale {float(scale):.1f} none {float(none_level):.2f}"
                  f" {time.time() - t0:.0f} s", flush=True)
        if step % args.every == 0 or step == args.steps:
            print("  held out:", evaluate(net, scale, none_level, data.val, rng), flush=True)
            export(net, args.out)
            if args.keep:
                export(net, args.out.with_name(f"{args.out.stem}-{step}{args.out.suffix}"))
    return 0


def export(net: FaceNet, out: Path) -> None:
    net.eval()
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(net, torch.zeros(1, 3, *SIZE), str(out), input_names=["face"], output_names=["embedding"],
                      dynamic_axes={"face": {0: "n"}, "embedding": {0: "n"}}, dynamo=False, opset_version=13)
    net.train()
    print(f"  written {out}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
