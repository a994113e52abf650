"""The seccomp filter of every worker (grader/sandbox/confine/syscalls.py), loaded in a forked
child of this process (no worker): what it refuses, what it leaves, and its cache."""

from __future__ import annotations

import ctypes
import os
import socket
import sys
import threading
from pathlib import Path

import pytest

from grader.sandbox.confine import syscalls

pytestmark = pytest.mark.skipif(syscalls.program() is None, reason="no libseccomp here: no filter to test")


def in_filtered_child(tmp_path: Path) -> dict[str, str]:
    """What a child under the filter could do: name -> 'allowed' or the errno."""
    target = tmp_path / "fichier"
    target.write_text("x")
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child reports through the pipe
        os.close(read_end)
        results = []
        program = syscalls.program()
        assert program is not None
        syscalls.load(program)
        libc = ctypes.CDLL(None, use_errno=True)

        def attempt(name: str, action) -> None:
            try:
                if action() == -1:
                    raise OSError(ctypes.get_errno(), name)
                results.append(f"{name}=allowed")
            except OSError as exc:
                results.append(f"{name}={exc.errno}")

        attempt("chmod", lambda: os.chmod(target, 0))
        attempt("fchmodat2", lambda: libc.syscall(452, -100, str(target).encode(), 0, 0))
        attempt("chown", lambda: os.chown(target, os.getuid(), os.getgid()))
        attempt("utime", lambda: os.utime(target, (0, 0)))
        attempt("socket_unix", lambda: socket.socket(socket.AF_UNIX).close())
        attempt("socket_inet", lambda: socket.socket(socket.AF_INET).close())
        attempt(
            "socketpair_dgram",
            lambda: [s.close() for s in socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)],
        )
        attempt("socketpair_stream", lambda: [s.close() for s in socket.socketpair()])
        attempt("unshare_user", lambda: libc.unshare(0x10000000))
        attempt("read", lambda: target.read_text())
        attempt("write", lambda: target.write_text("y"))
        attempt("thread", lambda: (t := threading.Thread(target=lambda: None), t.start(), t.join()))
        os.write(write_end, ";".join(results).encode())
        os._exit(0)
    os.close(write_end)
    data = b""
    while chunk := os.read(read_end, 4096):
        data += chunk
    os.close(read_end)
    os.waitpid(pid, 0)
    return dict(item.split("=") for item in data.decode().split(";"))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="seccomp is Linux's")
def test_the_filter_refuses_metadata_changes_sockets_and_namespaces(tmp_path):
    found = in_filtered_child(tmp_path)
    eperm = str(1)
    for name in ("chmod", "fchmodat2", "chown", "utime", "socket_unix", "socket_inet", "socketpair_dgram"):
        assert found[name] == eperm, (name, found)
    assert found["unshare_user"] == eperm
    for name in ("socketpair_stream", "read", "write", "thread"):
        assert found[name] == "allowed", (name, found)
    assert (tmp_path / "fichier").stat().st_mode & 0o777 != 0


def test_a_kept_program_that_is_not_whole_is_compiled_again(tmp_path, monkeypatch):
    monkeypatch.setattr(syscalls, "CACHE_FOLDER", tmp_path)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    syscalls.program.cache_clear()
    try:
        first = syscalls.program()
        kept = next(tmp_path.glob("mmg_seccomp.*.bpf"))
        whole = kept.read_bytes()
        assert whole[4:] == first
        for torn in (whole[:-3], whole[:-8]):  # cut inside an instruction, or after one
            kept.write_bytes(torn)
            syscalls.program.cache_clear()
            assert syscalls.program() == first
    finally:
        syscalls.program.cache_clear()
