"""The similarity report: `pairs.csv` and `index.html` in the folder `--similarity` names.

The CSV follows the class marks table's dialect for the language (`;` and a decimal
comma in French, `,` and a point in English, a UTF-8 BOM: see
`grader.render.csv_report`). The HTML is one self-contained page (inline CSS and SVG,
nothing fetched, printable), rendered with autoescaping: names and code are the
students', hence hostile.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import ChoiceLoader, PackageLoader

from .. import __version__
from ..model.text import DECIMAL_SEPARATORS
from ..render.csv_report import BOM, SEPARATORS
from ..render.html_report import safe_environment
from ..render.sanitize import safe_cell
from .compare import Copy, ExerciseSimilarity, Similarity, Submission, compare
from .extract import TOP_LEVEL
from .fingerprints import K
from .given import shared_by
from .score import UNUSUAL, PairScore
from .text import LEFT_OUT, say

if TYPE_CHECKING:
    from ..checking.declare import Registry
    from ..model.results import SubmissionResult

CSV_NAME = "pairs.csv"
HTML_NAME = "index.html"
MATCH_SHOWN = 0.5
"""A matched function is named (CSV) and shown (HTML) from this similarity up."""
TABLE_PAIRS = 30
DETAILED_PAIRS = 20
"""Pairs in the table; pairs shown side by side (those that stand out, at most)."""
CLOSEST_SHOWN = 3
"""Pairs shown side by side when none stands out."""
SHOWN_LINES = 120
"""Lines of one function shown (a hostile file may hold a huge one)."""
BANDS = 20


def write_similarity(
    results: Sequence[SubmissionResult], out_dir: Path, exercises: Registry, lang: str = "fr"
) -> Path:
    """The report of a graded batch: each copy compared as the exercise grading found,
    `exercises` (the registry it was graded with) saying what code each may share."""
    submissions = [
        Submission(r.student or Path(r.path).stem, r.path, r.exercise or "") for r in results if r.path
    ]
    return write_report(submissions, out_dir, exercises, lang)


def write_report(
    submissions: Sequence[Submission], out_dir: Path, exercises: Registry, lang: str = "fr"
) -> Path:
    """Compare `submissions` (the code each may share: `exercises`, see `given`) and
    write `out_dir/pairs.csv` and `out_dir/index.html`; return the page's path."""
    similarity = compare(submissions, shared_by(exercises))
    out_dir.mkdir(parents=True, exist_ok=True)
    # newline="": the csv module ends rows with \r\n itself, as spreadsheets expect
    with open(out_dir / CSV_NAME, "w", encoding="utf-8", newline="") as stream:
        stream.write(render_csv(similarity, lang))
    page = out_dir / HTML_NAME
    page.write_text(render_html(similarity, lang), encoding="utf-8")
    return page


def unit_name(copy: Copy, index: int, lang: str) -> str:
    name = copy.units[index].name
    return say(lang, "sim.top_level") if name == TOP_LEVEL else name


def matched_functions(ex: ExerciseSimilarity, pair: PairScore, lang: str) -> list[str]:
    """`heuristique`, or `dedans ~ est_valide` when the two copies name it differently."""
    a, b = ex.copy_pair(pair)
    names = []
    for match in pair.matches:
        if match.similarity >= MATCH_SHOWN:
            first, second = unit_name(a, match.a, lang), unit_name(b, match.b, lang)
            names.append(first if first == second else f"{first} ~ {second}")
    return names


def ranked(similarity: Similarity) -> list[tuple[ExerciseSimilarity, PairScore]]:
    """Every pair of every exercise, highest score first."""
    pairs = [(ex, pair) for ex in similarity.exercises for pair in ex.scores.pairs]
    return sorted(pairs, key=lambda item: -item[1].score)


def render_csv(similarity: Similarity, lang: str) -> str:
    separator = SEPARATORS.get(lang, SEPARATORS["fr"])
    decimal = DECIMAL_SEPARATORS.get(lang, DECIMAL_SEPARATORS["fr"])
    out = io.StringIO()
    writer = csv.writer(out, delimiter=separator, lineterminator="\r\n")
    writer.writerow(
        ["student_a", "student_b", "exercise", "score", "z", "unusual", "functions", "file_a", "file_b"]
    )
    for ex, pair in ranked(similarity):
        a, b = ex.copy_pair(pair)
        # Names, files and functions are the students' text: never a formula.
        writer.writerow(
            [
                safe_cell(a.student),
                safe_cell(b.student),
                safe_cell(ex.exercise),
                f"{pair.score:.3f}".replace(".", decimal),
                f"{pair.z:.1f}".replace(".", decimal),
                say(lang, "sim.yes") if pair.unusual else "",
                safe_cell(", ".join(matched_functions(ex, pair, lang))),
                safe_cell(a.path),
                safe_cell(b.path),
            ]
        )
    return BOM + out.getvalue()


@dataclass
class Line:
    number: int
    text: str
    marked: bool


@dataclass
class FunctionView:
    name_a: str
    name_b: str
    similarity: float
    lines_a: list[Line]
    lines_b: list[Line]
    cut_a: int = 0
    cut_b: int = 0


