"""The worker's failures: a budget that runs out, and an error described as the grader
reads it (its type, message, and the student's own line).

Part of the worker script, after `prepare.py` (`SCRIPT`).
"""

if __package__:  # imported by the grader's tests; in the sandbox the parts before it hold these
    from .loopwatch import _WATCH, EndlessLoop
    from .prepare import (
        _ITIMER_REAL,
        _SIGINT,
        _allocate_lock,
        _BaseException,
        _cell_files,
        _interrupt_main,
        _monotonic,
        _setitimer,
        _start_thread,
        _str,
    )


class BudgetExceeded(BaseException):
    """Raised inside student code when its time budget is over (soft limit)."""


def _on_alarm(signum, frame):
    """The budget's alarm: the budget is over, or a window of the endless-loop detector
    opens (loopwatch.py) and the alarm is set again for what follows."""
    if _setitimer:
        try:
            delay = _WATCH.alarm(frame)
        except RecursionError:  # student code at the recursion limit: no window now
            delay = 0.01 if _monotonic() - _WATCH.started < _WATCH.budget - 0.01 else None
        if delay is not None:
            _setitimer(_ITIMER_REAL, delay)
            return
    raise BudgetExceeded()


class _Watchdog:
    """The soft budget without SIGALRM (Windows): a thread that, once the budget is
    over, interrupts the main thread through SIGINT's handler (set to `_on_alarm` for
    the run). Student code that swallows it is still killed by the grader's hard budget."""

    def __init__(self, budget):
        self.lock = _allocate_lock()  # guards `armed`: no interrupt once disarmed
        self.done = _allocate_lock()
        self.done.acquire()
        self.armed = True
        _start_thread(self._watch, (budget,))

    def _watch(self, budget):
        if self.done.acquire(True, max(budget, 0.001)):
            return  # the run ended in time
        with self.lock:
            if self.armed:
                _interrupt_main(_SIGINT)

    def disarm(self):
        with self.lock:
            self.armed = False
        self.done.release()


def _student_frames(tb):
    """(file, line, function) of the student's frames, without the `traceback` module
    (student code may have patched it, or `linecache`)."""
    frames = []
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename in _cell_files:
            frames.append((code.co_filename, tb.tb_lineno, code.co_name))
        tb = tb.tb_next
    return frames


def describe_error(exc):
    """Plain-data description of an exception raised by student code."""
    if isinstance(exc, BudgetExceeded):
        return {"type": "Timeout", "message": "", "line": None, "where": "", "traceback": []}
    if isinstance(exc, EndlessLoop):
        where = exc.filename if exc.filename in _cell_files else ""
        return {
            "type": "EndlessLoop",
            "message": "",
            "line": exc.line if where else None,
            "where": where.strip("<>"),
            "traceback": [],
            "state": exc.state,
        }
    frames = _student_frames(exc.__traceback__)
    line = getattr(exc, "lineno", None) if isinstance(exc, SyntaxError) else None
    where = getattr(exc, "filename", "") if isinstance(exc, SyntaxError) else ""
    if frames:
        where, line = frames[-1][0], frames[-1][1]
    try:
        message = _str(exc.msg if isinstance(exc, SyntaxError) else exc)[:500]
    except _BaseException:
        message = "?"
    if type(message) is not str or type(where) is not str or type(line) not in (int, type(None)):
        message, where, line = "?", "", None  # an exception object tampered with
    lines = ["%s, ligne %s, dans %s" % (f.strip("<>"), n, name) for f, n, name in frames[-6:]]
    return {
        "type": type(exc).__name__[:100],
        "message": message,
        "line": line,
        "where": where.strip("<>"),
        "traceback": lines,
    }
