"""Command line: parse arguments, call `grader.api.grade`, write the reports."""

from __future__ import annotations

import argparse
import atexit
import gc
import logging
import os
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from exercises import EXERCISES  # the registry (ids only until a TD is used)

from . import __version__
from .arguments import Parser, lang_of, prog_name
from .files import collect, module_name_of
from .messages import tr
from .render.sanitize import SafeFormatter, safe_line
from .sandbox.isolation import (
    Isolation,
    IsolationChoice,
    IsolationUnavailable,
    choose,
    likely,
    start_probe,
    witness,
)
from .sandbox.privileges import Drop, planned_drop
from .settings import LANGS, Settings

if TYPE_CHECKING:
    from .results import SubmissionResult

# The checks, Hypothesis, the reference and the report formats are imported inside
# `main`, once the isolation probe and the first worker are under way (see
# docs/performance.md): they cost 300 ms of CPU, which the worker's start runs beside.


def build_parser(argv: Sequence[str] | None = None, prog: str | None = None) -> argparse.ArgumentParser:
    """The command's parser, worded in the language `argv` asks for (`--lang`, French
    by default: argparse's own lines too) and named as it was invoked (`prog`: from
    `sys.argv[0]` by default, `grade.py` or `minimax-grader`)."""
    defaults = Settings()
    lang = lang_of(sys.argv[1:] if argv is None else argv, defaults.lang, LANGS)

    def words(key: str) -> str:
        return tr(lang, f"cli.{key}")

    parser = Parser(
        lang,
        prog=prog or prog_name(),
        description=tr(lang, "cli.description", exercises=", ".join(EXERCISES)),
    )
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH", help=words("paths"))
    parser.add_argument("--exercise", choices=list(EXERCISES), help=words("exercise"))
    parser.add_argument("--json", metavar="FILE", help=words("json"))
    parser.add_argument("--csv", metavar="FILE", help=words("csv"))
    parser.add_argument("--html", metavar="DIR", help=words("html"))
    parser.add_argument("--junit", metavar="FILE", help=words("junit"))
    parser.add_argument("--gradescope", metavar="FILE", help=words("gradescope"))
    parser.add_argument("--github-annotations", action="store_true", help=words("annotations"))
    parser.add_argument("--vpl", action="store_true", help=words("vpl"))
    parser.add_argument("--vpl-max", type=float, default=20.0, metavar="N", help=words("vpl_max"))
    parser.add_argument("--details", action="store_true", help=words("details"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help=words("jobs"))
    parser.add_argument("--lang", choices=LANGS, default=defaults.lang, help=words("lang"))
    parser.add_argument("--timeout", type=float, default=defaults.timeout, help=words("timeout"))
    parser.add_argument(
        "--cell-timeout", type=float, default=defaults.cell_timeout, help=words("cell_timeout")
    )
    parser.add_argument("--fail-under", type=float, metavar="SCORE", help=words("fail_under"))
    parser.add_argument(
        "--isolation",
        choices=("auto", "bubblewrap", "landlock", "basic", "portable"),
        default=defaults.isolation,
        help=words("isolation"),
    )
    parser.add_argument(
        "--require-isolation", choices=("any", "strong"), default="any", help=words("require_isolation")
    )
    parser.add_argument("-v", "--verbose", action="count", default=0, help=words("verbose"))
    parser.add_argument("--version", action="version", version=__version__, help=words("version"))
    return parser


def run() -> None:
    """The command's entry point (grade.py, `python -m grader`, `minimax-grader`): `main`,
    then the exit."""
    code = main()
    exit_now(code)
    sys.exit(code)


def exit_now(code: int) -> None:
    """End the process at once with `code`, without the interpreter's teardown, which
    frees the imported grader, reference and reports object by object for a process
    that ends anyway (~40 ms of CPU for one student: docs/performance.md). The atexit
    handlers run first (logging, multiprocessing, a worker started ahead) and the output
    is flushed. Returns, for the normal exit, while another thread runs (it would be cut
    short) or when the output cannot be flushed (a closed pipe: reported as usual)."""
    if threading.active_count() != 1:
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        pass  # the handlers' own output, if any, is what is lost
    os._exit(code)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.WARNING - 10 * min(args.verbose, 2), format="%(levelname)s %(name)s: %(message)s"
    )
    for handler in logging.getLogger().handlers:  # records may quote student text
        handler.setFormatter(SafeFormatter("%(levelname)s %(name)s: %(message)s"))
    logging.captureWarnings(True)  # warnings (nbformat's...) may quote it too: same formatter
    try:
        settings = Settings(
            exercise=args.exercise,
            lang=args.lang,
            timeout=args.timeout,
            cell_timeout=args.cell_timeout,
            jobs=args.jobs,
            isolation=args.isolation,
        )
        settings.check_exercise(EXERCISES)
    except ValueError as exc:
        parser.error(str(exc))
    missing = [p for p in args.paths if not p.exists()]
    if missing:
        parser.error(f"introuvable : {', '.join(map(str, missing))}")
    files = collect(args.paths)
    if args.gradescope and len(files) != 1:
        parser.error(tr(settings.lang, "gradescope_one"))
    if args.vpl and len(files) != 1:
        parser.error(tr(settings.lang, "vpl_one"))
    if args.vpl_max <= 0:
        parser.error(f"--vpl-max : {args.vpl_max} n'est pas positif")
    start_early(files, settings)
    from .api import Interrupted, grade  # the checks, Hypothesis, the reference: see above
    from .guard import tune_collector
    from .render.progress import Progress
    from .render.terminal import render_submission, render_summary

    import_exercises(settings, files)
    # What is imported now lives until the exit: out of the cyclic collector's passes
    # (each of which walked it again, and the interpreter's finalization too: ~40 ms of
    # CPU for one submission; docs/performance.md). `main` is the process's entry point.
    gc.freeze()
    tune_collector()  # inherited by a pool's grading processes

    try:
        isolation = choose(settings.isolation)
    except IsolationUnavailable as exc:
        why = exc.why.words(settings.lang)
        parser.error(tr(settings.lang, "isolation.unavailable", mode=settings.isolation, why=why))
    if args.require_isolation == "strong" and not isolation.mode.strong:
        why = isolation.why(settings.lang) or f"--isolation {isolation.mode.value}"
        print(tr(settings.lang, "isolation.required", why=why), file=sys.stderr)
        return 2
    announce_isolation(isolation, settings.lang, self_check=len(files) == 1)
    # stdout carries a report when asked (`--json -`, annotations): the rest goes to stderr.
    out = sys.stderr if args.json == "-" or args.github_annotations else sys.stdout
    progress = Progress(sys.stderr, settings.lang)
    single: list[bool] = []

    def started(total: int) -> None:
        single.append(total == 1)
        progress.started(total)

    def graded(result: SubmissionResult) -> None:
        try:  # showing one submission must never stop the batch (nor its reports)
            progress.advance(result)
            # VPL parses standard output (and may show standard error): the report is only its own
            if (single[0] or args.details) and not args.vpl:
                print(render_submission(result, settings.lang), file=out, flush=True)
        except Exception:
            logging.getLogger(__name__).exception("showing the report of %s failed", result.path)

    interrupted = None
    try:
        results = grade(args.paths, settings, on_result=graded, on_start=started, exercises=EXERCISES)
    except Interrupted as exc:
        results, interrupted = exc.results, exc
    finally:
        progress.finished()
    if (len(results) > 1 or (interrupted and results)) and not args.vpl:
        try:
            print(render_summary(results, settings.lang), file=out)
        except Exception:
            logging.getLogger(__name__).exception("showing the summary failed")
    failed_reports = write_reports(args, results, settings.lang)
    if interrupted is not None:
        print(tr(settings.lang, "interrupted", done=len(results), total=interrupted.total), file=sys.stderr)
        return 130
    if args.fail_under is not None and any(
        r.status != "graded" or r.mark20 < args.fail_under for r in results
    ):
        return 1
    return 1 if failed_reports else 0


