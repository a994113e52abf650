"""`--pdf DIR`: the class printed in one command, with each engine (WeasyPrint, headless
Chromium). Read back from the PDFs (poppler's pdftotext and pdfinfo): the sample's copy,
three questions to review (Q14, Q15, Q17), on at most two A4 pages; no answer key and no
private comment on any page; the rubric's items and the public comment on the student's
page; `classe.pdf` in the class's order, each copy starting on an odd page (a blank page
after a copy of an odd number of pages), so that two-sided printing starts every student
on a sheet of their own."""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from grader.app import cli
from grader.registry import installed
from grader.render import pdf
from grader.render.pdf import Page

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
P4 = ROOT / "tests" / "fixtures" / "puissance4"
SAMPLE = ROOT / "samples" / "eleve_puissance4.ipynb"  # Q14, Q15 and Q17 to review
BAREME = """\
exercice = "puissance4"
[points]
Q16 = 2
[grille.Q16]
horizon3 = { intitule = "horizon 3 juste", points = 1, commentaire = "Les nœuds coupés sont les bons." }
schema = { intitule = "schéma incomplet", points = -0.5 }
"""
MANUAL = (
    "élève;question;points;commentaire;grille\r\n"
    "bernard_lucas;Q16;;;horizon3 + schema\r\n"
    "dupont_marie;Q16;2;raisonnement complet;\r\n"
    "dupont_marie;;;privé : a travaillé avec martin_lea;\r\n"
    "roux_adam;Q16;;privé : réponse copiée ?;horizon3\r\n"
)
STUDENTS = ["bernard_lucas", "dupont_marie", "roux_adam"]  # the class's order: by name
ANSWER_KEY = "nœuds non explorés par alpha-bêta"


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("pdftotext") is None or shutil.which("pdfinfo") is None:
        pytest.skip("poppler-utils is not installed (apt-get install -y poppler-utils): PDFs cannot be read")
    folder = tmp_path_factory.mktemp("pdf")
    copies = folder / "copies"
    for student, source in zip(
        STUDENTS, (P4 / "bug_sans_diagonales.ipynb", P4 / "correct_listes.ipynb", SAMPLE), strict=True
    ):
        (copies / student).mkdir(parents=True)
        shutil.copy(source, copies / student / "td10.ipynb")
    (copies / "minimax-grader.toml").write_text(BAREME, encoding="utf-8")
    (folder / "classe").mkdir()
    (folder / "classe" / "manuel.csv").write_bytes(("\ufeff" + MANUAL).encode())
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "grade.py"),
            "copies",
            "--results",
            "classe",
            "--manual",
            "classe/manuel.csv",
        ],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return folder


def engines() -> list[object]:
    found = []
    if pdf.engine() is not None and pdf.engine().name == "WeasyPrint":
        found.append(pytest.param("WeasyPrint", id="weasyprint"))
    if pdf.find_browser() is not None:
        found.append(pytest.param("Chromium", id="chromium"))
    return found


@pytest.fixture(scope="module", params=engines())
def printed(request: pytest.FixtureRequest, graded: Path) -> Iterator[Path]:
    """`grade.py copies … --pdf DIR` in the class's folder, as the teacher types it (nothing
    is graded again: the record's copies), with the engine of the parameter."""
    out = graded / f"pdf-{request.param}"
    said = io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stderr(said):
        if request.param == "Chromium":
            patch.setattr(pdf, "engine", lambda: pdf.Chromium(pdf.find_browser()))
        patch.chdir(graded)
        run = ["copies", "--results", "classe", "--manual", "classe/manuel.csv", "--pdf", str(out)]
        assert cli.main(run, installed()) == 0
    assert (
        f"toute la classe dans {out / 'classe.pdf'}" in said.getvalue() and request.param in said.getvalue()
    )
    yield out


def pages_of(path: Path) -> list[str]:
    count = pdf.pdf_pages(path)
    return [
        subprocess.run(
            ["pdftotext", "-layout", "-f", str(n), "-l", str(n), str(path), "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for n in range(1, count + 1)
    ]


def test_each_student_gets_the_page_handed_back_on_a4(printed: Path) -> None:
    assert sorted(p.name for p in printed.iterdir()) == [
        "bernard_lucas.pdf",
        "classe.pdf",
        "dupont_marie.pdf",
        "roux_adam.pdf",
    ]
    for student in STUDENTS:
        info = subprocess.run(
            ["pdfinfo", str(printed / f"{student}.pdf")], capture_output=True, text=True
        ).stdout
        assert re.search(r"Page size:\s+595\.\d* x 841\.\d* pts", info), info  # A4
    sample = pages_of(printed / "roux_adam.pdf")
    assert len(sample) <= 2
    text = "".join(sample)
    for question in ("Q14 — heuristique", "Q15 — maximin/minimax", "Q17 — maximin_alpha_beta"):
        assert question in text  # the three questions to review, printed


def test_no_answer_key_nor_private_comment_is_printed_and_the_rubric_is(printed: Path) -> None:
    everything = "".join(t for p in printed.glob("*.pdf") for t in pages_of(p))
    assert ANSWER_KEY not in everything and "privé" not in everything
    assert "a travaillé avec" not in everything and "réponse copiée" not in everything
    bernard = "".join(pages_of(printed / "bernard_lucas.pdf"))
    assert "horizon 3 juste (+1) : Les nœuds coupés sont les bons." in " ".join(bernard.split())
    assert "schéma incomplet (−0,5)" in bernard
    assert "raisonnement complet" in "".join(pages_of(printed / "dupont_marie.pdf"))


def test_the_class_file_starts_each_copy_on_an_odd_page_in_the_class_order(printed: Path) -> None:
    counts = [pdf.pdf_pages(printed / f"{student}.pdf") for student in STUDENTS]
    book = pages_of(printed / "classe.pdf")
    assert len(book) == sum(count + count % 2 for count in counts)  # a blank page after each odd copy
    starts = []
    for number, text in enumerate(book, start=1):
        first = next((line.strip() for line in text.splitlines() if line.strip()), "")
        found = [s for s in STUDENTS if first.startswith(s)]
        if found:
            starts.append((found[0], number))
    expected, page = [], 1
    for student, count in zip(STUDENTS, counts, strict=True):
        expected.append((student, page))
        page += count + count % 2
    assert starts == expected and all(number % 2 == 1 for _, number in starts)
    blanks = [n for n, text in enumerate(book, start=1) if not text.strip()]
    assert len(blanks) == sum(count % 2 for count in counts)


def test_no_students_pdf_is_the_class_file_nor_anothers(tmp_path: Path) -> None:
    """Red team: a student named `classe` had their PDF renamed `classe-copie.pdf`, the
    name of the PDF of a student named `classe-copie` (one overwrote the other); `Classe`
    kept `Classe.pdf`, which is `classe.pdf`, the whole class's marks, on a file system
    that ignores case (Windows, macOS): the file sent to that student."""
    from grader.marking.printing import write_pdfs
    from grader.model.results import SubmissionResult

    class Keeper:
        name = "test"

        def print_pages(self, pages: Sequence[Page], folder: Path, book: Path | None) -> list[int]:
            self.names = [page.name for page in pages]
            return [1] * len(pages)

    students = ["classe", "classe-copie", "Classe", "CLASSE-2"]
    views = [SubmissionResult(f"{s}.ipynb", "puissance4", "graded", student=s) for s in students]
    keeper = Keeper()
    write_pdfs(views, tmp_path, "fr", keeper)
    files = [f"{name}.pdf".casefold() for name in keeper.names]
    assert len(set(files)) == len(students) and "classe.pdf" not in files
