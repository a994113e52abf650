"""Command line: parse arguments, call `grader.api.grade`, write the reports."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

from . import __version__
from .api import grade
from .render.json_report import render_json
from .render.terminal import render_submission, render_summary
from .settings import LANGS, Settings

EXERCISE_IDS = ("puissance4", "domineering", "domineering-minmax", "morpion", "chocolat")


def build_parser() -> argparse.ArgumentParser:
    defaults = Settings()
    parser = argparse.ArgumentParser(
        prog="grade.py", description="Corrige les TD minimax (puissance 4, domineering, morpion, chocolat).")
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                        help="notebook .ipynb, module .py, ou dossier de copies")
    parser.add_argument("--exercise", choices=EXERCISE_IDS, help="forcer l'exercice (sinon détecté)")
    parser.add_argument("--json", metavar="FILE", help="rapport JSON (- pour la sortie standard)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="copies corrigées en parallèle")
    parser.add_argument("--lang", choices=LANGS, default=defaults.lang, help="langue des retours")
    parser.add_argument("--timeout", type=float, default=defaults.timeout,
                        help="budget en secondes d'un appel au code étudiant")
    parser.add_argument("--cell-timeout", type=float, default=defaults.cell_timeout,
                        help="budget en secondes d'une cellule")
    parser.add_argument("--fail-under", type=float, metavar="SCORE",
                        help="code de sortie 1 si une copie a moins de SCORE sur 20")
    parser.add_argument("--isolation", choices=("auto", "bubblewrap", "basic"), default=defaults.isolation)
    parser.add_argument("-v", "--verbose", action="count", default=0)
    parser.add_argument("--version", action="version", version=__version__)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING - 10 * min(args.verbose, 2),
                        format="%(levelname)s %(name)s: %(message)s")
    try:
        settings = Settings(exercise=args.exercise, lang=args.lang, timeout=args.timeout,
                            cell_timeout=args.cell_timeout, jobs=args.jobs, isolation=args.isolation)
    except ValueError as exc:
        parser.error(str(exc))
    missing = [p for p in args.paths if not p.exists()]
    if missing:
        parser.error(f"introuvable : {', '.join(map(str, missing))}")
    out = sys.stderr if args.json == "-" else sys.stdout

    def show(result):  # printed as soon as a submission is graded
        print(render_submission(result, settings.lang), file=out, flush=True)

    try:
        results = grade(args.paths, settings, on_result=show)
    except KeyboardInterrupt:
        return 130
    if len(results) > 1:
        print(render_summary(results, settings.lang), file=out)
    if args.json:
        text = render_json(results, settings.lang)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n", encoding="utf-8")
    if args.fail_under is not None and any(
            r.status != "graded" or r.mark20 < args.fail_under for r in results):
        return 1
    return 0
