"""The worker script: the code that runs in the worker process, before and around the
student's. It is one script made of this package's modules (`SCRIPT`, in that order),
run from a private copy; it imports nothing of the grader outside this package
(`tests/test_layers.py` holds the rule), so that the student's code, which shares its
process, finds nothing of the grader there."""

from __future__ import annotations

from pathlib import Path

GRADER_PACKAGES = ("grader", "reference", "exercises")
"""The grader's own packages: the worker's import hook refuses them (and the
confinement hides their folders, `confine/reach.py`)."""

SCRIPT = ("encode.py", "wire.py", "loopwatch.py", "prepare.py", "failures.py", "worker_main.py")
"""The worker script's parts, in order: the codec (its encoder, then requests and
decoding), the loop detector, what is bound and set before student code, budgets and
errors, the main loop."""


def script_source() -> str:
    """The whole script: `GRADER_PACKAGES` stated, then its parts."""
    here = Path(__file__).resolve().parent
    protected = f"GRADER_PACKAGES = {GRADER_PACKAGES!r}"  # what its import hook refuses
    return "\n\n".join((protected, *((here / name).read_text("utf-8") for name in SCRIPT)))
