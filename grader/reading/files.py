"""Which files of the given paths are submissions, and whose (no grading here: the
command line reads them before importing the checks); reading one without trusting it.

The copies folder is the students' (an extracted archive, a repository): a link in it
may lead to the grader's reference or a private file, a fifo or `/proc/kmsg` blocks
whoever reads it, a thousand nested folders exhaust a recursive walk. So the walk
follows no link out of the folder, reads regular files only, never waits on a file, and
goes MAX_DEPTH folders down; what it does not read is reported, one row each."""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from .students import Weigh, file_claim, folder_claim, name_students, shown_name

SUFFIXES = (".ipynb", ".py")
BAREME_NAME = "minimax-grader.toml"
"""The teacher's barème file (`grader.marking.config`): found in a student's folder, it is
the student's, never read, and reported (`Collected.baremes`)."""


def module_name_of(path: Path) -> str:
    """`__name__` a submission's code runs under, known before it is read (the worker
    started ahead needs it, before the engine is imported): `__main__` for a notebook,
    else from the module's name."""
    if path.suffix != ".py":
        return "__main__"
    name = re.sub(r"\W", "_", path.stem)
    if not name or name[0].isdigit() or name == "__main__":
        name = "module_eleve_" + name
    return name


MAX_DEPTH = 32
"""Folders below a given folder that are searched (an LMS export nests three or four):
deeper ones are reported, not entered."""
SPECIAL_ROOTS = ("/proc", "/sys", "/dev")
"""Filesystems whose files look regular but may block or change when read: never read."""


@dataclass(frozen=True)
class Refused:
    """Something in the given paths that looks like a submission and is not read."""

    path: Path
    reason: str
    """`link_outside` (a link leading out of the folder graded), `not_a_regular_file` (a
    fifo, socket, device, or a file of /proc, /sys, /dev) or `folder_too_deep` (a folder
    past MAX_DEPTH)."""
    label: str = ""
    """Its row's name, when inside a student's folder: its place in the class folder
    (`eve/MARTIN Léa.py`), as a student's other file is named; "" at the top level (its stem)."""

    @property
    def name(self) -> str:
        """The row's name: never a name of its own inside a student's folder, where a link
        named `MARTIN Léa.py` was a second copy of that student's for the class list."""
        return self.label or self.path.stem


@dataclass
class Collected:
    """The submissions of the given paths, each with its student (`student_names`), and
    what is reported without being read, all in the order of the paths."""

    files: dict[Path, str] = field(default_factory=dict)
    refused: list[Refused] = field(default_factory=list)
    aside: dict[Path, str] = field(default_factory=dict)
    """Files not graded: another file of the same student is (file -> its label,
    `dupont/brouillon.py`; see `student_files`)."""
    order: list[Path] = field(default_factory=list)
    """Every path of `files` and `refused`, as found."""
    participants: dict[Path, str] = field(default_factory=dict)
    """File -> Moodle's participant number its top-level folder or name carries."""
    baremes: list[Path] = field(default_factory=list)
    """Barème files found inside a student's folder: ignored, and said so."""
    chosen: dict[Path, str] = field(default_factory=dict)
    """A file set aside -> the copy graded instead and why (`td10.ipynb|newest`)."""


def collect(paths: Iterable[Path]) -> list[Path]:
    """Submission files: given files, and every .ipynb/.py under given folders
    (hidden files and `.ipynb_checkpoints` skipped), sorted, without repeats: the copies
    graded and the files set aside beside them."""
    found = collect_all(paths)
    return sorted({*found.files, *found.aside})


def collect_named(
    paths: Iterable[Path],
    answers: Weigh | None = None,
    aside: dict[Path, str] | None = None,
) -> dict[Path, str]:
    """Submission files with the student each belongs to (see `collect_all`): the files
    to grade; the files set aside go to `aside` when given."""
    found = collect_all(paths, answers)
    if aside is not None:
        aside.update(found.aside)
    return found.files


def collect_all(paths: Iterable[Path], answers: Weigh | None = None) -> Collected:
    """The submissions under `paths`, without trusting the folder: a folder's files are
    found by a walk that follows no link out of it (a link leading inside is read at its
    target, once), reads nothing but regular files and stops MAX_DEPTH folders down, each
    thing not read named in `refused`. A given file (the teacher's choice) is read where
    its link leads, if it is a regular file. Real paths throughout. Whose each file is:
    `student_files` (`answers` tells whether a file answers the class's exercise)."""
    found = Collected()
    for path in paths:
        if path.is_dir():
            root = Path(os.path.realpath(path))
            files, refused, baremes = _walk(root)
            found.baremes += baremes
            named = name_students(root, files, answers)
            for file, claim in named.copies.items():
                _keep(found, file, claim.name)
                if claim.participant:
                    found.participants.setdefault(file, claim.participant)
            set_aside = named.aside
            found.chosen.update(named.chosen)
            found.aside.update((file, label) for file, label in set_aside.items() if file not in found.files)
            for item in refused:
                inside = item.path.relative_to(root)
                if len(inside.parts) > 1:
                    item = replace(item, label=shown_name(inside.as_posix()))
                found.refused.append(item)
                found.order.append(item.path)
            continue
        real = Path(os.path.realpath(path))
        if _is_regular(real):
            _keep(found, real, path.stem)
        else:
            found.refused.append(Refused(path, "not_a_regular_file"))
            found.order.append(path)
    return found


