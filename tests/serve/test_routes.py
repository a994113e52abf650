"""The marking page's routes behind its guard, served on uvicorn in a thread and asked
with http.client (no browser): every request needs the key, writing needs the token and the page's own
origin, every answer carries the Content-Security-Policy, the pages work without
JavaScript (a form posted, a redirect to the next answer), and a hostile answer is
rendered inert. The browser's view of the same: tests/serve/test_page_browser.py."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from grader.app import cli
from grader.marking.manual import read_manual
from grader.model.settings import Settings
from grader.registry import installed
from grader.serve.desk import Desk
from grader.serve.security import CSP
from tests.marking.classroom import answered, code, make_class, notebook
from tests.serve.served import Client, Served

EXERCISES = installed()
HOSTILE = (
    '<img src="http://127.0.0.1:9/leak.png" onerror="alert(1)"> <script>window.pwned = 1</script>'
    '<div style="position:fixed;inset:0">x</div> <a href="javascript:alert(1)">clic</a>'
)


@pytest.fixture
def room(tmp_path):
    return make_class(
        tmp_path,
        {
            "dupont_marie": (answered("les nœuds 0-6-6 et 6-6"), ()),
            "martin_lea": (answered("coupure dès que beta <= alpha"), ("Q14",)),
            "petit_hugo": (
                answered(
                    HOSTILE,
                    code(
                        "dessine()",
                        {
                            "output_type": "display_data",
                            "data": {"text/html": "<script>x()</script><b>arbre</b>"},
                        },
                    ),
                ),
                (),
            ),
        },
    )


@pytest.fixture
def served(room):
    args = cli.build_parser(EXERCISES, []).parse_args(room.arguments())
    desk = Desk(args, Settings(lang="fr"), EXERCISES)
    desk.refresh()
    with Served(desk) as served:
        yield served


@pytest.fixture
def page(served):
    """A browser that opened the address printed (the cookie set)."""
    return served.client()


def test_every_request_needs_the_key_which_leaves_the_address_bar(served):
    client = served.client(welcomed=False)
    port, key = served.port, served.keys.key
    for path in ("/", "/question/Q16/dupont_marie", "/eleve/dupont_marie", "/etat", "/static/page.js"):
        refused = client.get(path)
        assert refused.status == 403 and "demande sa clé" in refused.text, path
    assert client.get("/?cle=" + key[:-1] + ("x" if key[-1] != "x" else "y")).status == 403
    welcome = client.get(f"/question/Q16?filtre=toutes&cle={key}")
    assert welcome.status == 303 and welcome.headers["location"] == "/question/Q16?filtre=toutes"
    cookie = welcome.headers["set-cookie"]
    assert cookie.startswith(f"mmg-{port}={key};") and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert client.get("/question/Q16?filtre=toutes").status == 200


def test_another_host_name_is_refused_even_with_the_key(served):
    key = served.keys.key
    for host in (f"evil.example:{served.port}", f"127.0.0.1:{served.port + 1}", "127.0.0.1"):
        assert Client(served.port, host).get(f"/?cle={key}").status == 400, host
    assert Client(served.port, f"localhost:{served.port}").get(f"/?cle={key}").status == 303


def test_every_answer_carries_the_content_security_policy(page, served):
    answers = [
        page.get("/"),
        page.get("/question/Q16/petit_hugo"),
        page.get("/eleve/petit_hugo"),
        page.get("/eleve/petit_hugo/copie"),
        page.get("/etat"),
        page.get("/static/page.css"),
        page.get("/nulle-part"),
        served.client(welcomed=False).get("/"),  # refused: no key
    ]
    assert [a.status for a in answers] == [200, 200, 200, 200, 200, 200, 404, 403]
    for answer in answers:
        headers = answer.headers
        assert headers["content-security-policy"] == CSP
        assert headers["x-content-type-options"] == "nosniff" and headers["referrer-policy"] == "same-origin"
        assert headers["cache-control"] == "no-store"
    assert "script-src 'self'" in CSP and "img-src 'self' data:" in CSP and "default-src 'none'" in CSP


def test_a_hostile_answer_is_rendered_inert_and_the_page_has_no_inline_script(page):
    html = page.get("/question/Q16/petit_hugo").text
    scripts = re.findall(r"<script[^>]*>", html)
    assert scripts == ['<script src="/static/page.js" defer>']
    assert "onerror" not in html and "javascript:" not in html and "127.0.0.1:9" not in html
    assert "position:fixed" not in html and "pwned" not in html and "x()" not in html
    assert "<b>arbre</b>" in html  # the HTML output, through the allow-list
    assert 'style="' not in html and "<style" not in html


def hidden_fields(html: str) -> dict[str, str]:
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', html))


def test_a_form_posted_without_javascript_saves_and_opens_the_next_answer(page, room):
    fields = hidden_fields(page.get("/question/Q16/dupont_marie").text)
    saved = page.post(
        "/question/Q16/dupont_marie",
        {**fields, "points": "", "items": ["horizon3", "horizon4"], "commentaire": "très clair"},
    )
    assert saved.status == 303
    assert saved.headers["location"] == "/question/Q16/martin_lea?filtre=a-noter&fait=dupont_marie"
    following = page.get(saved.headers["location"])
    assert "Note de dupont_marie enregistrée." in following.text and "martin_lea" in following.text
    row = next(r for r in read_manual(room.manual) if r.student == "dupont_marie")
    assert (row.points_text, row.comment, row.items) == ("", "très clair", ("horizon3", "horizon4"))
    assert "Q16 : 1/3 notées" in page.get("/").text


def test_writing_needs_the_token_and_the_pages_own_origin(page, room, served):
    before = room.manual.read_bytes()
    form = {"base": "", "points": "2"}
    assert page.post("/question/Q16/dupont_marie", form).status == 403  # no token
    with_token = {**form, "jeton": served.keys.token}
    elsewhere = (
        {"Origin": f"http://127.0.0.1:{served.port + 1}"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "same-site"},
        {"Sec-Fetch-Site": "cross-site"},
    )
    for headers in elsewhere:
        assert page.post("/question/Q16/dupont_marie", with_token, headers).status == 403, headers
    assert room.manual.read_bytes() == before
    assert page.request("PUT", "/question/Q16/dupont_marie", b"x").status == 405
    assert page.post("/question/Q16/dupont_marie", {**with_token, "commentaire": "x" * 70_000}).status == 413
    assert room.manual.read_bytes() == before


def test_the_pages_script_saves_with_the_token_in_a_header_and_reads_json(page, served):
    base = hidden_fields(page.get("/question/Q16/martin_lea").text)["base"]
    version = json.loads(page.get("/etat").text)["version"]
    done = page.post(
        "/question/Q16/martin_lea",
        {"base": base, "points": "1,5", "filtre": "a-noter"},
        {
            "X-Jeton": served.keys.token,
            "Accept": "application/json",
            "Origin": f"http://127.0.0.1:{served.port}",
        },
    )
    answer = json.loads(done.text)
    assert done.status == 200 and answer["saved"] is True
    assert answer["next"] == "/question/Q16/petit_hugo?filtre=a-noter&fait=martin_lea"  # the next in order
    state = json.loads(page.get("/etat").text)
    assert state["version"] > version and state["progress"] == {"Q16": "Q16 : 1/3 notées"}


def test_a_stale_form_is_refused_and_shows_what_the_file_holds_and_what_was_typed(page, room):
    fields = hidden_fields(page.get("/question/Q16/dupont_marie").text)
    text = room.manual.read_text("utf-8-sig").replace("dupont_marie;Q16;;", "dupont_marie;Q16;2;")
    room.manual.write_text(text, encoding="utf-8")  # a spreadsheet, meanwhile
    refused = page.post("/question/Q16/dupont_marie", {**fields, "points": "1,5"})
    assert refused.status == 409
    assert "elle vaut maintenant 2" in refused.text and 'value="1,5"' in refused.text  # nothing typed is lost
    assert next(r for r in read_manual(room.manual) if r.student == "dupont_marie").points_text == "2"


def test_an_override_from_the_students_page(page, room):
    html = page.get("/eleve/martin_lea").text
    form = re.search(r'<form method="post" action="/eleve/martin_lea/Q14".*?</form>', html, re.S).group(0)
    saved = page.post(
        "/eleve/martin_lea/Q14", {**hidden_fields(form), "points": "2", "commentaire": "signe oublié"}
    )
    assert saved.status == 303 and saved.headers["location"] == "/eleve/martin_lea#override-Q14"
    row = next(r for r in read_manual(room.manual) if (r.student, r.question) == ("martin_lea", "Q14"))
    assert (row.points_text, row.comment) == ("2", "signe oublié")
    assert "(score automatique : 0)" in page.get("/eleve/martin_lea").text


def test_the_page_in_english(room):
    args = cli.build_parser(EXERCISES, []).parse_args([*room.arguments(), "--lang", "en"])
    desk = Desk(args, Settings(lang="en"), EXERCISES)
    desk.refresh()
    with Served(desk, "en") as served:
        page = served.client()
        home = page.get("/").text
        answer = page.get("/question/Q16/dupont_marie").text
    assert "Marking the class" in home and "Q16: 0/3 graded" in home and "notées" not in home
    assert "Save and next (Enter)" in answer and "The question" in answer and "Enregistrer" not in answer
    assert "Anticipate the nodes of this tree" in answer  # the sheet's question, in English


def test_a_students_page_and_whole_copy_show_that_copy_and_an_unknown_student_is_not_found(page):
    own, whole = page.get("/eleve/martin_lea"), page.get("/eleve/martin_lea/copie")
    assert (own.status, whole.status) == (200, 200)
    assert 'action="/eleve/martin_lea/Q14"' in own.text and "dupont_marie" not in own.text
    assert '<a href="/eleve/martin_lea">' in whole.text and "<form" not in whole.text  # no marks there
    assert "coupure dès que beta &lt;= alpha" in whole.text and "les nœuds 0-6-6" not in whole.text
    for path in ("/eleve/inconnu", "/eleve/inconnu/copie"):
        assert page.get(path).status == 404, path


def test_a_copy_whose_file_is_gone_shows_the_answer_kept_or_says_none_was(tmp_path):
    """The file moved away after grading: the answer kept in the results is shown; a copy
    with no answer kept under the question says so, not 'here is the whole copy' above
    an empty box (seen on a class whose copies folder was renamed)."""
    room = make_class(
        tmp_path,
        {
            "dupont_marie": (answered("les nœuds 0-6-6 et 6-6"), ()),
            "leroy_ines": (
                notebook({"cell_type": "markdown", "source": "# sans titre Q", "metadata": {}}),
                (),
            ),
        },
    )
    for student in ("dupont_marie", "leroy_ines"):
        (room.copies / student / "td10.ipynb").unlink()
    args = cli.build_parser(EXERCISES, []).parse_args(room.arguments())
    desk = Desk(args, Settings(lang="fr"), EXERCISES)
    desk.refresh()
    with Served(desk) as served:
        page = served.client()
        kept, none = page.get("/question/Q16/dupont_marie"), page.get("/question/Q16/leroy_ines")
    assert "n&#39;est plus dans le dossier" in kept.text and "les nœuds 0-6-6 et 6-6" in kept.text
    assert "voici toute la copie" not in kept.text
    assert "Rien de la réponse à Q16 n&#39;a été gardé" in none.text
    assert "voici toute la copie" not in none.text


def block(html: str, name: str) -> str:
    """The page's block `id=name`, its entities read ("" when the page has none)."""
    found = re.search(rf'<(section|details) [^>]*id="{name}".*?</\1>', html, re.S)
    return unescape(found.group(0)) if found else ""


