"""matplotlib's font list kept on disk between runs (`grader/sandbox/manage/fontcache.py`): kept
only from a worker that ran no student code, handed to the next session, ignored when it
is not what matplotlib writes. The session's wiring is tested with a stand-in worker;
the tests marked slow start real ones."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from grader.sandbox.confine.isolation import Isolation, choose
from grader.sandbox.confine.limits import Limits
from grader.sandbox.manage import fontcache
from grader.sandbox.manage import session as session_module
from grader.sandbox.manage.process import WorkerDied, WorkerProcess
from grader.sandbox.manage.session import StudentSession

MATPLOTLIB = ("matplotlib.pyplot",)


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of this test's own, and a process that has kept no font list yet."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv(fontcache.OPT_OUT, raising=False)
    monkeypatch.setattr(session_module, "_PRELOAD_CACHE", {})
    return tmp_path / "cache"


@pytest.fixture(scope="module")
def matplotlib_list(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """(name, text) of a font list as matplotlib itself writes it."""
    from matplotlib import font_manager

    name = f"fontlist-v{font_manager.FontManager.__version__}.json"
    path = tmp_path_factory.mktemp("mpl") / name
    font_manager.json_dump(font_manager.fontManager, path)
    return name, path.read_text("utf-8")


def kept_files(cache: Path) -> dict[str, str]:
    """Every file under the cache's matplotlib folder, by name."""
    return {
        p.name: p.read_text("utf-8")
        for p in (cache / "minimax-grader" / "matplotlib").rglob("*")
        if p.is_file()
    }


def kept_path(cache: Path, name: str) -> Path:
    [path] = (cache / "minimax-grader" / "matplotlib").rglob(name)
    return path


def edited(text: str, **changes: Any) -> str:
    return json.dumps(dict(json.loads(text), **changes))


# -- what counts as matplotlib's font list ---------------------------------------------


def test_the_list_matplotlib_writes_is_valid(matplotlib_list):
    name, text = matplotlib_list
    assert fontcache.valid_font_list(name, text, fontcache.data_path())
    assert not fontcache.valid_font_list("fontlist-v0.0.0.json", text, fontcache.data_path())


def _written_by(text: str, version: str | int, index: bool) -> str:
    """The list with another `_version`, its entries with or without `index`."""
    manager = json.loads(text)
    manager["_version"] = version
    for entries in (manager["ttflist"], manager["afmlist"]):
        for entry in entries:
            entry.pop("index", None)
            if index:
                entry["index"] = 0
    return json.dumps(manager)


@pytest.mark.parametrize("version", [390, "3.11.0"], ids=["matplotlib 3.7-3.10", "matplotlib 3.11"])
def test_each_matplotlib_s_own_list_is_valid_and_the_other_s_entries_are_not(matplotlib_list, version):
    # Up to 3.10 matplotlib writes `_version` 390 and entries without `index`; from 3.11
    # "3.11.0" and entries with it. Whichever is installed, both shapes are judged.
    _, text = matplotlib_list
    name, own = f"fontlist-v{version}.json", isinstance(version, str)
    assert fontcache.valid_font_list(name, _written_by(text, version, index=own), fontcache.data_path())
    assert not fontcache.valid_font_list(
        name, _written_by(text, version, index=not own), fontcache.data_path()
    )


def _first_entry(text: str, **changes: Any) -> str:
    manager = json.loads(text)
    manager["ttflist"] = [dict(manager["ttflist"][0], **changes), *manager["ttflist"][1:]]
    return json.dumps(manager)


