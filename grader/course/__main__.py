"""`python -m grader.course new ID [DIR]`: write a plug-in package for the TD `ID`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .skeleton import BadName, Names, planned, write
from .text import tr


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m grader.course",
        description="Write a course's own TD as a plug-in package (docs/tutorial/your-own-td.md).",
    )
    parser.add_argument("command", choices=["new"], help="new: write the package of a new TD")
    parser.add_argument("id", help="the TD's id (--exercise ID): lower case, words joined by - or _")
    parser.add_argument("folder", nargs="?", help="where to write it (default: ./ID-td, a new folder)")
    parser.add_argument("--lang", choices=["fr", "en"], default="fr", help="the language of what is printed")
    args = parser.parse_args(argv)
    lang = args.lang
    try:
        names = Names.of(args.id)
    except BadName:
        parser.error(tr(lang, "course.bad_id", id=args.id))
    folder = Path(args.folder or names.distribution)
    try:
        write(folder, planned(names))
    except BadName:
        parser.error(tr(lang, "course.not_empty", folder=folder))
    print(tr(lang, "course.written", id=names.id, folder=folder, package=names.package))
    print(tr(lang, "course.next", folder=folder, id=names.id))
    return 0


if __name__ == "__main__":
    sys.exit(main())
