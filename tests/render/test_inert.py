"""A student's Markdown, HTML outputs and images, as the marking page shows them: every
hostile piece a student can write is reduced to the allow-list (the page's browser test
checks the same answers in Chromium, under the Content-Security-Policy)."""

from __future__ import annotations

import base64
import json
from html.parser import HTMLParser

import pytest

from grader.reading.answers import answer_spans, notebook_cells, read_cells
from grader.render.cells_html import cells_html, plain_text
from grader.render.inert import ATTRIBUTES, TAGS, clean_html, data_uri, markdown_html

PNG = base64.b64encode(
    bytes.fromhex(
        "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
        "1f15c4890000000d4944415478da63f8cfc0f01f0005000201e2d1d1aa0000000049454e44ae426082"
    )
).decode()

HOSTILE = [
    '<img src="http://127.0.0.1:9/leak.png">',
    '<img src=x onerror="alert(1)">',
    "<script>window.pwned = 1</script>",
    '<div style="position:fixed;top:0;left:0;width:100%;height:100%;background:red">cover</div>',
    "<style>body { display: none }</style>",
    '<a href="javascript:alert(1)">clic</a>',
    '<a href="data:text/html,<script>alert(1)</script>">clic</a>',
    '<svg onload="alert(1)"><circle r="5"/></svg>',
    '<iframe src="http://127.0.0.1:9/"></iframe>',
    '<form action="/question/Q16/dupont" method="post"><input name="points" value="0"></form>',
    '<meta http-equiv="refresh" content="0;url=http://127.0.0.1:9/">',
    '<base href="http://127.0.0.1:9/">',
    '<link rel="stylesheet" href="http://127.0.0.1:9/x.css">',
    '<object data="http://127.0.0.1:9/x"></object><embed src="http://127.0.0.1:9/y">',
    '<img srcset="http://127.0.0.1:9/a.png 1x">',
    '<p id="points" class="cover" onclick="x()">texte</p>',
    '<table background="http://127.0.0.1:9/t.png"><tr><td>1</td></tr></table>',
    "![image](http://127.0.0.1:9/md.png)",
    "[lien](javascript:alert(1))",
]


