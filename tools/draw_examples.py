"""The drawn examples of every check, and the reference values they need, as shipped data.

    python -m tools.draw_examples write   # draw with Hypothesis, write the files
    python -m tools.draw_examples check   # draw again and list what differs

The checks' examples are what Hypothesis draws with each check's seed and settings
(`grader.checking.draws.hypothesis_draw`); the grader reads them from `exercises/<td>/
drawn_examples.json` instead of drawing them in every process. To find every draw, the
reference of each TD is graded as a submission (it reaches every `for_all`), then every
fixture of the corpus (a failing check may reach another: `q10_optimal` tries other
depths). Each entry's ladder (`grader.checking.draws.ladder`: examples a failure is shrunk on
before Hypothesis is asked) is drawn from `LADDER_DRAWS` draws with its own seed. The
reference values of puissance4 (`positions.search_value`, `optimal_columns`) are
recorded while the references are graded only, each reference probed on every ladder
too: those of the drawn, structural and ladder positions, not those of a buggy
fixture's shrink candidates. puissance4's structural games (`positions.STRUCTURAL_MOVES`)
and immediate wins (`immediate_wins.MOVES`) are generated afresh too.

The Hypothesis version that drew is written in each file: another version may draw other
examples, so write the files again only to change the examples on purpose (a new check,
a new strategy), and the grades of `tests/golden_grades.json` with them if they move.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from grader.app.runner import grade_file
from grader.checking import draws
from grader.model.settings import Settings
from grader.registry import installed
from tools.golden import fixture_ids
from tools.shipped import write_or_check

EXERCISES = installed()
"""The registry: every installed TD, by id, in detection order."""

ROOT = Path(__file__).resolve().parent.parent


def _grade_references() -> None:
    with tempfile.TemporaryDirectory() as folder:
        for exercise, declared in EXERCISES.items():
            if declared.reference is None or declared.reference.__file__ is None:
                continue  # no reference to grade: nothing of it recorded
            copy = Path(folder) / f"copie_{declared.reference.__name__.rpartition('.')[2]}.py"
            shutil.copy(declared.reference.__file__, copy)
            result = grade_file(copy, Settings(exercise=exercise))
            print(f"reference {exercise}: {result.score}/{result.max_score}", file=sys.stderr)


def generate() -> dict[Path, str]:
    """Every shipped file's text, drawn and computed afresh."""
    import hypothesis

    from exercises.puissance4 import immediate_wins, positions

    draws.RECORDING, positions.RECORDED_VALUES = {}, {}
    draws._DRAWN.clear()
    draws._LADDERS.clear()
    try:
        draws.PROBE_LADDERS = True
        _grade_references()
        draws.PROBE_LADDERS = False
        values = positions.RECORDED_VALUES
        positions.RECORDED_VALUES = None
        for name, path in fixture_ids():
            grade_file(path, Settings())
            print(f"fixture {name}", file=sys.stderr)
        recorded = draws.RECORDING
    finally:
        draws.RECORDING, positions.RECORDED_VALUES = None, None
        draws.PROBE_LADDERS = False
    files = {}
    for package, sections in sorted(recorded.items()):
        path = draws.shipped_path(package)
        assert path is not None, package
        data: dict[str, Any] = {"hypothesis": hypothesis.__version__}
        for section in (draws.EXAMPLES, draws.LADDERS):
            data[section] = dict(sorted(sections.get(section, {}).items()))
        files[path] = _text(data, (draws.EXAMPLES, draws.LADDERS))
    tables = {
        table: {k: draws.encode(v) for k, v in sorted(found.items())} for table, found in values.items()
    }
    files[positions.REFERENCE_VALUES] = _text({"values": dict(sorted(tables.items()))}, ("values",))
    files[positions.STRUCTURAL_MOVES] = positions.structural_moves_text()
    files[immediate_wins.MOVES] = immediate_wins.moves_text()
    return files


def _text(data: dict[str, Any], sections: tuple[str, ...]) -> str:
    """JSON with one entry of each of `sections` per line (readable diffs), the rest as a
    header."""
    lines = ["{"]
    lines += [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in data.items() if k not in sections]
    for n, section in enumerate(sections):
        lines.append(f"  {json.dumps(section)}: {{")
        entries = list(data[section].items())
        for i, (name, value) in enumerate(entries):
            comma = "," if i < len(entries) - 1 else ""
            if isinstance(value, dict):  # a table of values: one per line
                inner = [
                    f"    {json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}" for k, v in value.items()
                ]
                lines.append(f"  {json.dumps(name)}: {{\n" + ",\n".join(inner) + f"\n  }}{comma}")
            else:  # a list of examples: one per line
                inner = [f"    {json.dumps(v, separators=(',', ':'))}" for v in value]
                lines.append(f"  {json.dumps(name)}: [\n" + ",\n".join(inner) + f"\n  ]{comma}")
        lines.append("  }," if n < len(sections) - 1 else "  }")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    assert json.loads(text) == data  # the layout is JSON, and says what was given
    return text


def main(argv: list[str] | None = None) -> int:
    return write_or_check(__doc__.split("\n")[0], generate, argv)


if __name__ == "__main__":
    sys.exit(main())
