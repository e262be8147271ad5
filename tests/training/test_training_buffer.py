"""The trainers' shared game buffer (training/train_td.py: GameBuffer); needs torch,
which only training installs."""

from __future__ import annotations

import numpy as np
import pytest

from engine.position import Position

torch = pytest.importorskip("torch")

from training.train_td import GameBuffer, Net  # noqa: E402  (after the skip)


def _game(n: int) -> tuple[np.ndarray, np.ndarray]:
    start = Position.start()
    boards = np.array([[start.me, start.opp]] * n, dtype=np.int32)
    return boards, np.full((n, 5), 0.5, dtype=np.float32)


def test_the_buffer_trains_once_full_and_reports_the_mean_loss() -> None:
    torch.manual_seed(1)
    net = Net(8)
    opt = torch.optim.Adam(net.parameters(), lr=1e-2)
    buffer = GameBuffer(net, opt, size=10, batch=4, rng=np.random.default_rng(1))
    before = net.out.bias.detach().clone()
    buffer.add(*_game(6))
    assert buffer.train_if_full() == 0 and buffer.buffered == 6
    assert torch.equal(net.out.bias, before) and buffer.take_loss() == 0.0
    buffer.add(*_game(5))
    assert buffer.train_if_full() == 11 and buffer.buffered == 0
    assert not torch.equal(net.out.bias, before)
    assert buffer.take_loss() > 0.0  # three batches' cross-entropy, averaged
    assert buffer.take_loss() == 0.0  # read once
    assert buffer.train_if_full() == 0
