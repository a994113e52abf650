"""Every sentence a person reads is one entry, its French and English side by side (issue 38
item 4): read from the wings' tables (`text.py` names them, `text.toml` beside it holds their
sentences) and from the code that names their keys, in this process (nothing is rendered).

- every entry of a text file holds exactly a `fr` and an `en` string, and every table of the
  file is one that its `text.py` reads; a text file missing or damaged fails with its path;
- every entry has both languages, with the same placeholders;
- every key the code names literally exists in the table the calling code reads (a wing's
  `tr` reads its own words, then those of the wings below it), and every value a family is
  looked up by (a status, a reason code, an error's code) has its sentence;
- no key is unused: each appears as a literal in the code or the templates, or is a value
  of the enum its family is keyed by;
- a missing key is an error, never the other language nor the key itself.
"""

from __future__ import annotations

import ast
import functools
import importlib
import re
import sys
from collections.abc import Iterator
from enum import Enum
from pathlib import Path

import pytest

from grader.model.text import TEXT_FILE, MissingWords, Text, TextFileError, Words, placeholders

ROOT = Path(__file__).resolve().parents[2]
GRADER = ROOT / "grader"
TEXT_MODULES = sorted(
    f"grader.{p.parent.name}.text" for p in GRADER.glob("*/text.py") if p.parent.name != "model"
) + ["grader.model.text"]


@functools.cache
def tables() -> dict[tuple[str, str], Words]:
    """(module, name) -> each `Words` table of the text modules."""
    found = {}
    for name in TEXT_MODULES:
        module = importlib.import_module(name)
        for attribute, value in vars(module).items():
            if isinstance(value, Words) and not attribute.startswith("_"):  # not a table imported
                found[(name, attribute)] = value
    return found


def entries() -> Iterator[tuple[str, str, Text]]:
    for (module, name), table in tables().items():
        for key, text in table.own().items():
            yield f"{module}.{name}", key, text


def test_every_entry_has_both_languages_with_the_same_placeholders():
    wrong = [
        (table, key)
        for table, key, text in entries()
        if not (isinstance(text, Text) and text.fr.strip() and text.en.strip())
        or placeholders(text.fr) != placeholders(text.en)
    ]
    assert wrong == []


# -- the text files: what a newcomer edits -------------------------------------------------------
def _toml(path: Path) -> dict:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python 3.10 (the `tomli` dependency)
        import tomli as tomllib
    return tomllib.loads(path.read_text("utf-8"))


TEXT_FILES = sorted(GRADER.glob(f"*/{TEXT_FILE}"))


def test_each_entry_of_a_text_file_holds_exactly_fr_and_en_strings():
    assert len(TEXT_FILES) >= 7  # every wing but checking (still in Python) has one
    wrong = [
        (path.parent.name, table, key)
        for path in TEXT_FILES
        for table, entries in _toml(path).items()
        for key, entry in entries.items()
        if not (isinstance(entry, dict) and set(entry) == {"fr", "en"})
        or not all(isinstance(entry[lang], str) for lang in ("fr", "en"))
    ]
    assert wrong == []


def test_every_table_of_a_text_file_is_read_by_its_wing():
    """A table in the file that no `Words.load` names (a typo in `[table.key]`) would hold
    sentences nobody reads; a table named in text.py but missing from the file fails on
    its first read."""
    for path in TEXT_FILES:
        module = f"grader.{path.parent.name}.text"
        read = {table.name for (mod, _), table in tables().items() if mod == module}
        assert set(_toml(path)) <= read, path
        assert all(len(table) for (mod, _), table in tables().items() if mod == module)


