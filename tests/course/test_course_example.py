"""The tutorial's commands, as docs/tutorial/your-own-td.md shows them (slow: workers):
`python -m grader.course new allumettes`, the package installed (its entry point in a
`dist-info`, as `pip install -e` writes one), its copies graded with the marks of
copies/ATTENDU.md, by `python -m grader` and by the package's own test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

import pytest

from grader.registry import GROUP

ATTENDU = {"copie_a.ipynb": 20.0, "copie_b.ipynb": 8.0, "copie_c.ipynb": 18.0, "copie_d.ipynb": 17.0}


def installed(folder: Path, site: Path) -> dict[str, str]:
    """The environment of a grader beside which the package in `folder` is installed:
    a `dist-info` holding the entry points its pyproject.toml declares."""
    project = tomllib.loads((folder / "pyproject.toml").read_text("utf-8"))["project"]
    info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: 1.0\n", "utf-8")
    lines = [f"{name} = {value}" for name, value in project["entry-points"][GROUP].items()]
    (info / "entry_points.txt").write_text(f"[{GROUP}]\n" + "\n".join(lines) + "\n", "utf-8")
    return dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(folder)]))


def run(*command: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *command], capture_output=True, text=True, cwd=cwd, env=env, timeout=600
    )


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The tutorial's first two steps: the package written, then installed."""
    where = tmp_path_factory.mktemp("cours")
    written = run("-m", "grader.course", "new", "allumettes", cwd=where)
    assert written.returncode == 0, written.stderr
    folder = where / "allumettes-td"
    return folder, installed(folder, where / "site")


def test_the_tutorial_s_td_grades_its_copies_as_reasoned(course):
    folder, env = course
    report_file = folder.parent / "rapport.json"  # the same run's JSON: what the summary does not say
    said = run("-m", "grader", "allumettes-td/copies", "--json", str(report_file), cwd=folder.parent, env=env)
    assert said.returncode == 0, said.stderr
    assert said.stdout.splitlines()[-5:] == [
        "copie_a        20 / 20",
        "copie_b         8 / 20  Q4, Q5, Q6",
        "copie_c        18 / 20  Q5",
        "copie_d        17 / 20  Q6",
        "Bilan : 4 copie(s), moyenne 15,75 / 20",
    ]
    report = json.loads(report_file.read_text("utf-8"))["submissions"]
    assert {Path(s["path"]).name: (s["exercise"], s["mark20"]) for s in report} == {
        name: ("allumettes", mark) for name, mark in ATTENDU.items()
    }
    checks = {
        (Path(s["path"]).stem, q["id"]): {c["name"]: c["status"] for c in q["checks"]}
        for s in report
        for q in s["questions"]
    }
    assert checks["copie_b", "Q5"] == {"sheet": "failed", "all": "failed", "over": "not_counted"}
    assert checks["copie_c", "Q5"] == {"sheet": "passed", "all": "failed", "over": "passed"}
    assert checks["copie_d", "Q6"] == {"values": "timeout", "fills": "passed", "fast": "timeout"}
    own_test = run(
        "-m", "pytest", "-q", "-p", "no:cacheprovider", "allumettes-td/tests", cwd=folder.parent, env=env
    )
    assert own_test.returncode == 0, own_test.stdout + own_test.stderr
    english = run("-m", "grader", "copies/copie_c.ipynb", "--lang", "en", cwd=folder, env=env)
    assert "meilleur_coup as the reference: meilleur_coup(0, 1), meilleur_coup(0, 2)" in english.stdout
    assert "Expected: a move among [1]" in english.stdout
    assert "comme la correction" not in english.stdout


def test_the_mutation_command_measures_the_td(course):
    folder, env = course
    measured = run("-m", "grader.mutation", "allumettes", "--limit", "6", cwd=folder, env=env)
    assert measured.returncode == 0, measured.stderr
    # the whole run kills every behaviour-changing mutant (docs/explanation/mutation.md): a sample too
    assert "mutants generated:   104 (6 sampled)" in measured.stdout
    assert "surviving:           0" in measured.stdout
    assert measured.stdout.splitlines()[-1].startswith("allumettes")
