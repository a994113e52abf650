"""Python 3.10 and 3.13: the project's wheel installed in a venv of each (as pipx
would), `minimax-grader` run from another folder, and the same report as this
interpreter gives. Slow: the venvs and their dependencies take a minute or more each
the first time; they are kept (keyed by pyproject.toml) in $MMG_VENV_CACHE, by default
a folder of the temporary directory, and only the project's wheel is reinstalled."""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "eleve_puissance4.ipynb"
VERSIONS = ("3.10", "3.13")
TIMING = ("duration_s", "student_s", "student_cpu_s")


def find_python(version: str) -> Path | None:
    """pyenv's newest `version.*` interpreter, else `pythonX.Y` on the PATH."""
    pyenv = shutil.which("pyenv")
    if pyenv:
        root = subprocess.run([pyenv, "root"], capture_output=True, text=True).stdout.strip()
        found = sorted(
            Path(root, "versions").glob(f"{version}.*/bin/python"),
            key=lambda p: [int(x) for x in p.parent.parent.name.split(".") if x.isdigit()],
        )
        if found:
            return found[-1]
    on_path = shutil.which(f"python{version}")
    return Path(on_path) if on_path else None


def comparable(report_path: Path) -> dict:
    """The report without what changes from run to run: timings and the path given."""
    report = json.loads(report_path.read_text("utf-8"))
    for submission in report["submissions"]:
        for key in (*TIMING, "path"):
            submission.pop(key)
    return report


def venv_for(python: Path) -> tuple[Path, bool]:
    """The cached venv of `python` for this pyproject.toml, and whether it is ready."""
    key = hashlib.sha256(
        f"{python.resolve()}\n{ROOT}\n".encode() + (ROOT / "pyproject.toml").read_bytes()
    ).hexdigest()[:16]
    cache = Path(os.environ.get("MMG_VENV_CACHE") or Path(tempfile.gettempdir()) / "mmg-test-venvs")
    venv = cache / f"{python.parent.parent.name}-{key}"
    return venv, (venv / "ready").exists()


def install_and_grade(python: Path, wheel: Path, work: Path) -> tuple[dict, Path]:
    venv, ready = venv_for(python)
    bin_dir = venv / ("Scripts" if sys.platform == "win32" else "bin")
    pip = [str(bin_dir / "python"), "-m", "pip", "install", "--quiet"]
    if ready:  # the dependencies are there: the project's wheel only
        subprocess.run(
            [*pip, "--no-deps", "--force-reinstall", str(wheel)], check=True, timeout=300, capture_output=True
        )
    else:
        shutil.rmtree(venv, ignore_errors=True)
        subprocess.run([str(python), "-m", "venv", str(venv)], check=True, timeout=120)
        subprocess.run([*pip, str(wheel)], check=True, timeout=900, capture_output=True)
        (venv / "ready").touch()
    elsewhere = work / "ailleurs"  # not the repository: the installed package alone
    elsewhere.mkdir(parents=True)
    shutil.copy(SAMPLE, elsewhere / "mon_td.ipynb")
    command = bin_dir / ("minimax-grader.exe" if sys.platform == "win32" else "minimax-grader")
    done = subprocess.run(
        [str(command), "mon_td.ipynb", "--json", "report.json", "--html", "rapports", "--jobs", "1"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "Total : 14,5 / 20 points" in done.stdout
    return comparable(elsewhere / "report.json"), elsewhere / "rapports"


@pytest.mark.slow
def test_python_310_and_313_give_the_same_report(tmp_path):
    pythons = {v: find_python(v) for v in VERSIONS}
    missing = [v for v, p in pythons.items() if p is None]
    if missing:
        pytest.skip(f"no Python {', '.join(missing)} here (pyenv absent and not on PATH)")
    wheels = tmp_path / "wheel"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels), str(ROOT)],
        check=True,
        timeout=300,
        capture_output=True,
    )
    (wheel,) = wheels.glob("minimax_grader-*.whl")
    reference = tmp_path / "reference.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "grade.py"), str(SAMPLE), "--json", str(reference), "--jobs", "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    expected = comparable(reference)
    with ThreadPoolExecutor(len(VERSIONS)) as pool:  # the two installs overlap
        futures = {v: pool.submit(install_and_grade, pythons[v], wheel, tmp_path / v) for v in VERSIONS}
        results = {v: f.result() for v, f in futures.items()}
    for version, (report, html) in results.items():
        assert report == expected, f"Python {version} gives another report"
        assert (html / "index.html").exists() and (html / "mon_td.html").exists()  # templates packaged
