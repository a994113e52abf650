"""The class workflow's command-line options (argparse only: the parser is built before
anything heavy is imported)."""

from __future__ import annotations

import argparse
from pathlib import Path

CLASS_OPTIONS = ("config", "results", "manual", "release", "moodle_worksheet", "pronote", "regrade", "prune")


def add_options(parser: argparse.ArgumentParser) -> None:
    """The class workflow's options, on the command line's parser."""
    group = parser.add_argument_group("marquer une classe")
    group.add_argument(
        "--config",
        metavar="FICHIER",
        type=Path,
        help="barème (sinon minimax-grader.toml du dossier des copies)",
    )
    group.add_argument(
        "--print-config", metavar="EXERCICE", help="afficher le barème par défaut d'un exercice, commenté"
    )
    group.add_argument(
        "--results",
        metavar="DOSSIER",
        type=Path,
        help="résultats de la classe : ne corrige que les copies nouvelles "
        "ou modifiées, et les rapports montrent toute la classe",
    )
    group.add_argument("--regrade", action="store_true", help="avec --results : tout corriger à nouveau")
    group.add_argument(
        "--prune", action="store_true", help="avec --results : oublier les copies absentes du dossier"
    )
    group.add_argument(
        "--manual",
        metavar="FICHIER",
        type=Path,
        help="points donnés à la main et corrections (CSV, créé s'il manque)",
    )
    group.add_argument(
        "--release",
        metavar="DOSSIER",
        type=Path,
        help="un dossier par élève avec sa page et son JSON, sans corrigé",
    )
    group.add_argument(
        "--moodle-worksheet",
        metavar="FICHIER",
        type=Path,
        help="remplir la feuille d'évaluation hors ligne de Moodle",
    )
    group.add_argument("--pronote", metavar="FICHIER", type=Path, help="tableau élève ; note pour Pronote")


def wanted(args: argparse.Namespace) -> bool:
    """Whether any option of the class workflow is given."""
    return any(getattr(args, name, None) for name in CLASS_OPTIONS)
