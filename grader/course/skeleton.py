"""Writing a plug-in package for a new TD id, from the allumettes example.

The files are planned first, as text (`planned`: pure), then written (`write`): into a
new folder only, never over a folder that holds anything (nothing a teacher wrote is
lost), whole or not at all (written in a temporary folder beside it, then renamed).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent / "example"
"""The allumettes example, shipped with the grader as package data."""
EXAMPLE_ID = "allumettes"
TD_ID = re.compile(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*")
"""What a TD id may be: lower case letters and digits, words joined by - or _ (it is the
`--exercise` value, the entry point's name and, with _ for -, the package's)."""
LEFT_OUT = ("__pycache__", ".pyc", ".egg-info")


class BadName(ValueError):
    """A TD id that cannot name a package, or a folder that already holds something."""


@dataclass(frozen=True)
class Names:
    """How a new TD is named: its id, its Python package, its pip distribution."""

    id: str
    package: str
    distribution: str

    @classmethod
    def of(cls, td_id: str) -> Names:
        if not TD_ID.fullmatch(td_id):
            raise BadName(td_id)
        base = td_id.replace("-", "_")
        return cls(td_id, f"{base}_td", f"{base.replace('_', '-')}-td")


EXAMPLE_NAMES = Names.of(EXAMPLE_ID)


def _renamed(text: str, names: Names) -> str:
    """The example's text for another TD: its package, distribution and id renamed (the
    sheet's prose and the game stay: the course replaces them with its own)."""
    if names == EXAMPLE_NAMES:
        return text
    text = text.replace(EXAMPLE_NAMES.package, names.package)
    text = text.replace(EXAMPLE_NAMES.distribution, names.distribution)
    text = text.replace(f'"{EXAMPLE_ID}"', f'"{names.id}"')
    text = text.replace(f"grader.mutation {EXAMPLE_ID}", f"grader.mutation {names.id}")  # README
    return re.sub(rf"(?m)^{EXAMPLE_ID} = ", f"{names.id} = ", text)


def planned(names: Names, example: Path = EXAMPLE) -> dict[str, str]:
    """The package's files, relative path -> text, for the TD `names` (pure but for
    reading the example)."""
    files: dict[str, str] = {}
    for path in sorted(example.rglob("*")):
        relative = path.relative_to(example).as_posix()
        if not path.is_file() or any(part in relative for part in LEFT_OUT):
            continue
        target = relative.replace(EXAMPLE_NAMES.package, names.package)
        files[target] = _renamed(path.read_text("utf-8"), names)
    return files


def write(folder: Path, files: dict[str, str]) -> None:
    """`files` written into the new `folder`, whole or not at all.

    Raises:
        BadName: `folder` exists and is not empty (nothing is written).
    """
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise BadName(str(folder))
    folder.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f".{folder.name}-", dir=folder.parent))
    try:
        for relative, text in files.items():
            path = scratch / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf-8")
        if folder.exists():
            folder.rmdir()  # empty: checked above
        os.rename(scratch, folder)
    except BaseException:
        shutil.rmtree(scratch, ignore_errors=True)
        raise
