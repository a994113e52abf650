"""The marking page in a real browser (Debian's Chromium, driven by Playwright), as a
teacher uses it on a class graded by `grade.py`: Q16 graded with the keyboard and the
rubric, a question overridden, a rubric item's points changed in the barème, the manual
table edited behind the page's back; after each step the manual table, `notes.csv` and
the HTML index are read back. Then hostile answers, and a form posted from another
local site. Screenshots of each step go to $MMG_SCREENSHOTS when set
(tools/screenshot_marking.py keeps them for docs/how-to/mark-by-hand.md).

The class (graded once for the module): out of 17.5 + 2 = 19.5 points (Q17 left out,
Q16 worth 2). Every copy but bernard_lucas passes every automatic check (17.5 points:
17,95 / 20 before Q16); bernard_lucas (no diagonals: Q9, Q10 and what uses them) earns
9.5 points (9,74 / 20), as the fixture corpus' expected verdicts give.
"""

from __future__ import annotations

import csv
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from grader.marking.manual import read_manual
from grader.render.pdf import find_browser
from tests.marking.classroom import BAREME

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
P4 = ROOT / "tests" / "fixtures" / "puissance4"
COPIES = {
    "bernard_lucas": "bug_sans_diagonales.ipynb",
    "dupont_marie": "correct_listes.ipynb",
    "leroy_ines": "correct_numpy.ipynb",  # no **Q16** heading
    "martin_lea": "correct_tuples.ipynb",
}
FLAGS = ["--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"]


class Visitors(http.server.ThreadingHTTPServer):
    """Another site on this machine: it counts who fetches from it, and serves a page
    that posts a form to the marking page."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Visit)
        self.hits: list[str] = []
        self.target = ""


class _Visit(http.server.BaseHTTPRequestHandler):
    server: Visitors

    def do_GET(self) -> None:
        self.server.hits.append(self.path)
        body = b""
        if self.path.startswith("/evil"):
            body = (
                f'<form id="f" method="post" action="{self.server.target}">'
                '<input name="points" value="0"><input name="base" value=""><input name="jeton" value="devine">'
                "</form><script>document.getElementById('f').submit()</script>"
            ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def hostile_notebook(leak: str) -> str:
    """correct_listes with its Q16 answer made hostile, and a cell of hostile outputs."""
    data = json.loads((P4 / "correct_listes.ipynb").read_text("utf-8"))
    cells = data["cells"]
    q16 = next(i for i, c in enumerate(cells) if "**Q16.**" in "".join(c["source"]))
    cells[q16]["source"] = (
        f'**Q16.** <img src="{leak}/markdown.png"> <img src=x onerror="window.pwned = 1">\n'
        "<script>window.pwned = 2</script>\n"
        f'<meta http-equiv="refresh" content="0;url={leak}/refresh">\n'
        '<div id="cover" style="position:fixed;top:0;left:0;width:100vw;height:100vh;background:red;z-index:99">'
        "recouvert</div>\n<style>body { display: none }</style>\n"
        f"[mon cours](javascript:window.pwned=3) ![figure]({leak}/figure.png)"
    )
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" onload="window.pwned=4"><image href="{leak}/svg.png"/></svg>'
    outputs = [
        {"output_type": "display_data", "data": {"image/svg+xml": svg}, "metadata": {}},
        {
            "output_type": "display_data",
            "data": {"text/html": f'<b>arbre</b><img src="{leak}/html.png"><script>window.pwned=5</script>'},
            "metadata": {},
        },
    ]
    cells.insert(
        q16 + 1,
        {
            "cell_type": "code",
            "source": "# mon schéma\npass",
            "outputs": outputs,
            "metadata": {},
            "execution_count": 1,
        },
    )
    return json.dumps(data, ensure_ascii=False)


@pytest.fixture(scope="module")
def visitors() -> Iterator[Visitors]:
    server = Visitors()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory, visitors: Visitors) -> Path:
    """The class, graded once by grade.py (the module's other runs grade nothing)."""
    if find_browser() is None:
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    pytest.importorskip("playwright")
    folder = tmp_path_factory.mktemp("graded")
    copies = folder / "copies"
    for student, name in COPIES.items():
        (copies / student).mkdir(parents=True)
        shutil.copy(P4 / name, copies / student / "td10.ipynb")
    (copies / "petit_hugo").mkdir()
    leak = f"http://127.0.0.1:{visitors.server_address[1]}"
    (copies / "petit_hugo" / "td10.ipynb").write_text(hostile_notebook(leak), encoding="utf-8")
    (copies / "minimax-grader.toml").write_text(BAREME, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(ROOT / "grade.py"), *RUN],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert (folder / "classe" / "notes.csv").is_file(), done.stderr[-3000:]
    return folder


RUN = ["copies", "--results", "classe", "--manual", "classe/manuel.csv", "--csv", "classe/notes.csv"]
RUN += ["--html", "classe/html"]


class Page:
    """`grade.py … --serve --no-browser` on a copy of the graded class, and a browser."""

    def __init__(self, folder: Path, shots: Path | None):
        self.folder = folder
        self.shots = shots
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "grade.py"), *RUN, "--serve", "--no-browser"],
            cwd=folder,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        line = ""
        while "Page de correction" not in line:
            line = self.process.stdout.readline()
            assert line or self.process.poll() is None, (
                self.process.stderr.read() if self.process.stderr else ""
            )
        self.url = re.search(r"http://\S+", line).group(0)
        self.origin = self.url.split("/?")[0]

    def stop(self) -> str:
        self.process.send_signal(2)  # Ctrl-C
        _, err = self.process.communicate(timeout=30)
        return err

    @property
    def manual(self) -> dict[tuple[str, str], tuple[str, str, tuple[str, ...]]]:
        return {
            (r.student, r.question): (r.points_text, r.comment, r.items)
            for r in read_manual(self.folder / "classe" / "manuel.csv")
        }

    def csv_marks(self, column: str = "note /20") -> dict[str, str]:
        text = (self.folder / "classe" / "notes.csv").read_text("utf-8-sig")
        return {row["élève"]: row[column] for row in csv.DictReader(io.StringIO(text), delimiter=";")}

    def index_marks(self) -> dict[str, str]:
        html = (self.folder / "classe" / "html" / "index.html").read_text("utf-8")
        rows = re.findall(
            r'<td><a href="[^"]+">([^<]+)</a></td>.*?<td class="num"><strong>([^<]+)</strong>', html, re.S
        )
        return dict(rows)

    def reports_show(self, student: str, mark: str, q16: str | None = None) -> None:
        """The CSV and the index (written again in the background) give `mark`."""
        wait_for(lambda: self.csv_marks().get(student) == mark and self.index_marks().get(student) == mark)
        if q16 is not None:
            assert self.csv_marks("Q16 (/2)")[student] == q16

    def shot(self, browser_page: object, name: str) -> None:
        if self.shots is not None:
            browser_page.screenshot(path=str(self.shots / f"{name}.png"))  # type: ignore[attr-defined]


