"""The similarity report (`--similarity`): normalisation, fingerprints, class-relative
scores, and the reports, on a class written for it (tests/fixtures/similarity).

The class: 14 puissance4 solutions written independently (four from the grading
corpus, ten in tests/fixtures/similarity/puissance4, each in its own style) and three
disguised copies of three of them (names changed, comments and docstrings changed,
functions reordered, one function rewritten): see that folder's README. No worker is
started: the pass reads files, it never runs them.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from grader.app.cli import build_parser
from grader.kit import Exercise
from grader.model.results import SubmissionResult
from grader.registry import installed
from grader.similarity.compare import Similarity, Submission, compare
from grader.similarity.extract import extract_sources
from grader.similarity.fingerprints import K, fingerprint, kgram_hashes
from grader.similarity.given import shared_by, shared_code
from grader.similarity.normalise import PLACEHOLDER
from grader.similarity.report import render_csv, render_html, write_report, write_similarity
from grader.similarity.score import UNUSUAL, score_class

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
CLASS = FIXTURES / "similarity" / "puissance4"
SKELETONS = FIXTURES / "similarity" / "squelettes"
FROM_CORPUS = {
    "lucas_bernard": "correct_listes.ipynb",
    "chloe_martin": "correct_tuples.ipynb",
    "emma_petit": "correct_numpy.ipynb",
    "theo_garnier": "correct_module.py",
}
COPIES = {
    frozenset({"ines_moreau", "hugo_lefevre"}),
    frozenset({"chloe_martin", "manon_dubois"}),
    frozenset({"adam_roux", "lina_garcia"}),
}
"""Who copied whom (the README of tests/fixtures/similarity/puissance4)."""
SHARED = shared_by(installed())
"""The code each exercise's copies may share, as the registry declares it."""


def the_class() -> dict[str, Path]:
    files = {name: FIXTURES / "puissance4" / file for name, file in FROM_CORPUS.items()}
    files.update({path.stem: path for path in sorted(CLASS.iterdir()) if path.suffix in (".py", ".ipynb")})
    return files


def submissions(files: dict[str, Path]) -> list[Submission]:
    return [Submission(name, str(path), "puissance4") for name, path in files.items()]


def csv_rows(text: str, lang: str = "fr") -> list[dict[str, str]]:
    assert text.startswith("\ufeff")
    return list(csv.DictReader(io.StringIO(text[1:]), delimiter=";" if lang == "fr" else ","))


def pair_of(row: dict[str, str]) -> frozenset[str]:
    return frozenset({row["student_a"], row["student_b"]})


def score_of(row: dict[str, str]) -> float:
    return float(row["score"].replace(",", "."))


def tokens_of(source: str, name: str, given: tuple[str, ...] = ()) -> tuple[str, ...]:
    units = {u.name: u for u in extract_sources([source], given).units}
    return units[name].tokens


# --- What is compared: code, normalised -------------------------------------------------


def test_names_comments_docstrings_annotations_and_layout_do_not_change_the_tokens():
    original = '''
def heuristique(jeu):
    """Somme des poids."""
    total = 0  # le total
    for i in range(nrows):
        for j in range(ncols):
            total += poids(jeu['plateau'][i][j], i, j)
    return total
'''
    disguised = """
def h(partie: dict) -> int:
    # on additionne
    s = 0
    for ligne in range( nrows ) :
        for colonne in range(ncols):
            s += poids(partie['plateau'][ligne][colonne],
                       ligne, colonne)
    'une chaîne en guise de commentaire'
    return s
"""
    given = ("heuristique", "nrows", "ncols")
    assert tokens_of(original, "heuristique", given) == tokens_of(disguised, "h", given)
    tokens = tokens_of(original, "heuristique", given)
    assert "total" not in tokens and "poids" not in tokens and PLACEHOLDER in tokens
    # what the student does not choose stays: builtins, the sheet's names, keys
    assert {"range", "nrows", "ncols", "'plateau'"} <= set(tokens)


