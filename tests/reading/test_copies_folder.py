"""Issue 32 (2): the copies folder is the students' and is not trusted. An archive
extracted with its links, a repository in CI: a link to the grader's reference must not
be graded as the student's copy, a link to a private file must not be read (its first
line would be quoted), a fifo or `/proc/kmsg` must not hang the batch, a thousand nested
folders must not stop it. Each is reported as a row of its own; everything else is
graded as usual."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from grader.reading.files import (
    MAX_DEPTH,
    FileTooLarge,
    NotRegularFile,
    collect_all,
    collect_named,
    read_regular,
)
from grader.reading.recognise import file_text
from grader.reading.submission import read_submission

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "reference" / "puissance4.py"
CORRECT = ROOT / "tests" / "fixtures" / "puissance4" / "correct_listes.ipynb"
SECRET_LINE = "SECRET-DE-L-ENSEIGNANT 4242"


def hostile_folder(tmp_path: Path) -> Path:
    """Two honest copies beside every trap of the issue."""
    private = tmp_path / "prive.py"
    private.write_text(f"# {SECRET_LINE}\nx = 1\n")
    folder = tmp_path / "rendus"
    (folder / "alice").mkdir(parents=True)
    shutil.copy(CORRECT, folder / "alice" / "td.ipynb")
    shutil.copy(CORRECT, folder / "bob.ipynb")
    (folder / "vers_correction.py").symlink_to(REFERENCE)
    (folder / "vers_prive.py").symlink_to(private)
    (folder / "noyau.py").symlink_to("/proc/kmsg")
    (folder / "dossier_dehors").symlink_to(tmp_path)
    (folder / "meme_copie.ipynb").symlink_to(folder / "bob.ipynb")  # inside: read once, at its target
    os.mkfifo(folder / "tube.ipynb")
    deep = folder / "profond"
    deep.mkdir()
    for _ in range(1000):
        deep = deep / "d"
        os.mkdir(deep)
    shutil.copy(CORRECT, deep / "cachee.ipynb")
    return folder


def remove_deep(folder: Path) -> None:
    """The nested folders removed bottom up (shutil.rmtree recurses once per level: at a
    thousand levels pytest's clean-up of old temporary folders hits the recursion limit)."""
    chain = [folder / "profond"]
    while (chain[-1] / "d").is_dir():
        chain.append(chain[-1] / "d")
    for deep in reversed(chain):
        for child in deep.iterdir():
            if not child.is_dir():
                child.unlink()
        deep.rmdir()


@pytest.fixture
def hostile(tmp_path):
    folder = hostile_folder(tmp_path)
    yield folder
    remove_deep(folder)


def test_the_walk_follows_no_link_out_reads_no_special_file_and_stops(hostile):
    folder = hostile
    found = collect_all([folder])
    assert sorted(found.files) == [folder / "alice" / "td.ipynb", folder / "bob.ipynb"]
    refused = {r.path.relative_to(folder).as_posix(): r.reason for r in found.refused}
    deep_one = "profond/" + "/".join(["d"] * MAX_DEPTH)
    assert refused == {
        "vers_correction.py": "link_outside",
        "vers_prive.py": "link_outside",
        "noyau.py": "link_outside",
        "dossier_dehors": "link_outside",
        "tube.ipynb": "not_a_regular_file",
        deep_one: "folder_too_deep",
    }
    assert len(found.order) == len(found.files) + len(found.refused)
    assert collect_named([folder]) == found.files


def test_a_given_file_is_read_where_its_link_leads_but_never_a_fifo(tmp_path):
    link = tmp_path / "copie.ipynb"
    link.symlink_to(CORRECT)
    os.mkfifo(tmp_path / "tube.py")
    found = collect_all([link, tmp_path / "tube.py"])
    assert list(found.files) == [CORRECT.resolve()]
    assert [(r.path.name, r.reason) for r in found.refused] == [("tube.py", "not_a_regular_file")]


def test_reading_never_blocks_nor_follows_a_link(tmp_path):
    os.mkfifo(tmp_path / "tube.ipynb")
    (tmp_path / "lien.py").symlink_to(REFERENCE)
    (tmp_path / "gros.py").write_bytes(b"x" * 1000)
    done: list[object] = []

    def read_all() -> None:
        for name in ("tube.ipynb", "lien.py"):
            try:
                read_regular(tmp_path / name, 100)
            except NotRegularFile as exc:
                done.append(exc)
        done.append(file_text(tmp_path / "tube.ipynb"))

    reader = threading.Thread(target=read_all, daemon=True)
    reader.start()
    reader.join(30)  # a guard against a hang: each read returns at once
    assert not reader.is_alive(), "reading a fifo blocked"
    assert len(done) == 3 and done[2] == ""
    with pytest.raises(FileTooLarge):
        read_regular(tmp_path / "gros.py", 100)
    assert read_regular(tmp_path / "gros.py", 100, partial=True) == b"x" * 100


def test_a_submission_that_is_not_a_regular_file_is_not_gradable(tmp_path):
    from grader.errors import NotGradable

    os.mkfifo(tmp_path / "tube.ipynb")
    (tmp_path / "lien.py").symlink_to(REFERENCE)
    for name, reason in (("tube.ipynb", "not_a_regular_file"), ("lien.py", "not_a_regular_file")):
        with pytest.raises(NotGradable) as refused:
            read_submission(tmp_path / name)
        assert refused.value.reason == reason


@pytest.mark.slow
def test_a_hostile_copies_folder_is_graded_and_reported_in_full(hostile, tmp_path):
    """The command line on the folder: both honest copies 20/20, a row for each trap,
    the private line in no report, exit status 0."""
    folder = hostile
    out = tmp_path / "out"
    out.mkdir()
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "grade.py"),
            str(folder),
            "--json",
            str(out / "notes.json"),
            "--csv",
            str(out / "notes.csv"),
            "--junit",
            str(out / "junit.xml"),
            "--html",
            str(out / "html"),
            "--jobs",
            "2",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads((out / "notes.json").read_text("utf-8"))["submissions"]
    by_name = {Path(s["path"]).name: s for s in report}
    assert by_name["td.ipynb"]["mark20"] == 20 and by_name["bob.ipynb"]["mark20"] == 20
    for name, reason in (
        ("vers_correction.py", "link_outside"),
        ("vers_prive.py", "link_outside"),
        ("noyau.py", "link_outside"),
        ("tube.ipynb", "not_a_regular_file"),
    ):
        assert by_name[name]["status"] == "not_gradable" and by_name[name]["reason"] == reason, name
    assert not any(s.get("mark20") for n, s in by_name.items() if n not in ("td.ipynb", "bob.ipynb"))
    texts = [done.stdout, done.stderr] + [p.read_text("utf-8") for p in out.rglob("*") if p.is_file()]
    assert not any(SECRET_LINE in text for text in texts)
