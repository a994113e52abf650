"""Issue 32: positions drawn for one submission (grader/checking/private_draws.py): the same code
gets the same positions on every run, whatever its notebook's outputs; another code gets
others; the worker never sees the seed."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path

from exercises.puissance4.positions import random_game, random_search_game
from grader.checking import private_draws
from grader.reading.submission import read_submission

NOTEBOOK = Path(__file__).resolve().parents[1] / "fixtures" / "puissance4" / "correct_listes.ipynb"


def drawn(digest: bytes, generate=random_game, check: str = "random_games") -> list:
    with private_draws.drawing_for(digest):
        return private_draws.examples(check, generate, 3)


def digest_of(path: Path) -> bytes:
    return private_draws.code_digest(c.source for c in read_submission(path).cells)


def test_the_same_code_draws_the_same_positions_and_another_code_others():
    one, other = private_draws.code_digest(["x = 1"]), private_draws.code_digest(["x = 2"])
    assert drawn(one) == drawn(one)
    assert drawn(one) != drawn(other)
    assert drawn(one, check="a") != drawn(one, check="b")


def test_a_notebook_saved_again_with_other_outputs_keeps_its_positions(tmp_path):
    data = json.loads(NOTEBOOK.read_text("utf-8"))
    for cell in data["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "autre sortie\n"}]
            cell["execution_count"] = 99
    saved = tmp_path / "resauvegarde.ipynb"
    saved.write_text(json.dumps(data), "utf-8")
    assert digest_of(saved) == digest_of(NOTEBOOK)


def test_a_generator_with_arguments_is_named_the_same_in_every_process():
    name = private_draws.generator_name(functools.partial(random_search_game, 2))
    assert name == "exercises.puissance4.positions.random_search_game(2)"
    assert "0x" not in private_draws.generator_name(functools.partial(random_game, wins="at"))


def test_the_seed_does_not_depend_on_the_process():
    """Python's own seeding of `random` (hash randomisation, time) plays no part."""
    digest = private_draws.code_digest(["def f(): pass"])
    random.seed(12345)
    first = drawn(digest)
    random.seed(54321)
    assert drawn(digest) == first