class Tags(HTMLParser):
    """Every tag and attribute of a piece of HTML, as a browser's tokenizer reads it."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, dict(attrs)))


def tags_of(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = Tags()
    parser.feed(html)
    return parser.found


@pytest.mark.parametrize("hostile", HOSTILE)
def test_a_hostile_answer_keeps_only_the_allow_list_and_fetches_nothing(hostile):
    for html in (markdown_html(hostile), clean_html(hostile)):
        for tag, attrs in tags_of(html):
            assert tag in TAGS, (tag, html)
            assert set(attrs) <= ATTRIBUTES.get(tag, set()) | {"rel"}, (tag, attrs)
            if tag == "img":  # an image shows only what the page holds: no src, or a data: image
                assert attrs.get("src") is None or attrs["src"].startswith("data:image/"), html
            if tag == "a" and "href" in attrs:  # a link is followed only if clicked, never javascript:
                assert (attrs["href"] or "").startswith(("http://", "https://", "mailto:", "#")), html
            loaded = {name: value for name, value in attrs.items() if not (tag == "a" and name == "href")}
            assert not any("127.0.0.1" in (value or "") for value in loaded.values()), html


def test_what_a_student_may_write_is_shown():
    html = markdown_html(
        "**Q16.** Les nœuds *coupés* : `3-1`, ~~2-4~~\n\n| n | coupés |\n|---|---|\n| 3 | 3-1-2 |\n\n"
        "Voir [le cours](https://example.org/cours), <br> fin."
    )
    assert "<strong>Q16.</strong>" in html and "<em>coupés</em>" in html and "<s>2-4</s>" in html
    assert "<table>" in html and "<td>3-1-2</td>" in html
    assert '<a href="https://example.org/cours" rel="noopener noreferrer nofollow">le cours</a>' in html


def test_an_attachment_of_the_cell_is_shown_from_the_notebook_and_only_it():
    attachments = {"arbre.png": {"image/png": PNG}}
    html = markdown_html("![arbre](attachment:arbre.png) ![x](attachment:absent.png)", attachments)
    sources = [attrs.get("src") for tag, attrs in tags_of(html) if tag == "img"]
    assert sources[0] == f"data:image/png;base64,{PNG}"
    assert all(src is None or src.startswith("data:image/") for src in sources)


def test_an_image_is_shown_only_when_it_is_a_real_image_of_reasonable_size():
    assert data_uri("image/png", PNG[:20] + "\n" + PNG[20:]) == f"data:image/png;base64,{PNG}"
    assert data_uri("image/png", "pas du base64 !") is None
    assert data_uri("text/html", PNG) is None
    assert data_uri("image/png", "A" * 3_000_000) is None


def notebook(*cells: dict) -> str:
    return json.dumps({"cells": list(cells), "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def code(source: str, *outputs: dict) -> dict:
    return {"cell_type": "code", "source": source, "outputs": list(outputs), "metadata": {}}


def markdown(source: str) -> dict:
    return {"cell_type": "markdown", "source": source, "metadata": {}}


def test_outputs_are_shown_inert_text_without_terminal_escapes_images_as_images():
    text = notebook(
        markdown("**Q16.** mon arbre :"),
        code(
            "dessine()",
            {"output_type": "stream", "name": "stdout", "text": ["\x1b[31mrouge\x1b[0m\n", "fin\n"]},
            {"output_type": "display_data", "data": {"image/png": PNG, "text/plain": "<Figure>"}},
            {"output_type": "display_data", "data": {"image/svg+xml": '<svg onload="alert(1)"></svg>'}},
            {"output_type": "execute_result", "data": {"text/html": "<b>gras</b><script>x()</script>"}},
            {
                "output_type": "error",
                "ename": "ValueError",
                "evalue": "non",
                "traceback": ["\x1b[0;31mValueError"],
            },
        ),
    )
    cells = read_cells(text)
    html = cells_html(cells, range(len(cells)))
    assert "rouge\nfin" in html and "\x1b" not in html and "ValueError" in html
    sources = [attrs["src"] for tag, attrs in tags_of(html) if tag == "img"]
    assert sources[0] == f"data:image/png;base64,{PNG}"
    assert sources[1].startswith("data:image/svg+xml;base64,")  # an SVG only ever as an image
    assert "<svg" not in html and "<script" not in html and "<b>gras</b>" in html
    assert [tag for tag, _ in tags_of(html)].count("div") >= 2  # each cell in its own box


def test_the_cells_read_are_the_cells_the_answer_span_counts():
    text = notebook(
        markdown("# Partie 2"),
        "pas une cellule",
        markdown("**Q16.** les nœuds 3-1 et 3-2"),
        code("# suite de la réponse\nprint('3-1')"),
        markdown("**Q17.**"),
    )
    spans = answer_spans(notebook_cells(text), [("Q16", True, ()), ("Q17", False, ("maximin_alpha_beta",))])
    cells = read_cells(text)
    assert len(cells) == len(notebook_cells(text)) == 4
    assert [cells[i].source for i in spans["Q16"]] == ["**Q16.** les nœuds 3-1 et 3-2", cells[2].source]


def test_a_long_output_is_capped():
    shown = plain_text("ligne\n" * 10_000)
    assert len(shown) < 1_000 and shown.endswith("]")


def test_markdown_written_to_be_slow_is_rendered_within_a_page_budget(monkeypatch):
    """Red team: a copy with 5 MB of `[` in a Markdown cell after **Q16.** froze the marking
    page (every request, the other tabs' too) for 60 s at each view of its answer, as
    markdown-it spends about 11 µs on each `[`; 20 MB, the largest copy read, about 4 min.
    A page now renders MARKDOWN_PAGE characters of Markdown at most (cells and Markdown
    outputs together); past it, the Markdown is shown as its text."""
    from grader.render import cells_html as module

    parsed: list[int] = []
    real = module.markdown_html

    def counted(source, attachments=None):
        parsed.append(len(source))
        return real(source, attachments)

    monkeypatch.setattr(module, "markdown_html", counted)
    # a tenth of the page's budget, and of the copy: the same rule, in a fast test
    monkeypatch.setattr(module, "MARKDOWN_PAGE", module.MARKDOWN_PAGE // 10)
    slow = {"output_type": "display_data", "data": {"text/markdown": "[" * 2_000}}
    text = notebook(markdown("**Q16.** *mon* arbre"), *[markdown("[" * 20_000)] * 10, code("x", *[slow] * 12))
    cells = read_cells(text)
    html = cells_html(cells, range(len(cells)))
    assert sum(parsed) <= module.MARKDOWN_PAGE and parsed[0] == len("**Q16.** *mon* arbre")
    assert "<em>mon</em>" in html and html.count("[[[[") >= 10  # the rest shown as text
