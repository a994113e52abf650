"""The class record as files on a teacher's disk: what a run writes, what the next one
reads back, and what happens to a file that is damaged, half-written or in use."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from grader import __version__
from grader.marking import record as rec
from grader.marking.lock import RecordBusy
from grader.marking.record import Entry, Record, Seen, entry_name, plan
from grader.model.results import QuestionResult, QuestionStatus, SubmissionResult, SubmissionStatus
from grader.model.text import Text


def outcome(student: str = "dupont") -> SubmissionResult:
    question = QuestionResult("Q16", Text("élagage", "pruning"), 0.0, QuestionStatus.MANUAL)
    return SubmissionResult(
        f"copies/{student}/td10.ipynb",
        "puissance4",
        SubmissionStatus.GRADED,
        questions=[question],
        student=student,
    )


def entry(path: Path, student: str = "dupont", **changes) -> Entry:
    values = {
        "student": student,
        "path": str(path.resolve()),  # absolute, as on another drive (relative works alike)
        "root": str(path.parent.parent.resolve()),
        "sha256": rec.file_hash(path),
        "grader_version": __version__,
        "settings": "s1",
        "graded_at": rec.now(),
        "outcome": outcome(student),
        **changes,
    }
    return Entry(**values)


@pytest.fixture
def copy(tmp_path):
    path = tmp_path / "copies" / "dupont" / "td10.ipynb"
    path.parent.mkdir(parents=True)
    path.write_text('{"cells": []}')
    return path


def test_an_entry_written_is_read_back_whole(tmp_path, copy):
    folder = tmp_path / "classe"
    with Record(folder, SubmissionResult).open() as record:
        record.put(entry(copy, seen={"Q14": Seen("1,5", "vu", 1.0)}))
    with Record(folder, SubmissionResult).open() as record:
        read = record.entries["dupont"]
    assert read.outcome.questions[0].title.en == "pruning"
    assert read.seen == {"Q14": Seen("1,5", "vu", 1.0)}
    assert not record.absent(read) and record.student_at(copy) == "dupont"
    assert record.roots() == [copy.parent.parent.resolve()]
    data = json.loads((folder / "record" / entry_name("dupont")).read_text("utf-8"))
    assert (data["format"], data["version"], data["grader_version"]) == (
        "minimax-grader-record",
        1,
        __version__,
    )
    assert [p.name for p in (folder / "record").iterdir()] == [entry_name("dupont")]  # no temporary left


def test_a_copy_whose_file_is_gone_is_marked_absent(tmp_path, copy):
    with Record(tmp_path / "classe", SubmissionResult).open() as record:
        record.put(entry(copy))
        copy.unlink()
        assert record.absent(record.entries["dupont"])


def test_a_write_that_fails_leaves_the_previous_entry_and_no_half_file(tmp_path, copy, monkeypatch):
    folder = tmp_path / "classe"
    with Record(folder, SubmissionResult).open() as record:
        record.put(entry(copy, settings="before"))
        before = record.file_of("dupont").read_bytes()

        def full_disk(*args):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(rec.os, "replace", full_disk)
        with pytest.raises(OSError):
            record.put(entry(copy, settings="after"))
    assert (folder / "record" / entry_name("dupont")).read_bytes() == before
    assert sorted(p.name for p in (folder / "record").iterdir()) == [entry_name("dupont")]


@pytest.mark.parametrize(
    "text",
    [
        "{ pas du json",
        json.dumps({"format": "minimax-grader-record", "version": 99}),
        json.dumps({"format": "autre chose"}),
        "[1, 2]",
    ],
)
def test_a_damaged_entry_is_reported_and_its_copy_graded_again(tmp_path, copy, text):
    folder = tmp_path / "classe"
    (folder / "record").mkdir(parents=True)
    damaged = folder / "record" / entry_name("dupont")
    damaged.write_text(text, encoding="utf-8")
    with Record(folder, SubmissionResult).open() as record:
        assert [d.file for d in record.damaged] == [damaged] and record.entries == {}
        assert plan(record, {copy: "dupont"}, __version__, "s1").reasons == {"dupont": "damaged"}
        record.put(entry(copy))
    assert damaged.with_name(damaged.name + ".damaged").read_text("utf-8") == text  # kept aside, not lost
    with Record(folder, SubmissionResult).open() as record:
        assert record.damaged == [] and "dupont" in record.entries


def test_an_entry_edited_into_another_students_file_is_not_trusted(tmp_path, copy):
    folder = tmp_path / "classe"
    with Record(folder, SubmissionResult).open() as record:
        record.put(entry(copy))
    os.replace(folder / "record" / entry_name("dupont"), folder / "record" / entry_name("martin"))
    with Record(folder, SubmissionResult).open() as record:
        assert record.entries == {} and len(record.damaged) == 1


def test_only_new_changed_or_differently_graded_copies_are_graded(tmp_path, copy):
    other = copy.parent.parent / "martin" / "td10.ipynb"
    other.parent.mkdir()
    other.write_text('{"cells": [1]}')
    files = {copy: "dupont", other: "martin"}
    with Record(tmp_path / "classe", SubmissionResult).open() as record:
        assert plan(record, files, __version__, "s1").reasons == {"dupont": "new", "martin": "new"}
        record.put(entry(copy))
        record.put(entry(other, "martin"))
        unchanged = plan(record, files, __version__, "s1")
        assert unchanged.to_grade == {} and unchanged.unchanged == ["dupont", "martin"]
        copy.write_text('{"cells": [2]}')
        assert plan(record, files, __version__, "s1").reasons == {"dupont": "changed"}
        assert plan(record, {other: "martin"}, "9.9", "s1").reasons == {"martin": "version"}
        assert plan(record, {other: "martin"}, __version__, "s2").reasons == {"martin": "settings"}
        assert plan(record, {other: "martin"}, __version__, "s1", regrade=True).reasons == {
            "martin": "regrade"
        }


def test_a_second_run_on_the_same_record_is_refused_while_the_first_holds_it(tmp_path):
    folder = tmp_path / "classe"
    with Record(folder, SubmissionResult).open():
        with pytest.raises(RecordBusy) as busy, Record(folder, SubmissionResult).open():
            pass
        assert f"pid {os.getpid()}" in busy.value.holder
    with Record(folder, SubmissionResult).open():  # released: the next run may
        pass


def test_another_process_holding_the_record_is_named_and_its_death_frees_it(tmp_path):
    folder = tmp_path / "classe"
    folder.mkdir()
    holder = textwrap.dedent(
        f"""
        import sys, time
        from pathlib import Path
        from grader.marking.lock import locked
        with locked(Path({str(folder / "record.lock")!r})):
            print("held", flush=True)
            time.sleep(60)
        """
    )
    child = subprocess.Popen(
        [sys.executable, "-c", holder],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    try:
        assert child.stdout.readline().strip() == "held"
        with pytest.raises(RecordBusy) as busy, Record(folder, SubmissionResult).open():
            pass
        assert f"pid {child.pid}" in busy.value.holder
    finally:
        child.kill()
        child.wait()
        child.stdout.close()
    with Record(folder, SubmissionResult).open():  # a killed run leaves no stale lock
        pass


def test_entry_files_are_distinct_for_names_that_look_alike():
    names = {entry_name(n) for n in ("Élodie Dupré", "Elodie Dupre", "élodie dupré", "../../etc", "CON")}
    assert len(names) == 5 and all("/" not in n and n.endswith(".json") for n in names)


def test_a_copy_whose_path_is_not_utf8_is_recorded_and_read_back(tmp_path):
    """Issue 40: an archive unzipped on Linux keeps raw bytes in a folder name; the record's
    entry for it could not be written (`UnicodeEncodeError … '\\udce9'`), nor any report."""
    raw = tmp_path / "copies" / b"caf\xe9_\xff".decode("utf-8", "surrogateescape") / "td10.ipynb"
    raw.parent.mkdir(parents=True)
    raw.write_text('{"cells": []}')
    folder = tmp_path / "classe"
    student = "caf\\xe9_\\xff"  # the name as grader.reading.students shows it
    with Record(folder, SubmissionResult).open() as record:
        record.put(entry(raw, student=student))
    text = (folder / "record" / entry_name(student)).read_bytes().decode("utf-8")
    assert "\\udce9" in text
    with Record(folder, SubmissionResult).open() as record:
        assert record.student_at(raw) == student and not record.damaged
    # a name that still holds the raw bytes gets a file name too (hashed with surrogateescape)
    assert entry_name(raw.parent.name).endswith(".json")


def test_a_run_that_requires_strong_isolation_grades_again_every_copy_graded_under_a_weak_one(tmp_path):
    """Issue 40: a mark obtained under basic isolation survived `--require-isolation strong`
    (20/20 kept, exit 0): the record's settings key leaves the isolation out."""
    from dataclasses import replace

    from grader.sandbox.confine.isolation import Isolation

    copies = {}
    for student, isolation in [
        ("basic", Isolation.BASIC),
        ("bwrap", Isolation.BUBBLEWRAP),
        ("ll", Isolation.LANDLOCK),
    ]:
        path = tmp_path / "copies" / student / "td10.ipynb"
        path.parent.mkdir(parents=True)
        path.write_text(student)
        copies[path] = (student, isolation)
    files = {path: student for path, (student, _) in copies.items()}
    with Record(tmp_path / "classe", SubmissionResult).open() as record:
        for path, (student, isolation) in copies.items():
            record.put(entry(path, student, outcome=replace(outcome(student), isolation=isolation)))
        assert plan(record, files, __version__, "s1").to_grade == {}
        assert plan(record, files, __version__, "s1", strong=True).reasons == {"basic": "isolation"}


def test_a_copy_gone_since_it_was_named_has_an_empty_hash_not_an_error(tmp_path):
    # The record (storing a result) and the marking page (a copy changed on disk?) both
    # ask for the hash of a file that may have been moved away meanwhile.
    path = tmp_path / "td10.py"
    path.write_bytes(b"def copie(jeu):\n    return jeu\n")
    assert rec.file_hash_or_empty(path) == rec.file_hash(path) != ""
    path.unlink()
    assert rec.file_hash_or_empty(path) == ""
    with pytest.raises(FileNotFoundError):
        rec.file_hash(path)
