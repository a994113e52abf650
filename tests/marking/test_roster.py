"""The class list as teachers get it (Pronote's and ENT exports, a Moodle worksheet) and which
copy is whose on it: by Moodle's participant number, by name whatever its case, accents,
apostrophes, hyphens, word order and separators, never by a guess."""

import pytest

from grader.marking.roster import (
    ClassList,
    Copy,
    Listed,
    RosterError,
    decode,
    match,
    parse_class_list,
    same_name,
)


def names(text: str) -> list[str]:
    return [s.name for s in parse_class_list(text).students]


def test_one_student_a_line_as_pronote_prints_it():
    assert names("BERNARD Lucas\nDUPONT Marie\nLEFÈVRE Jean-Baptiste\n\n") == [
        "BERNARD Lucas",
        "DUPONT Marie",
        "LEFÈVRE Jean-Baptiste",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Nom;Prénom;Classe\nBERNARD;Lucas;MP2I\nDUPONT;Marie;MP2I\n",  # French spreadsheet (;)
        "\ufeffNOM,PRENOM\nBERNARD,Lucas\nDUPONT,Marie\n",  # with a BOM, commas, no accent
        "Last name\tFirst name\tEmail\nBERNARD\tLucas\tl@x.fr\nDUPONT\tMarie\tm@x.fr\n",  # English, tabs
        "Élève;Né(e) le\nBERNARD Lucas;01/02/2008\nDUPONT Marie;03/04/2008\n",  # one column of names
    ],
)
def test_an_export_with_columns_is_read_in_its_order(text):
    assert names(text) == ["BERNARD Lucas", "DUPONT Marie"]


def test_a_list_saved_by_excel_on_windows_is_read():
    raw = "Nom;Prénom\nLEFÈVRE;Zoé\n".encode("cp1252")
    assert names(decode(raw)) == ["LEFÈVRE Zoé"]


def test_a_moodle_worksheet_is_a_list_of_participants():
    english = 'Identifier,"Full name","Email address",Status\n"Participant 101","Marie Dupont",m@x.fr,x\n'
    french = 'Identifiant,"Nom complet"\nParticipant103,"Jean Durand"\n'
    assert parse_class_list(english).students == (Listed("Marie Dupont", "101"),)
    assert parse_class_list(french).students == (Listed("Jean Durand", "103"),)


def test_an_empty_list_is_refused():
    with pytest.raises(RosterError):
        parse_class_list("\n \n")


@pytest.mark.parametrize(
    ("text", "columns"),
    [
        ("Last name\tFirst name\n\t\n", "Last name, First name"),
        ("NOM;Prénom\n;\n", "NOM, Prénom"),
        ('Identifier,"Full name"\n,\n', "Identifier"),
        ("Élève;Classe\n;MP2I\n", "Élève"),
    ],
)
def test_a_list_without_students_names_its_columns_as_the_file_writes_them(text, columns):
    # The teacher reads "no student under the columns …" in either language: the columns
    # are the file's own (a fixed French "nom, prénom" was said of an English list).
    with pytest.raises(RosterError) as refused:
        parse_class_list(text)
    assert (refused.value.reason, refused.value.values) == ("no_student", {"detail": columns})


@pytest.mark.parametrize(
    ("copy", "listed"),
    [
        ("Lefevre_Jean-Baptiste", "LEFÈVRE Jean-Baptiste"),
        ("lefevre_jean_baptiste", "LEFÈVRE Jean-Baptiste"),
        ("jean-baptiste lefèvre", "LEFÈVRE Jean-Baptiste"),
        ("dalembert_zoe", "D'ALEMBERT Zoé"),
        ("Marie Dupont", "DUPONT Marie"),
    ],
)
def test_names_match_whatever_their_case_accents_apostrophes_hyphens_order_and_separators(copy, listed):
    assert same_name(copy, listed)


def test_names_that_differ_do_not_match():
    assert not same_name("dupont", "DUPONT Marie")
    assert not same_name("Marie Dupont", "DUPOND Marie")
    assert not same_name("", "")


