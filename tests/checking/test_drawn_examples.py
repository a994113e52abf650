"""The shipped examples (`exercises/<td>/drawn_examples.json`) and reference values
(`exercises/puissance4/reference_values.json`): stored faithfully, named after factories
of the code, what Hypothesis draws for them, and the reference's values.

Hypothesis versions: with the version that wrote the files, a fresh draw must give the
shipped examples exactly. With another one (CI installs the newest) the draw may differ,
and the shipped examples stay what the grader uses, so the test compares what must not
change with the version: each example's structure (types, tuple lengths, dict keys)
(docs/lab/performance-log.md, "Drawn examples shipped as data")."""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import hypothesis
import pytest

from grader.checking import draws
from grader.checking.draws import Draw, decode, encode, hypothesis_draw
from grader.registry import installed

ROOT = Path(__file__).resolve().parents[2]
EXERCISES = installed()
SHIPPED = sorted(ROOT.glob(f"exercises/*/{draws.SHIPPED}"))


def kinds(value: Any) -> Any:
    """The value's types all the way down: equal values of other types differ here."""
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [kinds(v) for v in value])
    if isinstance(value, dict):
        return ("dict", [(kinds(k), kinds(v)) for k, v in value.items()])
    if isinstance(value, frozenset):
        return ("frozenset", sorted(repr(kinds(v)) for v in value))
    return type(value).__name__


def test_the_codec_keeps_tuples_infinities_keys_and_types():
    value = {
        "jeu": {"nbcoups": 2, "plateau": [[0, 1], [2, 0]]},
        3: (1, [2.5, float("inf"), -float("inf")], None),
        (0, 1): frozenset({(1, 2), (3, 4)}),
        "vide": [(), (7,), [], "", True, 0.0],
    }
    stored = json.loads(json.dumps(encode(value), allow_nan=False))
    back = decode(stored)
    assert back == value
    assert kinds(back) == kinds(value)


def test_a_repeated_example_is_probed_once_in_the_order_drawn():
    board = {"nbcoups": 0, "hauteurs": [0, 0]}
    drawn = [(board, 3), (board, 1), ({"nbcoups": 0, "hauteurs": [0, 0]}, 3), (board, 3.0), [(board, 1)]]
    # the third repeats the first; 3.0 is another example than 3, a list another than a tuple
    assert draws.distinct(drawn) == [(board, 3), (board, 1), (board, 3.0), [(board, 1)]]
    assert [type(e[1]) for e in draws.distinct(drawn)[:3]] == [int, int, float]
    unstored = [object(), object()]
    assert draws.distinct(unstored) == unstored  # what the codec cannot store is kept


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.parent.name)
def test_a_shipped_file_read_by_section_is_what_json_reads_and_its_ladders_wait(path):
    text = path.read_text("utf-8")
    whole = json.loads(text)
    sections = draws._Sections(text)
    assert sections.get(draws.EXAMPLES) == whole[draws.EXAMPLES]
    assert draws.LADDERS not in sections.parsed  # the examples come first: ladders not read
    assert sections.get(draws.LADDERS) == whole[draws.LADDERS]
    assert sections.get("hypothesis") == whole["hypothesis"] and sections.get("absent") is None


@pytest.mark.parametrize(
    "text", ['{"a" 1}', '{"a": 1 "b": 2}', "[1]", '[{"b": 1}]', '{"a": 1', '{"a": 1,', "{1: 2}"]
)
def test_a_shipped_file_that_is_not_one_json_object_is_refused(text):
    with pytest.raises(ValueError):
        draws._Sections(text).get("b")


def test_repeats_found_on_the_shipped_text_are_those_found_on_the_examples():
    for folder, name, stored in entries():
        examples = decode(stored)
        texts = [json.dumps(item, sort_keys=True) for item in stored]
        assert [draws.example_text(e) for e in examples] == texts, (folder, name)
        assert draws.distinct(examples, texts) == draws.distinct(examples), (folder, name)


@pytest.mark.parametrize("value", [object(), {1, 2}, float("nan"), b"bytes"])
def test_the_codec_refuses_what_it_would_not_give_back(value):
    if isinstance(value, float):  # nan != nan: stored, it would make a check compare badly
        assert decode(encode(value)) != value
        return
    with pytest.raises(TypeError):
        encode(value)


