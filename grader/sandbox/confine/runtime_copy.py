"""A copy of the Python runtime another user can read, for the one root case the veils
cannot serve: a grader that can make no mount namespace (a container without
CAP_SYS_ADMIN) and whose Python no other user can reach (root's pyenv, /root being
0700). Its worker runs from the copy under a user id of its own (`privileges`), instead
of staying root without capabilities.

The copy holds the interpreter, its shared library (when it has one), the standard
library with its extension modules (without its installed packages, its test suite
and its static library) and the student's libraries (`reach.student_libraries`): what
the worker reads where it runs from the original, nothing of the grader. It is made
once in a root-owned folder every user can cross (`/var/cache/minimax-grader`, else
the temporary directory's), under a name keyed by the interpreter and the libraries
(an upgrade makes a new one), built beside its place and renamed into it (two graders
making it at once keep one), checked by running it as another user before it is used.
Where it cannot be made (a full or read-only disk), the worker stays root without
capabilities, as the log says (docs/explanation/security.md).
"""

from __future__ import annotations

import functools
import logging
import os
import shutil
import stat
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from subprocess import PIPE

from . import reach
from .spawn import popen_alone

log = logging.getLogger(__name__)

CACHE = Path("/var/cache/minimax-grader")
"""Where root keeps the copies (then `<temp dir>/minimax-grader-runtime`)."""
LAYOUT = "1"
"""Part of the copy's key: a grader that lays the copy out otherwise makes a new one."""
CHECKED_UID = 1_999_999_999
"""The unused user id the copy is tried as (below the workers' own, `privileges.FIRST_UID`)."""
LEFT_OUT_ON_TOP = ("test",)
"""The standard library's regression suite (123 MB), which no submission imports."""


@dataclass(frozen=True)
class RuntimeCopy:
    """A readable copy of the runtime, ready to run."""

    folder: Path
    executable: Path
    libraries: tuple[tuple[str, Path], ...]
    """(name, path in the copy) of each of `reach.student_libraries`."""
    shared: bool
    """The interpreter needs its shared library from the copy (`environment`)."""

    @property
    def environment(self) -> dict[str, str]:
        """What the worker's environment adds: an interpreter linked with an absolute
        RUNPATH (pyenv's) would look for its library in the private folder."""
        return {"LD_LIBRARY_PATH": str(self.folder / "lib")} if self.shared else {}


def _key() -> str:
    """Changes with the interpreter, the standard library and each library."""
    import hashlib  # here: it loads OpenSSL, and only this root case needs it

    parts = [LAYOUT, sys.version, reach.python_executable(), sysconfig.get_paths()["stdlib"]]
    for name, path in (("python", Path(reach.python_executable())), *reach.student_libraries()):
        info = path.stat()
        parts.append(f"{name}={path}:{info.st_ino}:{info.st_mtime_ns}:{info.st_size}")
    return hashlib.blake2b("\n".join(parts).encode("utf-8", "surrogateescape"), digest_size=10).hexdigest()


def _safe_ancestors(folder: Path) -> bool:
    """Every folder above `folder` crossable by anyone, and none another user could
    replace it in (root's, not writable by others unless sticky, as /tmp)."""
    try:
        for parent in folder.parents:
            info = os.stat(parent)
            if not info.st_mode & stat.S_IXOTH or info.st_uid != 0:
                return False
            if info.st_mode & (stat.S_IWOTH | stat.S_IWGRP) and not info.st_mode & stat.S_ISVTX:
                return False
    except OSError:
        return False
    return True


def _root_only(path: Path) -> bool:
    """A real folder (no link) of root's that no one else can write in."""
    info = os.lstat(path)
    return (
        stat.S_ISDIR(info.st_mode) and info.st_uid == 0 and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )


def _cache_folder() -> Path | None:
    """The first place that can hold a copy safely, made 0755 if need be; a folder of
    that name that another user made or can write in is refused (and said)."""
    for folder in (CACHE, Path(tempfile.gettempdir()) / "minimax-grader-runtime"):
        if not _safe_ancestors(folder):
            continue
        try:
            try:
                os.mkdir(folder, 0o755)
            except FileExistsError:
                pass
            if not _root_only(folder):
                log.warning("%s is not root's own: no copy of the runtime is kept there", folder)
                continue
            os.chmod(folder, 0o755)  # the umask may have taken the others' right to cross
            return folder
        except OSError as exc:  # a read-only /var
            log.debug("no copy of the runtime in %s: %s", folder, exc)
    return None


def _left_out(stdlib: Path) -> set[str]:
    hidden = {str(h) for h in reach.hidden_folders()}
    top = {str(stdlib / n) for n in LEFT_OUT_ON_TOP}
    top.update(str(p) for p in stdlib.glob("config-*"))
    return hidden | top


def _copy_tree(source: Path, target: Path, left_out: set[str]) -> None:
    def ignore(folder: str, names: list[str]) -> Iterable[str]:
        return [
            n
            for n in names
            if reach.PACKAGES_FOLDER.fullmatch(n) or os.path.join(os.path.realpath(folder), n) in left_out
        ]

    shutil.copytree(source, target, symlinks=False, ignore=ignore, ignore_dangling_symlinks=True)


