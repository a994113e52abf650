"""The HTML reports, from hand-made results (no grading): structure, statistics, escaping."""

import dataclasses
import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

from grader.checking.bareme import mark_of
from grader.checking.declare import note
from grader.model.results import (
    CellOutcome,
    CheckResult,
    CheckStatus,
    Evidence,
    Failure,
    FailureKind,
    QuestionResult,
    QuestionStatus,
    SubmissionKind,
    SubmissionResult,
    SubmissionStatus,
)
from grader.model.text import Text
from grader.render.feedback import check_message, check_parts
from grader.render.html_report import (
    capped_printed,
    histogram,
    page_names,
    question_stats,
    safe_name,
    submission_page,
    write_html,
)

BOARD = "0| - - -\n1| 1 2 -\n   0 1 2"
HOSTILE = "<script>alert(1)</script>"
KEY = "horizon 3 : nœuds non explorés 0-6-6, 6-6"


def check(name, status, points=1.0, evidence=None, failure=None):
    earned = points if status is CheckStatus.PASSED else 0.0
    return CheckResult(
        name, Text(f"vérifie {name}", f"checks {name}"), points, status, evidence, failure, earned
    )


def question(qid, *statuses, max_score=None):
    """A question whose checks have `statuses` (1 point each); its status follows them."""
    checks = [check(f"{qid}_{i}", s) for i, s in enumerate(statuses)]
    passed = sum(s is CheckStatus.PASSED for s in statuses)
    status = (
        QuestionStatus.PASSED
        if passed == len(statuses)
        else QuestionStatus.PARTIAL
        if passed
        else QuestionStatus.FAILED
    )
    return QuestionResult(
        qid,
        f"titre {qid}",
        max_score or float(len(statuses)),
        status,
        checks,
        score=passed,
        auto_score=passed,
    )


def manual():
    return QuestionResult("Q3", "élagage", 0.0, QuestionStatus.MANUAL, answer_key=KEY)


def submission(student, questions, **fields):
    scored = mark_of(tuple(questions))  # the mark as the scoring pass gives it
    fields.update(score=scored.score, max_score=scored.max_score, mark=scored.mark)
    return SubmissionResult(
        f"copies/{student}.ipynb",
        "puissance4",
        SubmissionStatus.GRADED,
        kind=SubmissionKind.NOTEBOOK,
        student=student,
        questions=questions,
        detected_by="copie",
        **fields,
    )


P, F, E = CheckStatus.PASSED, CheckStatus.FAILED, CheckStatus.ERROR


def class_results():
    """Four students: Q1 passed by 3, partial for 1; Q2 passed by 1, failed by 2, missing for 1."""
    evidence = Evidence("heuristique(jeu1)", "2", "106", BOARD, Text("remarque fr", "note en"))
    failing = CheckResult("Q2_0", Text("bonne valeur sur jeu1", "right value on jeu1"), 1.0, F, evidence)
    missing = QuestionResult("Q2", "titre Q2", 2.0, QuestionStatus.MISSING, missing=["heuristique"])
    q2_bob = question("Q2", F, F)
    q2_bob = replace(q2_bob, checks=(failing, q2_bob.checks[1]))
    return [
        submission("alice", [question("Q1", P, P), question("Q2", P, P), manual()]),
        submission(
            "bob",
            [question("Q1", P, P), q2_bob, manual()],
            printed=HOSTILE,
            cells=[CellOutcome(3, "cellule 3", False, "EOFError", "input() indisponible", 2, "jeu = init()")],
            total_cells=4,
        ),
        submission("chloé", [question("Q1", P, F), question("Q2", F, F), manual()]),
        submission("david", [question("Q1", P, P), missing, manual()]),
        SubmissionResult(
            "copies/casse.ipynb",
            None,
            SubmissionStatus.NOT_GRADABLE,
            reason="invalid_json",
            detail="Expecting value: line 1",
            student="casse",
        ),
    ]


