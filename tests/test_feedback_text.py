"""What a student reads when their code did not give a value: the engine's English
descriptions are explained in the reader's language."""

import pytest

from grader.render.feedback import cell_message, failure_text
from grader.results import CellOutcome


@pytest.mark.parametrize("error, fr, en", [
    ("worker died: exit status 3", "sortie avec le code 3", "exited with status 3"),
    ("worker died: killed by signal SIGKILL", "mémoire ou temps dépassés", "memory or time exceeded"),
    ("worker died: channel corrupted", "canal réservé au correcteur", "channel reserved for the grader"),
    ("worker died: too many processes", "trop de processus", "too many processes"),
    ("value too large: 1000000", "trop grande pour être transmise", "too large to be sent"),
    ("ZeroDivisionError: division by zero", "l'appel a levé ZeroDivisionError", "the call raised ZeroDivisionError"),
])
def test_failures_are_explained_in_both_languages(error, fr, en):
    assert fr in failure_text(error, "", "fr")
    assert en in failure_text(error, "", "en")
    assert "worker died" not in failure_text(error, "", "fr")


def test_a_crashed_cell_is_explained_and_labelled_in_english():
    cell = CellOutcome(4, "cellule 4", ok=False, error="WorkerCrash",
                       message="worker died: exit status 1", first_line="os._exit(1)")
    assert "Cell 4" in cell_message(cell, "en") and "exited with status 1" in cell_message(cell, "en")
    assert "Cellule 4" in cell_message(cell, "fr") and "sortie avec le code 1" in cell_message(cell, "fr")
