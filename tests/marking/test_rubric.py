"""The rubric of a question graded by hand (`[grille.Q16]` in the barème file) and the
items a student got (the manual table's `grille` column), as a teacher writes them: each
mark below is reasoned from the items' points, not read from the grader."""

from __future__ import annotations

import pytest

from grader.marking.config import BaremeError, parse_bareme
from grader.marking.manual import ManualRow, check_rows, parse_manual
from grader.marking.rubric import RubricItem, items_text, parse_items, rubric_points
from grader.marking.views import slots, view_of
from grader.model.results import (
    CheckOutcome,
    CheckStatus,
    QuestionOutcome,
    SubmissionOutcome,
    SubmissionResult,
)
from grader.registry import installed
from grader.render.feedback import comment_text
from grader.render.json_report import render_json

EXERCISES = installed()
P4 = EXERCISES["puissance4"]

BAREME = """\
exercice = "puissance4"
[points]
Q16 = 2

[grille.Q16]
horizon3 = { intitule = "horizon 3 juste", points = 1, commentaire = "Les bons nœuds." }
horizon4 = { intitule = "horizon 4 juste", points = 1 }
schema = { intitule = "schéma incomplet", points = -0.5 }
"""


def bareme(text: str = BAREME):
    return parse_bareme(text, None, EXERCISES)


def all_passed() -> SubmissionResult:
    """A puissance4 copy whose every check passed: 20 of 20 points, 22 with Q16 worth 2."""
    outcome = SubmissionOutcome(
        "puissance4",
        tuple(
            QuestionOutcome(
                q.id, () if q.manual else tuple(CheckOutcome(c.name, CheckStatus.PASSED) for c in q.checks)
            )
            for q in P4.questions
        ),
    )
    return SubmissionResult("dupont.ipynb", "puissance4", "graded", student="dupont", outcome=outcome)


def marked(rows: dict[str, ManualRow], text: str = BAREME) -> SubmissionResult:
    return view_of(all_passed(), P4, bareme(text), rows, {}, "puissance4").result


def q16(*items: str, points: str = "") -> dict[str, ManualRow]:
    value = float(points.replace(",", ".")) if points else None
    return {"Q16": ManualRow(2, "dupont", "Q16", points, "", value, items=items)}


def test_the_rubric_is_read_in_the_files_order_in_either_table_form():
    rubric = bareme().rubric("Q16")
    assert rubric == (
        RubricItem("horizon3", "horizon 3 juste", 1.0, "Les bons nœuds."),
        RubricItem("horizon4", "horizon 4 juste", 1.0),
        RubricItem("schema", "schéma incomplet", -0.5),
    )
    sub_tables = BAREME.split("[grille.Q16]")[0] + (
        '[grille.Q16.horizon3]\nintitule = "horizon 3 juste"\npoints = 1\ncommentaire = "Les bons nœuds."\n'
        '[grille.Q16.horizon4]\n"intitulé" = "horizon 4 juste"\npoints = 1\n'
        '[grille.Q16.schema]\nintitule = "schéma incomplet"\npoints = -0.5\n'
    )
    assert bareme(sub_tables).rubric("Q16") == rubric
    assert bareme(sub_tables).digest == bareme().digest
    assert bareme().rubric("Q15") == ()


@pytest.mark.parametrize(
    ("change", "line", "words"),
    [
        (("Q16 = 2", "Q16 = 0"), 5, "Q16 ne vaut aucun point"),
        (("[grille.Q16]", "[grille.Q14]"), 5, "Q14 est corrigée automatiquement"),
        (("[grille.Q16]", "[grille.Q99]"), 5, "pas de question « Q99 »"),
        (("points = -0.5", 'points = "-0,5"'), 8, "points doit être un nombre (lu : -0,5)"),
        (('intitule = "schéma incomplet", ', ""), 8, "il manque son intitulé"),
        (("commentaire =", "remarque ="), 6, "champ inconnu « remarque »"),
    ],
)
def test_a_bad_rubric_is_refused_naming_its_line(change, line, words):
    with pytest.raises(BaremeError) as refused:
        bareme(BAREME.replace(*change))
    said = refused.value.why("fr")
    assert f"ligne {line} :" in said and words in said, said


