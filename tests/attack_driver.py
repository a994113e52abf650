"""Grade a folder and write every result as JSON, printed output included: run by
tests/sandbox/test_hostile_batch.py with a copy of Python, as root or as another user, so that
an attack on the interpreter never touches the real one.

    python attack_driver.py FOLDER ISOLATION OUT.json [COPIES]

COPIES: grade as a root that can make no mount namespace (a container without
CAP_SYS_ADMIN), keeping its readable copies of the runtime in that folder.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from grader.app.api import grade
from grader.model.settings import Settings


def main() -> None:
    folder, isolation, out = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
    if len(sys.argv) > 4:
        from grader.sandbox.confine import mountns, runtime_copy

        mountns.available = lambda: False  # type: ignore[assignment]  # as a test's monkeypatch
        runtime_copy.CACHE = Path(sys.argv[4])
    results = grade([folder], Settings(isolation=isolation, jobs=2, cell_budget=5.0))
    rows = [
        {
            "path": r.path,
            "status": r.status,
            "reason": r.reason,
            "detail": r.detail,
            "isolation": r.isolation,
            "mark20": r.mark20 if r.has_mark else None,
            "questions": {q.id: q.status.value for q in r.questions},
            "failed_cells": sorted(c.index for c in r.cells if not c.ok),
            "printed": r.printed,
        }
        for r in results
    ]
    out.write_text(json.dumps(rows, ensure_ascii=False, indent=1), "utf-8")


if __name__ == "__main__":
    main()
