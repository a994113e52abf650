"""Time the similarity report's pass (`--similarity`) on a class of 40 and of 200 copies.

    python benchmarks/bench_similarity.py [--sizes 40 200] [--baseline 40]

The class is generated in a temporary folder from the similarity test class
(tests/fixtures/similarity/puissance4, and the independent solutions it takes from
tests/fixtures/puissance4): copy i is solution i mod 17 with about half of the names
its author chose renamed (`valeur` -> `valeur_12`), notebooks staying notebooks. Every
copy thus has about a dozen disguised twins: more shared code than a real class, the
slow case for the comparison.

Each size runs in a fresh interpreter (`--inner`), as `grade.py --similarity` does after
grading: reading the copies, fingerprinting them (copydetect's import included), scoring
every pair, and writing pairs.csv and index.html. Prints the wall and CPU time of each.

`--baseline N` also times copydetect's own API on the same N copies, the way its
documentation uses it: a `CodeFingerprint` of each copy's code (all its cells) and
`compare_files` on every pair. Nothing is asserted: figures for docs/how-to/similarity.md.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import json
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FIXTURES = ROOT / "tests" / "fixtures"
INDEPENDENT = ["correct_listes.ipynb", "correct_tuples.ipynb", "correct_numpy.ipynb", "correct_module.py"]
KEPT = set(dir(builtins)) | {
    "jeu",
    "joueur",
    "col",
    "n",
    "alpha",
    "beta",
    "alignement",
    "coords",
    "liste_colonnes",
}


def solutions() -> list[Path]:
    class_folder = FIXTURES / "similarity" / "puissance4"
    return [FIXTURES / "puissance4" / name for name in INDEPENDENT] + sorted(class_folder.iterdir())


def chosen_names(code: str) -> list[str]:
    """Names the author bound (assigned, parameters, loop variables), sheet names aside."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    names |= {a.arg for a in ast.walk(tree) if isinstance(a, ast.arg)}
    return sorted(names - KEPT)


def disguise(code: str, names: list[str], copy: int) -> str:
    for k, name in enumerate(names):
        if (k + copy) % 2 == 0:
            code = re.sub(rf"\b{re.escape(name)}\b", f"{name}_{copy}", code)
    return code


def build_class(folder: Path, size: int) -> None:
    bases = solutions()
    for copy in range(size):
        base = bases[copy % len(bases)]
        target = folder / f"eleve{copy + 1:03d}{base.suffix}"
        if base.suffix == ".py":
            code = base.read_text(encoding="utf-8")
            target.write_text(disguise(code, chosen_names(code), copy), encoding="utf-8")
            continue
        notebook = json.loads(base.read_text(encoding="utf-8"))
        cells = [c for c in notebook["cells"] if c["cell_type"] == "code"]
        names = chosen_names("\n".join("".join(c["source"]) for c in cells))
        for cell in cells:
            cell["source"] = disguise("".join(cell["source"]), names, copy)
        target.write_text(json.dumps(notebook), encoding="utf-8")


def run_pass(folder: Path) -> None:
    """The work of `grade.py --similarity` after grading, on every copy of the folder."""
    from grader.registry import installed
    from grader.similarity.compare import Submission
    from grader.similarity.report import write_report

    files = sorted(folder.glob("eleve*"))
    submissions = [Submission(f.stem, str(f), "puissance4") for f in files]
    write_report(submissions, folder / "report", installed(), "fr")


def run_baseline(folder: Path) -> None:
    """copydetect's API on whole copies: a fingerprint per copy, compare_files per pair."""
    import io

    import copydetect

    from grader.reading.submission import read_submission

    prints = []
    for path in sorted(folder.glob("eleve*")):
        code = "\n".join(cell.source for cell in read_submission(path).cells)
        prints.append(copydetect.CodeFingerprint(f"{path.stem}.py", 25, 1, fp=io.StringIO(code)))
    for i, first in enumerate(prints):
        for second in prints[i + 1 :]:
            copydetect.compare_files(first, second)


def timed(size: int, mode: str) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        build_class(folder, size)
        start = time.perf_counter()
        subprocess.run([sys.executable, __file__, "--inner", mode, str(folder)], check=True)
        wall = time.perf_counter() - start
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=[40, 200])
    parser.add_argument("--baseline", type=int, nargs="*", default=[], metavar="N")
    parser.add_argument("--inner", nargs=2, metavar=("MODE", "FOLDER"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        mode, folder = args.inner
        (run_pass if mode == "pass" else run_baseline)(Path(folder))
        return
    print(f"{'copies':>6}  {'what':<32}  {'wall (s)':>8}  {'cpu (s)':>8}")
    cpu_before = 0.0
    for mode, sizes in (("pass", args.sizes), ("baseline", args.baseline)):
        label = "--similarity (read, score, write)" if mode == "pass" else "copydetect API, whole files"
        for size in sizes:
            wall, cpu = timed(size, mode)
            print(f"{size:>6}  {label:<32}  {wall:>8.1f}  {cpu - cpu_before:>8.1f}", flush=True)
            cpu_before = cpu


if __name__ == "__main__":
    main()
