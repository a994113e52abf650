"""Every relative link of the README, CONTRIBUTING, the CHANGELOG and `docs/` leads
somewhere: to a file or folder of the repository, and, with `#anchor`, to a heading of
that page (GitHub's anchors). The README stays a short manual."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted(
    [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md", *(ROOT / "docs").rglob("*.md")]
)
FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.M | re.S)
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.M)
EXTERNAL = ("http://", "https://", "mailto:")


def prose(text: str) -> str:
    """The page without its code blocks and code spans, where a `](` is not a link."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: its text lower-cased, markup and punctuation
    dropped (letters, digits, `_`, `-` and spaces kept), spaces made hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its text
    text = re.sub(r"[`*]", "", text).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


@cache
def anchors(page: Path) -> frozenset[str]:
    """The anchors of a page's headings, the second of a name suffixed `-1`, and so on."""
    seen: dict[str, int] = {}
    found = set()
    for heading in HEADING.findall(FENCE.sub("", page.read_text("utf-8"))):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return frozenset(found)


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    broken = []
    for target in LINK.findall(prose(page.read_text("utf-8"))):
        if not target or target.startswith(EXTERNAL):
            continue
        path_part, _, anchor = target.partition("#")
        destination = (page.parent / unquote(path_part)).resolve() if path_part else page
        if not destination.exists():
            broken.append(f"{target}: no such file")
        elif root not in destination.parents and destination != root:
            broken.append(f"{target}: outside the repository")
        elif anchor and destination.suffix == ".md" and unquote(anchor) not in anchors(destination):
            broken.append(f"{target}: no such heading")
    return broken


def test_the_pages_are_found():
    names = {page.relative_to(ROOT).as_posix() for page in PAGES}
    assert {"README.md", "CONTRIBUTING.md", "CHANGELOG.md", "docs/index.md"} <= names


@pytest.mark.parametrize("page", PAGES, ids=[page.relative_to(ROOT).as_posix() for page in PAGES])
def test_every_relative_link_resolves(page):
    assert broken_links(page) == []


@pytest.mark.parametrize("page", PAGES, ids=[page.relative_to(ROOT).as_posix() for page in PAGES])
def test_no_path_of_the_development_machine(page):
    text = page.read_text("utf-8")
    assert re.findall(r"/work/\S*", text) == []


def test_the_checker_sees_a_broken_link_and_a_broken_anchor(tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    (tmp_path / "outside.md").write_text("# Outside\n", "utf-8")
    (root / "a.md").write_text(
        "# Title\n## `chocolat`: the bar's game\n## Title\n"
        "[ok](#chocolat-the-bars-game) [ok](#title-1) [ok](b.md) `[not a link](c.md)`\n"
        "```\n[not a link](d.md)\n```\n"
        "[bad](#nowhere) [bad](c.md) [bad](b.md#x) [bad](../outside.md) [web](https://example.org/x.md)\n",
        "utf-8",
    )
    (root / "b.md").write_text("# B\n", "utf-8")
    assert broken_links(root / "a.md", root=root) == [
        "#nowhere: no such heading",
        "c.md: no such file",
        "b.md#x: no such heading",
        "../outside.md: outside the repository",
    ]


CODE = sorted(
    path
    for folder in ("grader", "exercises", "reference", "tools", "benchmarks", "tests")
    for path in (ROOT / folder).rglob("*.py")
    if not {"fixtures", "faults", "attacks"} & set(path.relative_to(ROOT).parts)
    and path != Path(__file__).resolve()  # its own examples lead nowhere on purpose
)
DOC_IN_CODE = re.compile(r"\bdocs/[\w./-]+?\.md(?:#[\w-]+)?")


def broken_doc_pointers(text: str, root: Path = ROOT) -> list[str]:
    """The `docs/....md` and `docs/....md#anchor` of a code file that lead nowhere."""
    broken = []
    for target in DOC_IN_CODE.findall(text):
        path_part, _, anchor = target.partition("#")
        if not (root / path_part).is_file():
            broken.append(f"{target}: no such file")
        elif anchor and anchor not in anchors(root / path_part):
            broken.append(f"{target}: no such heading")
    return broken


def test_every_page_and_section_the_code_points_to_exists():
    broken = {
        path.relative_to(ROOT).as_posix(): found
        for path in CODE
        if (found := broken_doc_pointers(path.read_text("utf-8")))
    }
    assert broken == {}


def test_the_pointer_checker_sees_a_missing_page_and_a_missing_section(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A page\n## Its section\n", "utf-8")
    text = "# docs/a.md, docs/a.md#its-section. docs/b.md; (docs/a.md#nowhere)"
    assert broken_doc_pointers(text, tmp_path) == [
        "docs/b.md: no such file",
        "docs/a.md#nowhere: no such heading",
    ]


def test_the_readme_is_a_short_manual():
    assert len((ROOT / "README.md").read_text("utf-8").splitlines()) <= 150