def test_a_rubric_change_is_a_bareme_change_and_toml_comments_are_not():
    assert bareme(BAREME.replace("points = -0.5", "points = -1")).digest != bareme().digest
    assert bareme(BAREME.replace("Les bons nœuds.", "Les bons nœuds !")).digest != bareme().digest
    assert bareme("# la grille du TD10\n" + BAREME).digest == bareme().digest


def test_the_points_are_the_sum_of_the_items_kept_between_zero_and_the_questions_points():
    rubric = bareme().rubric("Q16")
    assert rubric_points(["horizon3", "schema"], rubric, 2.0) == 0.5
    assert rubric_points(["horizon3", "horizon4"], rubric, 2.0) == 2.0
    assert rubric_points(["schema"], rubric, 2.0) == 0.0  # a deduction alone: 0, never below
    assert rubric_points(["horizon3", "horizon4"], rubric, 1.5) == 1.5  # never above the question
    assert parse_items(" horizon3 +schema, horizon3 ") == ("horizon3", "schema")
    assert items_text(["horizon3", "schema"]) == "horizon3 + schema"


def test_a_copys_mark_comes_from_its_items_or_the_number_typed_instead():
    # 20 of 20 points on the automatic questions; Q16 worth 2: out of 22
    assert marked(q16("horizon3", "schema")).mark == 18.64  # 20.5 / 22 * 20 = 18.636
    assert marked(q16("horizon3", "horizon4")).mark == 20.0
    assert marked(q16("schema")).mark == 18.18  # 20 / 22 * 20
    assert marked(q16("horizon3", points="1,5")).mark == 19.55  # 21.5 / 22 * 20: the number wins
    assert marked({}).mark == 18.18  # nothing given yet: Q16 earns nothing


def test_an_items_new_points_in_the_file_rescore_and_reword_every_copy_that_got_it():
    rows = q16("horizon3", "schema")
    before = marked(rows)
    changed = BAREME.replace("points = 1, commentaire", "points = 1.5, commentaire").replace(
        "Les bons nœuds.", "Les nœuds non explorés sont les bons."
    )
    after = marked(rows, changed)
    assert (before.mark, after.mark) == (18.64, 19.09)  # 20.5 then 21 of 22
    words = [comment_text(c, "fr") for c in after.comments]
    assert words == [
        "horizon 3 juste (+1,5) : Les nœuds non explorés sont les bons.",
        "schéma incomplet (−0,5)",
    ]
    assert [comment_text(c, "en") for c in before.comments] == [
        "horizon 3 juste (+1): Les bons nœuds.",
        "schéma incomplet (−0.5)",
    ]


def test_items_beside_a_number_typed_are_said_without_their_points():
    comments = marked(q16("horizon3", points="1,5")).comments
    assert [comment_text(c, "fr") for c in comments] == ["horizon 3 juste : Les bons nœuds."]


def test_the_json_a_student_reads_names_each_item():
    text = render_json([marked(q16("horizon3", "schema"))], "fr")
    assert '"item": "horizon 3 juste"' in text and '"points": -0.5' in text


def test_the_tables_grille_column_is_read_and_older_tables_still_are(tmp_path):
    table = "élève;question;points;commentaire;grille\r\ndupont;Q16;;vu en classe;horizon3 + schema\r\n"
    rows = parse_manual(table, tmp_path / "manuel.csv")
    assert rows[0].items == ("horizon3", "schema") and rows[0].typed
    old = parse_manual("élève;question;points;commentaire\r\ndupont;Q16;1;\r\n", tmp_path / "m.csv")
    assert old[0].items == () and old[0].points_text == "1"
    only_items = parse_manual(
        "élève;question;points;commentaire;grille\r\ndupont;Q16;;;horizon4\r\n", tmp_path
    )
    assert only_items[0].typed  # an item alone is something typed