SPOILED = {
    "torn": lambda text: text[: len(text) // 2],
    "not a FontManager": lambda text: "[]",
    "no ttflist (matplotlib fails)": lambda text: json.dumps(
        {k: v for k, v in json.loads(text).items() if k != "ttflist"}
    ),
    "a field shadowing a method": lambda text: edited(text, findfont="x"),
    "a version of another type": lambda text: edited(text, _version=7),
    "a family that is no name": lambda text: edited(text, defaultFamily={"ttf": 1}),
    "an unknown entry field": lambda text: _first_entry(text, extra=1),
    "a missing font (matplotlib rebuilds)": lambda text: _first_entry(
        text, fname="/nonexistent/DejaVuSans.ttf"
    ),
    "not a font (matplotlib fails)": lambda text: _first_entry(text, fname="/etc/passwd"),
    "out of mpl-data": lambda text: _first_entry(text, fname="../../../../etc/fonts/x.ttf"),
    "an index that is a bool": lambda text: _first_entry(text, index=True),
    "an absolute name too long": lambda text: _first_entry(text, fname="/" + "a" * 5000 + ".ttf"),
    "a relative name too long": lambda text: _first_entry(text, fname="a" * 5000 + ".ttf"),
    "nested 100,000 deep": lambda text: "[" * 100_000 + "]" * 100_000,
    "valid JSON, too large": lambda text: text + " " * fontcache.MAX_CHARS,
}


@pytest.mark.parametrize("spoil", SPOILED.values(), ids=SPOILED.keys())
def test_anything_else_is_refused(matplotlib_list, spoil):
    name, text = matplotlib_list
    assert not fontcache.valid_font_list(name, spoil(text), fontcache.data_path())


# -- on disk ---------------------------------------------------------------------------


def test_a_kept_list_is_read_back_for_its_isolation_only(cache_home, matplotlib_list):
    name, text = matplotlib_list
    fontcache.store(Isolation.BASIC, {name: text})
    assert fontcache.load(Isolation.BASIC) == {name: text}
    assert fontcache.load(Isolation.LANDLOCK) == {}
    [folder] = (cache_home / "minimax-grader" / "matplotlib").iterdir()
    assert [p.name for p in folder.iterdir()] == [name]  # no temporary file left
    assert folder.stat().st_mode & 0o777 == 0o700 and (folder / name).stat().st_mode & 0o777 == 0o600


WRITER = """
import sys
from grader.sandbox.manage import fontcache
from grader.sandbox.confine.isolation import Isolation
name, text = sys.argv[1], open(sys.argv[2], encoding="utf-8").read()
for _ in range(40):
    fontcache.store(Isolation.BASIC, {name: text})
"""


def test_runs_writing_at_once_never_leave_a_torn_list(cache_home, matplotlib_list, tmp_path):
    """Two processes keep rewriting the list while this one reads it: once there, it is
    always read whole (a rewrite in place would be seen truncated, and refused)."""
    name, text = matplotlib_list
    source = tmp_path / name
    source.write_text(text, "utf-8")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[3]))
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, name, str(source)], env=env) for _ in range(2)]
    seen = []
    while any(w.poll() is None for w in writers):
        seen.append(fontcache.load(Isolation.BASIC))
    assert [w.returncode for w in writers] == [0, 0]
    first = next(i for i, found in enumerate(seen + [{name: text}]) if found)
    assert all(found == {name: text} for found in seen[first:])
    assert [p.name for p in kept_path(cache_home, name).parent.iterdir()] == [name]


def test_another_grader_version_does_not_read_it(cache_home, matplotlib_list, monkeypatch):
    fontcache.store(Isolation.BASIC, dict([matplotlib_list]))
    monkeypatch.setattr(fontcache, "__version__", "0.0.0-other")
    assert fontcache.load(Isolation.BASIC) == {}


def test_a_list_that_is_not_valid_is_neither_written_nor_read(cache_home, matplotlib_list):
    name, text = matplotlib_list
    fontcache.store(Isolation.BASIC, {name: text[:100]})
    assert kept_files(cache_home) == {}
    fontcache.store(Isolation.BASIC, {name: text})
    path = kept_path(cache_home, name)
    for spoiled in (text[:100], text + " " * fontcache.MAX_CHARS, edited(text, ttflist=[{}])):
        path.write_text(spoiled, "utf-8")
        assert fontcache.load(Isolation.BASIC) == {}
    path.write_bytes(b"\xff" * 10)
    assert fontcache.load(Isolation.BASIC) == {}


def test_the_opt_out_neither_reads_nor_writes(cache_home, matplotlib_list, monkeypatch):
    fontcache.store(Isolation.BASIC, dict([matplotlib_list]))
    monkeypatch.setenv(fontcache.OPT_OUT, "1")
    assert fontcache.load(Isolation.BASIC) == {}
    fontcache.store(Isolation.LANDLOCK, dict([matplotlib_list]))
    assert len(list((cache_home / "minimax-grader" / "matplotlib").iterdir())) == 1


def test_a_list_without_utf_8_is_no_error(cache_home, matplotlib_list):
    name, text = matplotlib_list
    manager = json.loads(text)
    manager["ttflist"][0]["name"] = "\ud800"
    fontcache.store(Isolation.BASIC, {name: json.dumps(manager, ensure_ascii=False)})
    assert fontcache.load(Isolation.BASIC) == {}


