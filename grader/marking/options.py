"""The class workflow's command-line options (argparse only: the parser is built before
anything heavy is imported)."""

from __future__ import annotations

import argparse
from pathlib import Path

from .text import CLASS_OPTION_HELP

CLASS_OPTIONS = (
    "config",
    "roster",
    "results",
    "manual",
    "release",
    "moodle_worksheet",
    "pronote",
    "regrade",
    "prune",
    "serve",
    "pdf",
)


def add_options(parser: argparse.ArgumentParser, lang: str = "fr") -> None:
    """The class workflow's options, on the command line's parser, worded in `lang`."""

    def words(key: str) -> str:
        return CLASS_OPTION_HELP(lang, key)

    file, folder = words("file"), words("folder")
    group = parser.add_argument_group(words("group"))
    group.add_argument("--config", metavar=file, type=Path, help=words("config"))
    group.add_argument("--print-config", metavar=words("exercise"), help=words("print_config"))
    group.add_argument("--roster", metavar=file, type=Path, help=words("roster"))
    group.add_argument("--results", metavar=folder, type=Path, help=words("results"))
    group.add_argument("--regrade", action="store_true", help=words("regrade"))
    group.add_argument("--prune", action="store_true", help=words("prune"))
    group.add_argument("--manual", metavar=file, type=Path, help=words("manual"))
    group.add_argument("--release", metavar=folder, type=Path, help=words("release"))
    group.add_argument("--moodle-worksheet", metavar=file, type=Path, help=words("moodle_worksheet"))
    group.add_argument("--pronote", metavar=file, type=Path, help=words("pronote"))
    group.add_argument("--serve", action="store_true", help=words("serve"))
    group.add_argument("--no-browser", action="store_true", help=words("no_browser"))
    group.add_argument("--port", type=int, default=0, metavar="N", help=words("port"))
    group.add_argument("--pdf", metavar=folder, type=Path, help=words("pdf"))


def wanted(args: argparse.Namespace) -> bool:
    """Whether any option of the class workflow is given."""
    return any(getattr(args, name, None) for name in CLASS_OPTIONS)
