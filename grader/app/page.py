"""`--serve` and `--pdf` on the command line: what is checked before anything is graded,
and the marking page started once the run's reports are written.

The run grades what is new and writes its reports as always, releases the record, then
serves the page (`grader.serve`) until Ctrl-C; the reports are written again after each
change, and the run's own outputs (`--release`, `--moodle-worksheet`, `--pronote`,
`--pdf`) once, from the marks as the page leaves them.
"""

from __future__ import annotations

import argparse
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING

from .text import tr

if TYPE_CHECKING:
    from ..checking.declare import Registry
    from ..marking.workflow import ClassRun
    from ..model.results import SubmissionResult
    from ..model.settings import Settings


def usage_problem(args: argparse.Namespace, lang: str) -> str | None:
    """What stops `--serve` or `--pdf` before anything is graded; None when nothing does.
    (The page's table without `--manual`: `grader.marking.workflow.ClassRun`.)"""
    if args.serve:
        if args.results is None:
            return tr(lang, "serve.needs_results")
        from ..serve import missing_extra

        missing = missing_extra()
        if missing:
            return tr(lang, "serve.missing_extra", modules=", ".join(missing))
        if not 0 <= args.port <= 65535:
            return tr(lang, "serve.bad_port", port=args.port)
    if args.pdf is not None:
        from ..render.pdf import engine

        if engine() is None:
            return tr(lang, "pdf.no_engine")
    return None


def open_socket(args: argparse.Namespace, lang: str) -> socket.socket | str:
    """The page's socket, bound now (a port in use is said before grading), or why not."""
    from ..serve.server import PortTaken, bind

    try:
        return bind(args.port)
    except PortTaken:
        return tr(lang, "serve.port_taken", port=args.port)


def serve_after(
    sock: socket.socket,
    args: argparse.Namespace,
    settings: Settings,
    exercises: Registry,
    run: ClassRun,
    write_reports: Callable[[list[SubmissionResult]], list[str]],
    say: Callable[[str], None],
    tell: Callable[[str], None],
) -> int:
    """The page until Ctrl-C (its address given to `say`), then the reports and the run's
    outputs from its marks (what they say given to `tell`)."""
    from ..serve.server import serve

    views = serve(sock, args, settings, exercises, write_reports, say, launched=run.messages)
    said = len(run.messages)
    failed = write_reports(views) + run.finish(views)
    for line in run.messages[said:]:
        tell(line)
    tell(tr(settings.lang, "serve.stopped", path=args.manual))
    return 1 if failed else 0
