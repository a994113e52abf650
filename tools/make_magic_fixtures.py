"""Generate the puissance4 fixtures with cell magics from `correct_listes.ipynb`.

`correct_magie_time.ipynb`: its functions defined in `%%time`, `%%capture` cells, the
tests in `%%timeit` cells (Jupyter runs their bodies: every question passes).
`correct_magie_autres.ipynb`: `%%bash`, `%%writefile`, `%%html` cells and line magics
added (not run while grading, reported on their cells; every question still passes).
`correct_magie_time_ligne.ipynb`: `Dalignements` built on a `%time` line and `jeu1` by
`x = %time f()` (IPython runs the statement: every question passes).

    python tools/make_magic_fixtures.py
"""

import copy
import hashlib
import json
from pathlib import Path

FOLDER = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "puissance4"


def code_cell(source: str) -> dict:
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": "magie-" + hashlib.sha1(source.encode()).hexdigest()[:8],
        "metadata": {},
        "outputs": [],
        "source": source.splitlines(keepends=True),
    }


def with_magic(cell: dict, magic: str) -> dict:
    cell = copy.deepcopy(cell)
    cell["source"] = [magic + "\n"] + list(cell["source"])
    return cell


def main() -> None:
    base = json.loads((FOLDER / "correct_listes.ipynb").read_text("utf-8"))
    cells = base["cells"]

    timed = copy.deepcopy(base)
    magics = {
        3: "%%time",
        10: "%%capture",
        15: "%%time",
        17: "%%time",
        19: "%%capture sortie\n%%time",
        20: "%%timeit -n 1 -r 1",
    }
    timed["cells"] = [with_magic(c, magics[n]) if n in magics else c for n, c in enumerate(cells, start=1)]
    timed["cells"].append(code_cell("%%timeit\nmaximin(jeu1, 3)"))
    (FOLDER / "correct_magie_time.ipynb").write_text(
        json.dumps(timed, ensure_ascii=False, indent=1) + "\n", "utf-8"
    )

    others = copy.deepcopy(base)
    others["cells"] = (
        cells[:2]
        + [code_cell("%%bash\npip install numpy")]
        + [with_magic(cells[2], "%matplotlib inline\n!pip list")]
        + cells[3:]
        + [code_cell("%%writefile partie.py\nprint(maximin(jeu1, 3))"), code_cell("%%html\n<b>Fin du TD</b>")]
    )
    (FOLDER / "correct_magie_autres.ipynb").write_text(
        json.dumps(others, ensure_ascii=False, indent=1) + "\n", "utf-8"
    )

    timed_line = copy.deepcopy(base)
    timed_line["cells"][10] = code_cell(
        "%time Dalignements = {(i, j): [a for a in Lalignements if (i, j) in a]"
        " for i in range(nrows) for j in range(ncols)}\n"
        "jeu1 = %time initialiser_jeu([1, 0, 2, 4, 3, 5, 1, 2, 4, 3, 3, 2, 2, 4])\n"
        "Dalignements[(0, 0)]"
    )
    (FOLDER / "correct_magie_time_ligne.ipynb").write_text(
        json.dumps(timed_line, ensure_ascii=False, indent=1) + "\n", "utf-8"
    )


if __name__ == "__main__":
    main()