@dataclass
class PairView:
    rank: int
    a: Copy
    b: Copy
    score: float
    z: float
    unusual: bool
    functions: list[str]
    sides: list[FunctionView] = field(default_factory=list)


@dataclass
class ExerciseView:
    exercise: str
    copies: int
    pairs: int
    median: float
    threshold: float
    has_shared_code: bool
    bars: list[dict[str, Any]]
    threshold_x: float
    table: list[PairView]
    detailed: list[PairView]
    any_unusual: bool


def _marked_lines(copy: Copy, unit: int, hashes: frozenset[int]) -> set[int]:
    """The lines of `copy`'s unit that the fingerprints `hashes` come from."""
    prints, spans = copy.prints[unit], copy.units[unit].lines
    lines: set[int] = set()
    for h in hashes:
        for start in prints.positions.get(h, ()):
            for first, last in spans[start : start + K]:
                lines.update(range(first, last + 1))
    return lines


def _lines(copy: Copy, unit: int, marked: set[int]) -> tuple[list[Line], int]:
    text = copy.units[unit].source.split("\n")
    shown = [Line(n, line, n in marked) for n, line in enumerate(text[:SHOWN_LINES], start=1)]
    return shown, max(0, len(text) - SHOWN_LINES)


def _sides(ex: ExerciseSimilarity, pair: PairScore, lang: str) -> list[FunctionView]:
    a, b = ex.copy_pair(pair)
    views = []
    for match in pair.matches:
        if match.similarity < MATCH_SHOWN:
            continue
        common = a.prints[match.a].hashes & b.prints[match.b].hashes & ex.scores.counted
        lines_a, cut_a = _lines(a, match.a, _marked_lines(a, match.a, common))
        lines_b, cut_b = _lines(b, match.b, _marked_lines(b, match.b, common))
        views.append(
            FunctionView(
                unit_name(a, match.a, lang),
                unit_name(b, match.b, lang),
                match.similarity,
                lines_a,
                lines_b,
                cut_a,
                cut_b,
            )
        )
    return views


def histogram(
    pairs: Sequence[PairScore], threshold: float, lang: str, height: int = 150
) -> tuple[list[dict[str, Any]], float]:
    """Bars of the SVG histogram (bands of 1 / BANDS, heights on a log scale; a band
    holding a pair that stands out is drawn red; its scale written as `lang` writes a
    score) and the threshold's x."""
    decimal = DECIMAL_SEPARATORS.get(lang, DECIMAL_SEPARATORS["fr"])
    counts = [0] * BANDS
    unusual = [False] * BANDS
    for pair in pairs:
        band = min(int(pair.score * BANDS), BANDS - 1)
        counts[band] += 1
        unusual[band] = unusual[band] or pair.unusual
    tallest = math.log1p(max(counts + [1]))
    bars = []
    for i, count in enumerate(counts):
        h = round(height * math.log1p(count) / tallest)
        bars.append(
            {
                "x": 40 + 28 * i,
                "y": 20 + height - h,
                "height": h,
                "count": count,
                "unusual": unusual[i],
                "label": f"{i / BANDS:.2f}".replace(".", decimal) if i % 4 == 0 else "",
            }
        )
    return bars, 40 + 28 * BANDS * min(max(threshold, 0.0), 1.0)


def exercise_view(ex: ExerciseSimilarity, lang: str) -> ExerciseView:
    scores = ex.scores
    table = []
    for rank, pair in enumerate(scores.pairs[:TABLE_PAIRS], start=1):
        a, b = ex.copy_pair(pair)
        table.append(
            PairView(rank, a, b, pair.score, pair.z, pair.unusual, matched_functions(ex, pair, lang))
        )
    unusual = [view for view in table if view.unusual]
    detailed = unusual[:DETAILED_PAIRS] or table[:CLOSEST_SHOWN]
    for view in detailed:
        view.sides = _sides(ex, scores.pairs[view.rank - 1], lang)
    bars, threshold_x = histogram(scores.pairs, scores.threshold, lang)
    return ExerciseView(
        ex.exercise,
        len(ex.copies),
        len(scores.pairs),
        scores.median,
        scores.threshold,
        ex.has_shared_code,
        bars,
        threshold_x,
        table,
        detailed,
        bool(unusual),
    )


def render_html(similarity: Similarity, lang: str) -> str:
    env = safe_environment(
        # the class reports' stylesheet is shared, not copied
        ChoiceLoader(
            [PackageLoader("grader.similarity", "templates"), PackageLoader("grader.render", "templates")]
        )
    )
    decimal = DECIMAL_SEPARATORS.get(lang, DECIMAL_SEPARATORS["fr"])
    env.globals.update(
        lang=lang,
        version=__version__,
        t=lambda key, **values: say(lang, key, **values),
        num=lambda value, digits=2: f"{value:.{digits}f}".replace(".", decimal),
    )
    exercises = [exercise_view(ex, lang) for ex in similarity.exercises]
    return env.get_template("similarity.html.j2").render(
        exercises=exercises,
        copies=sum(view.copies for view in exercises),
        pairs=sum(view.pairs for view in exercises),
        left_out=[(item, LEFT_OUT(lang, item.reason)) for item in similarity.left_out],
        unusual_z=UNUSUAL,
        k=K,
    )
