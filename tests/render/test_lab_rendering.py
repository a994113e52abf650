"""The report of verifier() as JupyterLab and Notebook 7 style it: the kernel's real output
rendered with JupyterLab's stylesheet (nbconvert's `lab` template) in headless Chromium,
and the computed style of the report's table read from the page."""

import pytest

from tools import chromium

pytestmark = pytest.mark.slow

PLAIN_TABLE = (
    "from IPython.display import HTML\nHTML('<table><tr><td>sans style</td><td>1</td></tr></table>')"
)


@pytest.fixture(scope="module")
def lab_page(tmp_path_factory):
    if chromium.find_browser() is None:
        pytest.skip("Chromium is not installed (apt-get install -y chromium): the page cannot be laid out")
    for module in ("nbclient", "ipykernel", "nbconvert"):
        pytest.importorskip(module)
    from tools.verifier_in_lab import SAMPLE, lab_html, run_verifier

    work = tmp_path_factory.mktemp("lab")
    mp = pytest.MonkeyPatch()
    mp.setenv("JUPYTER_PATH", "")  # run_verifier points it at its own kernel; restored after
    try:
        executed = run_verifier(SAMPLE, work / "run", extra_cells=[PLAIN_TABLE])
    finally:
        mp.undo()
    return lab_html(executed, work / "lab.html")


def test_jupyterlabs_rule_is_in_force_on_a_plain_table(lab_page):
    """The control: without styles of its own, a table's cells are right-aligned by
    JupyterLab's stylesheet, the rule the report must outweigh."""
    cells = chromium.computed_styles(lab_page, "table:not(.mmg-report table) td", ["text-align"])
    assert [(text, align) for _, _, text, align in cells] == [("sans style", "right"), ("1", "right")]


def test_the_reports_table_keeps_its_alignment_in_jupyterlab(lab_page):
    cells = chromium.computed_styles(
        lab_page, ".mmg-report table:first-of-type tr > *", ["text-align", "table-layout"]
    )
    assert len(cells) == 4 + 17 * 4 + 3  # the header, Q1 to Q17, the total
    points = [c for c in cells if "num" in c[1].split()]
    text = [c for c in cells if "num" not in c[1].split()]
    assert {c[3] for c in points} == {"right"}, points  # points right-aligned
    assert {c[3] for c in text} == {"left"}, text  # question, title, status left-aligned
    assert [c[2] for c in points][:3] == ["Points", "0,5 / 0,5", "0,5 / 0,5"]
    assert ("td", "", "heuristique", "left") in [tuple(c[:4]) for c in cells]


def test_the_reports_table_is_laid_out_as_in_its_own_page(lab_page):
    (table,) = chromium.computed_styles(
        lab_page, ".mmg-report table:first-of-type", ["table-layout", "margin-left"]
    )
    assert table[3:] == ["auto", "0px"]  # not JupyterLab's fixed, centred layout


def test_the_evidence_is_laid_out_as_in_its_own_page(lab_page):
    """JupyterLab's output area floats a dl's dt and dd (20% / 80% of a full-width list):
    the report's call / expected / obtained list keeps its own grid, the board beside it."""
    items = chromium.computed_styles(lab_page, ".mmg-report dl.evidence > *", ["float", "width"])
    assert items and {float_ for *_, float_, _ in items} == {"none"}
    rows, lists = (
        chromium.computed_styles(lab_page, f".mmg-report {selector}", ["width"])
        for selector in (".evidence-row", "dl.evidence")
    )
    # Q14's second check: a call, expected and obtained, no note: its board fits beside them
    row, dl = rows[1], lists[1]
    assert "heuristique(jeu)" in dl[2]
    assert float(dl[-1].removesuffix("px")) < float(row[-1].removesuffix("px")) / 2