def start_early(files: list[Path], settings: Settings) -> None:
    """Before the heavy imports: the worker of a submission graded in this process (one
    file, or `--jobs 1`), in the isolation the probe will most likely confirm (a worker
    started in another is closed unused), and the bubblewrap probe, unless that worker
    is a bubblewrap one: its answer is the probe's verdict (`isolation.witness`)."""
    if files and (settings.jobs == 1 or len(files) == 1):
        from .sandbox.ahead import AHEAD, WorkerKey

        mode = likely(settings.isolation)
        if mode is not None:
            AHEAD.plan([(files[0], WorkerKey(module_name_of(files[0]), settings.limits, mode))])
            if AHEAD.started(Isolation.BUBBLEWRAP):
                witness(AHEAD.answers)
    if settings.isolation in ("auto", "bubblewrap"):
        start_probe()


def import_exercises(settings: Settings, files: list[Path]) -> None:
    """The TDs grading will use, imported while the first worker boots rather than once
    its cells have run: the forced one; for one file, the one its text most likely
    answers (detection, after the cells, imports another if it finds another); else all
    five (a class: the pool's processes share them)."""
    try:
        if settings.exercise:
            EXERCISES[settings.exercise]
        elif len(files) == 1 and (guess := _likely_exercise(files[0])) is not None:
            EXERCISES[guess]
        else:
            list(EXERCISES.values())
    except Exception:  # a TD that fails to import: grading reports it, submission by submission
        logging.getLogger(__name__).debug("importing the exercises failed", exc_info=True)


def _likely_exercise(path: Path) -> str | None:
    from .skeleton import file_text, likely_exercise

    return likely_exercise(file_text(path), EXERCISES.signatures())