def _package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, text: str | None) -> str:
    """A package `name` in `tmp_path` whose text file holds `text` (None: no file)."""
    folder = tmp_path / name
    folder.mkdir()
    (folder / "__init__.py").write_text("", "utf-8")
    if text is not None:
        (folder / TEXT_FILE).write_text(text, "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.import_module(name)
    return name


DAMAGED = {
    "missing": None,
    "not_toml": '[t.k]\nfr = "Jeu"\nen = "Game\n',
    "no_en": '[t.k]\nfr = "Jeu"\n',
    "a_third_language": '[t.k]\nfr = "Jeu"\nen = "Game"\nde = "Spiel"\n',
    "not_a_string": '[t.k]\nfr = "Jeu"\nen = 3\n',
    "key_unquoted": '[t.k.sub]\nfr = "Jeu"\nen = "Game"\n',  # [t.k.sub] for [t."k.sub"]
    "no_such_table": '[other.k]\nfr = "Jeu"\nen = "Game"\n',
    "latin1": None,
}


@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_a_damaged_or_missing_text_file_fails_with_its_path(case, tmp_path, monkeypatch):
    package = _package(tmp_path, monkeypatch, f"wing_{case}", DAMAGED[case])
    if case == "latin1":
        (tmp_path / package / TEXT_FILE).write_bytes('[t.k]\nfr = "Él"\nen = "He"\n'.encode("latin-1"))
    words = Words.load(package, "t")  # nothing read yet: a run reads only the wings it speaks from
    with pytest.raises(TextFileError, match=re.escape(str(tmp_path / package / TEXT_FILE))):
        words("fr", "k")


def test_a_text_file_is_read_when_a_sentence_is_first_asked_for(tmp_path, monkeypatch):
    package = _package(tmp_path, monkeypatch, "wing_lazy", '[t.k]\nfr = "Jeu"\nen = "Game"\n')
    words = Words.load(package, "t")
    (tmp_path / package / TEXT_FILE).write_text('[t.k]\nfr = "Pion"\nen = "Piece"\n', "utf-8")
    assert words("en", "k") == "Piece"  # the file as it is at the first sentence, not at load
    (tmp_path / package / TEXT_FILE).unlink()
    assert words("fr", "k") == "Pion" and Words.load(package, "t")("fr", "k") == "Pion"  # read once


def test_a_missing_key_is_an_error_not_another_language():
    from grader.render.text import tr

    with pytest.raises(MissingWords):
        tr("en", "no.such.key")
    assert tr("en", "board") == "Game" and tr("fr", "board") == "Jeu"  # read below render, in model


# -- the code's literal keys ------------------------------------------------------------------
CALL = re.compile(
    r"""\b(tr|say|t|both|[A-Z][A-Z_]+)\(\s*(?:[\w.]+,\s*|["'](?:fr|en)["'],\s*)?["'](?!(?:fr|en)["'],)([^"'{}]+)["']"""
)
"""`tr(lang, "key"`, `say(lang, "key"`, `t("key"` (templates), `STATUS(lang, "passed"`,
`both("key"` (the checks' sentence in both languages, one `Text`)."""


def _wing(path: Path) -> str:
    return path.relative_to(GRADER).parts[0]


def _table_of(path: Path, name: str) -> Words | None:
    """The table a call named `name` reads in the file at `path` (None: not a table)."""
    wing = _wing(path)
    module = f"grader.{wing}.text"
    if name == "t":  # a template: its environment's words (the marking page's, the similarity report's)
        module, name = {
            "serve": ("grader.serve.text", "tr"),
            "similarity": ("grader.similarity.text", "say"),
        }.get(wing, ("grader.render.text", "tr"))
    if name == "say":
        module = "grader.similarity.text"
    if name == "both":  # the checks' `both(key)`: their table in both languages
        module, name = "grader.checking.text", "tr"
    for (mod, attribute), table in tables().items():
        if attribute == name and (mod == module or name != "tr"):
            return table
    return None


def code_files() -> list[Path]:
    return [
        p
        for p in [*GRADER.rglob("*.py"), *GRADER.rglob("*.j2")]
        if p.name != "text.py" and "mutation/specs" not in p.as_posix()
    ]


def test_every_key_the_code_names_exists():
    missing = []
    for path in code_files():
        for name, key in CALL.findall(path.read_text("utf-8")):
            table = _table_of(path, name)
            if table is not None and key not in table:
                missing.append((path.relative_to(ROOT).as_posix(), name, key))
    assert missing == []


# -- the families: looked up by a value produced elsewhere ---------------------------------------
def _literal_args(call: str, position: int | None = None, keyword: str | None = None) -> set[str]:
    """The string literals given to every call of `call` in the engine (at `position`, or as
    `keyword`)."""
    found = set()
    for path in GRADER.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if called != call:
                continue
            values = [node.args[position]] if position is not None and len(node.args) > position else []
            values += [k.value for k in node.keywords if keyword is not None and k.arg == keyword]
            found |= {v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)}
    return found


def _enum(dotted: str) -> set[str]:
    module, _, name = dotted.rpartition(".")
    kind: type[Enum] = getattr(importlib.import_module(module), name)
    return {member.value for member in kind}


def _family(dotted: str) -> Words:
    module, _, name = dotted.rpartition(".")
    return getattr(importlib.import_module(module), name)


def _option_types() -> set[str]:
    """The types of the command line's options, as argparse names them in its errors."""
    from grader.app.cli import build_parser
    from grader.registry import installed

    return {a.type.__name__ for a in build_parser(installed(), [])._actions if a.type in (int, float)}


def _manual_refusals() -> set[str]:
    """The reasons a row of the manual table is refused for: what `_refusal` returns first
    (`return "range", ...`), and a question given twice."""
    source = (GRADER / "marking" / "manual.py").read_text("utf-8")
    function = next(
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef) and node.name == "_refusal"
    )
    returned = [node.value for node in ast.walk(function) if isinstance(node, ast.Return)]
    firsts = [value.elts[0] for value in returned if isinstance(value, ast.Tuple)]
    return {first.value for first in firsts if isinstance(first, ast.Constant) and first.value} | {"twice"}


