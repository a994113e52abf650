"""The command line's parser in the reader's language (in process, no grading)."""

import pytest

from grader.app.arguments import lang_of, prog_name, translated_error
from grader.app.cli import build_parser
from grader.registry import installed


@pytest.mark.parametrize(
    "argv, lang",
    [
        ([], "fr"),
        (["td.ipynb", "--lang", "en"], "en"),
        (["--lang=en", "td.ipynb"], "en"),
        (["--la", "en"], "en"),  # argparse takes a prefix
        (["--lang", "de"], "fr"),  # not a language: argparse says so, in French
        (["--lang"], "fr"),
        (["--", "--lang", "en"], "fr"),  # after `--`: a file name
    ],
)
def test_the_language_is_read_before_parsing(argv, lang):
    assert lang_of(argv, "fr", ("fr", "en")) == lang


def test_the_command_is_named_as_typed():
    assert prog_name("/home/prof/minimax-grader/grade.py") == "grade.py"
    assert prog_name("/home/prof/.venv/bin/minimax-grader") == "minimax-grader"
    assert prog_name("/usr/lib/python3/site-packages/grader/__main__.py") == "python -m grader"


def test_argparse_errors_are_worded_in_the_language_and_unknown_ones_kept():
    assert translated_error("argument --jobs: invalid int value: 'x'", "fr") == (
        "argument --jobs : valeur invalide : 'x' (attendu : un nombre entier)"
    )
    assert translated_error("ambiguous option: --c could match --csv, --cell-timeout", "fr") == (
        "option ambiguë : --c peut désigner --csv, --cell-timeout"
    )
    assert translated_error("introuvable : x.ipynb", "fr") == "introuvable : x.ipynb"


def test_every_option_has_its_help_in_both_languages():
    for lang in ("fr", "en"):
        parser = build_parser(installed(), ["--lang", lang], prog="grade.py")
        assert all(action.help and not action.help.startswith("cli.") for action in parser._actions)
    french = build_parser(installed(), [], prog="grade.py").format_help()
    english = build_parser(installed(), ["--lang", "en"], prog="grade.py").format_help()
    assert "langue des retours" in french and "language of the feedback" in english


def test_a_usage_error_is_one_french_line_and_a_pointer_to_the_help(capsys):
    """Issue 36: every usage error printed the 16-line usage block before the line that matters."""
    from grader.app.cli import build_parser
    from grader.registry import installed

    for argv, lang in ((["--bogus"], "fr"), (["--lang", "en", "--bogus"], "en")):
        parser = build_parser(installed(), argv, prog="grade.py")
        with pytest.raises(SystemExit) as stopped:
            parser.parse_args(argv)
        assert stopped.value.code == 2
        err = capsys.readouterr().err.splitlines()
        assert len(err) == 2 and "--bogus" in err[0] and "grade.py --help" in err[1]
        assert ("erreur" in err[0]) == (lang == "fr")


def test_the_french_help_writes_its_section_titles_as_french_typography_does():
    from grader.app.cli import build_parser
    from grader.registry import installed

    french = build_parser(installed(), [], prog="grade.py").format_help().splitlines()
    assert "options :" in french and "arguments :" in french and "marquer une classe :" in french
    english = build_parser(installed(), ["--lang", "en"], prog="grade.py").format_help().splitlines()
    assert "options:" in english and "marking a class:" in english
