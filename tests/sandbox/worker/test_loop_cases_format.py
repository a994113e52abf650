"""The endless-loop corpus's files are well formed (fast: nothing runs; the cases run in
tests/sandbox/manage/test_loop_corpus.py, slow)."""

import pytest

from tools.loopcases import CASES, load_cases, parse_case

PREFIX = {"ends": "ends_", "endless": "endless_", "endless-silent": "silent_"}


def test_every_file_is_a_case_whose_name_says_its_verdict():
    cases = load_cases()
    assert len(cases) == len(list(CASES.glob("*.py"))) > 0
    for case in cases:
        assert case.name.startswith(PREFIX[case.verdict]), case.name
        for index, source in enumerate(case.cells, 1):
            compile(source, f"{case.name} cellule {index}", "exec")
        if case.call is not None:
            assert f"def {case.call}(" in "".join(case.cells), case.name


def test_each_verdict_has_cases():
    verdicts = [c.verdict for c in load_cases()]
    assert {v: verdicts.count(v) >= 10 for v in PREFIX} == dict.fromkeys(PREFIX, True)


def test_a_header_and_cells():
    text = (
        "# verdict: ends\n"
        '# printed: "a\\n"\n'
        "# call: f\n"
        "# args: [1, [2]]\n"
        '# value: {"k": 3}\n'
        "# why: first line\n"
        "#   and its continuation\n"
        "# %%\n"
        "x = 1\n"
        "# %%\n"
        "def f(a, b):\n"
        "    return a\n"
    )
    case = parse_case("c", text)
    assert case.why == "first line and its continuation"
    assert case.cells == ("x = 1\n", "def f(a, b):\n    return a\n")
    assert (case.printed, case.call, case.args, case.value) == ("a\n", "f", (1, [2]), {"k": 3})


@pytest.mark.parametrize(
    "text, complaint",
    [
        ("# verdict: ends\n# printed: \"\"\n# why: w\n", "no cell"),
        ("# verdict: perhaps\n# why: w\n# %%\nx = 1\n", "verdict"),
        ("# verdict: endless\n# %%\nwhile True: pass\n", "no why"),
        ("# verdict: ends\n# why: w\n# %%\nx = 1\n", "what it prints"),
        ("# verdict: ends\nx = 1\n# %%\n", "header line"),
    ],
)
def test_a_malformed_case_is_refused(text, complaint):
    with pytest.raises(ValueError, match=complaint):
        parse_case("c", text)
