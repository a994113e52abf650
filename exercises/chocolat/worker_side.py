"""Grader code that runs INSIDE the student's worker, beside the student's module.

The engine sends this file's source (`Exercise.worker_side`). `memo_probe` runs the
student's minimax_rec under a profile hook that sees every call of the student's own
functions, whatever calls them: a call of a function that recurses (the same function
is called again below it, directly or through helpers) computes its state; a state
computed twice means the dictionary was not used. So a memoised minimax_rec that
hands the work to an unmemoised recursive helper is seen. It only records: the
grader decides. Standard library only; `student` (the student's namespace) and
`profiler` (sys's profile functions, bound before any student code ran, and `tally`)
are provided by the worker.

Each state computed, and each sign of tampering with the hook, is sent to the grader
with `profiler["tally"]` the moment it is seen (issue 32): a count kept here could be cleared by the
student's code through the frames it runs in; what was sent cannot be taken back.
"""

student: dict  # the student's namespace, defined by the worker before this code runs
profiler: dict  # {"setprofile", "getprofile", "settrace"}, bound before student code ran
# ruff: noqa: F821  (`student` and `profiler` are bound by the worker, not here)

_NOT_A_FUNCTION = 0x20 | 0x80 | 0x200  # generator, coroutine, async generator: resumed, not called
_SIMPLE = (int, float, str, bool, type(None))


def _is_student(frame):
    """A call of the student's code: compiled from a cell ("<label>"; the grader's code
    is "<grader>") or running with the student's globals; a function, not a generator."""
    code = frame.f_code
    name = code.co_filename
    mine = frame.f_globals is student or (
        name.startswith("<") and name != "<grader>" and not name.startswith("<frozen")
    )
    return mine and not code.co_name.startswith("<") and not code.co_flags & _NOT_A_FUNCTION


def _plain(value, depth=0):
    """The argument as shown in a key, or None for what names no state (the dictionary)."""
    if type(value) in _SIMPLE:
        return repr(value)
    if type(value) in (tuple, list) and len(value) <= 50 and depth < 3:
        parts = [_plain(v, depth + 1) for v in value]
        if None not in parts:
            return ("(%s)" if type(value) is tuple else "[%s]") % ", ".join(parts)
    return None


def _key(frame):
    """The call as code, e.g. "minimax_rec(dic, 3, 4, 2)": what is not plain data shows
    as its parameter's name, so the memo dictionary does not tell two states apart."""
    code = frame.f_code
    names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    local = frame.f_locals
    args = []
    for name in names:
        shown = _plain(local.get(name))
        args.append(name if shown is None else shown)
    return "{}({})".format(code.co_name, ", ".join(args))


TAMPERED = "!hook"
"""The record of a profile or trace function changed during the search."""


def _switches_hook(arg, setprofile, settrace):
    """A C call that replaces the profile function: sys.setprofile/settrace, or the C
    profiler's `enable` (cProfile's engine sets itself as the profile function)."""
    if arg is setprofile or arg is settrace:
        return True
    owner = getattr(arg, "__self__", None)
    return getattr(arg, "__name__", "") == "enable" and type(owner).__name__ == "Profiler"


def memo_probe(m, n, p):
    """[the value of minimax_rec({}, m, n, p)]; every state computed is sent to the grader
    (`tally`, its key), and TAMPERED when the hook is switched off or replaced."""
    func = student["minimax_rec"]
    stack: list = []  # [code, key, recursive] per Python frame (None: not the student's)
    setprofile, settrace, tally = profiler["setprofile"], profiler["settrace"], profiler["tally"]

    # Bound now: student code running under the hook cannot swap them in this module.
    def hook(
        frame,
        event,
        arg,
        _is_student=_is_student,
        _key=_key,
        _tally=tally,
        _switches=_switches_hook,
        _own=memo_probe.__code__,
    ):
        if event == "call":
            code = frame.f_code
            if not _is_student(frame):
                stack.append(None)
                return
            for entry in reversed(stack):  # every caller running the same code recurses
                if entry is not None and entry[0] is code:
                    if entry[2]:
                        break  # it and those below were marked already
                    entry[2] = True
            stack.append([code, _key(frame), False])
        elif event == "return":
            if stack:
                entry = stack.pop()
                if entry is not None and entry[2]:
                    _tally(entry[1])
        elif event == "c_call" and frame.f_code is not _own and _switches(arg, setprofile, settrace):
            _tally(TAMPERED)  # not the probe's own setprofile(None), at its end

    setprofile(hook)
    try:
        value = func({}, m, n, p)
    finally:
        if profiler["getprofile"]() is not hook:
            tally(TAMPERED)
        setprofile(None)
    return [value]
