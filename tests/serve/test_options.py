"""`--serve`, `--port`, `--no-browser` and `--pdf` on the command line: what stops a run
before anything is graded (one French usage line, exit 2), and `--results DIR --serve`
alone finding the class's barème and manual table."""

from __future__ import annotations

import socket

import pytest

from grader.app import cli
from grader.app.page import usage_problem
from grader.marking.workflow import ClassRun
from grader.model.settings import Settings
from grader.registry import installed
from grader.render import pdf
from grader.serve.desk import Desk
from grader.serve.server import graphical
from tests.marking.classroom import answered, make_class

EXERCISES = installed()


@pytest.fixture
def room(tmp_path):
    return make_class(tmp_path, {"dupont_marie": (answered("les nœuds 0-6-6"), ())})


def usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stopped:
        cli.main(argv, EXERCISES)
    assert stopped.value.code == 2
    return capsys.readouterr().err


def test_the_page_needs_the_class_record(room, capsys):
    said = usage_error([str(room.copies), "--serve"], capsys)
    assert "--serve demande --results DOSSIER" in said


def test_a_port_in_use_is_said_before_anything_is_graded(room, capsys):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = taken.getsockname()[1]
        said = usage_error([*room.arguments(), "--serve", "--port", str(port)], capsys)
    finally:
        taken.close()
    assert f"--port {port} : ce port est déjà pris" in said
    assert not room.manual.exists()  # the run did not start: no table made


def test_no_pdf_engine_is_said_before_anything_is_graded(room, capsys, monkeypatch):
    monkeypatch.setattr(pdf, "engine", lambda: None)
    said = usage_error([*room.arguments(), "--pdf", str(room.folder / "pdf")], capsys)
    assert 'pip install "minimax-grader[pdf]"' in said and "apt-get install chromium" in said


def test_the_record_alone_finds_its_barème_and_the_table_beside_it(room):
    args = cli.build_parser(EXERCISES, []).parse_args(["--results", str(room.results), "--serve"])
    assert usage_problem(args, "fr") is None
    with ClassRun.open(args, Settings(lang="fr"), EXERCISES):  # as the command line does
        pass
    assert args.manual == room.results / "manuel.csv"
    desk = Desk(args, Settings(lang="fr"), EXERCISES)
    desk.refresh()
    assert desk.snapshot.bareme.path.resolve() == room.bareme.resolve()  # the class folder's
    assert desk.snapshot.rubric("Q16") and desk.snapshot.copy("dupont_marie").view.mark == 17.95
    assert room.bareme.resolve() in [p.resolve() for p in desk.watched()]


def test_the_page_takes_the_table_the_record_remembers_before_the_one_beside_it(room, capsys):
    # the teacher gave points with --manual elsewhere; the page opened later without it
    # shows and writes that table, not a new empty one in the results folder
    elsewhere = room.folder / "points-q16.csv"
    assert cli.main(["--results", str(room.results), "--manual", str(elsewhere)], EXERCISES) == 0
    assert elsewhere.is_file()
    capsys.readouterr()
    args = cli.build_parser(EXERCISES, []).parse_args(["--results", str(room.results), "--serve"])
    assert usage_problem(args, "fr") is None
    with ClassRun.open(args, Settings(lang="fr"), EXERCISES) as run:
        said = run.messages
    assert args.manual == elsewhere and not (room.results / "manuel.csv").exists()
    assert said == [
        f"Points à la main : {elsewhere} (ceux de la dernière correction ; --manual pour une autre table)"
    ]


def test_a_browser_is_opened_only_where_one_can_show_a_window(monkeypatch):
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert not graphical()  # a text browser would take the terminal over
    monkeypatch.setenv("DISPLAY", ":0")
    assert graphical()
