"""companion.app.in_order: work done off the caller's thread, in the order it was asked for."""

from __future__ import annotations

import threading
import time

from companion.app.in_order import InOrder


def _wait_idle(writes: InOrder, timeout: float = 5.0) -> None:
    end = time.monotonic() + timeout
    while not writes.idle():
        assert time.monotonic() < end, "the work never ended"
        time.sleep(0.005)


def test_work_runs_off_the_callers_thread_in_the_order_it_was_put():
    writes, done, threads = InOrder("test-writes"), [], set()
    gate = threading.Event()

    def work(i):
        def run():
            gate.wait(5)
            threads.add(threading.get_ident())
            done.append(i)
        return run

    for i in range(20):
        writes.put(work(i))
    assert done == [] and not writes.idle()  # put returned while the first piece still waits
    gate.set()
    _wait_idle(writes)
    assert done == list(range(20))
    assert threading.get_ident() not in threads and len(threads) == 1


def test_a_failed_piece_is_reported_to_its_callback_and_the_next_pieces_still_run():
    writes, told, done = InOrder("test-writes"), [], []

    def fails():
        raise OSError("disk full")

    writes.put(fails, told.append)
    writes.put(lambda: done.append("after"), told.append)
    writes.put(lambda: done.append("no callback"))
    _wait_idle(writes)
    assert [type(e) for e in told] == [OSError, type(None)] and str(told[0]) == "disk full"
    assert done == ["after", "no callback"]


def test_a_broken_callback_does_not_stop_the_work_after_it(caplog):
    writes, done = InOrder("test-writes"), []

    def broken(_error):
        raise RuntimeError("callback")

    writes.put(lambda: None, broken)
    writes.put(lambda: done.append(1))
    _wait_idle(writes)
    assert done == [1]
    assert "the callback after a piece of work failed" in caplog.text


def test_work_put_after_the_worker_ended_starts_a_new_one():
    writes, done = InOrder("test-writes"), []
    writes.put(lambda: done.append(1))
    _wait_idle(writes)
    writes.put(lambda: done.append(2))
    _wait_idle(writes)
    assert done == [1, 2]