def entries() -> list[tuple[str, str, Any]]:
    """(file's folder, entry's name, its encoded examples) of every shipped file."""
    found = []
    for path in SHIPPED:
        data = json.loads(path.read_text("utf-8"))
        found += [(path.parent.name, name, examples) for name, examples in data["examples"].items()]
    return found


def recorded_version(folder: str) -> str:
    data: dict[str, Any] = json.loads((ROOT / "exercises" / folder / draws.SHIPPED).read_text("utf-8"))
    return str(data["hypothesis"])


def spec_of(name: str) -> tuple[str, int, Draw]:
    """The check, count and Draw an entry's name stands for, rebuilt from the code."""
    check, count, call = name.split(" ", 2)
    node = ast.parse(call, mode="eval").body
    assert isinstance(node, ast.Call)
    path = ast.unparse(node.func)
    module_name, _, function = path.rpartition(".")
    factory = getattr(importlib.import_module(module_name), function)
    args = tuple(ast.literal_eval(a) for a in node.args)
    kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
    return check, int(count), draws.draw(factory, *args, **kwargs)


def test_every_td_that_draws_examples_ships_them():
    """A TD whose checks draw examples orders them (`example_size`) and ships them beside
    its `Exercise`; the others ship none."""
    drawing = {EXERCISES.package(i) for i, exercise in EXERCISES.items() if exercise.example_size is not None}
    assert drawing and {f"exercises.{p.parent.name}" for p in SHIPPED} <= drawing
    for package in drawing:
        assert (Path(importlib.import_module(package).__file__).parent / draws.SHIPPED).is_file(), package
    assert len(entries()) >= 30


@pytest.mark.parametrize("folder, name, examples", entries(), ids=[e[1] for e in entries()])
def test_each_entry_names_a_factory_of_the_code_and_its_count(folder, name, examples):
    check, count, spec = spec_of(name)
    assert draws.entry(check, count, spec) == name  # the key the grader looks up
    assert spec.package == f"exercises.{folder}"  # found in this file by the grader
    assert 0 < len(examples) <= count
    assert [encode(decode(e)) for e in examples] == examples


def drawn_again() -> list[Any]:
    """`entries()` to draw again with Hypothesis: the last entry of each file in the fast
    tier, the others in the slow one (a ladder's reasoning: any entry is a witness that
    the file is what this Hypothesis draws; all of them are checked before a commit)."""
    last = {folder: name for folder, name, _ in entries()}
    return [
        pytest.param(
            folder, name, examples, id=name, marks=[] if last[folder] == name else [pytest.mark.slow]
        )
        for folder, name, examples in entries()
    ]


@pytest.mark.parametrize("folder, name, examples", drawn_again())
def test_the_shipped_examples_are_what_hypothesis_draws(folder, name, examples):
    check, count, spec = spec_of(name)
    fresh = hypothesis_draw(spec.strategy(), count, check)
    if hypothesis.__version__ == recorded_version(folder):
        assert [encode(e) for e in fresh] == examples
    else:  # another release may draw others: the structure of an example is the strategy's
        assert {repr(shape(e)) for e in fresh} == {repr(shape(decode(e))) for e in examples}


def ladders() -> list[Any]:
    """(file's folder, entry's name, its encoded ladder) of every shipped file: the last
    entry of each file in the fast tier, the others in the slow one (a ladder is drawn
    from LADDER_DRAWS draws, each costly; the first of puissance4's costs the most)."""
    found = []
    for path in SHIPPED:
        data = json.loads(path.read_text("utf-8"))
        last = len(data[draws.LADDERS]) - 1
        for i, (name, rungs) in enumerate(data[draws.LADDERS].items()):
            marks = [pytest.mark.slow] if i != last else []
            found.append(pytest.param(path.parent.name, name, rungs, id=name, marks=marks))
    return found


@pytest.mark.parametrize("folder, name, rungs", ladders())
def test_the_shipped_ladders_are_what_hypothesis_draws(folder, name, rungs):
    """Exactly with the recorded version; by shape with another (its draws may differ)."""
    check, _, spec = spec_of(name)
    size = importlib.import_module(spec.package).EXERCISE.example_size
    fresh = draws.build_ladder(
        hypothesis_draw(spec.strategy(), draws.LADDER_DRAWS, draws.ladder_seed(check)), size
    )
    assert [encode(decode(r)) for r in rungs] == rungs
    if hypothesis.__version__ == recorded_version(folder):
        assert [encode(e) for e in fresh] == rungs
    else:
        assert {repr(shape(e)) for e in fresh} == {repr(shape(decode(r))) for r in rungs}
        assert size(fresh[0]) <= size(decode(rungs[0]))  # both start from the smallest sizes


