"""What a student reads when their code did not give a value: typed failures (a crash's
cause, a refused value, a timeout, an exception) are worded in the reader's language."""

import dataclasses

import pytest

from grader.errors import CallTimeout, Crash, LoopSeen, SizeUnit, StudentCodeError, ValueTooLarge, WorkerCrash
from grader.model.results import CellOutcome, CellStatus, Place, PlaceKind, SubmissionResult, failure_of
from grader.render.feedback import cell_message, detection_message, failure_text
from grader.render.terminal import render_summary


@pytest.mark.parametrize(
    "failure, fr, en",
    [
        (WorkerCrash(Crash.EXIT, "3"), "sortie avec le code 3", "exited with status 3"),
        (WorkerCrash(Crash.SIGNAL, "SIGKILL"), "mémoire ou temps dépassés", "memory or time exceeded"),
        (WorkerCrash(Crash.SIGNAL, "SIGXCPU"), "temps de calcul épuisé", "CPU time used up"),
        (WorkerCrash(Crash.SIGNAL, "SIGSEGV"), "arrêté par le signal SIGSEGV", "stopped by signal SIGSEGV"),
        (WorkerCrash(Crash.CHANNEL), "canal réservé au correcteur", "channel reserved for the grader"),
        (WorkerCrash(Crash.PROCESSES), "trop de processus", "too many processes"),
        (WorkerCrash(Crash.RESTARTS), "arrêté trop souvent", "stopped too often"),
        (WorkerCrash(Crash.CLOSED), "s'est fermé", "closed"),
        (ValueTooLarge(1000000, SizeUnit.VALUES), "1000000 valeurs", "1000000 values"),
        (ValueTooLarge(70000000, SizeUnit.BYTES), "70000000 octets", "70000000 bytes"),
        (CallTimeout(2.5), "temps imparti (2,5 s)", "in time (2.5 s)"),
        (
            StudentCodeError("ZeroDivisionError", "division by zero"),
            "l'appel a levé ZeroDivisionError",
            "the call raised ZeroDivisionError",
        ),
    ],
)
def test_failures_are_explained_in_both_languages(failure, fr, en):
    assert fr in failure_text(failure_of(failure), "fr")
    assert en in failure_text(failure_of(failure), "en")
    assert "worker died" not in failure_text(failure_of(failure), "fr")


def test_every_crash_cause_has_its_sentence():
    for cause in Crash:
        for lang in ("fr", "en"):
            text = failure_text(failure_of(WorkerCrash(cause, "1")), lang)
            assert "crash." not in text and "worker died" not in text, text


def test_the_failing_line_is_placed_in_the_readers_words():
    failure = failure_of(StudentCodeError("NameError", "x", 7, "cellule 4"), Place(PlaceKind.CELL, 4))
    assert "(cellule 4, ligne 7)" in failure_text(failure, "fr")
    assert "(cell 4, line 7)" in failure_text(failure, "en")
    lines = failure_of(StudentCodeError("NameError", "x", 12, "lignes 10-24"), Place(PlaceKind.LINES, 10, 24))
    assert "(lines 10-24, line 12)" in failure_text(lines, "en")


def test_a_crashed_cell_is_explained_and_labelled_in_english():
    cell = CellOutcome(
        4,
        "cellule 4",
        ok=False,
        status=CellStatus.CRASH,
        first_line="os._exit(1)",
        failure=failure_of(WorkerCrash(Crash.EXIT, "1")),
        place=Place(PlaceKind.CELL, 4),
    )
    assert "Cell 4" in cell_message(cell, "en") and "exited with status 1" in cell_message(cell, "en")
    assert "Cellule 4" in cell_message(cell, "fr") and "sortie avec le code 1" in cell_message(cell, "fr")


def test_timed_out_and_skipped_cells_are_statuses_not_words():
    timeout = CellOutcome(
        2,
        "cellule 2",
        ok=False,
        status=CellStatus.TIMEOUT,
        place=Place(PlaceKind.CELL, 2),
        failure=failure_of(CallTimeout(3.0)),
    )
    skipped = CellOutcome(3, "cellule 3", ok=False, status=CellStatus.SKIPPED, place=Place(PlaceKind.CELL, 3))
    assert "time limit exceeded (3 s)" in cell_message(timeout, "en")
    assert "endless loop" in cell_message(timeout, "en")
    assert "Skipped" not in cell_message(skipped, "fr") and "non exécutée" in cell_message(skipped, "fr")
    assert (timeout.error_type, skipped.error_type) == ("Timeout", "Skipped")  # the JSON report's names


def test_an_endless_loop_is_explained_with_its_line_and_what_repeats():
    source = "i = 0\nwhile i < 3:\n    x = i\n"
    loop = LoopSeen(2, "cellule 2", ("i = 0",))
    cell = CellOutcome(
        2,
        "cellule 2",
        ok=False,
        status=CellStatus.TIMEOUT,
        place=Place(PlaceKind.CELL, 2, source=source),
        failure=failure_of(CallTimeout(5.0, loop)),
        line=2,
        failing_line="while i < 3:",
    )
    fr, en = cell_message(cell, "fr"), cell_message(cell, "en")
    assert "ligne 2 : boucle sans fin : son état se répète à l'identique d'un tour à l'autre (i = 0)" in fr
    assert "« while i < 3: »" in fr and "limite de 5 s" in fr and "quelque chose doit changer" in fr
    assert "line 2: endless loop: its state is the same from one turn to the next (i = 0)" in en
    assert "“while i < 3:”" in en and "temps" not in en
    call = failure_of(CallTimeout(5.0, loop), Place(PlaceKind.CELL, 2, source=source))
    assert failure_text(call, "fr") == (
        "l'appel ne termine pas : boucle sans fin (cellule 2, ligne 2 — « while i < 3: »), "
        "son état se répète à l'identique d'un tour à l'autre (i = 0)"
    )
    assert failure_text(call, "en").startswith("the call does not finish: endless loop (cell 2, line 2")