CLASS = [Listed("BERNARD Lucas"), Listed("DUPONT Marie"), Listed("BERNARD Lucas"), Listed("MARTIN Léa")]


def test_a_name_that_fits_two_students_or_none_is_never_guessed():
    found = match([Copy("bernard_lucas"), Copy("dupont_marie"), Copy("inconnu")], CLASS)
    assert found.of == {"dupont_marie": 1}
    assert found.ambiguous == {"bernard_lucas": ["BERNARD Lucas", "BERNARD Lucas"]}
    assert found.unmatched == ["inconnu"]


def test_the_teachers_table_settles_a_copy_once():
    settled = {"bernard_lucas": "BERNARD Lucas"}  # still two Lucas Bernard: not settled, and said
    found = match([Copy("bernard_lucas")], CLASS, settled)
    assert found.of == {} and found.unmatched == []
    assert found.settled_ambiguous == {
        "bernard_lucas": ("BERNARD Lucas", ["BERNARD Lucas (1)", "BERNARD Lucas (2)"])
    }
    first = {"bernard_lucas": "BERNARD Lucas (1)"}
    assert match([Copy("bernard_lucas")], CLASS, first).of == {"bernard_lucas": 0}
    table = {"TD10 final": "MARTIN Léa"}
    assert match([Copy("TD10 final")], CLASS, table).of == {"TD10 final": 3}
    second = {"bernard_lucas": "BERNARD Lucas (2)"}  # the second of the homonyms, as reports show it
    assert match([Copy("bernard_lucas")], CLASS, second).of == {"bernard_lucas": 2}


def test_moodles_number_decides_and_the_name_must_agree():
    worksheet = [
        Listed("Lucas Bernard", "101"),
        Listed("Lucas Bernard", "104"),
        Listed("Marie Dupont", "102"),
    ]
    copies = [Copy("Lucas Bernard", "101"), Copy("Participant", "102"), Copy("Eve Attaque", "104")]
    found = match(copies, worksheet)
    assert found.of == {"Lucas Bernard": 0, "Participant": 2}
    assert found.disagree == {"Eve Attaque": "Lucas Bernard"}


def test_two_copies_claiming_one_student_fill_nothing():
    found = match(
        [Copy("Marie Dupont", "102"), Copy("Marie Dupont (2)", "102")], [Listed("Marie Dupont", "102")]
    )
    assert found.of == {} and found.doubled == {0: ["Marie Dupont", "Marie Dupont (2)"]}


def test_moodle_3_in_group_mode_prefixes_the_group():
    assert match([Copy("Groupe A-Léa Martin", "7")], [Listed("Léa Martin", "7")]).of == {
        "Groupe A-Léa Martin": 0
    }


