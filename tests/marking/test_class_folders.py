"""Whose copy is which, in the folders teachers have: one folder per student holding a
draft beside the answer, and Moodle's "download all submissions" layouts."""

import os
from pathlib import Path

from grader.reading.files import collect, collect_named, moodle_participant, student_files


def touch(root: Path, *names: str) -> list[Path]:
    paths = []
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{}")
        paths.append(path)
    return paths


def answers_td(path: Path) -> bool:
    return path.stem.startswith("td")


def relative(root: Path, mapping: dict[Path, str]) -> dict[str, str]:
    return {path.relative_to(root).as_posix(): name for path, name in mapping.items()}


def test_a_folder_with_a_draft_is_one_student_and_the_draft_is_set_aside(tmp_path):
    files = touch(tmp_path, "dupont/brouillon.py", "dupont/td10.ipynb", "martin/td10.ipynb")
    named, aside = student_files(tmp_path, files, answers_td)
    assert relative(tmp_path, named) == {"dupont/td10.ipynb": "dupont", "martin/td10.ipynb": "martin"}
    assert relative(tmp_path, aside) == {"dupont/brouillon.py": "dupont/brouillon.py"}


def test_a_student_with_several_copies_is_still_one_student(tmp_path):
    # two answers: the newest is graded; no answer at all: the one not named as a draft
    files = touch(tmp_path, "dupont/td10.ipynb", "dupont/td10_v2.ipynb", "durand/notes.py", "durand/essai.py")
    os.utime(files[0], (1_000, 1_000))
    os.utime(files[1], (2_000, 2_000))
    named, aside = student_files(tmp_path, files, answers_td)
    assert relative(tmp_path, named) == {"dupont/td10_v2.ipynb": "dupont", "durand/notes.py": "durand"}
    assert relative(tmp_path, aside) == {
        "dupont/td10.ipynb": "dupont/td10.ipynb",
        "durand/essai.py": "durand/essai.py",
    }


def test_a_draft_is_never_a_student_even_when_the_exercise_is_not_known(tmp_path):
    files = touch(tmp_path, "dupont/brouillon.py", "dupont/td10.ipynb")
    assert relative(tmp_path, student_files(tmp_path, files)[0]) == {"dupont/td10.ipynb": "dupont"}
    assert relative(tmp_path, student_files(tmp_path, files)[1]) == {
        "dupont/brouillon.py": "dupont/brouillon.py"
    }


def test_the_copy_that_defines_more_of_the_td_wins_over_a_newer_one(tmp_path):
    files = touch(tmp_path, "dupont/td10.ipynb", "dupont/td10_fin.ipynb")
    os.utime(files[0], (1_000, 1_000))
    os.utime(files[1], (2_000, 2_000))
    weights = {files[0]: 9, files[1]: 3}
    named, aside = student_files(tmp_path, files, weights.__getitem__)
    assert relative(tmp_path, named) == {"dupont/td10.ipynb": "dupont"}
    assert relative(tmp_path, aside) == {"dupont/td10_fin.ipynb": "dupont/td10_fin.ipynb"}


def test_collect_grades_only_the_answer_and_reports_the_rest(tmp_path):
    touch(tmp_path, "dupont/brouillon.py", "dupont/td10.ipynb", "leroy.ipynb")
    aside: dict[Path, str] = {}
    named = collect_named([tmp_path], answers_td, aside)
    assert relative(tmp_path, named) == {"dupont/td10.ipynb": "dupont", "leroy.ipynb": "leroy"}
    assert relative(tmp_path, aside) == {"dupont/brouillon.py": "dupont/brouillon.py"}
    assert collect([tmp_path]) == sorted(tmp_path.rglob("*.*"))  # every file: copies and drafts


def test_moodles_download_layouts_name_the_student_and_keep_the_participant_number(tmp_path):
    folders = touch(
        tmp_path,
        "Dupont Marie_1234_assignsubmission_file_/td10.ipynb",
        "Martin Léa_77_assignsubmission_file_/TD10 final.ipynb",
    )
    flat = touch(tmp_path / "plat", "Durand Jean_5_assignsubmission_file_td10.ipynb")
    named = student_files(tmp_path, folders)[0]
    assert sorted(named.values()) == ["Dupont Marie", "Martin Léa"]
    assert list(student_files(tmp_path / "plat", flat)[0].values()) == ["Durand Jean"]
    assert moodle_participant(folders[0]) == ("Dupont Marie", "1234")
    assert moodle_participant(flat[0]) == ("Durand Jean", "5")
    assert moodle_participant(tmp_path / "dupont" / "td10.ipynb") is None


def test_a_copy_of_another_td_is_named_when_the_class_exercise_is_forced():
    from grader.reading.recognise import other_sheet, signatures_of
    from grader.registry import installed

    signatures = signatures_of(installed())
    domineering = {"grille_vide": "function", "coups_possibles": "function", "placer": "function"}
    found = other_sheet(domineering, "puissance4", signatures)
    assert found is not None and found.exercise == "domineering"
    # a copy of the class's TD, even one that also defines a domineering name, stays the class's
    both = {**domineering, "copie": "function", "jouer_colonne": "function"}
    assert other_sheet(both, "puissance4", signatures) is None
    assert other_sheet({}, "puissance4", signatures) is None  # a blank skeleton: graded as forced