def test_a_module_blocks_hints_speak_of_blocks_not_cells():
    lines = Place(PlaceKind.LINES, 3, 5, source="while True:\n    pass\n")
    timeout = CellOutcome(
        3,
        "lignes 3-5",
        ok=False,
        status=CellStatus.TIMEOUT,
        place=lines,
        failure=failure_of(CallTimeout(5.0)),
    )
    fr, en = cell_message(timeout, "fr"), cell_message(timeout, "en")
    assert "ce bloc a été arrêté, les suivants ont été exécutés" in fr and "cellule" not in fr
    assert "this block was stopped, the following blocks were run" in en and "cell" not in en
    eof = CellOutcome(3, "lignes 3-5", ok=False, error="EOFError", place=lines)
    assert "seul ce bloc est ignoré" in cell_message(eof, "fr")


def test_the_summary_cuts_long_names_with_an_ellipsis_and_counts_the_graded():
    long_name = "un_nom_de_dossier_beaucoup_trop_long_pour_la_colonne_des_noms"
    graded = SubmissionResult("a.ipynb", "puissance4", "graded", student=long_name)
    broken = SubmissionResult("b.ipynb", None, "not_gradable", reason="empty", student="b")
    lines = render_summary([graded, broken], "fr").splitlines()
    assert lines[1].startswith(long_name[:39] + "… ") and long_name not in lines[1]
    assert lines[2] == "b" + " " * 39 + "      —       fichier vide"
    assert lines[-1] == "Bilan : 2 copie(s), dont 1 corrigée(s) ; moyenne 0 / 20"
    assert render_summary([broken], "en").splitlines()[-1] == "Summary: 1 submission(s), none graded"
    assert render_summary([graded], "en").splitlines()[-1] == "Summary: 1 submission(s), mean 0 / 20"


def test_the_summary_counts_copies_not_the_class_lists_students_without_one():
    # Seen on a class of 6 with 4 copies: "Bilan : 6 copie(s), dont 4 corrigée(s)" (the
    # two rows "pas de copie" counted as copies).
    graded = [SubmissionResult(f"{n}.ipynb", "puissance4", "graded", student=n) for n in "ab"]
    absent = SubmissionResult("", None, "not_gradable", reason="no_copy", student="PETIT Tom")
    lines = render_summary([*graded, absent], "fr").splitlines()
    assert lines[-2].startswith("PETIT Tom") and lines[-2].endswith("pas de copie")
    assert lines[-1] == "Bilan : 2 copie(s), moyenne 0 / 20"
    assert render_summary([absent], "en").splitlines()[-1] == "Summary: 0 submission(s), none graded"


def test_the_summary_counts_a_student_s_other_files_apart_from_the_copies():
    # Seen on a Moodle class of 4 copies, two students with a draft beside: "Bilan : 6
    # copie(s), dont 4 corrigée(s)" read as two copies left ungraded.
    graded = [SubmissionResult(f"{n}.ipynb", "puissance4", "graded", student=n) for n in "ab"]
    draft = SubmissionResult("a/brouillon.ipynb", None, "not_gradable", reason="extra_file", student="a")
    broken = SubmissionResult("c.ipynb", None, "not_gradable", reason="empty", student="c")
    absent = SubmissionResult("", None, "not_gradable", reason="no_copy", student="PETIT Tom")
    assert render_summary([*graded, draft, absent], "fr").splitlines()[-1] == (
        "Bilan : 2 copie(s), moyenne 0 / 20 ; 1 autre(s) fichier(s) d'élève non corrigé(s)"
    )
    assert render_summary([*graded, broken, draft], "en").splitlines()[-1] == (
        "Summary: 3 submission(s), 2 graded; mean 0 / 20; 1 other file(s) of students not graded"
    )


def test_an_exercise_recognised_from_the_text_names_no_names():
    result = SubmissionResult("a.py", "morpion", "graded", detected_by="")
    assert detection_message(result, "fr") == "Exercice détecté : morpion"
    result = dataclasses.replace(result, detected_by="wins, evaluate")
    assert detection_message(result, "en") == "Exercise detected: morpion (names found: wins, evaluate)"


def test_the_name_of_the_copy_graded_instead_cannot_forge_a_line_of_the_summary():
    """Red team: in Eve's Moodle folder, a copy named `x⏎MARTIN Léa   20 / 20.py` (the
    newest, graded) and a draft beside it: the draft's row said `corrigé : x` and the
    terminal printed the rest as a line of its own, a mark of MARTIN Léa's."""
    forged = "x\nMARTIN Léa                            20 / 20\r.py"
    eve = SubmissionResult(f"eve/{forged}", "puissance4", "graded", student="DURAND Eve")
    draft = dataclasses.replace(
        SubmissionResult("eve/brouillon.ipynb", None, "not_gradable", reason="extra_file"),
        student="DURAND Eve/brouillon.ipynb",
        detail=f"{forged}|newest",
    )
    lines = render_summary([eve, draft], "fr").splitlines()
    assert len(lines) == 4 and not any(line.startswith("MARTIN") for line in lines)
    assert "corrigé : x\\nMARTIN Léa" in lines[2] and "\r" not in lines[2]
