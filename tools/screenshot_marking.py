"""Screenshots of the marking page at each step a teacher takes, for the how-to.

    python -m tools.screenshot_marking [--out DIR]

Runs the page's browser test (tests/serve/test_page_browser.py: a class graded by
grade.py, served by `grade.py --serve`, marked in headless Chromium through Playwright),
which writes a PNG after each step into DIR (default: docs/how-to/images/marking, where
docs/how-to/mark-by-hand.md shows them). Prints the files' paths; look at each one
before committing it. Needs Chromium and the test extra (Playwright).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "docs" / "how-to" / "images" / "marking"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT, help="where the PNGs go")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    test = ROOT / "tests" / "serve" / "test_page_browser.py"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(test)],
        cwd=ROOT,
        env={**os.environ, "MMG_SCREENSHOTS": str(args.out.resolve())},
        check=False,
    )
    for png in sorted(args.out.glob("*.png")):
        print(png)
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
