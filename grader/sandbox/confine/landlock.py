"""Landlock: the kernel confines the worker without bubblewrap or privileges.

The grader builds one ruleset per worker (a few hundred path rules, well under a
millisecond) and the worker's child process enforces it just before `exec`, so even
the interpreter's start-up is confined. What the ruleset allows:

- list: the folders that hold both runtime and installed packages (the interpreter
  lists its standard library's folder), not the files under them;
- read and execute: the Python runtime (standard library, shared libraries; every
  folder of installed packages carved out, see `reach`), the student's libraries, and
  the worker's private read-only folder (its script and the links to the libraries);
- read and write: its scratch directory only;
- no TCP at all (ABI 4+), no signal to a process outside its own domain (the grader,
  the other workers) and no abstract unix socket (ABI 6+).

The binding is `landlockpy` (PyPI, pure Python over ctypes, no dependency).
"""

from __future__ import annotations

import functools
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from . import reach
from .reasons import Reason, Unavailable

if TYPE_CHECKING:  # imported where used: landlockpy is Linux-only
    from landlockpy import AccessFS, Ruleset

log = logging.getLogger(__name__)

MIN_ABI = 1
"""Any Landlock confines the files; TCP needs ABI 4, signal and socket scoping ABI 6:
what the kernel lacks is said in the report (`describe`)."""


@functools.lru_cache(maxsize=1)
def abi() -> tuple[int, Unavailable | None]:
    """(Landlock ABI of this kernel, why 0 when unusable)."""
    try:
        import landlockpy
    except ImportError:
        return 0, Unavailable(Reason.LANDLOCKPY_MISSING)
    try:
        version = landlockpy.abi_version()
    except OSError as exc:
        return 0, Unavailable(Reason.LANDLOCK_REFUSED, str(exc))
    if version < MIN_ABI:
        return 0, Unavailable(Reason.NO_LANDLOCK)
    return version, None


@functools.lru_cache(maxsize=1)
def _static_rules() -> tuple[tuple[Path, AccessFS], ...]:
    """(path, access) of what every worker may read, worked out once per process (a
    worker's ruleset then costs one open and one system call per rule)."""
    from landlockpy import AccessFS

    file_read = AccessFS.READ_FILE | AccessFS.EXECUTE
    tree_read = file_read | AccessFS.READ_DIR
    rules = []
    for path in list(reach.runtime_paths()) + [p for _, p in reach.student_libraries()]:
        rules.append((path, tree_read if path.is_dir() else file_read))
    rules += [(path, AccessFS.READ_DIR) for path in reach.runtime_listed()]
    rules += [(Path(d), AccessFS.READ_FILE | AccessFS.WRITE_FILE) for d in reach.DEVICES if Path(d).exists()]
    return tuple(rules)


def build_ruleset(private: Path, scratch: Path, runtime: tuple[Path, ...] = ()) -> Ruleset:
    """The ruleset of one worker (to enforce in the child with `enforce`); `runtime`: a
    readable copy of the runtime it runs from (`runtime_copy`), read as the original."""
    from landlockpy import AccessFS, AccessNet, Ruleset, Scope

    ruleset = Ruleset(
        handled_net=AccessNet.BIND_TCP
        | AccessNet.CONNECT_TCP
        | AccessNet.BIND_UDP
        | AccessNet.CONNECT_SEND_UDP,
        scoped=Scope.ABSTRACT_UNIX_SOCKET | Scope.SIGNAL,
    )
    try:
        for path, access in _static_rules():
            _allow(ruleset, path, access)
        for path in (private, *runtime):
            _allow(ruleset, path, AccessFS.READ_FILE | AccessFS.EXECUTE | AccessFS.READ_DIR)
        # everything in the scratch, but executing what the student wrote there
        _allow(ruleset, scratch, ~AccessFS.EXECUTE & ruleset.handled_fs)
    except BaseException:
        ruleset.close()
        raise
    return ruleset


def allow_scratch(ruleset: Ruleset, scratch: Path) -> None:
    """In the worker's child, before `enforce`: a scratch made there (a root grader's
    private /tmp, `mountns`) allowed as `build_ruleset` allows the host's one."""
    from landlockpy import AccessFS

    _allow(ruleset, scratch, ~AccessFS.EXECUTE & ruleset.handled_fs)


def _allow(ruleset: Ruleset, path: Path, access: AccessFS) -> None:
    try:
        ruleset.allow_path(path, access)
    except OSError as exc:  # a path that vanished since it was listed: not needed then
        log.debug("landlock: no rule for %s: %s", path, exc)


def enforce(ruleset: Ruleset) -> None:
    """In the worker's child process, before exec: irreversible, inherited by every
    process it starts (and no_new_privs: no setuid program gives privileges back)."""
    ruleset.restrict()