def test_an_imported_module_reads_as_itself_whatever_its_alias():
    first = "import numpy as np\ndef f(t):\n    return np.sum(np.abs(t))\n"
    second = "import numpy\ndef g(x):\n    return numpy.sum(numpy.abs(x))\n"
    assert tokens_of(first, "f") == tokens_of(second, "g")
    assert "numpy" in tokens_of(first, "f")


def test_messages_are_one_placeholder_and_keys_stay():
    first = "def f(jeu):\n    assert jeu['nbcoups'] >= 0, 'jeu invalide'\n    print(f'{jeu} ok')\n"
    second = (
        "def f(jeu):\n    assert jeu['nbcoups'] >= 0, \"ce n'est pas un jeu\"\n    print('partie finie')\n"
    )
    assert tokens_of(first, "f") == tokens_of(second, "f")
    assert "'nbcoups'" in tokens_of(first, "f")


def test_a_module_is_read_by_its_definitions_and_demonstrations_are_left_out():
    source = """
import math
L = [1, 2, 3]
for k in range(3):
    L.append(k)
def f(x):
    return x + 1
print(f(2))
f(3)
for k in range(3):
    print(k)
if __name__ == "__main__":
    resultat = f(4)
"""
    units = extract_sources([source]).units
    assert [u.name for u in units] == ["f", ""]
    top = units[1].source
    assert "L = [1, 2, 3]" in top and "L.append(k)" in top
    assert "print" not in top and "resultat" not in top and "import" not in top


def test_a_function_defined_twice_counts_once_as_its_last_definition():
    units = extract_sources(["def f(x):\n    return 1\n", "def f(x):\n    return [x, x, x, x, x, x]\n"]).units
    assert [u.name for u in units] == ["f"]
    assert "[" in units[0].tokens


def test_methods_are_units_of_their_own():
    source = "class Partie:\n    def jouer(self, c):\n        self.c = c\n    def annuler(self):\n        self.c = 0\n"
    assert [u.name for u in extract_sources([source]).units] == ["Partie.jouer", "Partie.annuler"]


def test_a_cell_that_does_not_parse_is_left_out_and_the_others_count():
    extracted = extract_sources(["def f(x):\n    #to_do\n", "def g(x):\n    return x\n"])
    assert extracted.unreadable == 1
    assert [u.name for u in extracted.units] == ["g"]


def test_hostile_code_neither_stops_nor_blows_up_the_pass():
    deep = "def f(x):\n    return " + "(" * 5000 + "x" + ")" * 5000 + "\n"
    many = "".join(f"def f{i}(x):\n    return x + {i}\n" for i in range(1000))
    extracted = extract_sources([deep, many, "\x00\x01binaire"])
    assert extracted.unreadable >= 2  # the deep cell (the parser refuses it) and the binary one
    assert len(extracted.units) == 300  # MAX_UNITS


def test_a_copy_past_the_bound_is_listed_not_compared(tmp_path):
    """Issue 40: a 3.9 MB module cost the pass 15 s and 1.3 GB (its reading alone, split
    in statements, 3.7 s and 895 MiB): past MAX_COMPARED_BYTES of code a copy is left out
    before any of that, a module by its file's size, a notebook by its code once read.
    Both hold 3.2 MB of code: the grader grades them (up to 4,000,000 characters)."""
    row = ", ".join(str(j * 7 % 1000) for j in range(100))
    table = "".join(f"T{i} = [{row}]\n" for i in range(8_000))
    big_module = tmp_path / "gros.py"
    big_module.write_text((FIXTURES / "puissance4" / "correct_module.py").read_text("utf-8") + table, "utf-8")
    lines = table.splitlines(keepends=True)
    cells = [
        {
            "cell_type": "code",
            "metadata": {},
            "outputs": [],
            "execution_count": None,
            "source": "".join(lines[i : i + 200]),
        }
        for i in range(0, len(lines), 200)
    ]
    big_notebook = tmp_path / "gros.ipynb"
    big_notebook.write_text(
        json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": cells}), "utf-8"
    )
    honest = [FIXTURES / "puissance4" / name for name in ("correct_listes.ipynb", "correct_numpy.ipynb")]
    submissions = [
        Submission(p.stem + p.suffix, str(p), "puissance4") for p in [*honest, big_module, big_notebook]
    ]
    found = compare(submissions, lambda exercise: [])
    assert sorted((item.student, item.reason) for item in found.left_out) == [
        ("gros.ipynb", "too_large"),
        ("gros.py", "too_large"),
    ]
    (exercise,) = found.exercises
    assert [copy.student for copy in exercise.copies] == ["correct_listes.ipynb", "correct_numpy.ipynb"]
    assert len(exercise.scores.pairs) == 1


