"""The class workflow's command-line options (argparse only: the parser is built before
anything heavy is imported)."""

from __future__ import annotations

import argparse
from pathlib import Path

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


HELP = {
    "fr": {
        "group": "marquer une classe ",  # argparse adds the colon: `marquer une classe :`
        "file": "FICHIER",
        "folder": "DOSSIER",
        "exercise": "EXERCICE",
        "config": "barème (sinon minimax-grader.toml du dossier des copies)",
        "print_config": "afficher le barème par défaut d'un exercice, commenté",
        "roster": "liste de la classe (export de Pronote ou de l'ENT, ou feuille Moodle) : "
        "une ligne par élève dans chaque rapport",
        "results": "résultats de la classe : ne corrige que les copies nouvelles ou modifiées, "
        "et les rapports montrent toute la classe",
        "regrade": "avec --results : tout corriger à nouveau",
        "prune": "avec --results : oublier les copies absentes du dossier",
        "manual": "points donnés à la main et corrections (CSV, créé s'il manque)",
        "release": "un dossier par élève avec sa page et son JSON, sans corrigé",
        "moodle_worksheet": "remplir la feuille d'évaluation hors ligne de Moodle",
        "pronote": "tableau élève ; note pour Pronote",
        "serve": "après la correction, ouvrir la page de correction à la main (questions à la main, "
        "grille, corrections d'une note) jusqu'à Ctrl-C ; avec --results",
        "no_browser": "avec --serve : afficher l'adresse sans ouvrir le navigateur",
        "port": "avec --serve : le port de la page (sinon un port libre)",
        "pdf": "un PDF par élève (sa page rendue, sans corrigé) et classe.pdf (toute la classe, "
        "recto verso) dans ce dossier",
    },
    "en": {
        "group": "marking a class",
        "file": "FILE",
        "folder": "DIR",
        "exercise": "EXERCISE",
        "config": "barème (else minimax-grader.toml in the folder of copies)",
        "print_config": "print an exercise's default barème, commented",
        "roster": "the class list (a Pronote or ENT export, or a Moodle worksheet): "
        "one row per student in every report",
        "results": "the class's results: grade only new or changed copies, the reports show the whole class",
        "regrade": "with --results: grade everything again",
        "prune": "with --results: forget the copies no longer in the folder",
        "manual": "points given by hand and overrides (CSV, created when missing)",
        "release": "one folder per student with their page and JSON, no answer key",
        "moodle_worksheet": "fill Moodle's offline grading worksheet",
        "pronote": "table of student; mark for Pronote",
        "serve": "after grading, open the marking page (questions graded by hand, rubric, overrides) "
        "until Ctrl-C; with --results",
        "no_browser": "with --serve: print the address without opening the browser",
        "port": "with --serve: the page's port (else a free one)",
        "pdf": "one PDF per student (their page handed back, no answer key) and classe.pdf (the whole "
        "class, two-sided) in this folder",
    },
}
"""The options' help, in the language of the command line's parser."""


def add_options(parser: argparse.ArgumentParser, lang: str = "fr") -> None:
    """The class workflow's options, on the command line's parser, worded in `lang`."""
    words = HELP.get(lang, HELP["fr"])
    file, folder = words["file"], words["folder"]
    group = parser.add_argument_group(words["group"])
    group.add_argument("--config", metavar=file, type=Path, help=words["config"])
    group.add_argument("--print-config", metavar=words["exercise"], help=words["print_config"])
    group.add_argument("--roster", metavar=file, type=Path, help=words["roster"])
    group.add_argument("--results", metavar=folder, type=Path, help=words["results"])
    group.add_argument("--regrade", action="store_true", help=words["regrade"])
    group.add_argument("--prune", action="store_true", help=words["prune"])
    group.add_argument("--manual", metavar=file, type=Path, help=words["manual"])
    group.add_argument("--release", metavar=folder, type=Path, help=words["release"])
    group.add_argument("--moodle-worksheet", metavar=file, type=Path, help=words["moodle_worksheet"])
    group.add_argument("--pronote", metavar=file, type=Path, help=words["pronote"])
    group.add_argument("--serve", action="store_true", help=words["serve"])
    group.add_argument("--no-browser", action="store_true", help=words["no_browser"])
    group.add_argument("--port", type=int, default=0, metavar="N", help=words["port"])
    group.add_argument("--pdf", metavar=folder, type=Path, help=words["pdf"])


def wanted(args: argparse.Namespace) -> bool:
    """Whether any option of the class workflow is given."""
    return any(getattr(args, name, None) for name in CLASS_OPTIONS)