@pytest.mark.parametrize(
    ("lang", "launched", "refused", "heading"),
    [
        (
            "fr",
            ("3 copie(s) corrigée(s), 0 inchangée(s)", "Q16 : 3 élève(s) sur 3 sans points à la main"),
            "manuel.csv, ligne 3 : non appliquée — 3 n'est pas entre 0 et 2 point(s) (le barème de Q16)",
            "À régler",
        ),
        (
            "en",
            ("3 submission(s) graded, 0 unchanged", "Q16: 3 student(s) of 3 without points given by hand"),
            "manuel.csv, line 3: not applied — 3 is not between 0 and 2 point(s) (Q16's barème)",
            "To fix",
        ),
    ],
)
def test_the_class_page_says_what_the_launched_run_said_and_only_what_its_reading_finds_to_fix(
    room, lang, launched, refused, heading
):
    """The page said, as 'Messages de la dernière lecture', its own reading of the record:
    '0 copie(s) corrigée(s), 0 inchangée(s) ; 3 autre(s) reprise(s)… (pas nommée(s) cette
    fois)', as if nothing had been graded and the class dropped. It says what the run the
    teacher launched said, and of its own readings only what the teacher must fix (martin_lea's
    3 for a Q16 worth 2, line 3 of the table), gone once fixed."""
    room.manual.write_text(
        "élève;question;points;commentaire\r\ndupont_marie;Q16;;\r\nmartin_lea;Q16;3;\r\npetit_hugo;Q16;;\r\n",
        encoding="utf-8",
    )
    args = cli.build_parser(EXERCISES, []).parse_args([*room.arguments(), "--lang", lang])
    desk = Desk(args, Settings(lang=lang), EXERCISES, launched=launched)
    desk.refresh()
    with Served(desk, lang) as served:
        page = served.client()
        home = page.get("/").text
        assert all(line in block(home, "launched") for line in launched)
        to_fix = block(home, "to-fix")
        assert heading in to_fix and f"{room.manual.parent}/{refused}" in to_fix
        assert (
            "3 élève(s) sur 3" not in to_fix and "3 student(s) of 3" not in to_fix
        )  # the page's own progress
        for reading in (
            "0 copie(s) corrigée(s)",
            "reprise(s)",
            "0 submission(s) graded",
            "taken from the results",
        ):
            assert reading not in home, reading
        fields = hidden_fields(page.get("/question/Q16/martin_lea").text)
        assert page.post("/question/Q16/martin_lea", {**fields, "points": "1"}).status == 303
        home = page.get("/").text
    assert all(line in block(home, "launched") for line in launched)  # what the run said, as it said it
    assert block(home, "to-fix") == "" and refused not in unescape(home)  # the row fixed: nothing to fix


def test_without_a_question_graded_here_the_class_page_says_what_to_do_for_this_td(tmp_path):
    """A domineering class (no question graded by hand) was told to give `Q16 = 2`
    points, which its barème then refused; a puissance4 barème without Q16's points is
    told to price Q16."""
    cases = (
        ("domineering", 'exercice = "domineering"\n', "Ce TD n'a pas de question corrigée à la main"),
        ("puissance4", 'exercice = "puissance4"\n', "(par exemple Q16 = 2)"),
    )
    for exercise, bareme, said in cases:
        room = make_class(tmp_path / exercise, {"dupont_marie": (notebook(), ())}, bareme, exercise)
        args = cli.build_parser(EXERCISES, []).parse_args(room.arguments())
        desk = Desk(args, Settings(lang="fr"), EXERCISES)
        desk.refresh()
        with Served(desk) as served:
            home = unescape(served.client().get("/").text)
        (line,) = re.findall(r'<p class="muted" id="no-manual">(.*?)</p>', home)
        assert said in line, (exercise, line)
        assert exercise == "puissance4" or "Q16" not in line