def test_an_item_the_rubric_does_not_have_is_refused_with_its_line(tmp_path):
    path = tmp_path / "manuel.csv"
    table = (
        "élève;question;points;commentaire;grille\r\n"
        "dupont;Q16;;;horizon3 + shema\r\n"  # a typo
        "dupont;Q14;;;horizon3\r\n"  # Q14 has no rubric
        "martin;Q16;;;horizon4\r\n"
    )
    student_slots = slots(P4, bareme())
    marks = check_rows(
        [(path, parse_manual(table, path))], {"dupont": student_slots, "martin": student_slots}
    )
    assert [(r.row.line, r.reason, r.detail) for r in marks.refused] == [
        (2, "items", "shema"),
        (3, "no_rubric", ""),
    ]
    assert marks.of("martin")["Q16"].items == ("horizon4",)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "fr",
            [
                "ligne 2 : non appliquée — « trois » n'est pas un nombre",
                "ligne 3 : non appliquée — 3 n'est pas entre 0 et 1,5 point(s) (le barème de Q16)",
                "ligne 4 : non appliquée — « zzz » : pas d'item de ce nom dans [grille.Q16] du barème",
            ],
        ),
        (
            "en",
            [
                "line 2: not applied — 'trois' is not a number",
                "line 3: not applied — 3 is not between 0 and 1.5 point(s) (Q16's barème)",
                "line 4: not applied — 'zzz': no item of that name in the barème's [grille.Q16]",
            ],
        ),
    ],
)
def test_a_row_the_class_run_refuses_is_said_with_its_line_not_a_crash(tmp_path, lang, said):
    """A teacher typing 3 for a question worth 1.5 (or a word, or an item the rubric has not)
    in the manual table: the run crashed on a sentence left out of marking's table."""
    from grader.marking.rows import read_rows

    path = tmp_path / "manuel.csv"
    path.write_bytes(
        "élève;question;points;commentaire;grille\r\n"
        "dupont_marie;Q16;trois;;\r\nmartin_lea;Q16;3;;\r\nleroy;Q16;;;zzz\r\n".encode("cp1252")
    )
    copies = {"dupont_marie": P4, "martin_lea": P4, "leroy": P4}
    marks, lines, _ = read_rows(path, copies, bareme(BAREME.replace("Q16 = 2", "Q16 = 1.5")), lang)
    assert marks is not None and marks.rows == {}
    assert [line.split("manuel.csv, ")[-1] for line in lines if "manuel.csv, l" in line] == said


def test_a_student_given_rubric_items_alone_is_not_said_to_be_without_points(tmp_path):
    """Items ticked and no number typed are points given by hand (martin_lea: horizon3 and
    horizon4, 2 of 2): the run said she still had none, beside her 20 / 20."""
    from grader.marking.rows import read_rows

    path = tmp_path / "manuel.csv"
    path.write_text(
        "élève;question;points;commentaire;grille\r\n"
        "dupont_marie;Q16;1,5;;\r\nmartin_lea;Q16;;;horizon3 + horizon4\r\nleroy;Q16;;;\r\n",
        encoding="cp1252",
    )
    copies = {"dupont_marie": P4, "martin_lea": P4, "leroy": P4}
    marks, lines, _ = read_rows(path, copies, bareme(), "fr")
    assert marks is not None and marks.refused == []
    assert lines == ["Q16 : 1 élève(s) sur 3 sans points à la main (leroy)"]


def test_the_moodle_feedback_names_a_question_s_comment_as_its_language_writes_a_colon():
    """The comment beside Q16 in Moodle's feedback: `Q16 : …` in French, `Q16: …` in English
    (it was `Q16 : …` in both, with the item's own `horizon 3 juste (+1): …` beside it)."""
    from grader.marking.outputs import summary

    view = marked(q16("horizon3"))
    assert summary(view, "fr").splitlines()[-1] == "Q16 : horizon 3 juste (+1) : Les bons nœuds."
    assert summary(view, "en").splitlines()[-1] == "Q16: horizon 3 juste (+1): Les bons nœuds."
