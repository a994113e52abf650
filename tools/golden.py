"""The grades of every fixture, recorded, so a change meant to be faster (issue 13) can be
shown to change no grade.

    python -m tools.golden write   # record tests/golden_grades.json from this tree
    python -m tools.golden check   # grade every fixture again and list what differs

What is recorded for each fixture (the corpus of `tests/fixtures/*/EXPECTED.json`): its
status, mark and exercise, and for each question its status, score and the status of
each of its checks. Not the evidence (the smallest failing example shown may be found
another way by a faster shrink): the grade only. `tests/exercises/test_fixture_corpus.py` compares
each grading of the corpus with this record; a change that moves a grade on purpose
(a new check) writes the record again and says so in its commit.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from grader.model.results import SubmissionResult

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
RECORD = ROOT / "tests" / "golden_grades.json"
DRAW_KEY = b"minimax-grader tests: fixed key!"
"""The key the positions drawn for each copy are drawn with, here and in the whole test
suite (tests/conftest.py): a grade that hangs on one of them is recorded once, the same
on every machine (each machine draws with a key of its own: grader/checking/draw_key.py)."""


def fixture_ids() -> list[tuple[str, Path]]:
    """(id, path) of every corpus fixture, as `test_fixture_corpus` names them."""
    found = []
    for expected_file in sorted(FIXTURES.glob("*/EXPECTED.json")):
        for name in sorted(json.loads(expected_file.read_text("utf-8"))):
            found.append((f"{expected_file.parent.name}/{name}", expected_file.parent / name))
    return found


def grade_of(result: SubmissionResult) -> dict[str, Any]:
    """What is compared: the grade, without the evidence."""
    return {
        "status": result.status.value,
        "exercise": result.exercise,
        "mark20": result.mark20 if result.has_mark else None,
        "questions": {
            q.id: {
                "status": q.status.value,
                "score": q.score,
                "checks": {c.name: c.status.value for c in q.checks},
            }
            for q in result.questions
        },
    }


def recorded() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(RECORD.read_text("utf-8"))
    return data


def main(argv: list[str] | None = None) -> int:
    from concurrent.futures import ProcessPoolExecutor

    parser = argparse.ArgumentParser(prog="python -m tools.golden")
    parser.add_argument("action", choices=["write", "check"])
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    ids = fixture_ids()
    with ProcessPoolExecutor(args.jobs) as pool:
        grades = dict(zip([i for i, _ in ids], pool.map(_grade, [p for _, p in ids]), strict=True))
    if args.action == "write":
        RECORD.write_text(json.dumps(grades, indent=1, sort_keys=True, ensure_ascii=False) + "\n", "utf-8")
        print(f"{len(grades)} grades written to {RECORD.relative_to(ROOT)}")
        return 0
    before = recorded()
    differ = sorted(i for i in set(before) | set(grades) if before.get(i) != grades.get(i))
    for i in differ:
        print(f"{i}:\n  recorded {before.get(i)}\n  now      {grades.get(i)}")
    print(f"{len(grades) - len(differ)} of {len(grades)} grades as recorded")
    return 1 if differ else 0


def _grade(path: Path) -> dict[str, Any]:
    from grader.app.runner import grade_file
    from grader.checking.private_draws import keyed
    from grader.model.settings import Settings

    with keyed(DRAW_KEY):
        return grade_of(grade_file(path, Settings(cell_budget=3.0)))


if __name__ == "__main__":
    sys.exit(main())
