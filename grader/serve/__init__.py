"""The marking page (`--serve`): a local web page over the class record, to grade the
questions graded by hand, one answer after another, with a rubric, and to override any
question, every change saved at once into the teacher's manual table.

    desk.py       the class held in memory: a snapshot re-scored from the record, the
                  files watched, a mark saved (no student code ever runs)
    security.py   the key, the CSRF token, the allowed hosts, the headers (CSP)
    pages.py      the pages, rendered with the reports' templates and its own
    routes.py     the Starlette application: one route per page and per change
    server.py     the socket on 127.0.0.1, uvicorn, the browser, Ctrl-C

It needs the `serve` extra (Starlette, uvicorn, python-multipart, markdown-it-py, nh3);
nothing of it is imported unless `--serve` is given. Why these libraries:
docs/explanation/marking-page.md.
"""

from __future__ import annotations

import importlib.util

EXTRA_MODULES = ("starlette", "uvicorn", "python_multipart", "markdown_it", "nh3")


def missing_extra() -> list[str]:
    """The modules of the `serve` extra that are not installed (nothing is imported)."""
    missing = []
    for name in EXTRA_MODULES:
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            missing.append(name)
    return missing
