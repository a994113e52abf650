"""docs/reference/kit.md documents every name a TD uses: each name of `grader.kit.__all__`
has its entry there (a heading, or a bullet naming it), and the page names nothing the
kit does not offer."""

from __future__ import annotations

import re
from pathlib import Path

import grader.kit

PAGE = Path(__file__).resolve().parent.parent / "docs" / "reference" / "kit.md"


def test_every_name_of_the_kit_has_its_entry():
    text = PAGE.read_text("utf-8")
    entries = set(re.findall(r"^#{3} (.*)$", text, re.M))
    named = {name for heading in entries for name in re.findall(r"`(\w+)`", heading)}
    bulleted = set(re.findall(r"^- `(\w+)\(", text, re.M)) | set(re.findall(r"^- `(\w+)`", text, re.M))
    errors = {"StudentFailure", "StudentCodeError", "CallTimeout", "ValueTooLarge", "ArrayValue", "Ref"}
    documented = named | bulleted | {n for n in errors if f"`{n}" in text}
    assert sorted(set(grader.kit.__all__) - documented) == []
    assert sorted(n for n in named if not hasattr(grader.kit, n)) == []
