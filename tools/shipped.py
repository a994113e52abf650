"""The command line shared by the tools that write the data files the grader ships
(`python -m tools.draw_examples`): `write` them
afresh, or `check` that the shipped ones are what would be written."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def write_or_check(description: str, generate: Callable[[], dict[Path, str]], argv: list[str] | None) -> int:
    """`generate()` gives each file's wanted text; exit status 1 when `check` finds one differing."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("action", choices=("write", "check"))
    args = parser.parse_args(argv)
    files = generate()
    if args.action == "write":
        for path, text in files.items():
            path.write_text(text, "utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    differ = [path for path, text in files.items() if not path.exists() or path.read_text("utf-8") != text]
    for path in differ:
        print(f"differs: {path.relative_to(ROOT)}")
    print(f"{len(files) - len(differ)} of {len(files)} files as shipped")
    return 1 if differ else 0
