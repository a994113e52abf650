"""Moodle's "Download all submissions", folder by folder as each version names it, and what
the grader takes from it: the student, their participant number, one copy each.

The names below are built the way Moodle builds them (read in Moodle's source; facts and
index ids in the project notes, docs/how-to/moodle-pronote.md):
- 4.1 to 4.5, mod/assign/classes/downloader.php, get_student_prefix():
  `$prefix = str_replace('_', ' ', $fullname);`
  `$prefix = clean_filename($prefix . '_' . $manager->get_uniqueid_for_user($student->id));`
  load_submissionplugin_filelist(), in folders:
  `$prefixedfilename = clean_filename($prefix . '_' . $subtype . '_' . $type);`
  `$pathfilename = $prefixedfilename . $file->get_filepath() . $zipfilename;`
  not in folders: `clean_filename($prefix . '_' . $subtype . '_' . $type . '_' . $zipfilename)`.
  Blind marking: `$fullname = get_string('participant', 'mod_assign');` ("Participant").
- 3.1 to 4.0, mod/assign/locallib.php, assign::download_submissions():
  `$prefix = clean_filename($prefix . '_' . $this->get_uniqueid_for_user($userid));`
  `$prefixedfilename = clean_filename($prefix . '_' . $subtype . '_' . $type . '_');` (the
  trailing `_`), then `$prefixedfilename . $file->get_filepath() . $zipfilename`.
"""

import os
from pathlib import Path

import pytest

from grader.reading.files import collect_all
from grader.reading.students import claim_of, name_students

SUB = "assignsubmission"


def moodle_41(fullname: str, number: int, filepath: str = "/", name: str = "td10.ipynb") -> str:
    """downloader.php, folders: prefix `Nom_ID`, then `_assignsubmission_file`, filepath, file."""
    prefix = fullname.replace("_", " ") + "_" + str(number)
    return prefix + "_" + SUB + "_file" + filepath + name


def moodle_311(fullname: str, number: int, filepath: str = "/", name: str = "td10.ipynb") -> str:
    """locallib.php (3.1 to 4.0), folders: the same with a trailing `_` on the folder."""
    prefix = fullname.replace("_", " ") + "_" + str(number)
    return prefix + "_" + SUB + "_file_" + filepath + name


def moodle_flat(fullname: str, number: int, name: str = "td10.ipynb") -> str:
    """Both versions, "Download submissions in folders" not ticked: one flat file each."""
    prefix = fullname.replace("_", " ") + "_" + str(number)
    return prefix + "_" + SUB + "_file_" + name


def touch(root: Path, relative: str) -> Path:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{}")
    return path


def whose(root: Path) -> dict[str, tuple[str, str]]:
    found = collect_all([root])
    return {
        path.relative_to(root.resolve()).as_posix(): (name, found.participants.get(path, ""))
        for path, name in found.files.items()
    }


@pytest.mark.parametrize("layout", [moodle_41, moodle_311])
def test_each_moodle_folder_layout_names_the_student_and_the_participant(tmp_path, layout):
    for fullname, number in [("Léa Martin", 6502301), ("Lucas Bernard", 6502302), ("Jean_Paul Roux", 9)]:
        touch(tmp_path, layout(fullname, number))
    names = sorted(whose(tmp_path).values())
    assert names == [("Jean Paul Roux", "9"), ("Lucas Bernard", "6502302"), ("Léa Martin", "6502301")]


def test_blind_marking_folders_and_flat_files_keep_the_number(tmp_path):
    touch(tmp_path, moodle_41("Participant", 17))
    touch(tmp_path / "plat", moodle_flat("Léa Martin", 6502301))
    touch(tmp_path / "plat", moodle_flat("Léa Martin", 6502301, "brouillon.py"))
    assert list(whose(tmp_path / "plat").values()) == [("Léa Martin", "6502301")]
    found = collect_all([tmp_path / "plat"])
    assert [p.name for p in found.aside] == [moodle_flat("Léa Martin", 6502301, "brouillon.py")]
    assert ("Participant", "17") in whose(tmp_path).values()


def test_a_copy_in_subfolders_of_the_submission_is_still_the_students(tmp_path):
    touch(tmp_path, moodle_41("Léa Martin", 5, "/rendu/final/"))
    assert list(whose(tmp_path).values()) == [("Léa Martin", "5")]


def test_homonyms_stay_two_students_told_apart_by_their_number(tmp_path):
    touch(tmp_path, moodle_41("Lucas Bernard", 101))
    touch(tmp_path, moodle_41("Lucas Bernard", 104))
    assert sorted(whose(tmp_path).values()) == [
        ("Lucas Bernard (101)", "101"),
        ("Lucas Bernard (104)", "104"),
    ]


def test_a_nested_folder_never_names_nor_renumbers_another_student(tmp_path):
    """Issue 40: `Dupont Marie_101_assignsubmission_file_` inside the attacker's own folder
    took Marie's participant number and her name."""
    touch(tmp_path, moodle_41("Marie Dupont", 101))
    touch(tmp_path, moodle_41("Eve Attaque", 102, "/" + moodle_311("Marie Dupont", 101, "/")))
    names = whose(tmp_path)
    assert sorted(names.values()) == [("Eve Attaque", "102"), ("Marie Dupont", "101")]
    attacker = next(path for path in names if path.startswith("Eve"))
    assert claim_of(tmp_path, tmp_path / attacker).participant == "102"


def test_a_draft_beside_the_final_copy_is_set_aside_not_a_second_student(tmp_path):
    final = touch(tmp_path, moodle_41("Léa Martin", 5))
    draft = touch(tmp_path, moodle_41("Léa Martin", 5, "/", "brouillon.ipynb"))
    named = name_students(tmp_path, [draft, final], weigh=lambda path: 8)
    assert [claim.name for claim in named.copies.values()] == ["Léa Martin"]
    assert list(named.copies) == [final]
    assert named.aside == {draft: draft.relative_to(tmp_path).as_posix()}
    assert named.chosen == {draft: "td10.ipynb|not_draft"}  # the rule, said beside the draft


@pytest.mark.parametrize("name", ["vieux.ipynb", "td10_vieille_version.ipynb", "td10 ancienne.ipynb"])
def test_a_file_named_old_in_french_is_a_draft_even_when_newer(tmp_path, name):
    """A teacher's class: Emma's `vieux.ipynb`, deep in her folder and newer than her
    copy, was graded instead of it (14,5 became 20)."""
    final = touch(tmp_path, moodle_41("Emma Petit", 7))
    older = touch(tmp_path, moodle_41("Emma Petit", 7, "/", name))
    os.utime(final, (1_000_000, 1_000_000))  # the copy older than the file named old
    named = name_students(tmp_path, [older, final], weigh=lambda path: 8)
    assert list(named.copies) == [final] and older in named.aside


def test_a_name_that_is_not_text_is_escaped_and_stays_one_student(tmp_path):
    raw = b"caf\xe9_\xff"
    folder = tmp_path / raw.decode("utf-8", "surrogateescape")
    folder.mkdir()
    (folder / "td10.ipynb").write_text("{}")
    assert list(whose(tmp_path).values()) == [("caf\\xe9_\\xff", "")]
