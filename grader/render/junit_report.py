"""JUnit XML (`--junit`) as pytest writes it, so that CI systems show each question.

One <testcase> per question per submission: classname is the submission, name the
question id and title. Failing questions carry the student's feedback text; manual
questions are skipped; a submission that could not be graded is one errored case.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from ..model.results import QuestionStatus, SubmissionResult
from ..model.text import number
from .feedback import not_gradable_reason, question_feedback, question_title
from .sanitize import safe_line, safe_text
from .text import STATUS, tr


def render_junit(results: Sequence[SubmissionResult], lang: str) -> str:
    suite = ET.Element("testsuite", name="minimax-grader")
    counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    total_time = 0.0
    for result in results:
        # safe_text: no NUL, lone surrogate or control character, so the XML stays well-formed
        classname, path = safe_line(result.student or result.path), safe_line(result.path)
        total_time += result.duration_s
        if not result.graded:
            case = ET.SubElement(
                suite,
                "testcase",
                classname=classname,
                name="submission",
                time=f"{result.duration_s:.3f}",
                file=path,
            )
            reason = safe_text(not_gradable_reason(result, lang))
            ET.SubElement(case, "error", message=reason).text = safe_text(result.detail or reason)
            counts["tests"] += 1
            counts["errors"] += 1
            continue
        for question in result.questions:
            case = ET.SubElement(
                suite,
                "testcase",
                classname=classname,
                name=f"{question.id} {question_title(question, lang)}",
                time=f"{question.seconds:.3f}",  # measured where the question is graded
                file=path,
            )
            counts["tests"] += 1
            if question.status is QuestionStatus.MANUAL:
                ET.SubElement(case, "skipped", message=tr(lang, "manual"))
                counts["skipped"] += 1
            elif question.to_review:
                score = f"{number(question.score, lang)}/{number(question.max_score, lang)}"
                message = f"{STATUS(lang, question.status)} ({score})"
                ET.SubElement(case, "failure", message=message, type=question.status.value).text = safe_text(
                    question_feedback(question, lang)
                )
                counts["failures"] += 1
    suite.set("time", f"{total_time:.3f}")
    for key, value in counts.items():
        suite.set(key, str(value))
    root = ET.Element("testsuites")
    root.append(suite)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode")
