"""`python -m grader.mutation [ID ...]`: the mutation score of installed TDs.

For each TD: mutants of the reference its declaration names (`Exercise.reference`),
each graded as a student's file; the score (killed / behaviour-changing) and every
surviving mutant with its diff. A TD shipped with the grader uses the inputs written for
it (`specs/`), any other (a course's own) inputs derived from its value checks
(docs/explanation/mutation.md).
"""

from __future__ import annotations

import argparse
import logging
import sys

from . import report
from .harness import DEFAULT_SEED, ExerciseRun, run_exercise


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m grader.mutation",
        description="Mutation testing of a TD's checks (docs/explanation/mutation.md).",
    )
    parser.add_argument(
        "ids", nargs="*", metavar="ID", help="the TDs to measure (default: every installed TD)"
    )
    parser.add_argument("--exercise", action="append", default=[], metavar="ID", help="the same as an ID")
    parser.add_argument("--limit", type=int, help="at most N mutants per TD (a seeded sample)")
    parser.add_argument("--jobs", type=int, default=1, help="mutants evaluated in parallel (default 1)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="inputs and sample seed")
    parser.add_argument("--json", metavar="FILE", help="write every mutant's result as JSON")
    parser.add_argument("--markdown", metavar="FILE", help="write the survivors as a Markdown table")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per mutant as it is judged")
    return parser


def main(argv: list[str] | None = None) -> int:
    from ..checking.view import module_source
    from ..registry import installed
    from .derived import specs

    parser = _parser()
    args = parser.parse_args(argv)
    registry = installed()
    wanted = [*args.ids, *args.exercise] or list(registry)
    unknown = [i for i in wanted if i not in registry]
    if unknown:
        parser.error(f"unknown TD: {', '.join(unknown)} (installed: {', '.join(registry)})")
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(message)s")
    measured = specs({i: registry[i] for i in wanted}, registry.package)
    runs: list[ExerciseRun] = []
    for exercise_id in wanted:
        spec = measured.get(exercise_id)
        if spec is None:
            print(f"== {exercise_id}: {report.NOTHING_TO_MEASURE}", flush=True)
            continue
        print(f"== {exercise_id}", flush=True)
        on_result = (lambda r: print("  " + report.one_line(r), flush=True)) if args.verbose else None
        source = module_source(registry[exercise_id].reference)  # type: ignore[arg-type]  # specs: has one
        run = run_exercise(spec, source, args.seed, args.limit, args.jobs, on_result)
        runs.append(run)
        print(report.summary(run), flush=True)
    print(report.table(runs), flush=True)
    if args.json:
        report.write_json(runs, args.json, args.seed)
    if args.markdown:
        report.write_markdown(runs, args.markdown)
    return 0 if all(r.baseline_ok for r in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
