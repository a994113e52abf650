"""What is read about the isolation before anyone is graded (in process): the teacher's batch,
and a student checking their own file."""

import pytest

from grader.app.cli import announce_isolation
from grader.sandbox.confine.isolation import Isolation, IsolationChoice
from grader.sandbox.confine.reasons import Reason, Unavailable

NO_BWRAP = (Unavailable(Reason.BWRAP_NOT_INSTALLED),)


@pytest.mark.parametrize(
    "lang, protected",
    [
        ("fr", "le code des élèves ne peut lire ni le corrigé ni les autres copies"),
        ("en", "student code can read neither the reference nor the other submissions"),
    ],
)
def test_a_strong_fallback_says_the_marks_are_still_protected(lang, protected, capsys):
    announce_isolation(IsolationChoice(Isolation.LANDLOCK, 7, fallback=NO_BWRAP), lang)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("Isolation") and "landlock (ABI 7)" in lines[0]
    assert "apt-get install bubblewrap" in lines[0] and lines[0].endswith(protected)


def test_a_weak_fallback_claims_no_protection_and_warns(capsys):
    announce_isolation(IsolationChoice(Isolation.BASIC, fallback=NO_BWRAP), "fr")
    err = capsys.readouterr().err
    assert "ne peut lire" not in err
    assert "ATTENTION : isolation « basic » : le code des élèves peut lire les fichiers" in err


def test_no_fallback_no_line(capsys):
    announce_isolation(IsolationChoice(Isolation.BUBBLEWRAP), "fr")
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("mode", [Isolation.BASIC, Isolation.PORTABLE])
@pytest.mark.parametrize(
    "lang, meaning",
    [
        ("fr", "il peut lire et modifier vos fichiers, comme quand vous l'exécutez vous-même."),
        ("en", "it can read and change your files, as when you run it yourself."),
    ],
)
def test_a_self_check_in_weak_isolation_says_what_it_means_in_one_sentence(mode, lang, meaning, capsys):
    announce_isolation(IsolationChoice(mode, fallback=NO_BWRAP), lang, self_check=True)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].endswith(meaning) and f"{mode.value}" in lines[0]
    for jargon in ("corrigé", "reference", "copies", "submissions", "bubblewrap", "Landlock", "--require"):
        assert jargon not in lines[0]


def test_a_self_check_in_strong_isolation_is_one_quiet_line_at_most(capsys):
    announce_isolation(IsolationChoice(Isolation.LANDLOCK, 7, fallback=NO_BWRAP), "fr", self_check=True)
    # no why, no apt-get: what it means for the marks, in a few words
    assert (
        capsys.readouterr().err
        == "isolation : landlock (ABI 7), forte (le corrigé est hors de portée du code exécuté)\n"
    )
    announce_isolation(IsolationChoice(Isolation.BUBBLEWRAP), "fr", self_check=True)
    assert capsys.readouterr().err == ""
