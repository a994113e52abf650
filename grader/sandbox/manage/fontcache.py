"""matplotlib's font list kept on disk between runs of the grader.

A worker that imports matplotlib with an empty MPLCONFIGDIR (its scratch) scans the
system's fonts and writes `fontlist-vX.json` there, a noticeable cost. The session
hands the list built by the first preloading worker of a grading process to the next
ones (`session._PRELOAD_CACHE`); this module keeps it in the grader's cache folder too,
so that the next run, or the other processes of a batch, start from it.

Only a list collected from a worker before any student code ran is ever written (the
session's rule). A file read back is handed over only when it is what matplotlib
writes: a `FontManager` of the version its name says, whose entries name font files
that exist. Anything else (torn, oversized, not JSON, another shape, a missing font) is
ignored, and the next clean worker's list replaces it. Its folder's name carries
everything that could make a list stale: the grader's version, the interpreter and
environment, matplotlib's version and the isolation (what the worker sees differs).
"""

from __future__ import annotations

import json
import logging
import os
import stat
import sys
from pathlib import Path
from typing import Any

from ... import __version__
from ...atomic import write_atomic
from ...cachedir import cache_folder
from ..confine import reach
from ..confine.isolation import Isolation

log = logging.getLogger(__name__)

OPT_OUT = "MINIMAX_GRADER_NO_FONT_CACHE"
"""Set (to anything but "" or "0"): nothing read from nor written to the disk."""
MAX_CHARS = 5_000_000
"""The largest font list kept, on disk as in memory (the worker reads no more)."""
FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".afm")
"""What matplotlib lists: TrueType/OpenType (and collections) and AFM fonts."""
ENTRY_FIELDS = {"__class__", "fname", "index", "name", "style", "variant", "weight", "stretch", "size"}
"""The fields of each `FontEntry` matplotlib writes (an unknown one makes it rebuild),
since 3.11; up to 3.10, whose lists' `_version` is a number (390), without `index`."""
MANAGER_FIELDS = {
    "__class__",
    "_version",
    "_FontManager__default_weight",
    "default_size",
    "defaultFamily",
    "afmlist",
    "ttflist",
}
"""The attributes of a `FontManager` matplotlib writes (it sets whatever it reads: a
`findfont` would replace the method)."""


def enabled() -> bool:
    return os.environ.get(OPT_OUT, "") in ("", "0")


def disk_key(isolation: Isolation) -> dict[str, str]:
    """Everything a font list depends on besides the fonts themselves."""
    return {
        "grader": __version__,
        "python": reach.python_executable(),
        "prefix": sys.prefix,
        "matplotlib": reach.distribution_version("matplotlib") or "",
        "isolation": isolation.value,
    }


def _folder(isolation: Isolation) -> Path:
    import hashlib  # here: it loads OpenSSL, and most runs keep no font list

    digest = hashlib.sha256(json.dumps(disk_key(isolation), sort_keys=True).encode()).hexdigest()
    return cache_folder("matplotlib") / digest[:24]


def load(isolation: Isolation) -> dict[str, str]:
    """The font list kept for `isolation` ({file name: text}), or {} when there is none
    worth handing over. Never raises for what it finds on disk."""
    if not enabled():
        return {}
    try:
        folder = _folder(isolation)
        names = [n for n in os.listdir(folder) if is_font_list_name(n)]
    except OSError:
        return {}
    found = {}
    for name in names:
        text = _read(folder / name)
        if text is not None and valid_font_list(name, text, data_path()):
            found[name] = text
        else:
            log.info("ignoring the font list kept in %s", folder / name)
    return found


def store(isolation: Isolation, files: dict[str, str]) -> None:
    """Keep `files` (collected from a worker before any student code ran): each is written
    to a temporary file then renamed, so a reader never sees half of one."""
    if not enabled():
        return
    mpl_data = data_path()
    try:
        folder = _folder(isolation)
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        for name, text in files.items():
            if is_font_list_name(name) and valid_font_list(name, text, mpl_data):
                # the owner's only; a next run rebuilds it
                write_atomic(folder / name, text.encode("utf-8"), sync_folder=False, durable=False)
    except (OSError, ValueError) as exc:  # ValueError: a lone surrogate has no UTF-8
        log.info("matplotlib's font list not kept: %s", exc)


def _read(path: Path) -> str | None:
    """The file's text; None when it is not a regular file of ours, or too large."""
    try:
        with open(path, "rb") as stream:
            info = os.fstat(stream.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_CHARS:
                return None
            if hasattr(os, "getuid") and info.st_uid != os.getuid():
                return None
            return stream.read(MAX_CHARS + 1).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def data_path() -> Path | None:
    """matplotlib's `mpl-data` folder, which the list's relative file names start from."""
    package = dict(reach.student_libraries()).get("matplotlib")
    return None if package is None else package / "mpl-data"


def is_font_list_name(name: str) -> bool:
    """`fontlist-v3.11.0.json`: the worker's rule (`_is_cache_file`)."""
    return name.startswith("fontlist-v") and name.endswith(".json") and "/" not in name and len(name) < 64


def valid_font_list(name: str, text: str, mpl_data: Path | None) -> bool:
    """Whether `text` is what matplotlib writes as `name`: a `FontManager` of that
    version whose entries have exactly matplotlib's fields and name font files that
    exist (relative names are inside `mpl_data`). Such a list is read by matplotlib
    as it is; it rebuilds on most other shapes but not all (a list without `ttflist`
    fails at the first text drawn)."""
    if len(text) > MAX_CHARS:
        return False
    try:
        manager = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested 100,000 deep
        return False
    if type(manager) is not dict or set(manager) != MANAGER_FIELDS:
        return False
    version = manager["_version"]
    fields = ENTRY_FIELDS if type(version) is str else ENTRY_FIELDS - {"index"}
    return (
        manager["__class__"] == "FontManager"
        and type(version) in (str, int)  # "3.11.0" since matplotlib 3.11, 390 up to 3.10
        and name == f"fontlist-v{version}.json"
        and type(manager["_FontManager__default_weight"]) in (str, int)
        and (manager["default_size"] is None or type(manager["default_size"]) in (int, float))
        and _family_table(manager["defaultFamily"])
        and all(
            type(entries) is list and all(_font_entry(e, fields, mpl_data) for e in entries)
            for entries in (manager["ttflist"], manager["afmlist"])
        )
    )


def _family_table(table: Any) -> bool:
    return type(table) is dict and all(type(k) is str and type(v) is str for k, v in table.items())


def _font_entry(entry: Any, fields: set[str], mpl_data: Path | None) -> bool:
    if type(entry) is not dict or set(entry) != fields or entry["__class__"] != "FontEntry":
        return False
    fname = entry["fname"]
    if type(fname) is not str or not fname.lower().endswith(FONT_SUFFIXES) or "\0" in fname:
        return False
    if not all(type(entry[k]) is str for k in ("name", "style", "variant", "stretch", "size")):
        return False
    if type(entry.get("index", 0)) is not int or type(entry["weight"]) not in (str, int):
        return False
    if os.path.isabs(fname):
        return os.path.isfile(fname)  # False on any OSError (a name too long), unlike Path's
    return mpl_data is not None and ".." not in Path(fname).parts and os.path.isfile(mpl_data / fname)