def _keep(found: Collected, file: Path, name: str) -> None:
    if file not in found.files:
        found.files[file] = name
        found.order.append(file)


def _walk(root: Path) -> tuple[list[Path], list[Refused], list[Path]]:
    """The submission files under `root` (a real path), sorted, and what was refused: an
    explicit stack, no recursion (a thousand nested folders cost nothing)."""
    files: set[Path] = set()
    refused: list[Refused] = []
    baremes: list[Path] = []
    stack = [(root, 0)]
    while stack:
        folder, depth = stack.pop()
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError:
            continue  # unreadable folder: nothing found in it
        for entry in entries:
            if entry.name.startswith("."):
                continue
            if entry.name == BAREME_NAME and depth > 0:
                baremes.append(Path(entry.path))
            path = Path(entry.path)
            submission = path.suffix in SUFFIXES
            try:
                if entry.is_symlink():
                    target = Path(os.path.realpath(path))
                    if not _inside(target, root):
                        if submission or target.is_dir():
                            refused.append(Refused(path, "link_outside"))
                    elif submission and target.suffix in SUFFIXES and _is_regular(target):
                        files.add(
                            target
                        )  # inside the folder: read there (a folder linked inside is walked anyway)
                elif entry.is_dir(follow_symlinks=False):
                    if depth < MAX_DEPTH:
                        stack.append((path, depth + 1))
                    else:
                        refused.append(Refused(path, "folder_too_deep"))
                elif submission:
                    if entry.is_file(follow_symlinks=False) and not _special(path):
                        files.add(path)
                    else:
                        refused.append(Refused(path, "not_a_regular_file"))
            except OSError:
                continue
    return sorted(files), sorted(refused, key=lambda r: r.path), sorted(baremes)


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _special(path: Path) -> bool:
    text = str(path)
    return any(text == r or text.startswith(r + "/") for r in SPECIAL_ROOTS)


def _is_regular(path: Path) -> bool:
    """A regular file, not one of /proc, /sys or /dev (never a fifo: `stat` does not open)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode) and not _special(Path(os.path.realpath(path)))
    except OSError:
        return False


class NotRegularFile(OSError):
    """`read_regular` was given a fifo, a socket, a device, a link or a folder."""


class FileTooLarge(OSError):
    """`read_regular` was given a file larger than it may read."""


def read_regular(path: Path, limit: int, partial: bool = False) -> bytes:
    """The bytes of the regular file `path`: opened without following a link (the
    walk resolved them) and without blocking (a fifo or a device put in place of a file
    is refused, never waited on), checked with `fstat` on what was opened, at most
    `limit` bytes (`partial`: the first `limit`; otherwise a larger file raises
    FileTooLarge)."""
    if _special(Path(os.path.realpath(path))):
        raise NotRegularFile(f"{path}: a file of /proc, /sys or /dev")
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise NotRegularFile(f"{path}: a link") from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFile(f"{path}: not a regular file")
        if info.st_size > limit and not partial:
            raise FileTooLarge(f"{path}: {info.st_size} bytes")
        chunks, left = [], limit + (0 if partial else 1)
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit and not partial:  # grew since fstat
        raise FileTooLarge(f"{path}: more than {limit} bytes")
    return data


def moodle_participant(path: Path) -> tuple[str, str] | None:
    """(full name, participant number) of a file in one of Moodle's download layouts, read
    from its folder or its own name; None for any other layout. Only the top-level folder
    of a class names a student (`grader.reading.students`): this reads one path alone."""
    for claim in (folder_claim(path.parent.name), file_claim(path)):
        if claim.participant:
            return claim.name, claim.participant
    return None


def student_files(
    root: Path, files: list[Path], answers: Weigh | None = None
) -> tuple[dict[Path, str], dict[Path, str]]:
    """The files of a class folder to grade, with their student, and the files set aside
    (`grader.reading.students.name_students`: a top-level folder or file is one student,
    who has one copy graded)."""
    named = name_students(root, files, answers)
    return {file: claim.name for file, claim in named.copies.items()}, named.aside


def student_names(root: Path, files: list[Path]) -> dict[Path, str]:
    """Each copy's student (see `student_files`)."""
    return student_files(root, files)[0]