def test_each_token_points_at_the_statement_it_comes_from():
    source = (
        "def f(jeu, col):\n"
        "    # commentaire\n"
        "    i = (nrows - 1\n"
        "         - jeu['hauteurs'][col])\n"
        "    if i > 0:\n"
        "        return i\n"
        "    else:\n"
        "        return 0\n"
    )
    unit = extract_sources([source]).units[0]
    spans = dict(zip(unit.tokens, unit.lines, strict=True))
    assert spans["'hauteurs'"] == (3, 4)  # the assignment, over its two lines
    assert spans["if"] == (5, 5)
    assert spans["def"] == (1, 1)


# --- Fingerprints ---------------------------------------------------------------------------


def test_fingerprints_are_the_same_in_every_process():
    # copydetect's own k-gram hashes are Python's hash(), seeded afresh in every process:
    # the same class would score differently from one run to the next
    tokens = tokens_of((CLASS / "zoe_chevalier.py").read_text(encoding="utf-8"), "heuristique")
    code = (
        "import sys, json; from grader.similarity.fingerprints import kgram_hashes; "
        "print(json.dumps(kgram_hashes(json.loads(sys.stdin.read()))))"
    )
    runs = set()
    for seed in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-c", code],
            input=json.dumps(tokens),
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        )
        runs.add(done.stdout)
    assert len(runs) == 1
    assert json.loads(runs.pop()) == kgram_hashes(tokens)


def test_winnowing_keeps_a_fingerprint_of_every_long_enough_shared_run():
    run = [f"t{i}" for i in range(K + 3)]  # K + WINDOW - 1 tokens: always seen
    first = fingerprint(["a", "b", "c", *run, "x", "y"])
    second = fingerprint(["p", *run, "q", "r", "s", "u"])
    assert first.hashes & second.hashes
    assert not fingerprint(run[: K - 1]).hashes  # shorter than a k-gram: nothing
    assert len(kgram_hashes(run)) == 4


# --- Scores against the class ------------------------------------------------------------------


def test_identical_copies_score_1_and_nothing_shared_scores_0():
    scores = score_class([[frozenset(range(20))], [frozenset(range(20))], [frozenset(range(100, 130))]])
    by_pair = {(p.a, p.b): p.score for p in scores.pairs}
    assert by_pair[(0, 1)] == 1.0
    assert by_pair[(0, 2)] == by_pair[(1, 2)] == 0.0
    assert scores.pairs[0].a == 0 and scores.pairs[0].b == 1


def test_what_the_reference_or_most_of_the_class_holds_counts_for_nothing():
    common = frozenset(range(1000, 1050))
    copies = [[common | frozenset(range(100 * i, 100 * i + 30))] for i in range(5)]
    copies.append([frozenset(range(30))])  # copy 5: the same rare code as copy 0, nothing common
    scores = score_class(copies)
    assert not (common & scores.counted)  # in all five: discounted
    top = scores.pairs[0]
    assert (top.a, top.b) == (0, 5) and top.score == 1.0
    # the reference's fingerprints count for nothing either
    given = score_class(copies, given=frozenset(range(30)))
    assert given.pairs[0].score == 0.0


