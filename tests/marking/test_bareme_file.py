"""The barème file as a teacher writes it: the issue's example is read as written, every
mistake names its line, and the file `--print-config` prints is today's barème."""

import pytest

from grader.marking.config import (
    DEFAULT,
    FILE_NAME,
    BaremeError,
    find_bareme,
    parse_bareme,
    question_points,
    read_bareme,
    total_points,
)
from grader.marking.config import default_bareme_text as printed
from grader.registry import installed

EXERCISES = installed()

ISSUE_EXAMPLE = """\
exercice = "puissance4"
sur = 10
arrondi = 0.5
omises = ["Q17"]
[points]
Q16 = 2
Q14 = 3
"""


def test_the_issues_example_is_read_as_the_teacher_wrote_it():
    bareme = parse_bareme(ISSUE_EXAMPLE, None, EXERCISES)
    assert (bareme.exercise, bareme.scale, bareme.rounding, bareme.omitted) == (
        "puissance4",
        10,
        0.5,
        ("Q17",),
    )
    questions = {q.id: q for q in EXERCISES["puissance4"].questions}
    assert question_points(bareme, questions["Q16"]) == 2
    assert question_points(bareme, questions["Q14"]) == 3
    assert question_points(bareme, questions["Q15"]) == 2.5  # not listed: its default
    # 20 by default, Q17 (2.5) left out, Q14 one point more, Q16 two points more
    assert total_points(bareme, EXERCISES["puissance4"].questions) == 20 - 2.5 + 1 + 2


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ('exercice = "puissance4"\nsur = 10\nnote = 3\n', 3, "clé inconnue « note »"),
        ('exercice = "puissance4"\n[points]\nQ16 = 2\nQ14 = -3\n', 4, "points négatifs"),
        ('exercice = "puissance4"\nomises = [\n  "Q1",\n  "Q18",\n]\n', 4, "pas de question « Q18 »"),
        ('exercice = "puissance4"\n[points]\nq16 = 2\n', 3, "pas de question « q16 »"),
        ('exercice = "puissance4"\nsur = \n', 2, "TOML"),
        ('exercice = "puissance4"\nsur = 0\n', 2, "strictement positif"),
        ('exercice = "puissance4"\narrondi = 0.3\n', 2, "0.25, 0.5 ou 1"),
        ('exercice = "puissance4"\nplafond = "oui"\n', 2, "true ou false"),
        ('exercice = "nim"\n', 1, "exercice inconnu"),
        ('exercice = "puissance4"\n\nbonus = "Q17"\n', 3, "liste de questions"),
        # issue 36: a French decimal comma got tomllib's English message and no hint
        (
            'exercice = "puissance4"\n[points]\nQ16 = 1,5\n',
            3,
            "1,5 : dans le barème, un nombre s'écrit avec un point (1.5)",
        ),
        ('sur = 12,5 # sur 12,5\n', 1, "avec un point (12.5)"),
        ('[copies]\n"x" = 3\n', 1, "[copies] puis"),
    ],
)
def test_a_bad_file_names_its_line(text, line, words):
    with pytest.raises(BaremeError) as caught:
        parse_bareme(text, None, EXERCISES)
    assert caught.value.line == line
    assert words in caught.value.why("fr")
    assert f"line {line}" in caught.value.why("en")


def test_a_file_naming_questions_must_name_its_exercise_and_agree_with_the_command_line():
    with pytest.raises(BaremeError, match="no_exercise"):
        parse_bareme('[points]\nQ1 = 2\n', None, EXERCISES)
    assert parse_bareme('[points]\nQ1 = 2\n', None, EXERCISES, forced="puissance4").exercise == "puissance4"
    with pytest.raises(BaremeError, match="other_exercise"):
        parse_bareme('exercice = "morpion"\n', None, EXERCISES, forced="puissance4")
    with pytest.raises(BaremeError, match="no_points"):
        parse_bareme('exercice = "chocolat"\nomises = ["Q1", "Q2"]\n', None, EXERCISES)


def test_a_scale_alone_applies_to_any_exercise():
    bareme = parse_bareme("sur = 10\n", None, EXERCISES)
    assert bareme.exercise is None and bareme.scale == 10


@pytest.mark.parametrize("exercise_id", list(EXERCISES))
def test_the_printed_file_is_todays_barème(exercise_id):
    exercise = EXERCISES[exercise_id]
    text = printed(exercise)
    bareme = parse_bareme(text, None, EXERCISES)
    assert bareme.exercise == exercise_id and bareme.scale == 20 and bareme.rounding == 0.01
    assert dict(bareme.points) == {q.id: q.max_score for q in exercise.questions}  # every question listed
    assert total_points(bareme, exercise.questions) == total_points(DEFAULT, exercise.questions) == 20
    assert all(
        line.startswith("#") or "=" in line or not line.strip() or line == "[points]"
        for line in text.splitlines()
    )


def test_the_printed_file_is_commented_in_french_and_says_q16_is_graded_by_hand():
    text = printed(EXERCISES["puissance4"])
    q16 = next(line for line in text.splitlines() if line.startswith("Q16"))
    assert q16.split("#")[0].strip() == "Q16 = 0" and "corrigée à la main" in q16
    assert "Tel quel, il donne" in text
    assert "graded by hand" in printed(EXERCISES["puissance4"], "en")


def test_comments_do_not_change_the_barèmes_digest():
    plain = parse_bareme(ISSUE_EXAMPLE, None, EXERCISES)
    commented = parse_bareme(
        "# mon barème\n" + ISSUE_EXAMPLE.replace("Q14 = 3", "Q14 = 3  # plus"), None, EXERCISES
    )
    other = parse_bareme(ISSUE_EXAMPLE.replace("sur = 10", "sur = 20"), None, EXERCISES)
    assert plain.digest == commented.digest != other.digest


def test_the_file_is_found_in_the_folder_being_graded_or_above(tmp_path):
    copies = tmp_path / "classe" / "copies"
    (copies / "dupont").mkdir(parents=True)
    (copies / "dupont" / "td10.ipynb").write_text("{}")
    assert find_bareme([copies]) is None
    (tmp_path / "classe" / FILE_NAME).write_text("sur = 10\n")
    assert find_bareme([copies]) == (tmp_path / "classe" / FILE_NAME).resolve()
    (copies / FILE_NAME).write_text("sur = 20\n")
    found = (copies / FILE_NAME).resolve()
    assert find_bareme([copies]) == find_bareme([copies / "dupont" / "td10.ipynb"]) == found
    other = tmp_path / "autre"
    other.mkdir()
    (other / FILE_NAME).write_text("sur = 10\n")
    with pytest.raises(BaremeError, match="several"):
        find_bareme([copies, other])


def test_a_file_with_a_bom_or_unreadable_is_handled(tmp_path):
    path = tmp_path / FILE_NAME
    path.write_bytes("\ufeffsur = 10\n".encode())  # Notepad's UTF-8
    assert read_bareme(path, EXERCISES).scale == 10
    path.write_bytes(b"sur = 10\n\xff\n")
    with pytest.raises(BaremeError, match="unreadable"):
        read_bareme(path, EXERCISES)
