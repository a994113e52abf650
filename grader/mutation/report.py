"""Printing the mutation run: per-exercise counts, the score, every survivor and its diff."""

from __future__ import annotations

import ast
import difflib
import json
from dataclasses import asdict
from datetime import datetime, timezone
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .harness import ExerciseRun, MutantResult
    from .mutator import Mutant

NOTHING_TO_MEASURE = (
    "no mutation inputs: none written for it, and no value check to derive them from "
    "(docs/explanation/mutation.md)"
)


def diff(source: str, mutant: Mutant) -> str:
    """The mutant's change as a unified diff of the reference, one line of context: the
    reference is unparsed as the mutant is, so that only the change differs; its hunk
    headers are left out (their numbers are the unparsed text's: the report names the
    mutant's line in the file)."""
    original = ast.unparse(ast.parse(source)).splitlines()
    lines = difflib.unified_diff(original, mutant.source.splitlines(), n=1, lineterm="")
    return "\n".join(line for line in lines if not line.startswith(("---", "+++", "@@")))


def _scores(r: MutantResult) -> str:
    return ", ".join(
        f"{q} {s.score:g}/{s.max_score:g}" + (f" ({'/'.join(s.failed_checks)})" if s.failed_checks else "")
        for q, s in sorted(r.scores.items())
    )


def one_line(r: MutantResult) -> str:
    m = r.mutant
    return f"{r.status:<11} {m.target}:{m.line} {m.operator}: {m.change}" + (
        f" [{_scores(r)}]" if r.scores else ""
    )


def summary(run: ExerciseRun) -> str:
    if not run.baseline_ok:
        return f"  {run.spec_id}: not measured (the reference loses points)"
    score = run.score
    lines = [
        f"  mutants generated:   {run.generated}"
        + (f" ({len(run.results)} sampled)" if len(run.results) != run.generated else ""),
        f"  equivalent:          {run.count('equivalent')} (no call differs from the reference"
        + ("'s: each shown below as UNSEEN)" if run.derived and run.count("equivalent") else ")"),
        f"  accepted answers:    {run.count('alternative')} (only differences the sheet accepts)"
        + (
            f", of which {sum(r.lost_points for r in run.results if r.status == 'alternative')} lose points"
            if run.count('alternative')
            else ""
        ),
        f"  behaviour-changing:  {run.behaviour_changing}"
        + (
            f" (of which {sum(r.import_error for r in run.results)} fail to import)"
            if any(r.import_error for r in run.results)
            else ""
        ),
        f"  killed:              {run.count('killed')}",
        f"  surviving:           {run.count('survived')}",
        f"  score:               {'-' if score is None else f'{100 * score:.1f}%'}  ({run.seconds:.0f} s)",
    ]
    for question in run.unmeasured:
        lines.append(f"  not measured: {question} (no value check: the harness cannot know its calls)")
    for r in run.results:
        if r.status == "survived":
            lines.append(
                f"  SURVIVOR {', '.join(r.questions)} {r.mutant.target} line {r.mutant.line}: "
                f"{r.mutant.change}\n           differs on: {r.example}"
            )
            lines += ["           " + line for line in diff(run.source, r.mutant).splitlines()]
    if run.derived:  # the checks' own calls: a change none of them shows may be a blind spot
        for r in run.results:
            if r.status == "equivalent":
                lines.append(
                    f"  UNSEEN {r.mutant.target} line {r.mutant.line}: {r.mutant.change} "
                    "(no call of the checks tells it from the reference)"
                )
                lines += ["           " + line for line in diff(run.source, r.mutant).splitlines()]
    for r in run.results:
        if r.status == "alternative" and r.lost_points:
            lines.append(
                f"  FALSE FAIL? {r.mutant.target} line {r.mutant.line}: {r.mutant.change} [{_scores(r)}]"
            )
    return "\n".join(lines)


def table(runs: list[ExerciseRun]) -> str:
    lines = [f"{'exercise':<20}{'generated':>10}{'changing':>10}{'killed':>8}{'surviving':>10}{'score':>8}"]
    for run in runs:
        score = "-" if run.score is None else f"{100 * run.score:.1f}%"
        lines.append(
            f"{run.spec_id:<20}{run.generated:>10}{run.behaviour_changing:>10}"
            f"{run.count('killed'):>8}{run.count('survived'):>10}{score:>8}"
        )
    return "\n".join(lines)


def write_json(runs: list[ExerciseRun], path: str, seed: int) -> None:
    exercises: list[dict[str, object]] = []
    data = {
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "seed": seed,
        "exercises": exercises,
    }
    for run in runs:
        mutants = []
        for r in run.results:
            item = {k: v for k, v in asdict(r.mutant).items() if k != "source"}
            item.update(
                status=r.status,
                changed=r.changed,
                questions=r.questions,
                example=r.example,
                import_error=r.import_error,
                scores={q: asdict(s) for q, s in r.scores.items()},
                diff=diff(run.source, r.mutant) if r.status == "survived" else "",
            )
            mutants.append(item)
        exercises.append(
            {
                "id": run.spec_id,
                "generated": run.generated,
                "seconds": round(run.seconds, 1),
                "behaviour_changing": run.behaviour_changing,
                "killed": run.count("killed"),
                "surviving": run.count("survived"),
                "score": run.score,
                "mutants": mutants,
            }
        )
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)


def write_markdown(runs: list[ExerciseRun], path: str) -> None:
    lines = []
    for run in runs:
        lines.append(f"### {run.spec_id}\n")
        lines.append("| question | function | line | change | differs on |")
        lines.append("|---|---|---|---|---|")
        for r in run.results:
            if r.status == "survived":
                example = r.example.replace("|", "\\|")[:200]
                change = r.mutant.change.replace("|", "\\|")
                lines.append(
                    f"| {', '.join(r.questions)} | `{r.mutant.target}` | {r.mutant.line} | {change} "
                    f"| {example} |"
                )
        lines.append("")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