def test_a_shared_rare_fingerprint_weighs_more_than_one_many_share():
    rare, idiom = frozenset(range(40)), frozenset(range(500, 540))
    others = [[frozenset(range(1000 * i, 1000 * i + 40))] for i in range(2, 9)]
    # copies 0 and 1 share `rare` (only them); 1 and 2 share `idiom` with copies 3 and 4
    copies = [[rare], [rare | idiom], [idiom | others[0][0]], [idiom | others[1][0]], [idiom | others[2][0]]]
    copies += others[3:]
    scores = score_class(copies)
    by_pair = {(p.a, p.b): p.score for p in scores.pairs}
    assert by_pair[(0, 1)] > by_pair[(1, 2)] > 0


def test_functions_are_matched_one_to_one_whatever_their_order():
    f, g, h = frozenset(range(30)), frozenset(range(100, 130)), frozenset(range(200, 230))
    scores = score_class([[f, g, h], [h, f, g], [frozenset(range(300, 330))]])
    top = scores.pairs[0]
    assert top.score == 1.0
    assert sorted((m.a, m.b) for m in top.matches) == [(0, 1), (1, 2), (2, 0)]


def test_a_few_shared_fingerprints_are_not_evidence():
    scores = score_class([[frozenset(range(3))], [frozenset(range(3))], [frozenset(range(50, 60))]])
    assert scores.pairs[0].score < 0.5


def test_a_pair_is_judged_against_the_class_and_stands_out_from_it():
    rng = range(12)
    copies = [[frozenset(range(100 * i, 100 * i + 40)) | frozenset({5000 + i, 6000 + i})] for i in rng]
    copies[3] = [frozenset(range(40))]  # copy 3 is copy 0
    scores = score_class(copies)
    top = scores.pairs[0]
    assert (top.a, top.b) == (0, 3) and top.unusual and top.z >= UNUSUAL
    assert not any(p.unusual for p in scores.pairs[1:])
    assert scores.threshold > scores.median


# --- The test class ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def class_similarity() -> Similarity:
    """The class, with two students who handed in the sheet's skeleton and nothing more."""
    files = the_class()
    files.update({path.stem: path for path in sorted(SKELETONS.iterdir())})
    return compare(submissions(files), SHARED)


@pytest.fixture(scope="module")
def class_csv(class_similarity: Similarity) -> list[dict[str, str]]:
    return csv_rows(render_csv(class_similarity, "fr"))


def test_the_three_disguised_copies_are_the_top_three_pairs(class_csv):
    assert {pair_of(row) for row in class_csv[:3]} == COPIES
    assert all(row["unusual"] == "oui" for row in class_csv[:3])
    independent = [score_of(row) for row in class_csv if pair_of(row) not in COPIES]
    assert max(independent) < min(score_of(row) for row in class_csv[:3])
    assert len(class_csv) == 19 * 18 // 2
    scores = [score_of(row) for row in class_csv]
    assert scores == sorted(scores, reverse=True)


def test_the_matching_functions_are_named_even_renamed(class_csv):
    rows = {pair_of(row): row for row in class_csv}
    functions = rows[frozenset({"adam_roux", "lina_garcia"})]["functions"].split(", ")
    assert "meilleur_coup ~ recherche" in functions
    assert "maximin" in functions
    # the rewritten function is not among them
    assert "teste_gagnante" not in functions