def wait_for(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not reached in time"
        time.sleep(0.1)


@pytest.fixture
def served(graded: Path, tmp_path: Path) -> Iterator[Page]:
    folder = tmp_path / "class"
    shutil.copytree(graded, folder)
    shots = Path(os.environ["MMG_SCREENSHOTS"]) if os.environ.get("MMG_SCREENSHOTS") else None
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    page = Page(folder, shots)
    yield page
    if page.process.poll() is None:
        page.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=find_browser(), chromium_sandbox=False, args=FLAGS
        )
        yield launched
        launched.close()


def ready(page: object) -> None:
    """The page loaded and its script running (its keys work)."""
    page.wait_for_selector("body[data-ready='1']", state="attached")  # type: ignore[attr-defined]


def new_page(browser: object) -> object:
    context = browser.new_context(viewport={"width": 1280, "height": 860}, locale="fr-FR")  # type: ignore[attr-defined]
    return context.new_page()


def test_a_teacher_grades_q16_overrides_and_the_files_follow_each_step(served: Page, browser: object) -> None:
    from playwright.sync_api import expect

    page = new_page(browser)
    page.goto(served.url)
    ready(page)
    expect(page.locator("#progress-Q16")).to_have_text("Q16 : 0/5 notées")
    served.shot(page, "1-classe")

    # 1. the first answer to grade, the rubric by its keys: bernard_lucas, items a and c
    page.get_by_role("link", name="Noter Q16 →").click()
    expect(page).to_have_url(re.compile(r"/question/Q16/bernard_lucas"))
    ready(page)
    page.keyboard.press("a")
    page.keyboard.press("c")
    expect(page.locator("#sum")).to_have_text("= 0,5")  # 1 - 0.5
    served.shot(page, "2-grille")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/question/Q16/dupont_marie\?filtre=a-noter&fait=bernard_lucas"))
    ready(page)
    assert served.manual[("bernard_lucas", "Q16")] == ("", "", ("horizon3", "schema"))
    served.reports_show("bernard_lucas", "10,26", q16="0,5")  # 9.5 + 0.5 = 10 of 19.5

    # 2. a number typed: dupont_marie 2, then leroy_ines (no heading: the whole copy) 1,5
    page.keyboard.type("2")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/question/Q16/leroy_ines"))
    ready(page)
    expect(page.locator("#not-found")).to_contain_text("Pas de réponse trouvée")
    served.reports_show("dupont_marie", "20", q16="2")
    page.keyboard.type("1,5")
    served.shot(page, "3-toute-la-copie")
    page.keyboard.press("Enter")
    served.reports_show("leroy_ines", "19,49", q16="1,5")  # 17.5 + 1.5 = 19 of 19.5

    # 3. the arrows move without saving; then martin_lea gets item b
    expect(page).to_have_url(re.compile(r"/question/Q16/martin_lea"))
    ready(page)
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"/question/Q16/petit_hugo"))
    ready(page)
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(re.compile(r"/question/Q16/martin_lea"))
    ready(page)
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    served.reports_show("martin_lea", "18,97", q16="1")
    expect(page.locator("#progress-Q16")).to_have_text("Q16 : 4/5 notées")
    assert served.manual[("petit_hugo", "Q16")] == ("", "", ())  # moved past, never saved

    # 4. an override on the student's page: dupont_marie's Q14 (2 of 2 by its checks) at 1
    page.goto(served.origin + "/eleve/dupont_marie")
    ready(page)
    row = page.locator("#override-Q14")
    row.locator("input[name=points]").fill("1")
    row.locator("input[name=commentaire]").fill("recopié sur le corrigé")
    served.shot(page, "4-correction")
    row.get_by_role("button").click()
    expect(page.locator("#override-Q14")).to_contain_text("2 / 2")  # the automatic score beside
    assert served.manual[("dupont_marie", "Q14")] == ("1", "recopié sur le corrigé", ())
    served.reports_show("dupont_marie", "18,97")  # 17.5 - 1 + 2 = 18.5 of 19.5

    # 5. an item's points changed in the barème: the open class page re-scores by itself
    page.goto(served.origin + "/")
    ready(page)
    expect(page.locator("#row-bernard_lucas .mark")).to_have_text("10,26")
    barème = served.folder / "copies" / "minimax-grader.toml"
    barème.write_text(BAREME.replace("points = -0.5", "points = -1"), encoding="utf-8")
    expect(page.locator("#row-bernard_lucas .mark")).to_have_text("9,74", timeout=10_000)  # 1 - 1 = 0
    expect(page.locator("#row-martin_lea .mark")).to_have_text("18,97")  # no schema: unchanged
    served.shot(page, "5-grille-changee")
    served.reports_show("bernard_lucas", "9,74", q16="0")

    # 6. the manual table edited behind the page, as a spreadsheet saves it
    page.goto(served.origin + "/question/Q16/martin_lea?filtre=toutes")
    ready(page)
    table = served.folder / "classe" / "manuel.csv"
    text = table.read_text("utf-8-sig").replace("martin_lea;Q16;;;horizon4", "martin_lea;Q16;2;;horizon4")
    table.write_text("\ufeff" + text, encoding="utf-8")
    expect(page.locator("#points")).to_have_value("2", timeout=10_000)  # nothing typed: reloaded
    expect(page.locator("#banner")).to_contain_text("manuel.csv a changé sur le disque")
    served.reports_show("martin_lea", "20", q16="2")
    served.shot(page, "6-fichier-change")

    # 7. ... while something is typed: the page keeps it, never writes over the file
    page.goto(served.origin + "/question/Q16/leroy_ines?filtre=toutes")
    ready(page)
    page.locator("#points").fill("1")
    text = table.read_text("utf-8-sig").replace("leroy_ines;Q16;1,5;", "leroy_ines;Q16;0,5;")
    table.write_text("\ufeff" + text, encoding="utf-8")
    expect(page.locator("#banner")).to_be_visible(timeout=10_000)
    expect(page.locator("#points")).to_have_value("1")  # what was typed stays
    page.locator("#points").press("Enter")
    expect(page.locator("#message")).to_contain_text("elle vaut maintenant 0,5")
    assert served.manual[("leroy_ines", "Q16")][0] == "0,5"
    served.shot(page, "7-conflit")
    page.locator("#points").press("Enter")  # Enter again: saved instead
    expect(page).to_have_url(re.compile(r"fait=leroy_ines"))
    ready(page)
    assert served.manual[("leroy_ines", "Q16")][0] == "1"
    served.reports_show("leroy_ines", "18,97")  # 17.5 + 1 = 18.5 of 19.5

    assert "Page de correction arrêtée" in served.stop()
    assert served.manual[("bernard_lucas", "Q16")] == ("", "", ("horizon3", "schema"))  # all still there