def announce_isolation(isolation: IsolationChoice, lang: str, self_check: bool = False) -> None:
    """Before anyone is graded: one line when `auto` fell back (and why), a warning
    when the reference is readable from the worker.

    `self_check`: one file, most often a student checking their own work, for whom the
    teacher's wording is jargon: a strong isolation is one quiet line (none without a
    fallback), a weak one what it means for them, in one sentence."""
    if self_check:
        if not isolation.mode.strong:
            print(tr(lang, "isolation.self_check_weak", mode=isolation.mode.value), file=sys.stderr)
        elif isolation.fallback:
            print(tr(lang, "isolation.self_check", label=isolation.label), file=sys.stderr)
        return
    if isolation.fallback:  # why not a stronger one, in one line
        # a strong one also says that the marks are still protected (a weak one warns below)
        key = "isolation.in_force_strong" if isolation.mode.strong else "isolation.in_force"
        line = tr(lang, key, label=isolation.label, why=isolation.why(lang))
        print(line, file=sys.stderr)
    if isolation.mode is Isolation.PORTABLE:  # a student's laptop: said plainly, once
        print(tr(lang, "isolation.portable"), file=sys.stderr)
    elif not isolation.mode.strong:
        protected = planned_drop() is Drop.UID  # signals and neighbours' files out of reach
        more = "" if protected else tr(lang, "isolation.weak_more")
        print(tr(lang, "isolation.weak", weak_more=more), file=sys.stderr)


def write_reports(args: argparse.Namespace, results: list[SubmissionResult], lang: str) -> list[str]:
    """Every report format asked for, from the same results; returns the ones that
    could not be written. One writer failing never stops the others."""
    failed = []
    for name, target, write in _writers(args, results, lang):
        try:
            write()
        except Exception as exc:  # a full disk, a bad path, a grader bug in one format
            failed.append(name)
            logging.getLogger(__name__).debug("writing %s failed", name, exc_info=True)
            error = f"{type(exc).__name__}: {exc}"
            print(safe_line(tr(lang, "write_failed", path=target, error=error))[:500], file=sys.stderr)
    return failed


def _writers(
    args: argparse.Namespace, results: list[SubmissionResult], lang: str
) -> Iterator[tuple[str, str, Callable[[], object]]]:
    """(name, target, write) of each report asked for, in the order they are written."""
    if args.json:
        yield "json", args.json, lambda: _write_json(args, results, lang)
    if args.csv:
        yield "csv", args.csv, lambda: _write_csv(args, results, lang)
    if args.junit:
        yield "junit", args.junit, lambda: _write_junit(args, results, lang)
    if args.gradescope and results:
        yield "gradescope", args.gradescope, lambda: _write_gradescope(args, results, lang)
    if args.html:
        yield "html", args.html, lambda: _write_html(args, results, lang)
    if args.github_annotations:
        yield "annotations", "stdout", lambda: _write_annotations(results, lang)
    if args.vpl and results:
        yield "vpl", "stdout", lambda: _write_vpl(args, results, lang)


# Each format's module is imported when its report is asked for.
def _write_junit(args: argparse.Namespace, results: list[SubmissionResult], lang: str) -> None:
    from .render.junit_report import render_junit

    Path(args.junit).write_text(render_junit(results, lang) + "\n", encoding="utf-8")


def _write_gradescope(args: argparse.Namespace, results: list[SubmissionResult], lang: str) -> None:
    from .render.gradescope import render_gradescope

    Path(args.gradescope).write_text(render_gradescope(results[0], lang) + "\n", encoding="utf-8")


def _write_annotations(results: list[SubmissionResult], lang: str) -> None:
    from .render.annotations import render_annotations

    print(render_annotations(results, lang))


def _write_vpl(args: argparse.Namespace, results: list[SubmissionResult], lang: str) -> None:
    from .render.vpl import render_vpl

    print(render_vpl(results[0], lang, args.vpl_max))


def _write_json(args: argparse.Namespace, results: list[SubmissionResult], lang: str) -> None:
    from .render.json_report import render_json

    text = render_json(results, lang)
    if args.json == "-":
        print(text)
    else:
        Path(args.json).write_text(text + "\n", encoding="utf-8")


def _write_csv(args: argparse.Namespace, results: list[SubmissionResult], lang: str) -> None:
    from .render.csv_report import render_csv

    # newline="": the csv module already ends rows with \r\n, as spreadsheets expect
    with open(args.csv, "w", encoding="utf-8", newline="") as stream:
        stream.write(render_csv(results, lang))


def _write_html(args: argparse.Namespace, results: list[SubmissionResult], lang: str) -> None:
    from .render.html_report import write_html  # Jinja2 only when asked

    index = write_html(results, Path(args.html), lang)
    print(tr(lang, "html_written", path=index), file=sys.stderr)