def test_an_unwritable_cache_is_no_error(tmp_path, matplotlib_list, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setattr(fontcache, "cache_folder", lambda name: blocker / name)
    fontcache.store(Isolation.BASIC, dict([matplotlib_list]))
    assert fontcache.load(Isolation.BASIC) == {}


# -- the session's wiring, with a stand-in worker ------------------------------------------


class StandIn:
    """Answers like a worker; its preload reply hands back `collected` (what a worker
    that built the list would) and records every request."""

    def __init__(self, collected: dict[str, str], requests: list[dict[str, Any]], dies: bool = False):
        self.collected, self.requests, self.dies = collected, requests, dies
        self.alive = True

    def request(self, message: dict[str, Any], budget: float) -> dict[str, Any]:
        self.requests.append(message)
        if message["op"] == "preload":
            if self.dies:
                raise WorkerDied("signal")
            return {"ok": True, "cache_files": self.collected}
        return {"ok": True, "stdout": "", "seconds": 0, "cpu": 0}

    def close(self) -> None:
        self.alive = False

    kill = close


def run_one_cell(monkeypatch, collected: dict[str, str], dies: bool = False) -> list[dict[str, Any]]:
    """The preload requests of one session that runs one cell."""
    requests: list[dict[str, Any]] = []
    monkeypatch.setattr(WorkerProcess, "start", lambda *args: StandIn(collected, requests, dies))
    with StudentSession("__main__", Limits(), Isolation.BASIC, 5, preload=MATPLOTLIB) as session:
        session.run_cell("x = 1", "cellule 1")
    return [r for r in requests if r["op"] == "preload"]


def test_a_list_collected_before_student_code_serves_the_next_run(cache_home, matplotlib_list, monkeypatch):
    first = run_one_cell(monkeypatch, dict([matplotlib_list]))
    assert first[0].get("collect") is True and "cache_files" not in first[0]
    assert kept_files(cache_home) == dict([matplotlib_list])
    monkeypatch.setattr(session_module, "_PRELOAD_CACHE", {})  # as in a new grading process
    name, text = matplotlib_list
    other = edited(text, defaultFamily={"ttf": "Autre", "afm": "Autre"})  # valid, but not asked for
    second = run_one_cell(monkeypatch, {name: other})
    assert second[0]["cache_files"] == {name: text} and "collect" not in second[0]
    assert kept_files(cache_home) == {name: text}


def test_a_failed_preload_keeps_nothing(cache_home, matplotlib_list, monkeypatch):
    run_one_cell(monkeypatch, dict([matplotlib_list]), dies=True)
    assert kept_files(cache_home) == {}
    assert not session_module._PRELOAD_CACHE.get(Isolation.BASIC.value)


def test_a_corrupt_kept_list_is_replaced_by_the_next_clean_one(cache_home, matplotlib_list, monkeypatch):
    name, text = matplotlib_list
    fontcache.store(Isolation.BASIC, {name: text})
    path = kept_path(cache_home, name)
    path.write_text(text[:1000], "utf-8")
    requests = run_one_cell(monkeypatch, {name: text})
    assert requests[0].get("collect") is True and "cache_files" not in requests[0]
    assert path.read_text("utf-8") == text


# -- real workers ----------------------------------------------------------------------

DRAW_AND_READ = """
import glob, io, os
import matplotlib.pyplot as plt
fig = plt.figure()
fig.text(0.5, 0.5, "Puissance 4")
fig.savefig(io.BytesIO())
[path] = glob.glob(os.path.join(os.environ["MPLCONFIGDIR"], "fontlist-*.json"))
print(os.path.basename(path), len(open(path).read()))
"""


def draw(isolation: Isolation) -> str:
    """What DRAW_AND_READ prints in a new session: its font list's name and length."""
    with StudentSession("__main__", Limits(), isolation, 20, preload=MATPLOTLIB) as session:
        outcome = session.run_cell(DRAW_AND_READ, "cellule 1")
        assert outcome.ok, outcome
        return "".join(session.printed).strip()


def first_session(cache_home: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str, Path]:
    """A session that drew text: the (name, text, path) of the list it kept; then a
    process that has kept none yet (as the next run's)."""
    draw(choose("auto").mode)
    [(name, text)] = kept_files(cache_home).items()
    monkeypatch.setattr(session_module, "_PRELOAD_CACHE", {})
    return name, text, kept_path(cache_home, name)


@pytest.mark.slow
def test_workers_start_from_the_kept_list_and_draw_text(cache_home, monkeypatch):
    name, text, path = first_session(cache_home, monkeypatch)
    compact = json.dumps(json.loads(text))  # what matplotlib would never write: it indents
    assert compact != text
    path.write_text(compact, "utf-8")
    assert draw(choose("auto").mode) == f"{name} {len(compact)}"  # matplotlib used it, rebuilt nothing


@pytest.mark.slow
def test_a_kept_list_matplotlib_would_fail_on_is_not_handed_over(cache_home, monkeypatch):
    name, text, path = first_session(cache_home, monkeypatch)
    path.write_text(json.dumps({k: v for k, v in json.loads(text).items() if k != "ttflist"}), "utf-8")
    assert draw(choose("auto").mode).startswith(name)  # text drawn: a list of its own
    assert fontcache.load(choose("auto").mode) == {name: path.read_text("utf-8")}  # replaced by it