def test_the_class_page_says_what_the_run_said_and_what_to_fix_until_it_is_fixed(
    graded: Path, tmp_path: Path, browser: object
) -> None:
    """The class page said 'Messages de la dernière lecture : 0 copie(s) corrigée(s), 0
    inchangée(s) ; 5 autre(s) reprise(s)… (pas nommée(s) cette fois)', its own reading of
    the record, as if nothing had been graded and the class dropped. It says what the run
    the teacher launched printed, and apart, open, what the page's readings find to fix:
    martin_lea's 3 for a Q16 worth 2 (line 5 of the table the run made, in the class's
    order), gone once she is given 1 on the page; a word typed in a spreadsheet behind it."""
    from playwright.sync_api import expect

    folder = tmp_path / "class"
    shutil.copytree(graded, folder)
    table = folder / "classe" / "manuel.csv"
    text = table.read_text("utf-8-sig")
    table.write_text("\ufeff" + text.replace("martin_lea;Q16;;", "martin_lea;Q16;3;"), encoding="utf-8")
    served = Page(folder, None)
    try:
        page = new_page(browser)
        page.goto(served.url)
        ready(page)
        to_fix = page.locator("#to-fix")
        expect(to_fix).to_contain_text("À régler — trouvé en relisant les fichiers de la classe")
        expect(to_fix).to_contain_text(
            "ligne 5 : non appliquée — 3 n'est pas entre 0 et 2 point(s) (le barème de Q16)"
        )
        launched = page.locator("#launched")
        expect(launched).to_contain_text("Ce qu'a dit la correction lancée")
        expect(launched.locator("li").first).to_be_hidden()  # closed: the terminal said it already
        launched.locator("summary").click()
        expect(launched.locator("li").first).to_have_text("0 copie(s) corrigée(s), 5 inchangée(s)")
        shown = launched.locator("li").all_inner_texts()
        expect(page.locator("body")).not_to_contain_text("reprise(s)")

        page.goto(served.origin + "/question/Q16/martin_lea?filtre=toutes")
        ready(page)
        page.locator("#points").fill("1")
        page.locator("#points").press("Enter")
        expect(page).to_have_url(re.compile(r"fait=martin_lea"))
        page.goto(served.origin + "/")
        ready(page)
        expect(page.locator("#to-fix")).to_have_count(0)
        assert page.locator("#launched li").all_text_contents() == shown  # what the run said, unchanged

        text = table.read_text("utf-8-sig").replace("dupont_marie;Q16;;", "dupont_marie;Q16;deux;")
        table.write_text("\ufeff" + text, encoding="utf-8")  # a spreadsheet, behind the page
        expect(page.locator("#to-fix")).to_contain_text("« deux » n'est pas un nombre", timeout=10_000)
    finally:
        err = served.stop()
    printed = err.splitlines()
    assert shown and all(line in printed for line in shown), (shown, printed)  # as the terminal said it


