"""The Q17 pruning model's counts of its probes, as shipped data.

    python -m tools.pruning_counts write   # compute with the model, write the file
    python -m tools.pruning_counts check   # compute again and say whether the file differs

`exercises/puissance4/pruning.py` is the source of truth: the file only saves each
grading process the model's ~0.2 s of CPU. Write it again whenever the model or its
PROBES change (tests/test_pruning.py fails until then).
"""

from __future__ import annotations

import json
import sys

from exercises.puissance4 import pruning
from tools.shipped import write_or_check


def text() -> str:
    """The file's text: one line per (order, cut rule) of each probe."""
    probes = {
        probe.name: {
            pruning.count_name(order, strict): [counts.evaluations, counts.moves]
            for (order, strict), counts in sorted(pruning.computed_counts(probe).items())
        }
        for probe in pruning.PROBES
    }
    lines = ['{', '  "model": "exercises/puissance4/pruning.py",', '  "probes": {']
    for i, (name, table) in enumerate(probes.items()):
        inner = ",\n".join(f"    {json.dumps(k)}: {json.dumps(v)}" for k, v in table.items())
        lines.append(f"  {json.dumps(name)}: {{\n{inner}\n  }}" + ("," if i < len(probes) - 1 else ""))
    lines += ["  }", "}"]
    result = "\n".join(lines) + "\n"
    assert json.loads(result)["probes"] == probes  # the layout is JSON, and says what was computed
    return result


def main(argv: list[str] | None = None) -> int:
    return write_or_check(__doc__.split("\n")[0], lambda: {pruning.SHIPPED_COUNTS: text()}, argv)


if __name__ == "__main__":
    sys.exit(main())