class Page(HTMLParser):
    """The links, the SVG texts and the visible text of a page."""

    def __init__(self, text):
        super().__init__()
        self.links, self.svg_texts, self.tags, self.chunks, self._in = [], [], [], [], []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag == "a" and dict(attrs).get("href"):
            self.links.append(dict(attrs)["href"])
        self._in.append(tag)

    def handle_endtag(self, tag):
        if tag in self._in:
            del self._in[len(self._in) - 1 - self._in[::-1].index(tag) :]

    def handle_data(self, data):
        self.chunks.append(data)
        if self._in and self._in[-1] == "text":
            self.svg_texts.append(data)

    @property
    def text(self):
        return " ".join(" ".join(self.chunks).split())


@pytest.fixture
def report(tmp_path):
    results = class_results()
    index = write_html(results, tmp_path / "html")
    return results, index


def test_one_page_per_submission_and_the_index(report):
    _results, index = report
    assert index == index.parent / "index.html"
    files = sorted(p.name for p in index.parent.iterdir())
    assert files == sorted(["index.html", "alice.html", "bob.html", "chloe.html", "david.html", "casse.html"])


def test_every_link_resolves_to_a_file(report):
    _, index = report
    for page in index.parent.glob("*.html"):
        for href in Page(page.read_text(encoding="utf-8")).links:
            target = href.split("#")[0]
            if target:
                assert (index.parent / target).is_file(), (page.name, href)
            else:  # an anchor on the same page exists
                assert f'id="{href[1:]}"' in page.read_text(encoding="utf-8")
    links = Page(index.read_text(encoding="utf-8")).links
    assert {"alice.html", "bob.html", "chloe.html", "david.html", "casse.html"} <= set(links)


def test_page_names_are_safe_and_unique():
    results = [
        SubmissionResult(f"{i}.py", None, SubmissionStatus.GRADED, student=s)
        for i, s in enumerate(
            ["Élodie Dupré", "élodie dupré", "../../etc/passwd", "index", "", "<b>", "ÉLODIE_DUPRÉ"]
        )
    ]
    results[4] = dataclasses.replace(results[4], path="dossier/sans_nom.ipynb")  # no student: the file's stem
    names = page_names(results)
    assert names == [
        "Elodie_Dupre.html",
        "elodie_dupre-2.html",
        "etc_passwd.html",
        "index-2.html",
        "sans_nom.html",
        "b.html",
        "ELODIE_DUPRE-3.html",
    ]
    assert len({n.lower() for n in names}) == len(names)
    assert all(re.fullmatch(r"[A-Za-z0-9_-]+\.html", n) for n in names)
    assert safe_name("???") == "copie"


def test_histogram_bins_of_two_points():
    counts = histogram([0, 1.99, 2, 10, 19.99, 20, 18])
    assert counts == [2, 1, 0, 0, 0, 1, 0, 0, 0, 3]


def test_histogram_drawn_on_the_index(report):
    results, index = report
    page = Page(index.read_text(encoding="utf-8"))
    marks = [r.mark20 for r in results if r.graded]
    assert marks == [20.0, 10.0, 5.0, 10.0]  # 4/4, 2/4, 1/4, 2/4 points
    assert histogram(marks) == [0, 0, 1, 0, 0, 2, 0, 0, 0, 1]
    labels = [f"{2 * i}–{2 * i + 2}" for i in range(10)]
    assert [t for t in page.svg_texts if t in labels] == labels
    bars = [t for t in page.svg_texts if t.isdigit()]
    assert bars == ["1", "2", "1"]  # the non-empty bins, left to right
    heights = [int(a["height"]) for tag, a in page.tags if tag == "rect"]
    assert len(heights) == 10 and heights[5] == 2 * heights[2] == 2 * heights[9] > 0
    assert heights.count(0) == 7


def test_success_rates_per_question_in_the_sheets_order():
    stats = question_stats(class_results())
    assert [s.exercise for s in stats] == ["puissance4"]
    q1, q2 = stats[0].rates  # the manual Q3 is left out, the not gradable copy too
    assert (q1.id, q1.total, q1.counts) == ("Q1", 4, {"passed": 3, "partial": 1})
    assert (q2.id, q2.total, q2.counts) == ("Q2", 4, {"passed": 1, "failed": 2, "missing": 1})
    assert q1.share("passed") == 75 and q2.share("failed") == 50
    assert q1.mean_score == pytest.approx((2 + 2 + 1 + 2) / 4)


