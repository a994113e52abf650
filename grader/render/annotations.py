"""GitHub Actions workflow commands: one annotation per question to review, shown on
the run's summary page and beside the file in pull requests."""

from __future__ import annotations

from collections.abc import Sequence

from ..model.results import SubmissionResult
from ..model.text import number
from .feedback import does_not_run_message, not_gradable_reason, question_feedback, question_title
from .sanitize import safe_line, safe_text
from .text import tr


def _escape(text: str, property_value: bool = False) -> str:
    """The escaping GitHub's toolkit applies to command data and properties, after
    `safe_text`: no control character, and no newline left to start a command line."""
    text = safe_text(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if property_value:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def render_annotations(results: Sequence[SubmissionResult], lang: str) -> str:
    lines = []
    for result in results:
        file = _escape(safe_line(result.path), property_value=True)
        if not result.graded:
            reason = not_gradable_reason(result, lang)
            lines.append(
                f"::error file={file},title={_escape(tr(lang, 'not_gradable_title'), True)}"
                f"::{_escape(reason)}"
            )
            continue
        warning = does_not_run_message(result, lang)
        if warning:  # the file as written does not run, whatever its mark
            title = _escape(tr(lang, "does_not_run.flag"), True)
            lines.append(f"::warning file={file},title={title}::{_escape(warning)}")
        for question in result.questions:
            if not question.to_review:
                continue
            score = f"{number(question.score, lang)}/{number(question.max_score, lang)}"
            title = tr(lang, "labelled", label=f"{question.id} {question_title(question, lang)}", text=score)
            lines.append(
                f"::warning file={file},title={_escape(title, True)}"
                f"::{_escape(question_feedback(question, lang))}"
            )
    return "\n".join(lines)
