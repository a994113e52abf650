"""The grader's reading of reply frames: several frames from one read, each still checked."""

import marshal
import os
import struct

import pytest

from grader.errors import Crash
from grader.sandbox.manage import process
from grader.sandbox.manage.process import WorkerDied, WorkerProcess
from grader.sandbox.worker import wire


class _Gone:
    """The parts of a worker that `kill` touches, with no process behind them."""

    def remove(self):
        pass

    def wait(self, timeout=None):
        return 0

    def poll(self):
        return None


def frame(reply):
    data = wire.encode(reply)[0].encode()
    return struct.pack(">I", len(data)) + data


@pytest.fixture
def channel():
    read_end, write_end = os.pipe()
    worker = WorkerProcess(_Gone(), -1, read_end, _Gone(), _Gone(), 0.0)  # type: ignore[arg-type]
    yield worker, write_end
    os.close(write_end)
    if worker.from_worker >= 0:
        os.close(read_end)


def test_frames_written_together_are_read_in_one_go_in_order(channel, monkeypatch):
    worker, write_end = channel
    os.write(write_end, b"".join(frame({"seq": 7, "ok": True, "item": i}) for i in range(3)))
    reads = []
    real_read = os.read
    monkeypatch.setattr(process.os, "read", lambda fd, n: reads.append(n) or real_read(fd, n))
    assert [worker.stream_reply(7, 5)["item"] for _ in range(3)] == [0, 1, 2]
    assert len(reads) == 1


def test_a_frame_arriving_in_pieces_is_put_back_together(channel, monkeypatch):
    worker, write_end = channel
    monkeypatch.setattr(process, "READ_AHEAD", 3)
    data = frame({"seq": 9, "ok": True, "value": {"plateau": [[0] * 7] * 6}}) + frame({"seq": 9, "ok": True})
    os.write(write_end, data)
    assert worker.stream_reply(9, 5)["value"] == {"plateau": [[0] * 7] * 6}
    assert worker.stream_reply(9, 5) == {"seq": 9, "ok": True}


def test_a_forged_frame_behind_good_ones_in_the_same_read_is_refused(channel):
    worker, write_end = channel
    os.write(write_end, frame({"seq": 5, "ok": True, "item": 0}) + frame({"seq": 6, "ok": True, "item": 1}))
    assert worker.stream_reply(5, 5)["item"] == 0
    with pytest.raises(WorkerDied) as raised:
        worker.stream_reply(5, 5)
    assert raised.value.cause is Crash.CHANNEL
    assert worker.from_worker == -1 and not worker._pending  # killed: nothing kept


@pytest.mark.parametrize("marked", [b"", wire.MARSHALLED])
def test_a_reply_in_marshal_is_a_forged_frame(channel, marked):
    """Requests may be marshalled, replies never: the grader does not read marshal (its
    reader is not safe against hostile bytes), so such a frame breaks the channel."""
    worker, write_end = channel
    data = marked + marshal.dumps({"seq": 4, "ok": True, "value": 1}, 2)
    os.write(write_end, struct.pack(">I", len(data)) + data)
    with pytest.raises(WorkerDied) as raised:
        worker.stream_reply(4, 5)
    assert raised.value.cause is Crash.CHANNEL
