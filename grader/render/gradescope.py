"""`results.json` for the Gradescope autograder (one submission), per its specification:
score, execution_time, output, tests[] with name, number, score, max_score, status,
output. Scores are the exercise's points, as the Gradescope assignment is set up."""

from __future__ import annotations

import json
from typing import Any

from ..model.results import QuestionStatus, SubmissionResult
from .feedback import does_not_run_message, question_feedback, question_title, total_line
from .sanitize import json_text_safe, safe_text
from .terminal import render_submission


def render_gradescope(result: SubmissionResult, lang: str) -> str:
    data: dict[str, Any] = {"execution_time": max(1, round(result.duration_s)), "stdout_visibility": "hidden"}
    if not result.graded:
        data.update(score=0, output=render_submission(result, lang), tests=[])
        return json_text_safe(json.dumps(data, ensure_ascii=False, indent=2))
    tests = []
    for question in result.questions:
        test = {
            "name": safe_text(f"{question.id} {question_title(question, lang)}"),
            "number": question.id.lstrip("Q"),
            "max_score": question.max_score,
            "output": safe_text(question_feedback(question, lang)),  # shown by a browser
        }
        if question.status is not QuestionStatus.MANUAL:
            test["score"] = question.score
            test["status"] = "passed" if question.status is QuestionStatus.PASSED else "failed"
        tests.append(test)
    total = total_line(result, lang)
    warning = does_not_run_message(result, lang)
    data.update(
        score=result.score, output=safe_text(f"{warning}\n{total}" if warning else total), tests=tests
    )
    return json_text_safe(json.dumps(data, ensure_ascii=False, indent=2, allow_nan=False))
