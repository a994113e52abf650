"""Issue 40: the private positions can no longer be worked out away from the teacher's
machine. End to end (`grade.py`), on puissance4.

Before, they were drawn from CRC-32 and Adler-32 of the code. A student chose a digest,
recorded what a friend's correct code answers on every position a grading asks for that
digest (the grader's own code run at home), wrote a copy with no search code that
answers from that table, and padded it with letters to the chosen digest
(`crc_forgery`): 19.25/20, its random-position checks passed. Now a keyed BLAKE2 hash
draws them, with a key of the teacher's machine or class record (grader/checking/draw_key.py):
the padded copy fails its random-position checks, as the same table without padding
does, beside an honest neighbour whose mark does not move.

Also: the same file gets the same positions in one class record wherever it is graded
(two machines, two keys), and the key is in no report, table, page nor record entry."""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from fake_session import FakeSession

from grader.checking import private_draws
from grader.checking.grading import grade_exercise
from grader.checking.view import StudentView
from grader.reading.submission import read_submission
from grader.registry import installed
from tests.checking.crc_forgery import forge

pytestmark = pytest.mark.slow

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
CORPUS = TESTS / "fixtures" / "puissance4"
CORRECT = (CORPUS / "correct_module.py").read_text("utf-8")
SEARCHES = {
    "heuristique": ("jeu", "0"),
    "maximin": ("jeu, n", "(None, 0)"),
    "minimax": ("jeu, n", "(None, 0)"),
    "maximin_alpha_beta": ("jeu, alpha, beta, n", "(None, 0)"),
    "minimax_alpha_beta": ("jeu, alpha, beta, n", "(None, 0)"),
}
"""The functions a table replaces: parameters, the answer off the table."""
EXACT_VALUE_CHECKS = {
    "Q14": ("random_games",),
    "Q15": ("maximin_random", "minimax_random"),
    "Q17": ("random_root",),
}
"""The checks on positions drawn for the copy that want the exact value. Q17's `bounds`
accepts a range of values for a window (fail-soft alpha-beta): a table's answer off the
table (0) falls in the windows drawn for a copy now and then, padded or not, so it is
left out of the comparison, as the rest of Q17 (`prunes` counts evaluations)."""
RECORDER = """

_TABLE, _DEPTH = {}, [0]


def _recorded(name, function):
    def answer(*args):
        _DEPTH[0] += 1
        try:
            value = function(*args)
        finally:
            _DEPTH[0] -= 1
        if _DEPTH[0] == 0:  # what the grader asked, not the search's own calls
            _TABLE.setdefault(name, {})[repr(args)] = value
        return value

    return answer


""" + "".join(f"{name} = _recorded({name!r}, {name})\n" for name in SEARCHES)
PADDING = 8000 + 4 * 64
"""The letters `crc_forgery.forge` returns."""


def old_digest(sources: list[str]) -> bytes:
    """The code's digest before issue 40: CRC-32 and Adler-32 of its cells."""
    data = b"\0".join(source.encode("utf-8", "surrogatepass") for source in sources)
    return zlib.crc32(data).to_bytes(4, "big") + zlib.adler32(data).to_bytes(4, "big")


def recorded_table(digest: bytes) -> dict[str, dict[str, object]]:
    """A friend's correct code graded at home, in this process, for `digest`: every
    answer of the functions a table replaces, by their arguments' repr."""
    session = FakeSession(CORRECT + RECORDER, "copie")
    view = StudentView(session, session.names(), None)  # type: ignore[arg-type]
    with private_draws.drawing_for(digest):
        grade_exercise(installed()["puissance4"], view)
    return session.namespace["_TABLE"]


def table_copy(table: dict[str, dict[str, object]], padding: str) -> str:
    """A copy whose hard functions only look answers up (no search code), padded."""
    looks = "".join(
        f"\n\ndef {name}({parameters}):\n    return _TABLE.get({name!r}, {{}}).get(repr(({parameters},)), {default})\n"
        for name, (parameters, default) in SEARCHES.items()
    )
    return (
        CORRECT + f"\n\ninf = float(\"inf\")\n_TABLE = {table!r}\n" + looks + f'\n_BOURRAGE = "{padding}"\n'
    )


def padded_to(text_for: str, digest: bytes, folder: Path) -> str:
    """`text_for` (holding PADDING letters "a") with the letters that give its cells
    `digest` (the grader splits a module in cells: found on a copy of the same length)."""
    probe = folder / "sonde.py"
    probe.write_text(text_for, "utf-8")
    joined = b"\0".join(c.source.encode("utf-8") for c in read_submission(probe).cells)
    probe.unlink()
    at = joined.index(b"a" * PADDING)
    crc, adler = int.from_bytes(digest[:4], "big"), int.from_bytes(digest[4:], "big")
    letters = forge(joined[:at], joined[at + PADDING :], crc, adler).decode()
    return text_for.replace("a" * PADDING, letters)


