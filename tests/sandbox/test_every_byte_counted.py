"""Issue 40: every byte a worker holds counts against its caps where no kernel limit
holds it (no memory cgroup, no mount namespace: a container's root without
CAP_SYS_ADMIN, a laptop refusing user namespaces). Each cell below held its bytes outside
every count before: files of the scratch unlinked and kept open (1 GiB against 128 MiB),
files mapped and closed, a grandchild that left the worker's session, and six forks
together (1,410 MiB against a cap meant per submission, about 1 GiB). Graded in a session
of its own, in each mode where the case arises; memfds, SysV segments and descriptors in
flight are refused by the seccomp filter (tests/sandbox/confine/test_syscalls.py and the
hostile batch)."""

from __future__ import annotations

import sys

import pytest

from grader.sandbox.confine import isolation as isolation_module
from grader.sandbox.confine import landlock

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")]

UNLINKED = """
import os, time
held = []
for i in range(6):
    f = open("f%d" % i, "wb")
    f.write(b"\\1" * (16 << 20))
    f.flush()
    os.unlink("f%d" % i)
    held.append(f)
time.sleep(3)
"""
MAPPED = """
import mmap, os, time
held = []
for i in range(6):
    with open("f%d" % i, "wb+") as f:
        f.write(b"\\1" * (16 << 20))
        f.flush()
        held.append(mmap.mmap(f.fileno(), 4096))
    os.unlink("f%d" % i)
time.sleep(3)
"""
ORPHANS = """
import os, time
for i in range(2):
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            block = bytearray(200 << 20)
            for k in range(0, len(block), 4096):
                block[k] = 1
            time.sleep(20)
        os._exit(0)
time.sleep(4)
"""
FORKS = """
import os, time
for i in range(6):
    if os.fork() == 0:
        block = bytearray(235 << 20)
        for k in range(0, len(block), 4096):
            block[k] = 1
        time.sleep(20)
        os._exit(0)
time.sleep(4)
"""
MIB = 1 << 20
CASES = {
    # cell, caps (scratch, total memory; None: the default), what is exceeded, modes
    "unlinked": (UNLINKED, 64 * MIB, None, "DISK", ("landlock", "basic")),
    "mapped": (MAPPED, 64 * MIB, None, "DISK", ("landlock", "basic")),
    "orphans": (ORPHANS, None, 300 * MIB, "MEMORY", ("landlock", "basic")),
    "forks": (FORKS, None, None, "MEMORY", ("bubblewrap", "landlock", "basic")),
}
PARAMS = [(case, mode) for case, spec in CASES.items() for mode in spec[-1]]


def why_not(mode: str) -> str:
    if mode == "bubblewrap" and not isolation_module.bubblewrap_status()[0]:
        return "bubblewrap does not work here"
    if mode == "landlock" and not landlock.abi()[0]:
        return "this kernel has no Landlock"
    return ""


@pytest.mark.parametrize("case, mode", PARAMS, ids=[f"{c}-{m}" for c, m in PARAMS])
def test_bytes_held_outside_the_kernels_caps_are_counted(case, mode, monkeypatch, private_tmp):
    reason = why_not(mode)
    if reason:
        pytest.skip(reason)
    from dataclasses import replace

    from grader.app.runner import cell_outcome
    from grader.errors import Crash
    from grader.model.results import Place, PlaceKind
    from grader.reading.submission import Cell
    from grader.sandbox.confine import mountns
    from grader.sandbox.confine.isolation import Isolation
    from grader.sandbox.confine.limits import Limits
    from grader.sandbox.manage.session import StudentSession

    source, scratch, memory, crash, _ = CASES[case]
    monkeypatch.setattr(mountns, "available", lambda: False)
    limits = Limits(use_cgroup=False)
    limits = replace(limits, scratch_bytes=scratch or limits.scratch_bytes)
    limits = replace(limits, total_memory_bytes=memory or limits.total_memory_bytes)
    with StudentSession("m", limits, Isolation(mode), 15) as session:
        cell = Cell(1, source, "c", Place(PlaceKind.CELL, 1))
        outcome = cell_outcome(cell, session.run_cell(cell.source, cell.label))
    assert not outcome.ok, (case, mode)
    assert outcome.failure is not None and outcome.failure.crash is Crash[crash], outcome.failure
    assert list(private_tmp.iterdir()) == []
