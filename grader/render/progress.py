"""Where a batch is: a progress bar on a terminal, one plain line per submission
otherwise (CI logs), both on the given stream."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, TextIO

from ..model.results import SubmissionResult
from ..model.text import number
from .feedback import not_gradable_reason
from .sanitize import safe_line
from .text import tr

if TYPE_CHECKING:  # rich is imported only when a bar is drawn
    from rich.progress import Progress as Bar


class Progress:
    def __init__(self, stream: TextIO, lang: str):
        self.stream, self.lang = stream, lang
        self.total = self.done = 0
        self.start = time.monotonic()
        self._bar: Bar | None = None

    def started(self, total: int) -> None:
        self.total, self.start = total, time.monotonic()
        if total > 1 and self.stream.isatty():
            from rich.console import Console  # only on a terminal: it costs an import
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )
            from rich.progress import (
                Progress as Bar,
            )

            self._bar = Bar(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TextColumn("·"),
                TimeRemainingColumn(),
                console=Console(file=self.stream),
                transient=True,
            )
            self._bar.start()
            self._task = self._bar.add_task(tr(self.lang, "progress.grading"), total=total)

    def advance(self, result: SubmissionResult) -> None:
        self.done += 1
        if self._bar is not None:
            self._bar.update(self._task, advance=1)
            return
        if self.total > 1:
            width = len(str(self.total))
            mark = (
                f"{number(result.mark, self.lang)}/{number(result.scale, self.lang)}"
                if result.graded
                else f"{tr(self.lang, 'progress.not_graded')} — {safe_line(not_gradable_reason(result, self.lang))}"
            )
            line = tr(
                self.lang,
                "progress.line",
                done=f"{self.done:>{width}}",
                total=self.total,
                name=safe_line(result.student or result.path),
                mark=mark,
                seconds=number(round(result.duration_s, 1), self.lang),
            )
            print(line, file=self.stream, flush=True)

    def finished(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