def test_a_hostile_answer_fetches_nothing_runs_nothing_and_stays_in_its_box(
    served: Page, browser: object, visitors: Visitors
) -> None:
    from playwright.sync_api import expect

    page = new_page(browser)
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    visitors.hits.clear()
    page.goto(served.url)
    ready(page)
    page.goto(served.origin + "/question/Q16/petit_hugo")
    ready(page)
    expect(page.locator("#answer")).to_contain_text("arbre")
    page.wait_for_timeout(2500)  # a meta refresh, a late image, a poll of the page
    assert visitors.hits == [] and dialogs == []
    assert all(url.startswith((served.origin, "data:")) for url in requested), requested
    assert page.evaluate("typeof window.pwned") == "undefined"
    assert page.url.startswith(served.origin + "/question/Q16/petit_hugo")
    assert page.locator("#cover").count() == 0
    box = page.locator("#answer").bounding_box()
    for element in page.locator("#answer *").all():
        inner = element.bounding_box()
        if inner is not None and inner["width"] and element.is_visible():
            assert inner["x"] >= box["x"] - 1 and inner["x"] + inner["width"] <= box["x"] + box["width"] + 1
    save = page.locator("#save").bounding_box()
    centre = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).id",
        [save["x"] + save["width"] / 2, save["y"] + save["height"] / 2],
    )
    assert centre == "save"  # nothing covers the form
    served.shot(page, "8-copie-hostile")


def test_a_form_posted_from_another_local_site_changes_no_mark(
    served: Page, browser: object, visitors: Visitors
) -> None:
    page = new_page(browser)
    page.goto(served.url)  # the teacher's browser holds the page's cookie
    ready(page)
    before = (served.folder / "classe" / "manuel.csv").read_bytes()
    visitors.target = served.origin + "/question/Q16/dupont_marie"
    answers: list[int] = []
    page.on(
        "response", lambda response: answers.append(response.status) if "/question/" in response.url else None
    )
    page.goto(f"http://127.0.0.1:{visitors.server_address[1]}/evil")
    page.wait_for_load_state()
    wait_for(lambda: 403 in answers)
    assert (served.folder / "classe" / "manuel.csv").read_bytes() == before
