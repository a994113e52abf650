"""Command line: parse arguments, call `grader.app.api.grade`, write the reports."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from .. import __version__
from ..marking.options import add_options as add_class_options
from ..model.settings import LANGS, Settings
from ..registry import Unavailable, installed, unavailable_of
from ..render.sanitize import SafeFormatter, safe_line
from ..sandbox.confine.isolation import Isolation, IsolationChoice, IsolationUnavailable, choose
from ..sandbox.confine.privileges import Drop, planned_drop
from . import startup
from .arguments import Parser, lang_of, prog_name
from .text import OPTION_HELP, tr, unavailable

if TYPE_CHECKING:
    import socket

    from ..checking.declare import Registry
    from ..marking.workflow import ClassRun
    from ..model.results import SubmissionResult
    from .api import Interrupted

# The checks, the TDs and the report formats are imported once the isolation probe and
# the first worker are under way (`startup.prepare`), so that the worker boots beside them.


def build_parser(
    exercises: Registry, argv: Sequence[str] | None = None, prog: str | None = None
) -> argparse.ArgumentParser:
    """The command's parser for the TDs of `exercises`, worded in the language `argv`
    asks for (`--lang`, French by default: argparse's own lines too) and named as it was
    invoked (`prog`: from `sys.argv[0]` by default, `grade.py` or `minimax-grader`)."""
    defaults = Settings()
    lang = lang_of(sys.argv[1:] if argv is None else argv, defaults.lang, LANGS)

    def words(key: str) -> str:
        return OPTION_HELP(lang, key)

    file, folder, seconds = words("metavar_file"), words("metavar_folder"), words("metavar_seconds")
    parser = Parser(
        lang,
        prog=prog or prog_name(),
        description=tr(lang, "cli.description", exercises=", ".join(exercises)),
    )
    parser.add_argument("paths", nargs="*", type=Path, metavar=words("metavar_path"), help=words("paths"))
    # A TD that could not be loaded is a choice too: asking for it is a usage error that says why.
    choices = [*exercises, *unavailable_of(exercises)]
    parser.add_argument("--exercise", type=_installed(choices, lang), choices=choices, help=words("exercise"))
    parser.add_argument("--json", metavar=file, help=words("json"))
    parser.add_argument("--csv", metavar=file, help=words("csv"))
    parser.add_argument("--html", metavar=folder, help=words("html"))
    parser.add_argument("--similarity", metavar=folder, type=_similarity_folder, help=words("similarity"))
    parser.add_argument("--junit", metavar=file, help=words("junit"))
    parser.add_argument("--gradescope", metavar=file, help=words("gradescope"))
    parser.add_argument("--github-annotations", action="store_true", help=words("annotations"))
    parser.add_argument("--vpl", action="store_true", help=words("vpl"))
    parser.add_argument("--vpl-max", type=float, default=20.0, metavar="N", help=words("vpl_max"))
    parser.add_argument("--details", action="store_true", help=words("details"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N", help=words("jobs"))
    parser.add_argument("--lang", choices=LANGS, default=defaults.lang, help=words("lang"))
    parser.add_argument(
        "--timeout", type=float, default=defaults.call_budget, metavar=seconds, help=words("timeout")
    )
    parser.add_argument(
        "--cell-timeout",
        type=float,
        default=defaults.cell_budget,
        metavar=seconds,
        help=words("cell_timeout"),
    )
    parser.add_argument("--fail-under", type=float, metavar=words("metavar_score"), help=words("fail_under"))
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
    add_class_options(parser, lang)
    return parser


def _installed(choices: Sequence[str], lang: str) -> Callable[[str], str]:
    """`--exercise`'s value, refused, when no TD has that id, with how a course's TD is
    installed and into which Python (argparse's "invalid choice" said neither)."""

    def check(value: str) -> str:
        if value not in choices:
            known = ", ".join(choices)
            raise argparse.ArgumentTypeError(
                tr(lang, "cli.exercise_unknown", id=value, known=known, python=sys.executable)
            )
        return value

    return check


def run(exercises: Registry | None = None) -> None:
    """The command's entry point (grade.py, `python -m grader`, `minimax-grader`): `main`
    on the command line's arguments and the installed TDs (`grader.registry.installed`)
    unless given, then the exit."""
    argv = sys.argv[1:]
    try:
        code = main(argv, installed() if exercises is None else exercises)
    except KeyboardInterrupt:  # before the copies are graded, or once they are (the reports)
        code = 130
        from .interrupts import INTERRUPTS

        INTERRUPTS.stopping()
        print(tr(lang_of(argv, "fr", LANGS), "interrupted.outside"), file=sys.stderr)
    startup.exit_now(code)
    sys.exit(code)


def main(argv: list[str], exercises: Registry) -> int:
    """The command line on `argv`, grading against `exercises`; returns the exit code."""
    parser = build_parser(exercises, argv)
    args = parser.parse_args(argv)
    _log_safely(args.verbose)
    for missing in unavailable_of(exercises).values():  # said once, before any copy says it
        print(tr(args.lang, "unavailable_td", **_words(missing)), file=sys.stderr)
    settings = _settings(parser, args, exercises)
    from ..marking.workflow import ClassRun, UsageError, print_config

    try:
        if args.print_config:
            return print_config(args.print_config, exercises, settings.lang, sys.stdout)
        sock = _page_socket(args, settings.lang) if args.serve or args.pdf else None
        with ClassRun.open(args, settings, exercises) as run:
            code = _mark(parser, args, settings, exercises, run)
    except UsageError as exc:
        parser.error(str(exc))
    if sock is None or code not in (0, 1):
        return code
    from .page import serve_after

    def again(views: list[SubmissionResult]) -> list[str]:
        return write_reports(args, views, settings.lang, exercises, quiet=True)

    def say(line: str) -> None:
        print(safe_line(line), flush=True)

    def tell(line: str) -> None:
        print(safe_line(line), file=sys.stderr, flush=True)

    return serve_after(sock, args, settings, exercises, run, again, say, tell)


def _page_socket(args: argparse.Namespace, lang: str) -> socket.socket | None:
    """`--serve`'s socket, bound before anything is graded; UsageError for what `--serve`
    and `--pdf` need and do not have (`grader.app.page`)."""
    from ..marking.workflow import UsageError
    from .page import open_socket, usage_problem

    problem = usage_problem(args, lang)
    if problem:
        raise UsageError(problem)
    if not args.serve:
        return None
    sock = open_socket(args, lang)
    if isinstance(sock, str):
        raise UsageError(sock)
    return sock


def _mark(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    settings: Settings,
    exercises: Registry,
    run: ClassRun,
) -> int:
    """Grade the files the class run names (`run.files`: every file given, without a
    record; with one, the new and changed copies), then report what the run shows."""
    files = _check_files(parser, args, settings, run.files)
    if not files and not run.roster.refused:  # nothing new (a class run): no worker, no probe
        return _report(args, settings, run, run.views([]), None)
    startup.prepare(files, settings, exercises)
    isolation = _isolation(parser, args, settings)
    if isolation is None:
        return 2
    announce_isolation(isolation, settings.lang, self_check=len(files) == 1 and args.results is None)
    results, interrupted = _grade(args, settings, exercises, run)
    run.interrupted = interrupted is not None
    return _report(args, settings, run, run.views(results), interrupted)


def _log_safely(verbose: int) -> None:
    logging.basicConfig(
        level=logging.WARNING - 10 * min(verbose, 2), format="%(levelname)s %(name)s: %(message)s"
    )
    for handler in logging.getLogger().handlers:  # records may quote student text
        handler.setFormatter(SafeFormatter("%(levelname)s %(name)s: %(message)s"))
    logging.captureWarnings(True)  # warnings (nbformat's...) may quote it too: same formatter


def _settings(parser: argparse.ArgumentParser, args: argparse.Namespace, exercises: Registry) -> Settings:
    """The settings, and the paths given checked; a usage error (exit 2) when they cannot be."""
    if not exercises:  # the entry points name none: not installed
        parser.error(tr(args.lang, "no_exercises"))
    broken = unavailable_of(exercises).get(args.exercise or "")
    if broken is not None:
        parser.error(tr(args.lang, "unavailable_td.forced", **_words(broken)))
    try:
        settings = Settings(
            exercise=args.exercise,
            lang=args.lang,
            call_budget=args.timeout,
            cell_budget=args.cell_timeout,
            jobs=args.jobs,
            isolation=args.isolation,
        )
        settings.check_exercise(exercises)
    except ValueError as exc:
        parser.error(str(exc))
    if not args.paths and args.results is None and not args.print_config:
        parser.error(tr(settings.lang, "paths_needed"))
    missing = [p for p in args.paths if not p.exists()]
    if missing:
        parser.error(tr(settings.lang, "cli.not_found", paths=", ".join(map(str, missing))))
    if args.vpl_max <= 0:
        parser.error(tr(settings.lang, "cli.not_positive", option="--vpl-max", value=args.vpl_max))
    if args.vpl and args.json == "-":  # VPL reads standard output: its report alone
        parser.error(tr(settings.lang, "vpl_stdout"))
    return settings


def _words(missing: Unavailable) -> dict[str, str]:
    return {"exercise": missing.id, "package": missing.package, "cause": missing.cause}


def _check_files(
    parser: argparse.ArgumentParser, args: argparse.Namespace, settings: Settings, files: list[Path]
) -> list[Path]:
    """The files to grade; a usage error when a one-submission report is asked for more."""
    if args.gradescope and len(files) != 1:
        parser.error(tr(settings.lang, "gradescope_one"))
    if args.vpl and len(files) != 1:
        parser.error(tr(settings.lang, "vpl_one"))
    return files


def _isolation(
    parser: argparse.ArgumentParser, args: argparse.Namespace, settings: Settings
) -> IsolationChoice | None:
    """The isolation in force; a usage error when the one asked for cannot work here,
    None (said on stderr) when `--require-isolation strong` is not met."""
    try:
        isolation = choose(settings.isolation)
    except IsolationUnavailable as exc:
        why = unavailable([exc.why], settings.lang)
        parser.error(tr(settings.lang, "isolation.unavailable", mode=settings.isolation, why=why))
    if args.require_isolation == "strong" and not isolation.mode.strong:
        why = unavailable(isolation.fallback, settings.lang) or f"--isolation {isolation.mode.value}"
        print(tr(settings.lang, "isolation.required", why=why), file=sys.stderr)
        return None
    return isolation


def _out(args: argparse.Namespace) -> TextIO:
    """Where the reports a person reads go: stdout, unless it carries a report asked for
    (`--json -`, annotations)."""
    return sys.stderr if args.json == "-" or args.github_annotations else sys.stdout


def show(text: str, out: TextIO) -> None:
    """A report on `out`, while someone reads it. A reader gone (`grade.py … | head`) gets
    nothing more, and the run goes on to grade every copy and write what was asked."""
    try:
        print(text, file=out, flush=True)
    except BrokenPipeError:
        # as the signal module's "Note on SIGPIPE" does: the stream's later writes, and
        # the exit's flush, go to the null device instead of raising again
        nowhere = os.open(os.devnull, os.O_WRONLY)
        os.dup2(nowhere, out.fileno())
        os.close(nowhere)


def _grade(
    args: argparse.Namespace, settings: Settings, exercises: Registry, run: ClassRun
) -> tuple[list[SubmissionResult], Interrupted | None]:
    """Grade the run's files, the progress on stderr and, for one file (or `--details`),
    its report as soon as it is graded (once scored, when the class's marks differ from
    grading's); Ctrl-C keeps what was graded."""
    from ..render.progress import Progress
    from ..render.terminal import render_submission
    from .api import Interrupted, grade
    from .interrupts import INTERRUPTS

    progress = Progress(sys.stderr, settings.lang)

    def graded(result: SubmissionResult) -> None:
        try:  # showing one submission must never stop the batch (nor its reports)
            progress.advance(run.at_once(result))
            # VPL parses standard output (and may show standard error): the report is only its own
            if (progress.total == 1 or args.details) and not args.vpl and not run.rescoring:
                show(render_submission(result, settings.lang), _out(args))
        except Exception:
            logging.getLogger(__name__).exception("showing the report of %s failed", result.path)

    INTERRUPTS.install()
    try:
        with INTERRUPTS.stoppable():
            results = grade(
                run.files, settings, graded, progress.started, exercises, run.students, run.roster.refused
            )
    except Interrupted as exc:
        INTERRUPTS.stopping()  # a Ctrl-C again, while what was graded is written, is ignored
        return exc.results, exc
    finally:
        progress.finished()
    INTERRUPTS.uninstall()
    return results, None


def _report(
    args: argparse.Namespace,
    settings: Settings,
    run: ClassRun,
    results: list[SubmissionResult],
    interrupted: Interrupted | None,
) -> int:
    """The summary, every report asked for, the class run's own outputs; the exit status."""
    from ..render.terminal import render_submission, render_summary

    again = [r for r in results if r.student in run.graded_now]
    if run.rescoring and (len(again) == 1 or args.details) and not args.vpl:  # scored for the class
        for result in again:
            show(render_submission(result, settings.lang), _out(args))
    if (len(results) > 1 or (interrupted and results)) and not args.vpl:
        try:
            show(render_summary(results, settings.lang), _out(args))
        except Exception:
            logging.getLogger(__name__).exception("showing the summary failed")
    failed_reports = write_reports(args, results, settings.lang, run.exercises)
    if not args.serve:  # with the page: once it stops, from the marks it leaves
        failed_reports += run.finish(results)
    run.say()
    if interrupted is not None:
        # the copies graded by this run (the reports may show the whole class record)
        done = len(interrupted.results)
        print(tr(settings.lang, "interrupted", done=done, total=interrupted.total), file=sys.stderr)
        return 130
    if args.fail_under is not None and any(not r.graded or r.mark20 < args.fail_under for r in results):
        return 1
    return 1 if failed_reports else 0


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
        line = tr(lang, key, label=isolation.label, why=unavailable(isolation.fallback, lang))
        print(line, file=sys.stderr)
    if isolation.mode is Isolation.PORTABLE:  # a student's laptop: said plainly, once
        print(tr(lang, "isolation.portable"), file=sys.stderr)
    elif not isolation.mode.strong:
        protected = planned_drop() is Drop.UID  # signals and neighbours' files out of reach
        more = "" if protected else tr(lang, "isolation.weak_more")
        print(tr(lang, "isolation.weak", weak_more=more), file=sys.stderr)


def write_reports(
    args: argparse.Namespace,
    results: list[SubmissionResult],
    lang: str,
    exercises: Registry,
    quiet: bool = False,
) -> list[str]:
    """Every report format asked for, from the same results (graded with `exercises`);
    returns the ones that could not be written. One writer failing never stops the others.
    `quiet`: the marking page writes them again after each change, without saying so."""
    failed = []
    for name, target, write in _writers(args, results, lang, exercises, quiet):
        if quiet and name in ONCE:
            continue
        try:
            write()
        except Exception as exc:  # a full disk, a bad path, a grader bug in one format
            failed.append(name)
            logging.getLogger(__name__).debug("writing %s failed", name, exc_info=True)
            error = f"{type(exc).__name__}: {exc}"
            print(safe_line(tr(lang, "write_failed", path=target, error=error))[:500], file=sys.stderr)
    return failed


ONCE = ("similarity", "annotations", "vpl")
"""Reports written by the run only, not again after each change on the marking page: the
similarity pass does not depend on the marks; the others print on standard output."""


def _writers(
    args: argparse.Namespace, results: list[SubmissionResult], lang: str, exercises: Registry, quiet: bool
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
        yield "html", args.html, lambda: _write_html(args, results, lang, quiet)
    if args.similarity:
        yield "similarity", str(args.similarity), lambda: _write_similarity(args, results, lang, exercises)
    if args.github_annotations:
        yield "annotations", "stdout", lambda: _write_annotations(results, lang)
    if args.vpl and results:
        yield "vpl", "stdout", lambda: _write_vpl(args, results, lang)


# Each format's module is imported when its report is asked for.
def _write_junit(args: argparse.Namespace, results: list[SubmissionResult], lang: str) -> None:
    from ..render.junit_report import render_junit

    Path(args.junit).write_text(render_junit(results, lang) + "\n", encoding="utf-8")


def _write_gradescope(args: argparse.Namespace, results: list[SubmissionResult], lang: str) -> None:
    from ..render.gradescope import render_gradescope

    Path(args.gradescope).write_text(render_gradescope(results[0], lang) + "\n", encoding="utf-8")


def _write_annotations(results: list[SubmissionResult], lang: str) -> None:
    from ..render.annotations import render_annotations

    print(render_annotations(results, lang))


def _write_vpl(args: argparse.Namespace, results: list[SubmissionResult], lang: str) -> None:
    from ..render.vpl import render_vpl

    print(render_vpl(results[0], lang, args.vpl_max))


def _write_json(args: argparse.Namespace, results: list[SubmissionResult], lang: str) -> None:
    from ..render.json_report import render_json

    text = render_json(results, lang)
    if args.json == "-":
        print(text)
    else:
        Path(args.json).write_text(text + "\n", encoding="utf-8")


def _write_csv(args: argparse.Namespace, results: list[SubmissionResult], lang: str) -> None:
    from ..render.csv_report import render_csv

    # newline="": the csv module already ends rows with \r\n, as spreadsheets expect
    with open(args.csv, "w", encoding="utf-8", newline="") as stream:
        stream.write(render_csv(results, lang))


def _write_html(args: argparse.Namespace, results: list[SubmissionResult], lang: str, quiet: bool) -> None:
    from ..render.html_report import write_html  # Jinja2 only when asked

    index = write_html(results, Path(args.html), lang)
    if not quiet:
        print(tr(lang, "html_written", path=index), file=sys.stderr)


def _similarity_folder(text: str) -> Path:
    """`--similarity`'s folder; a usage error, before any grading, without the extra."""
    from ..similarity import missing_extra

    missing = missing_extra()
    if missing:
        raise argparse.ArgumentTypeError(missing)
    return Path(text)


def _write_similarity(
    args: argparse.Namespace, results: list[SubmissionResult], lang: str, exercises: Registry
) -> None:
    from ..similarity.report import CSV_NAME, write_similarity
    from ..similarity.text import say

    page = write_similarity(results, args.similarity, exercises, lang)
    print(say(lang, "sim.written", path=page, csv=page.parent / CSV_NAME), file=sys.stderr)