def test_success_rates_on_the_index(report):
    _, index = report
    html = index.read_text(encoding="utf-8")
    rows = re.findall(r"<tr[^>]*>\s*<td>(Q\d)</td>.*?</tr>", html, re.S)
    assert rows == ["Q1", "Q2"]
    q2_row = re.search(r"<tr class=\"struggled\">\s*<td>Q2</td>(.*?)</tr>", html, re.S).group(1)
    assert "25 %" in q2_row  # 1 of 4 passed: below half, in bold
    assert "2 échouées" in Page(q2_row).text and "1 absente" in Page(q2_row).text
    assert 'width: 50.00%' in q2_row


def test_hostile_text_is_shown_as_text(tmp_path):
    results = class_results()
    results[1] = dataclasses.replace(results[1], student=HOSTILE)  # a folder name is student-controlled too
    results[1].questions[1].checks[0].evidence.obtained = '"><img src=x onerror=alert(1)>'
    index = write_html(results, tmp_path)
    for page in tmp_path.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "<script" not in html and "<img" not in html, page.name
    bob = (tmp_path / "script_alert_1_script.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in bob
    assert HOSTILE in Page(bob).text and '"><img src=x onerror=alert(1)>' in Page(bob).text
    assert HOSTILE in Page(index.read_text(encoding="utf-8")).text


def test_failed_check_shows_call_expected_obtained_and_the_board(report):
    _, index = report
    bob = (index.parent / "bob.html").read_text(encoding="utf-8")
    text = Page(bob).text
    for part in (
        "Appel heuristique(jeu1)",
        "Attendu 2",
        "Obtenu 106",
        "Remarque remarque fr",
        "bonne valeur sur jeu1 (échec, 1 pt)",
        "Cellule 3 (« jeu = init() »), ligne 2 : EOFError",
        "input() ne peut pas servir pendant la correction",
    ):
        assert part in text, part
    assert f'<pre class="board">{BOARD}</pre>' in bob
    assert 'id="Q2"' in bob and 'href="#Q2"' in bob and 'id="Q1"' not in bob  # passed: no block
    david = Page((index.parent / "david.html").read_text(encoding="utf-8")).text
    assert "heuristique n'est pas défini" in david


def test_check_parts_are_the_text_feedback_laid_out():
    failing = class_results()[1].questions[1].checks[0]
    parts = check_parts(failing, "fr")
    assert parts.rows == [
        ("Appel", "heuristique(jeu1)"),
        ("Attendu", "2"),
        ("Obtenu", "106"),
        ("Remarque", "remarque fr"),
    ]
    assert parts.board == BOARD
    assert check_message(failing, "fr").splitlines()[:4] == [
        "Appel : heuristique(jeu1)",
        "Attendu : 2",
        "Obtenu : 106",
        "Remarque : remarque fr",
    ]
    raised = check("c", E, failure=Failure(FailureKind.RAISED, ename="NameError", evalue="x"))
    assert check_parts(raised, "en").rows == [("", "the call raised NameError: x")]


def test_not_gradable_listed_with_its_reason(report):
    _, index = report
    text = Page(index.read_text(encoding="utf-8")).text
    assert "Copies non corrigées" in text
    assert "le fichier n'est pas un notebook valide (JSON illisible)" in text
    assert "Expecting value: line 1" in text
    page = Page((index.parent / "casse.html").read_text(encoding="utf-8")).text
    assert "non corrigée" in page and "JSON illisible" in page


def test_manual_answer_key_for_the_teacher_only(report):
    results, index = report
    html = index.read_text(encoding="utf-8")
    text = Page(html).text
    assert "Corrigé des questions manuelles" in text
    assert text.count(KEY) == 1  # once, though four students have the question
    assert text.index("Corrigé des questions manuelles") < text.index(KEY)
    # the teacher's page of a copy: the student's answer to grade, beside the key (issue 27)
    alice = Page((index.parent / "alice.html").read_text(encoding="utf-8")).text
    assert "Questions corrigées à la main" in alice and "Réponse de l'élève" in alice and KEY in alice
    assert "Pas de réponse trouvée" in alice  # this alice wrote no Q3 heading
    # the page handed back to the student: neither the key nor the answer section
    released = Page(submission_page(results[0], "fr", released=True)).text
    assert KEY not in released and "Questions corrigées à la main" not in released
    assert "Retour au tableau" not in released


def test_the_students_own_answer_is_shown_to_the_teacher(tmp_path):
    (alice, *_) = class_results()
    alice = dataclasses.replace(alice, answers={"Q3": "**Q3.** Les nœuds coupés : <b>6</b>"})
    page = submission_page(alice, "fr")
    assert "**Q3.** Les nœuds coupés : &lt;b&gt;6&lt;/b&gt;" in page  # shown as text, never as HTML
    assert "Pas de réponse trouvée" not in Page(page).text


def test_self_contained_no_network_no_script(report):
    _, index = report
    for page in index.parent.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:|//)""", html, re.I), page.name
        assert not re.search(r"https?://|@import|url\(|<link|<script|<iframe", html, re.I), page.name
        assert "<style>" in html and "@media print" in html


def test_language_attribute_and_english(tmp_path, report):
    _, index = report
    for page in index.parent.glob("*.html"):
        assert '<html lang="fr">' in page.read_text(encoding="utf-8")
    english = write_html(class_results(), tmp_path / "en", lang="en")
    html = english.read_text(encoding="utf-8")
    assert '<html lang="en">' in html
    assert "Answer key of the manual questions" in html and "Class results" in html
    bob = Page((english.parent / "bob.html").read_text(encoding="utf-8")).text
    assert "Expected 2" in bob and "Obtained 106" in bob and "note en" in bob


def test_printed_text_is_capped():
    printed = "ligne\n" * 10_000
    shown = capped_printed(printed, "fr")
    assert shown.startswith("ligne\nligne\n") and shown.count("ligne") == 150  # a screenful
    assert "suite coupée" in shown
    one_line = capped_printed("x" * 50_000, "en")
    assert len(one_line) < 6_000 and "cut: 45000 more character(s)" in one_line
    assert capped_printed("court\n", "fr") == "court\n"


def test_empty_batch_still_writes_an_index(tmp_path):
    index = write_html([], tmp_path / "vide")
    assert [p.name for p in index.parent.iterdir()] == ["index.html"]
    assert "Aucune copie." in index.read_text(encoding="utf-8")


def test_writes_into_an_existing_folder(tmp_path):
    write_html(class_results(), tmp_path)
    index = write_html(class_results()[:2], Path(tmp_path))
    assert (tmp_path / "alice.html").is_file() and index.is_file()


def test_remarks_of_a_passed_question_are_kept(tmp_path):
    results = class_results()
    first, second = results[0].questions[:2]
    results[0].questions[:2] = [
        replace(first, aliases={"evaluer": "evaluer_alignement"}),
        replace(second, notes=(note(Text("élagage : 63 appels", "pruning: 63 calls")),)),
    ]
    write_html(results, tmp_path)
    alice = (tmp_path / "alice.html").read_text(encoding="utf-8")
    text = Page(alice).text
    assert "evaluer_alignement accepté pour evaluer" in text and "élagage : 63 appels" in text
    assert 'class="question"' not in alice  # no block: nothing to review


def test_the_index_counts_copies_not_students_without_one_nor_their_other_files(tmp_path):
    # Seen on a Moodle class of 4 copies: "8 copie(s), dont 4 corrigée(s)" (the class list's
    # two students without a copy and two drafts counted as copies left ungraded).
    graded = [SubmissionResult(f"{n}.ipynb", "puissance4", SubmissionStatus.GRADED, student=n) for n in "ab"]
    draft = SubmissionResult(
        "a/brouillon.ipynb", None, SubmissionStatus.NOT_GRADABLE, reason="extra_file", student="a"
    )
    absent = SubmissionResult("", None, SubmissionStatus.NOT_GRADABLE, reason="no_copy", student="PETIT Tom")
    text = write_html([*graded, draft, absent], tmp_path).read_text(encoding="utf-8")
    assert "2 copie(s), dont 2 corrigée(s) ; moyenne 0 / 20, médiane 0 / 20 ; 1 autre(s) fichier(s)" in text
