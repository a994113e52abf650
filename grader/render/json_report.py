"""The JSON report of docs/reference/grading-contract.md §2 (fields may be added, never renamed)."""

from __future__ import annotations

import json
from typing import Any

from .. import __version__
from ..model.results import CellOutcome, CellStatus, QuestionResult, SubmissionResult, TeacherComment
from .feedback import (
    answer_key,
    check_message,
    does_not_run_message,
    place_text,
    question_feedback,
    question_title,
)
from .sanitize import json_text_safe
from .text import tr


def submission_dict(result: SubmissionResult, lang: str) -> dict[str, Any]:
    data: dict[str, Any] = {
        "path": result.path,
        "exercise": result.exercise,
        "status": result.status.value,
        "score": result.score,
        "max_score": result.max_score,
        "mark20": result.mark20 if result.has_mark else None,  # no mark: empty, as in the CSV
        "mark": result.mark if result.has_mark else None,
        "scale": result.scale,
        "questions": [_question(q, lang) for q in result.questions],
        "cells": _cells(result, lang),
        "duration_s": result.duration_s,
        "student_s": result.student_seconds,
        "student_cpu_s": result.student_cpu,
        "detected_by": result.detected_by,
        "understood": [tr(lang, key, **values) for key, values in result.understood],
        "isolation": result.isolation_name,
    }
    comments = [_comment(c) for c in result.comments if not c.private]
    if comments:  # the teacher's, as a student may read them (never a private one)
        data["comments"] = comments
    if result.landlock_abi:
        data["landlock_abi"] = result.landlock_abi
    if not result.graded:
        data["reason"] = result.reason + (f": {result.detail}" if result.detail else "")
    if result.review:  # flagged for the teacher whatever the mark: the file does not run as written
        data["review"] = True
        data["does_not_run"] = does_not_run_message(result, lang)
    data.update(_not_recognised(result))
    return data


def _question(q: QuestionResult, lang: str) -> dict[str, Any]:
    return {
        "id": q.id,
        "title": question_title(q, lang),
        "status": q.status.value,
        "score": q.score,
        "max_score": q.max_score,
        "feedback": question_feedback(q, lang),
        "checks": [
            {
                "name": c.name,
                "status": c.status.value,
                "score": c.score,
                "max_score": c.points,
                "message": check_message(c, lang),
            }
            for c in q.checks
        ],
        **({"missing": list(q.missing)} if q.missing else {}),
        **({"auto_score": q.auto_score, "override": q.override} if q.override is not None else {}),
        **({"bonus": True} if q.bonus else {}),
        **({"review": True} if q.review else {}),
    }


def _cells(result: SubmissionResult, lang: str) -> dict[str, Any]:
    """The cells that did not run through: failed, skipped, and not run (a cell magic)."""
    failed = [
        c for c in result.cells if not c.ok and c.status not in (CellStatus.SKIPPED, CellStatus.NOT_RUN)
    ]
    skipped = [c for c in result.cells if c.status is CellStatus.SKIPPED]
    not_run = [c for c in result.cells if c.status is CellStatus.NOT_RUN]
    return {
        "total": result.total_cells,
        "failed": [_failed_cell(c, lang) for c in failed],
        "skipped": [_cell_ids(c, lang) for c in skipped],
        "not_run": [{**_cell_ids(c, lang), "cell_magic": "%%" + c.cell_magic} for c in not_run],
    }


def _failed_cell(c: CellOutcome, lang: str) -> dict[str, Any]:
    return {
        **_cell_ids(c, lang),
        "error": f"{c.error_type}: {c.message}" if c.message else c.error_type,
        "line": c.line,
        **({"line_text": c.failing_line} if c.failing_line else {}),
        **({"endless_loop": True} if c.failure is not None and c.failure.loop else {}),
        **(
            {"line_code_cell": c.line_place.code_cell}
            if c.line_place is not None and c.line_place.code_cell is not None
            else {}
        ),
    }


def _not_recognised(result: SubmissionResult) -> dict[str, Any]:
    """What a copy graded as no TD says of why: the TDs that could not be loaded, or the
    closest TD, by its names or its title ([])."""
    found: dict[str, Any] = {}
    if result.unavailable:
        found["unavailable"] = [
            {"exercise": exercise, "package": package, "cause": cause}
            for exercise, package, cause in result.unavailable
        ]
    if result.closest:
        found["closest"] = {"exercise": result.closest, "names": list(result.closest_names)}
    return found


def _cell_ids(cell: CellOutcome, lang: str) -> dict[str, Any]:
    """`index` counts every cell (markdown too); `code_cell` is what the student counts."""
    ids: dict[str, Any] = {
        "index": cell.index,
        "label": place_text(cell.place, lang) if cell.place else cell.label,
    }
    if cell.place is not None and cell.place.code_cell is not None:
        ids["code_cell"] = cell.place.code_cell
    return ids


def render_json(results: list[SubmissionResult], lang: str) -> str:
    """The report of `results`. A single copy's holds no answer key (it may be handed to
    its student); a class's lists the keys of its manual questions once, apart."""
    report: dict[str, Any] = {
        "grader_version": __version__,
        "submissions": [submission_dict(r, lang) for r in results],
    }
    if len(results) > 1:
        keys = {
            (r.exercise, q.id): {"exercise": r.exercise, "id": q.id, "text": answer_key(q, lang)}
            for r in results
            for q in r.questions
            if q.answer_key
        }
        if keys:
            report["answer_keys"] = list(keys.values())
    return json_text_safe(json.dumps(report, ensure_ascii=False, indent=2, allow_nan=False))


def _comment(comment: TeacherComment) -> dict[str, Any]:
    """A comment as a student may read it; a rubric item with its label and points."""
    data: dict[str, Any] = {"question": comment.question, "text": comment.text}
    if comment.item:
        data["item"] = comment.item
        if comment.points is not None:
            data["points"] = comment.points
    return data