def test_a_draft_goes_under_its_student_only_when_sure_and_never_under_another():
    """A file set aside reads under the list's name of the student whose one copy shares its
    folder (or Moodle's flat prefix); a file of Eve's named like Léa's folder stays Eve's; a
    draft whose student is not on the list, or whose folder two copies claim, keeps its label."""
    from grader.marking.onlist import on_list
    from grader.model.results import EXTRA_FILE, SubmissionResult, SubmissionStatus

    lea, eve = "Léa Martin_1_assignsubmission_file", "Eve Attaque_2_assignsubmission_file"
    rose, paul = "Rose Chevalier_3_assignsubmission_file_", "Paul Inconnu_4_assignsubmission_file"
    files = {  # row name -> (file under the class folder, set aside)
        "Léa Martin": (f"{lea}/td10.ipynb", False),
        f"{lea}/td10_brouillon.ipynb": (f"{lea}/td10_brouillon.ipynb", True),
        "Eve Attaque": (f"{eve}/td10.ipynb", False),
        f"{eve}/{lea}/td10.ipynb": (f"{eve}/{lea}/td10.ipynb", True),
        f"{eve}/{lea}_td10_brouillon.ipynb": (f"{eve}/{lea}_td10_brouillon.ipynb", True),
        "Rose Chevalier": (f"{rose}td10.ipynb", False),
        f"{rose}brouillon.ipynb": (f"{rose}brouillon.ipynb", True),
        "Paul Inconnu": (f"{paul}/td10.ipynb", False),
        f"{paul}/old.py": (f"{paul}/old.py", True),
        "Rose (again)": (f"{rose}td10_v2.ipynb", False),  # a second name for Rose's folder
    }

    def row(name: str, aside: bool) -> tuple[SubmissionResult, None]:
        status = SubmissionStatus.NOT_GRADABLE if aside else SubmissionStatus.GRADED
        return SubmissionResult(name, None, status, reason=EXTRA_FILE if aside else "", student=name), None

    copies = {name: row(name, aside) for name, (_, aside) in files.items()}
    places = {name: ("../copies", f"../copies/{file}") for name, (file, _) in files.items()}
    classlist = parse_class_list("ATTAQUE Eve\nCHEVALIER Rose\nMARTIN Léa\n")
    done = on_list(copies, classlist, {"Rose Chevalier": "CHEVALIER Rose"}, "fr", places)
    assert list(done.rows) == [
        "ATTAQUE Eve",
        f"ATTAQUE Eve/{lea}/td10.ipynb",
        f"ATTAQUE Eve/{lea}_td10_brouillon.ipynb",
        "CHEVALIER Rose",
        "MARTIN Léa",
        "MARTIN Léa/td10_brouillon.ipynb",
        f"{rose}brouillon.ipynb",  # two copies claim Rose's prefix: not sure whose
        "Paul Inconnu",
        f"{paul}/old.py",  # on no list
        "Rose (again)",
    ]
    assert {name: r.path for name, (r, _) in done.rows.items() if r.reason == EXTRA_FILE} == {
        f"ATTAQUE Eve/{lea}/td10.ipynb": f"{eve}/{lea}/td10.ipynb",
        f"ATTAQUE Eve/{lea}_td10_brouillon.ipynb": f"{eve}/{lea}_td10_brouillon.ipynb",
        "MARTIN Léa/td10_brouillon.ipynb": f"{lea}/td10_brouillon.ipynb",
        f"{rose}brouillon.ipynb": f"{rose}brouillon.ipynb",
        f"{paul}/old.py": f"{paul}/old.py",
    }
    assert list(done.listed) == ["ATTAQUE Eve", "CHEVALIER Rose", "MARTIN Léa"]  # no draft is listed


def test_the_copies_whose_mark_goes_nowhere_are_apart_from_the_list_read():
    """The marking page shows what the teacher must act on and not the rest of a reading
    (docs/explanation/marking-page.md): a copy on no student of the list, two copies with
    one student's Moodle number are; the list read is not."""
    from pathlib import Path

    from grader.marking.onlist import on_list
    from grader.model.results import SubmissionResult, SubmissionStatus

    copies = {
        name: (SubmissionResult(f"{name}.ipynb", None, SubmissionStatus.GRADED, participant=number), None)
        for name, number in (("Marie Dupont", "102"), ("Marie Dupont (2)", "102"), ("inconnu", ""))
    }
    listed = ClassList((Listed("Marie Dupont", "102"), Listed("Léa Martin", "103")), Path("liste.csv"))
    placed = on_list(copies, listed, {}, "fr")
    assert placed.said[0] == "Liste de la classe liste.csv : 2 élève(s), 0 avec une copie, 2 sans copie"
    settle = "Pour dire une fois pour toutes à qui est une copie : dans le barème, une table [copies]"
    assert placed.problems == placed.said[1:]
    assert placed.problems[:2] == [
        "Copies à aucun élève de la liste (leur note ne va nulle part) : inconnu",
        "Marie Dupont : plusieurs copies (Marie Dupont, Marie Dupont (2)), aucune n'est prise",
    ]
    assert placed.problems[2].startswith(settle) and len(placed.problems) == 3