TEACHER_KEY = b"the teacher's machine (issue 40)"
"""The key of the teacher's machine in the first test, fixed (as the suite's own, the
student's here, tests/conftest.py): a position drawn for a copy is now and then one its
table holds (positions near the start of a game recur), and which ones is then the same
on every run."""


def graded(folder: Path, cache: Path, *extra: str, key: bytes | None = None) -> dict[str, dict]:
    """`grade.py` on `folder` with the cache folder (so the key: `key`, or one drawn at
    its first use) of another machine."""
    if key is not None:
        kept = cache / "minimax-grader" / "private-draws" / "key"
        kept.parent.mkdir(parents=True)
        kept.write_bytes(key)
        kept.chmod(0o600)
    out = cache.parent / f"{cache.name}.json"
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    done = subprocess.run(
        [sys.executable, str(ROOT / "grade.py"), str(folder), "--jobs", "1", "--json", str(out), *extra],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return {Path(s["path"]).name: s for s in json.loads(out.read_text("utf-8"))["submissions"]}


def check_statuses(submission: dict, wanted: dict[str, tuple[str, ...]]) -> dict[str, str]:
    return {
        f"{q['id']}.{c['name']}": c["status"]
        for q in submission["questions"]
        for c in q["checks"]
        if c["name"] in wanted.get(q["id"], ())
    }


def test_a_table_padded_to_a_chosen_digest_scores_as_the_same_table_unpadded(tmp_path):
    folder = tmp_path / "rendus"
    folder.mkdir()
    friend = read_submission(CORPUS / "correct_module.py").cells
    digest = old_digest([c.source for c in friend])  # any digest: the friend's
    table = recorded_table(digest)
    forged = padded_to(table_copy(table, "a" * PADDING), digest, folder)
    (folder / "forgee.py").write_text(forged, "utf-8")
    assert old_digest([c.source for c in read_submission(folder / "forgee.py").cells]) == digest
    (folder / "jumelle.py").write_text(table_copy(table, ""), "utf-8")
    shutil.copy(CORPUS / "correct_listes.ipynb", folder / "voisin.ipynb")
    rows = graded(folder, tmp_path / "teacher", key=TEACHER_KEY)
    forged_checks = check_statuses(rows["forgee.py"], EXACT_VALUE_CHECKS)
    assert len(forged_checks) == 4, forged_checks
    assert set(forged_checks.values()) == {"failed"}, forged_checks  # before: all four passed (19.25/20)
    every_check = {q["id"]: tuple(c["name"] for c in q["checks"]) for q in rows["jumelle.py"]["questions"]}
    del every_check["Q17"]  # its bounds check, below
    assert check_statuses(rows["forgee.py"], every_check) == check_statuses(rows["jumelle.py"], every_check)
    assert rows["voisin.ipynb"]["mark20"] == 20


def test_a_class_record_draws_the_same_positions_on_any_machine_and_keeps_its_key_private(tmp_path):
    """The table of the shipped values fails the positions drawn for it; a failure shows
    its position. Two machines (two cache folders, two keys): with one record the same
    failures are shown; without a record, each machine its own."""
    folder = tmp_path / "rendus"
    folder.mkdir()
    (folder / "table.py").write_text(table_copy(recorded_table(b""), ""), "utf-8")
    record = tmp_path / "resultats"
    on_a = graded(folder, tmp_path / "a", "--results", str(record), key=b"machine A".ljust(32))["table.py"]
    on_b = graded(folder, tmp_path / "b", "--results", str(record), "--regrade", key=b"machine B".ljust(32))
    assert on_a["questions"] == on_b["table.py"]["questions"]
    alone_a = graded(folder, tmp_path / "a")["table.py"]
    alone_b = graded(folder, tmp_path / "b")["table.py"]
    assert alone_a["questions"] != alone_b["questions"]  # other positions failed, and shown
    key = (record / "draws.key").read_bytes()
    assert len(key) == 32 and (record / "draws.key").stat().st_mode & 0o077 == 0
    forms = [
        key,
        key.hex().encode(),
        key.hex().upper().encode(),
        base64.b64encode(key),
        base64.b64encode(key).rstrip(b"="),
    ]
    for path in [p for p in tmp_path.rglob("*") if p.is_file() and p.name not in ("draws.key", "key")]:
        data = path.read_bytes()
        assert not [f for f in forms if f in data], path