FAMILIES = {
    # table: (the values it must answer, exactly; or at least: those the code produces)
    "grader.render.text.STATUS": ("exactly", lambda: _enum("grader.model.results.QuestionStatus")),
    "grader.render.text.CHECK_STATUS": (
        "exactly",
        lambda: _enum("grader.model.results.CheckStatus") - {"passed"},  # a passing check says nothing
    ),
    "grader.render.text.STATUS_ONE": (
        "exactly",
        lambda: {s.value for s in importlib.import_module("grader.render.html_report").RATE_STATUSES},
    ),
    "grader.render.text.STATUS_MANY": (
        "exactly",
        lambda: {s.value for s in importlib.import_module("grader.render.html_report").RATE_STATUSES},
    ),
    "grader.render.text.UNIT": ("exactly", lambda: _enum("grader.errors.SizeUnit")),
    "grader.render.text.CRASH": ("exactly", lambda: _enum("grader.errors.Crash") | {"closed"}),
    # a hint for how a cell (a module's block) stopped, and for the errors that have one
    "grader.render.text.CELL_HINT": ("exactly", lambda: set(_family("grader.render.text.BLOCK_HINT"))),
    "grader.render.text.BLOCK_HINT": ("exactly", lambda: set(_family("grader.render.text.CELL_HINT"))),
    "grader.app.text.ARGUMENT_TYPE": ("exactly", _option_types),
    "grader.render.text.REASON": (
        "at least",
        lambda: _literal_args("NotGradable", 0) | _literal_args("Refused", 1) | _literal_args("reason", None),
    ),
    # a row of the manual table not applied: the class run and the marking page say it
    "grader.marking.text.MANUAL_REFUSED": ("exactly", _manual_refusals),
    "grader.app.text.UNAVAILABLE": ("exactly", lambda: _enum("grader.sandbox.confine.reasons.Reason")),
}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_a_family_answers_every_value_it_is_looked_up_by(family):
    how, values = FAMILIES[family]
    keys = set(_family(family).own())
    if how == "exactly":
        assert keys == values()
    else:
        assert values() - keys == set()


def refusals() -> list[type]:
    """Every error of the class files said through its table (`grader.marking.refusal`),
    from the wings that may define one (marking and those above it)."""
    import pkgutil

    from grader.marking.refusal import Refusal

    for wing in ("grader.marking", "grader.serve", "grader.app"):
        for module in pkgutil.walk_packages(importlib.import_module(wing).__path__, f"{wing}."):
            importlib.import_module(module.name)
    found, kinds = [], [Refusal]
    while kinds:
        kind = kinds.pop()
        found += kind.__subclasses__()
        kinds += kind.__subclasses__()
    return sorted(found, key=lambda kind: kind.__name__)


def test_every_refusal_answers_every_reason_it_is_raised_with():
    """Each error's table is one a text module names, and holds every reason a `raise`
    gives it (the extractor must find some: a wrong position would find none)."""
    import inspect

    kinds = refusals()
    assert {kind.__name__ for kind in kinds} >= {
        "BaremeError",
        "EditError",
        "ManualFileError",
        "RosterError",
        "RubricError",
        "WorksheetError",
    }
    named = {id(table) for table in tables().values()}
    for kind in kinds:
        assert id(kind.words) in named, kind
        position = list(inspect.signature(kind).parameters).index("reason")
        reasons = _literal_args(kind.__name__, position, keyword="reason")
        assert reasons and reasons - set(kind.words.own()) == set(), kind


# -- no key unused ------------------------------------------------------------------------------
@functools.cache
def literals() -> frozenset[str]:
    """Every string the engine and the exercises write (code, templates), outside the tables."""
    found: set[str] = set()
    for path in [*code_files(), *(ROOT / "exercises").rglob("*.py")]:
        text = path.read_text("utf-8")
        if path.suffix == ".j2":
            found |= set(re.findall(r"""["']([^"'\s]+)["']""", text))
            continue
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    return frozenset(found)


def test_no_key_is_unused():
    enums = {
        name: values() for name, (how, values) in FAMILIES.items() if how == "exactly"
    }  # a family keyed by an enum is used by every member
    unused = [
        (table, key)
        for table, key, _ in entries()
        if key not in literals() and key not in enums.get(table, set())
    ]
    assert unused == []


def test_the_checks_see_what_they_forbid():
    """The literal scan finds a key in a call and a template; the family extractor finds a
    code raised by its exception."""
    assert CALL.findall(
        'tr(lang, "cells_ok", total=1)  t("html.title")  STATUS(lang, "passed")  both("comparison.among")'
    ) == [
        ("tr", "cells_ok"),
        ("t", "html.title"),
        ("STATUS", "passed"),
        ("both", "comparison.among"),
    ]
    assert "no_code" in _literal_args("NotGradable", 0)


def test_a_float_in_a_sentence_is_written_as_the_language_writes_it():
    # Seen in a printed class: "points donnés à la main (1.5)" in a French report.
    # A float without a format may be a value of the student's: shown as Python writes it.
    words = Words(
        {
            "k": Text(
                "points ({points:g}) sur {most:g}, {n} fois, renvoie {value}",
                "points ({points:g}) of {most:g}, {n} times, returns {value}",
            )
        }
    )
    assert (
        words("fr", "k", points=1.5, most=2.25, n=3, value=0.5)
        == "points (1,5) sur 2,25, 3 fois, renvoie 0.5"
    )
    assert (
        words("en", "k", points=1.5, most=2.25, n=3, value=0.5)
        == "points (1.5) of 2.25, 3 times, returns 0.5"
    )
