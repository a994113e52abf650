"""Issue 40: the key the private positions are drawn with (grader/checking/draw_key.py):
drawn once and kept, whole, its owner's only; a damaged one said and replaced; another
key draws other positions, the same key the same."""

from __future__ import annotations

import logging
import os

from exercises.puissance4.positions import random_game
from grader.checking import draw_key, private_draws


def test_a_key_is_drawn_once_and_kept_for_its_owner_only(tmp_path):
    path = tmp_path / "draws.key"
    first = draw_key.kept_key(path)
    assert len(first) == draw_key.KEY_BYTES
    assert path.stat().st_mode & 0o777 == 0o600
    assert draw_key.kept_key(path) == first
    assert [p.name for p in tmp_path.iterdir()] == ["draws.key"]


def test_two_runs_drawing_a_key_at_once_keep_one(tmp_path):
    path = tmp_path / "draws.key"
    draw_key._write(path, b"1" * 32, replace=False)
    draw_key._write(path, b"2" * 32, replace=False)  # the second run finds the first's
    assert draw_key.kept_key(path) == b"1" * 32


def test_a_damaged_key_is_said_and_replaced(tmp_path, caplog):
    path = tmp_path / "draws.key"
    path.write_bytes(b"short")
    with caplog.at_level(logging.WARNING):
        key = draw_key.kept_key(path)
    assert len(key) == 32 and path.read_bytes() == key
    assert "not usable" in caplog.text


def test_a_link_is_not_followed(tmp_path, caplog):
    target = tmp_path / "ailleurs"
    target.write_bytes(b"x" * 32)
    path = tmp_path / "draws.key"
    os.symlink(target, path)
    with caplog.at_level(logging.WARNING):
        key = draw_key.kept_key(path)
    assert key != b"x" * 32 and not path.is_symlink() and target.read_bytes() == b"x" * 32


def drawn(digest: bytes, key: bytes) -> list:
    with private_draws.keyed(key), private_draws.drawing_for(digest):
        return private_draws.examples("random_games", random_game, 3)


def test_another_key_draws_other_positions_and_the_same_key_the_same():
    digest = private_draws.code_digest(["def f(): pass"])
    assert drawn(digest, b"a" * 32) == drawn(digest, b"a" * 32)
    assert drawn(digest, b"a" * 32) != drawn(digest, b"b" * 32)


def test_outside_a_grading_the_positions_need_no_key():
    """A check run in a test draws the positions of an empty code, on any machine."""
    with private_draws.keyed(b"a" * 32):
        first = private_draws.examples("random_games", random_game, 3)
    with private_draws.keyed(b"b" * 32):
        assert private_draws.examples("random_games", random_game, 3) == first