def shape(value: Any) -> Any:
    """Types, tuple lengths and dict keys, not list lengths nor numbers: what any draw of
    the same strategy has in common."""
    if isinstance(value, tuple):
        return ("tuple", [shape(v) for v in value])
    if isinstance(value, dict):
        return ("dict", [(k, shape(v)) for k, v in value.items()])
    if isinstance(value, list):
        return ("list", sorted({repr(shape(v)) for v in value}))
    return (
        "number" if isinstance(value, (int, float)) and not isinstance(value, bool) else type(value).__name__
    )


def test_the_shipped_reference_values_are_the_references():
    from exercises.puissance4 import positions

    tables = json.loads(positions.REFERENCE_VALUES.read_text("utf-8"))["values"]
    compute = {
        "search_value": positions._search_value,
        "optimal_columns": positions._optimal_columns,
        "heuristique": positions._heuristic,
        "noeuds_elagues": positions._pruned_nodes,
    }
    assert set(tables) == set(compute)
    for table, values in tables.items():
        assert values
        for name, stored in values.items():
            nbcoups, heights, board, *args = name.split(" ")
            k = (
                int(nbcoups),
                tuple(map(int, heights)),
                tuple(tuple(int(c) for c in board[i : i + 7]) for i in range(0, 42, 7)),
            )
            assert positions.value_name(k, *map(int, args)) == name
            value = compute[table].__wrapped__(k, *map(int, args))  # not the process's cache
            assert kinds(decode(stored)) == kinds(value) and decode(stored) == value, name


def test_the_grader_reads_shipped_examples_and_imports_hypothesis_only_to_shrink():
    """A passing submission never imports Hypothesis, nor does a failure a shipped ladder
    example shows; a failure no smaller ladder example shows does (Hypothesis shrinks it)."""
    script = """
import sys
sys.path.insert(0, "tests")
from dataclasses import replace
from fake_session import FakeSession
from grader.checking.grading import grade_exercise
from grader.checking.view import StudentView
from grader.registry import installed

source = open("reference/puissance4.py", encoding="utf-8").read()

def grade(source, only):
    exercise = installed()["puissance4"]
    exercise = replace(exercise, questions=tuple(q for q in exercise.questions if q.id in only))
    session = FakeSession(source, "copie")
    return grade_exercise(exercise, StudentView(session, session.names(), None)).questions

passed = grade(source, ("Q3", "Q4", "Q14", "Q15"))
assert all(q.status.value == "passed" for q in passed), passed
assert "hypothesis" not in sys.modules, "imported to grade a passing submission"
def wrong_when(condition):  # the reference, prochain_joueur wrong when `condition` holds
    return source + (
        "\\n_right = prochain_joueur\\n"
        "def prochain_joueur(jeu):\\n"
        f"    return 3 - _right(jeu) if {condition} else _right(jeu)\\n"
    )

# wrong from 7 to 12 moves: the sheet's games pass, a drawn one fails, a ladder's too
failed = grade(wrong_when("7 <= jeu['nbcoups'] <= 12"), ("Q4",))
assert failed[0].status.value != "passed"
assert "hypothesis" not in sys.modules, "imported though the ladder shows the failure"
# wrong on 10 moves only: the sheet's games pass, drawn ones fail, no smaller one does
failed = grade(wrong_when("jeu['nbcoups'] == 10"), ("Q4",))
assert failed[0].status.value != "passed"
assert "hypothesis" in sys.modules, "a failure is shrunk by Hypothesis"
"""
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr


def test_examples_not_shipped_are_drawn_by_hypothesis_with_the_checks_seed():
    """Another count (`examples_scale`) or a new check: drawn as before the files existed."""
    from exercises.puissance4.positions import games

    spec = draws.draw(games, wins="at")
    assert draws.drawn_examples(spec, 25, "random_games") == [
        decode(e) for e in draws._shipped(spec.package)[draws.entry("random_games", 25, spec)]
    ]
    assert draws.entry("random_games", 25, spec) in draws._shipped(spec.package)
    scaled = draws.drawn_examples(spec, 7, "random_games")
    assert draws.entry("random_games", 7, spec) not in draws._shipped(spec.package)
    assert scaled == hypothesis_draw(spec.strategy(), 7, "random_games")