def _build(folder: Path) -> None:
    """The copy made in `folder` (empty): interpreter, shared library, standard library
    and its extension modules, the student's libraries."""
    executable = Path(reach.python_executable())
    stdlib = Path(sysconfig.get_paths()["stdlib"]).resolve()
    (folder / "bin").mkdir()
    (folder / "lib").mkdir()
    copied = folder / "bin" / executable.name
    shutil.copy2(executable, copied)
    shared = bool(sysconfig.get_config_var("Py_ENABLE_SHARED"))
    soname, libdir = sysconfig.get_config_var("INSTSONAME"), sysconfig.get_config_var("LIBDIR")
    if shared and soname and libdir and Path(libdir, soname).exists():
        shutil.copy2(Path(libdir, soname), folder / "lib" / soname)
    # where the interpreter looks for its landmarks (lib/python3.X/os.py, …/lib-dynload)
    target = folder / sys.platlibdir / "python{}.{}".format(*sys.version_info[:2])
    _copy_tree(stdlib, target, _left_out(stdlib))
    dynload = Path(sysconfig.get_config_var("DESTSHARED") or stdlib / "lib-dynload").resolve()
    if dynload.is_dir() and not (target / "lib-dynload").exists():
        _copy_tree(dynload, target / "lib-dynload", set())
    for name, path in reach.student_libraries():  # side by side: numpy finds numpy.libs
        place = folder / "libraries" / name
        place.parent.mkdir(exist_ok=True)
        if path.is_dir():
            _copy_tree(path, place, set())
        else:
            shutil.copy2(path, place)
    _readable(folder)


def _readable(folder: Path) -> None:
    """Folders 0755, files 0644 (0755 when executable): root's, read by any user."""
    for top, _, files in os.walk(folder):
        os.chmod(top, 0o755)
        for name in files:
            path = os.path.join(top, name)
            mode = os.lstat(path).st_mode
            if stat.S_ISREG(mode):
                os.chmod(path, 0o755 if mode & 0o111 else 0o644)


CHECK = (
    "import sys, os, json\n"
    "sys.path.insert(0, sys.argv[1])\n"
    "for name in sys.argv[2:]:\n"
    "    __import__(name)\n"
    "print(sys.prefix)\n"
)


def _works(copy: RuntimeCopy) -> bool:
    """The copy runs as another user, from its own prefix, and imports the student's
    distributions (its folders are crossable, its files readable)."""

    def as_another_user() -> None:
        os.setgroups([])
        os.setresgid(CHECKED_UID, CHECKED_UID, CHECKED_UID)
        os.setresuid(CHECKED_UID, CHECKED_UID, CHECKED_UID)

    names = [n for n in reach.STUDENT_DISTRIBUTIONS if dict(copy.libraries).get(n)]
    command = [str(copy.executable), "-S", "-s", "-B", "-c", CHECK, str(copy.folder / "libraries"), *names]
    env = {"PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "LANG": "C.UTF-8", **copy.environment}
    env["MPLCONFIGDIR"] = tempfile.gettempdir()  # matplotlib's import looks for its folder
    try:
        child = popen_alone(command, as_another_user, env=env, cwd="/", stdout=PIPE, stderr=PIPE)
        try:
            out, err = child.communicate(timeout=120)
        finally:
            if child.returncode is None:  # out of time, or Ctrl-C: its own session outlives the grader
                child.kill()
                child.wait()
    except (OSError, subprocess.SubprocessError) as exc:
        log.warning("the copy of the runtime in %s does not run: %s", copy.folder, exc)
        return False
    if child.returncode != 0 or out.decode(errors="replace").strip() != str(copy.folder):
        log.warning("the copy of the runtime in %s does not run: %s", copy.folder, err[-500:])
        return False
    return True


def _found(place: Path) -> RuntimeCopy | None:
    """A copy already at `place` (made by an earlier run or a grader beside this one)."""
    try:
        if not _root_only(place):
            return None
    except OSError:
        return None
    copy = _layout(place)
    return copy if copy.executable.is_file() else None


def _layout(folder: Path) -> RuntimeCopy:
    """What `_build` makes in `folder`, read from the grader's own runtime."""
    executable = folder / "bin" / Path(reach.python_executable()).name
    libraries = tuple((name, folder / "libraries" / name) for name, _ in reach.student_libraries())
    return RuntimeCopy(folder, executable, libraries, bool(sysconfig.get_config_var("Py_ENABLE_SHARED")))


@functools.lru_cache(maxsize=1)
def readable_copy() -> RuntimeCopy | None:
    """The copy for this grader's runtime: found, or made now (once per key); None, said
    in the log, when it cannot be."""
    try:
        cache = _cache_folder()
        if cache is None:
            raise OSError("no folder every user can cross to keep it in")
        place = cache / f"runtime-{_key()}"
        return _found(place) or _make(place)
    except OSError as exc:  # a full disk, a read-only one
        log.warning("no readable copy of the runtime (%s): the workers stay root without capabilities", exc)
        return None


def _make(place: Path) -> RuntimeCopy:
    """The copy built beside `place`, tried, and renamed into it (or the one another
    grader renamed there first)."""
    started = time.monotonic()
    building = Path(tempfile.mkdtemp(prefix=f".{place.name}-", dir=place.parent))
    try:
        _build(building)
        if not _works(_layout(building)):
            raise OSError(f"the copy made in {building} does not run as another user")
        try:
            os.rename(building, place)
        except OSError:  # another grader put its copy there first: that one is used
            found = _found(place)
            if found is None:
                raise
            return found
    finally:
        shutil.rmtree(building, ignore_errors=True)
    log.info("readable copy of the runtime made in %s (%.1f s)", place, time.monotonic() - started)
    return _layout(place)