def test_a_notebook_and_a_module_of_the_same_code_compare_as_equal(tmp_path):
    source = (CLASS / "lea_girard.py").read_text(encoding="utf-8")
    blocks = [b for b in source.split("\n\n\n") if b.strip()]
    cells = [{"cell_type": "markdown", "metadata": {}, "source": "# TD10\nLéa Girard"}]
    cells.append(code_cell("%matplotlib inline\nimport math"))
    printed = [{"output_type": "stream", "name": "stdout", "text": "3\n"}]
    cells += [code_cell(block, outputs=printed) for block in blocks]
    cells.append(code_cell("%%time\nmaximin(jeu1, 4)"))
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": cells}
    (tmp_path / "lea_girard_notebook.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    files = {
        name: the_class()[name] for name in ("lea_girard", "ines_moreau", "sarah_benali", "zoe_chevalier")
    }
    files.update({"lucas_bernard": the_class()["lucas_bernard"], "theo_garnier": the_class()["theo_garnier"]})
    files["lea_girard_notebook"] = tmp_path / "lea_girard_notebook.ipynb"
    rows = csv_rows(render_csv(compare(submissions(files), SHARED), "fr"))
    assert pair_of(rows[0]) == {"lea_girard", "lea_girard_notebook"}
    assert score_of(rows[0]) == 1.0
    assert score_of(rows[1]) < 0.2


def code_cell(source: str, outputs: list[dict[str, object]] | None = None) -> dict[str, object]:
    return {
        "cell_type": "code",
        "metadata": {},
        "execution_count": 1,
        "outputs": outputs or [],
        "source": source,
    }


def test_two_students_who_wrote_only_the_sheets_code_are_not_a_copy(class_csv):
    skeletons = next(row for row in class_csv if pair_of(row) == {"alice_roger", "paul_simon"})
    assert score_of(skeletons) == 0.0 and skeletons["unusual"] == ""
    # what makes it so: their shared code is the sheet's (the skeleton of maximin,
    # `translation`) and the notebook's (`affiche`, which most of the class keeps)
    alone = compare(submissions({path.stem: path for path in SKELETONS.iterdir()}), lambda exercise: [])
    assert alone.exercises[0].scores.pairs[0].score > 0.5


def test_each_exercise_shares_the_code_its_declaration_gives():
    registry = installed()
    sheet = (ROOT / "exercises" / "puissance4" / "given_code.txt").read_text("utf-8")
    assert shared_code(registry["puissance4"]) == [
        sheet,
        (ROOT / "reference" / "puissance4.py").read_text("utf-8"),
    ]
    assert shared_code(registry["morpion"]) == [(ROOT / "reference" / "morpion.py").read_text("utf-8")]
    given_as_text = Exercise(id="nim", title="Nim", questions=(), given_code="def f(n):\n    return n\n")
    assert shared_code(given_as_text) == ["def f(n):\n    return n\n"]
    declares_nothing = Exercise(id="nim", title="Nim", questions=())
    assert shared_by({"nim": declares_nothing})("nim") == [] == SHARED("not-installed")


# --- Reports ----------------------------------------------------------------------------------


def test_the_csv_follows_the_class_tables_dialect(tmp_path):
    files = {name: the_class()[name] for name in ("ines_moreau", "hugo_lefevre", "zoe_chevalier")}
    similarity = compare(submissions(files), SHARED)
    french = render_csv(similarity, "fr")
    assert french.startswith("\ufeffstudent_a;student_b;exercise;score;z;unusual;functions;file_a;file_b\r\n")
    assert ";0," in french
    english = render_csv(similarity, "en")
    assert english.startswith("\ufeffstudent_a,student_b,exercise,score") and ",0." in english
    assert "yes" in english and "oui" not in english


