"""The barème file, `minimax-grader.toml`: what a teacher states once for a class.

The keys are the teacher's words: `exercice`, `sur` (the scale), `arrondi`, `omises`,
`bonus`, `plafond` and a `[points]` table; docs/reference/bareme.md is the reference.
Reading is pure (`parse_bareme` on text); `read_bareme` and `find_bareme` are the thin
file-system wrappers. A bad file is a `BaremeError` naming its line: the command line
turns it into a usage error (exit 2) before anything is graded.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import astuple, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..model.text import number
from ..reading.files import BAREME_NAME
from .refusal import Refusal
from .rubric import TABLE as RUBRIC_TABLE
from .rubric import RubricError, RubricItem, Target, parse_rubrics
from .text import BAREME_ERROR, tr

if TYPE_CHECKING:
    from ..checking.declare import Exercise, Question

FILE_NAME = BAREME_NAME
KEYS = ("exercice", "sur", "arrondi", "omises", "bonus", "plafond", "points", "copies", "grille")
ROUNDINGS = (0.0, 0.01, 0.25, 0.5, 1.0)
"""`arrondi`: none (0), to the hundredth, the quarter, the half point, the point."""
DEFAULT_SCALE = 20.0
DEFAULT_ROUNDING = 0.01
"""The mark without a barème: out of 20, to the hundredth (what `mark20` always was)."""


class BaremeError(Refusal):
    """A barème file the grader refuses: where (file, line) and why."""

    words = BAREME_ERROR

    def __init__(self, path: Path | None, line: int | None, reason: str, **values: Any):
        super().__init__(reason, **values)
        self.path = path
        self.line = line

    @classmethod
    def placing(cls, refused: Refusal, path: Path | None, line: int | None) -> BaremeError:
        """`refused` (a mistake of its rubric, `RubricError`) at its line of the barème,
        said with its own sentences."""
        placed = cls(path, line, refused.reason, **refused.values)
        placed.words = refused.words
        return placed

    def why(self, lang: str) -> str:
        """The sentence, after the file and the line it is about."""
        what = super().why(lang)
        where = str(self.path) if self.path is not None else "--config"
        if self.line is not None:
            return tr(lang, "bareme.error_line", path=where, line=self.line, what=what)
        return tr(lang, "bareme.error", path=where, what=what)

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {super().__str__()}"


@dataclass(frozen=True)
class BaremeFile:
    """A barème as the teacher wrote it, checked against its exercise's questions.

    The checking package's scoring pass takes it as its points, scale and rules
    (`grader.marking.scoring`); this is only what the file says."""

    path: Path | None
    exercise: str | None
    """None: the file names no question, and applies to any exercise (`sur = 10` alone)."""
    scale: float = DEFAULT_SCALE
    rounding: float = DEFAULT_ROUNDING
    """0: no rounding."""
    omitted: tuple[str, ...] = ()
    bonus: tuple[str, ...] = ()
    cap: bool = True
    """The mark never goes above `scale`, bonus included."""
    points: tuple[tuple[str, float], ...] = ()
    """The questions the file gives points to; the others keep their default."""
    copies: tuple[tuple[str, str], ...] = ()
    """`[copies]`: whose a copy is, settled by the teacher (the copy's name -> the class
    list's student), for a name that fits two students of the list or none. Not in the
    digest: it moves no mark."""
    rubrics: tuple[tuple[str, tuple[RubricItem, ...]], ...] = ()
    """`[grille]`: the rubric items of questions graded by hand (`grader.marking.rubric`)."""

    def rubric(self, question: str) -> tuple[RubricItem, ...]:
        """The items of `question`'s rubric; () when it has none."""
        return dict(self.rubrics).get(question, ())

    @property
    def digest(self) -> str:
        """The barème's values (not its comments nor its path) as a short hash: a record
        entry says which barème its marks were last given with."""
        import hashlib  # it loads OpenSSL: only when a barème is used

        values: dict[str, Any] = {
            "exercise": self.exercise,
            "scale": self.scale,
            "rounding": self.rounding,
            "omitted": sorted(self.omitted),
            "bonus": sorted(self.bonus),
            "cap": self.cap,
            "points": sorted(self.points),
        }
        if self.rubrics:  # a rubric's points and words change the marks and the feedback
            values["rubrics"] = [[q, [astuple(item) for item in items]] for q, items in self.rubrics]
        return hashlib.sha256(json.dumps(values, sort_keys=True).encode()).hexdigest()[:16]


DEFAULT = BaremeFile(None, None)
"""No barème file: every question at its default points, out of 20."""


def find_bareme(paths: Iterable[Path]) -> Path | None:
    """`minimax-grader.toml` in the class folder: for each path given, the folder itself
    and then its parents, the nearest first; for a file, from its folder's parent up (its
    own folder may be a student's: `grader.marking.where`). The paths must agree on one
    file; None when there is none. Raises BaremeError when they do not."""
    found: set[Path] = set()
    for path in paths:
        folder = path.resolve() if path.is_dir() else path.resolve().parent.parent
        for candidate in (folder, *folder.parents):
            if (candidate / FILE_NAME).is_file():
                found.add(candidate / FILE_NAME)
                break
    if len(found) > 1:
        raise BaremeError(None, None, "several", files=", ".join(sorted(map(str, found))))
    return found.pop() if found else None


def read_bareme(path: Path, exercises: Mapping[str, Exercise[Any]], forced: str | None = None) -> BaremeFile:
    """The barème file at `path`, checked; BaremeError when it cannot be used."""
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise BaremeError(path, None, "unreadable", error=str(exc)) from None
    return parse_bareme(text, path, exercises, forced)


def parse_bareme(
    text: str, path: Path | None, exercises: Mapping[str, Exercise[Any]], forced: str | None = None
) -> BaremeFile:
    """The barème `text` checked against the registry `exercises` (and `--exercise`,
    `forced`): known keys, an exercise that exists, questions it has, positive numbers."""
    lines = text.splitlines()
    data = _toml(text, lines, path)
    for key in data:
        if key not in KEYS:
            raise BaremeError(path, _line_of(lines, key), "unknown_key", name=key, keys=", ".join(KEYS))
    exercise_id = _exercise(data, lines, path, exercises, forced)
    questions = list(exercises[exercise_id].questions) if exercise_id else []
    ids = [q.id for q in questions]

    def question_list(key: str) -> tuple[str, ...]:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise BaremeError(path, _line_of(lines, key), "not_a_list", name=key)
        for qid in value:
            _known(qid, ids, exercise_id, path, _line_of(lines, key, item=qid))
        return tuple(dict.fromkeys(value))

    bareme = BaremeFile(
        path,
        exercise_id,
        scale=_number(data.get("sur", DEFAULT_SCALE), path, _line_of(lines, "sur"), "sur", positive=True),
        rounding=_rounding(data.get("arrondi", DEFAULT_ROUNDING), path, _line_of(lines, "arrondi")),
        omitted=question_list("omises"),
        bonus=question_list("bonus"),
        cap=_flag(data.get("plafond", True), path, _line_of(lines, "plafond")),
        points=_points(data.get("points", {}), ids, exercise_id, path, lines),
        copies=_copies(data.get("copies", {}), path, _line_of(lines, "copies")),
    )
    if exercise_id and not total_points(bareme, questions):
        raise BaremeError(path, None, "no_points")
    if RUBRIC_TABLE in data:
        targets = {
            q.id: Target(question_points(bareme, q), q.manual)
            for q in questions
            if q.id not in bareme.omitted
        }
        bareme = replace(bareme, rubrics=_rubrics(data[RUBRIC_TABLE], targets, path, lines))
    return bareme


def _toml(text: str, lines: list[str], path: Path | None) -> dict[str, Any]:
    """The file read as TOML; a BaremeError naming the line, and a decimal comma as such."""
    from ..tomlfile import TOMLDecodeError, loads

    try:
        data: dict[str, Any] = loads(text)
        return data
    except TOMLDecodeError as exc:
        at = _toml_line(str(exc), len(lines))
        comma = _DECIMAL_COMMA.match(lines[at - 1]) if 0 < at <= len(lines) else None
        if comma:  # `Q16 = 1,5`: a French decimal comma, which TOML does not read
            raise BaremeError(
                path, at, "decimal_comma", value=comma["value"], point=comma["value"].replace(",", ".")
            ) from None
        raise BaremeError(path, at, "toml", error=str(exc)) from None


def _points(
    table: Any, ids: list[str], exercise_id: str | None, path: Path | None, lines: list[str]
) -> tuple[tuple[str, float], ...]:
    """`[points]`: each question the exercise has, with a number."""
    if not isinstance(table, dict):
        raise BaremeError(path, _line_of(lines, "points"), "not_a_table", name="points")
    points: list[tuple[str, float]] = []
    for qid, value in table.items():
        line = _line_of(lines, qid, table="points")
        _known(qid, ids, exercise_id, path, line)
        points.append((qid, _number(value, path, line, f"[points] {qid}", positive=False)))
    return tuple(points)


def _rubrics(
    table: Any, targets: dict[str, Target], path: Path | None, lines: list[str]
) -> tuple[tuple[str, tuple[RubricItem, ...]], ...]:
    """`[grille]`, checked; a BaremeError naming the line of what is refused."""
    try:
        return parse_rubrics(table, targets)
    except RubricError as exc:
        where = f"{RUBRIC_TABLE}.{exc.question}" if exc.question else RUBRIC_TABLE
        line = None
        if exc.field:
            line = _line_of(lines, exc.field, table=f"{where}.{exc.item}")
        if line is None and exc.item:
            line = _line_of(lines, exc.item, table=where) or _line_of(lines, f"{where}.{exc.item}")
        if line is None:
            line = _line_of(lines, where) or _line_of(lines, exc.question, table=RUBRIC_TABLE)
        raise BaremeError.placing(exc, path, line) from None


def question_points(bareme: BaremeFile, question: Question) -> float:
    """What `question` is worth under `bareme`: its line of `[points]`, else its
    default (the sum of its checks' points; a manual question's is 0)."""
    return dict(bareme.points).get(question.id, question.max_score)


def total_points(bareme: BaremeFile, questions: Sequence[Question]) -> float:
    """The points a mark is out of: every question set, bonus ones left out."""
    return sum(
        question_points(bareme, q)
        for q in questions
        if q.id not in bareme.omitted and q.id not in bareme.bonus
    )


def default_bareme_text(exercise: Exercise[Any], lang: str = "fr") -> str:
    """The barème file of `exercise` with every question at its default points, commented
    for the teacher (`--print-config`): grading with it gives exactly the marks of
    grading without one."""

    from ..model.text import in_lang

    def comment(key: str, **values: Any) -> list[str]:
        return ["# " + line if line else "#" for line in tr(lang, key, **values).split("\n")]

    out = [*comment("bareme.print.head", title=exercise.title, name=FILE_NAME), ""]
    out += [*comment("bareme.print.exercise"), f'exercice = "{exercise.id}"', ""]
    out += [*comment("bareme.print.scale"), f"sur = {number(DEFAULT_SCALE, 'en')}", ""]
    out += [*comment("bareme.print.rounding"), f"arrondi = {DEFAULT_ROUNDING}", ""]
    out += [*comment("bareme.print.omitted"), "omises = []", ""]
    out += [*comment("bareme.print.bonus"), "bonus = []", ""]
    out += [*comment("bareme.print.cap"), "plafond = true", ""]
    out += [*comment("bareme.print.points"), "[points]"]
    width = max(len(f"{q.id} = {number(q.max_score, 'en')}") for q in exercise.questions) + 2
    for question in exercise.questions:
        line = f"{question.id} = {number(question.max_score, 'en')}"
        note = in_lang(question.title, lang)
        if question.manual:
            note += " — " + tr(lang, "bareme.print.manual")
        out.append(f"{line:<{width}}# {note}")
    manual = [q.id for q in exercise.questions if q.manual]
    if manual:  # a rubric's example, commented: grading with the file as printed is unchanged
        out += ["", *comment("bareme.print.rubric", question=manual[0])]
        out += [f"# [{RUBRIC_TABLE}.{manual[0]}]", *comment("bareme.print.rubric_items")]
    return "\n".join(out) + "\n"


def _exercise(
    data: dict[str, Any],
    lines: list[str],
    path: Path | None,
    exercises: Mapping[str, Exercise[Any]],
    forced: str | None,
) -> str | None:
    line = _line_of(lines, "exercice")
    named = data.get("exercice")
    if named is not None and (not isinstance(named, str) or named not in exercises):
        raise BaremeError(path, line, "unknown_exercise", exercise=named, known=", ".join(exercises))
    if named is not None and forced is not None and named != forced:
        raise BaremeError(path, line, "other_exercise", exercise=named, forced=forced)
    exercise_id = named or forced
    if exercise_id is None and any(data.get(key) for key in ("omises", "bonus", "points")):
        raise BaremeError(path, None, "no_exercise")
    return exercise_id


def _known(qid: str, ids: list[str], exercise_id: str | None, path: Path | None, line: int | None) -> None:
    if qid not in ids:
        raise BaremeError(
            path, line, "unknown_question", question=qid, exercise=exercise_id, known=", ".join(ids)
        )


def _number(value: Any, path: Path | None, line: int | None, key: str, positive: bool) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise BaremeError(path, line, "not_a_number", name=key, value=value)
    if value < 0 or (positive and value == 0):
        raise BaremeError(
            path, line, "positive" if positive else "negative", name=key, value=number(value, "en")
        )
    return float(value)


def _rounding(value: Any, path: Path | None, line: int | None) -> float:
    step = _number(value, path, line, "arrondi", positive=False)
    if not any(math.isclose(step, allowed) for allowed in ROUNDINGS):
        raise BaremeError(path, line, "rounding", value=number(step, "en"))
    return next(allowed for allowed in ROUNDINGS if math.isclose(step, allowed))


def _copies(value: Any, path: Path | None, line: int | None) -> tuple[tuple[str, str], ...]:
    """`[copies]`: a table of texts (`"TD10 final" = "MARTIN Léa"`)."""
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise BaremeError(path, line, "not_a_copies_table")
    return tuple((str(k), v) for k, v in value.items())


def _flag(value: Any, path: Path | None, line: int | None) -> bool:
    if not isinstance(value, bool):
        raise BaremeError(path, line, "not_a_flag", name="plafond", value=value)
    return value


_TOML_LINE = re.compile(r"at line (\d+)")
_DECIMAL_COMMA = re.compile(r"^\s*[\w\"'. -]+=\s*(?P<value>[+-]?\d+,\d+)\s*(#.*)?$")


def _toml_line(message: str, last: int) -> int:
    found = _TOML_LINE.search(message)
    return int(found.group(1)) if found else max(last, 1)


_TABLE = re.compile(r"^\s*\[\s*([^\]]*?)\s*\]")


def _line_of(lines: list[str], key: str, table: str | None = None, item: str | None = None) -> int | None:
    """The line (from 1) where `key` is set, at the top level or in `[table]`; with
    `item`, the line of that string in the key's list (which may span lines)."""
    current: str | None = None
    pattern = re.compile(rf"""^\s*(?:{re.escape(key)}|"{re.escape(key)}"|'{re.escape(key)}')\s*=""")
    for lineno, line in enumerate(lines, start=1):
        heading = _TABLE.match(line)
        if heading:
            current = heading.group(1)
            if table is None and current == key:
                return lineno
            continue
        if current == table and pattern.match(line):
            if item is None:
                return lineno
            for offset, following in enumerate(lines[lineno - 1 :]):
                if f'"{item}"' in following or f"'{item}'" in following:
                    return lineno + offset
                if offset and ("=" in following.split("#")[0] or _TABLE.match(following)):
                    break
            return lineno
    return None