def test_student_text_is_inert_in_both_reports(tmp_path):
    hostile = '=HYPERLINK("http://x")<script>'
    code = (CLASS / "zoe_chevalier.py").read_text(encoding="utf-8")
    code = code.replace("# Zoé Chevalier", "def piege():\n    return '</pre><script>alert(1)</script>'\n# ")
    for name in ("a", "b"):
        (tmp_path / f"{name}.py").write_text(code, encoding="utf-8")
    subs = [
        Submission(hostile, str(tmp_path / "a.py"), "puissance4"),
        Submission("\x1b[2Jb", str(tmp_path / "b.py"), "puissance4"),
    ]
    page = write_report(subs, tmp_path / "out", installed(), "fr")
    html = page.read_text(encoding="utf-8")
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "\x1b" not in html
    rows = csv_rows((tmp_path / "out" / "pairs.csv").read_text(encoding="utf-8"))
    assert rows[0]["student_a"].startswith("'=") or rows[0]["student_b"].startswith("'=")
    assert score_of(rows[0]) == 1.0


def test_the_page_is_self_contained_french_by_default_and_english_when_asked(class_similarity):
    french = render_html(class_similarity, "fr")
    assert '<html lang="fr">' in french and "Similarité des copies" in french
    assert "jamais une preuve" in french
    assert "src=" not in french and "http" not in french.replace("http://www.w3.org", "")
    assert french.count('class="sbs"') >= 3 * 8  # the copies' functions, side by side
    assert "<mark>" in french and "<svg" in french
    english = render_html(class_similarity, "en")
    assert '<html lang="en">' in english and "never a proof" in english and "Élève" not in english


def test_the_histogram_s_scale_is_written_as_the_page_s_language_writes_a_number(class_similarity):
    """A score is 0,604 in the French page's table: its histogram's scale said 0.20 beside it."""
    axis = re.compile(r'y="186" text-anchor="middle">([^<]*)</text>')
    assert axis.findall(render_html(class_similarity, "fr"))[:5] == ["0,00", "0,20", "0,40", "0,60", "0,80"]
    assert axis.findall(render_html(class_similarity, "en"))[:5] == ["0.00", "0.20", "0.40", "0.60", "0.80"]


def test_a_graded_batch_is_compared_as_grading_found_it(tmp_path):
    files = the_class()
    results = [
        SubmissionResult(str(files["ines_moreau"]), "puissance4", "graded", student="ines"),
        SubmissionResult(str(files["hugo_lefevre"]), "puissance4", "graded", student="hugo"),
        SubmissionResult(str(files["zoe_chevalier"]), "puissance4", "graded", student="zoe"),
        SubmissionResult(
            str(tmp_path / "vide.ipynb"), None, "not_gradable", reason="no_code", student="vide"
        ),
        SubmissionResult(str(tmp_path / "casse.ipynb"), "puissance4", "not_gradable", student="casse"),
    ]
    (tmp_path / "casse.ipynb").write_text('{"cells": [', encoding="utf-8")
    page = write_similarity(results, tmp_path / "out", installed(), "fr")
    rows = csv_rows((tmp_path / "out" / "pairs.csv").read_text(encoding="utf-8"))
    assert pair_of(rows[0]) == {"ines", "hugo"} and len(rows) == 3
    html = page.read_text(encoding="utf-8")
    assert "Copies non comparées" in html and "exercice non reconnu" in html and "fichier illisible" in html


def test_a_class_without_pairs_gets_a_page_that_says_so(tmp_path):
    page = write_similarity([], tmp_path / "out", installed(), "en")
    assert "No pair to compare" in page.read_text(encoding="utf-8")
    assert csv_rows((tmp_path / "out" / "pairs.csv").read_text(encoding="utf-8"), "en") == []


def test_without_the_extra_similarity_is_a_usage_error_saying_what_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "copydetect", None)  # as if not installed
    with pytest.raises(SystemExit) as stop:
        build_parser(installed()).parse_args(["--similarity", "rapport", "copies"])
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert "--similarity" in error and 'pip install "minimax-grader[similarity]"' in error
    assert "n'est pas installé" in error


def test_with_the_extra_the_option_names_a_folder():
    args = build_parser(installed()).parse_args(["--similarity", "rapport", "copies"])
    assert args.similarity == Path("rapport")
    assert build_parser(installed()).parse_args(["copies"]).similarity is None
