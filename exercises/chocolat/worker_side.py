"""Grader code that runs INSIDE the student's worker, beside the student's module.

The engine sends this file's source (`Exercise.worker_side`). `memo_probe` runs the
student's minimax_rec under a profile hook that sees every call of the student's own
functions, whatever calls them: a call of a function that recurses (the same function
is called again below it, directly or through helpers) computes its state; a state
computed twice means the dictionary was not used. So a memoised minimax_rec that
hands the work to an unmemoised recursive helper is seen. It only records: the
grader decides. Standard library only; `student` (the student's namespace) and
`profiler` (sys's profile functions, bound before any student code ran) are provided
by the worker.
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


def memo_probe(m, n, p):
    """[value, number of states computed twice, [one of them], [how many times]]."""
    func = student["minimax_rec"]
    stack: list = []  # [code, key, recursive] per Python frame (None: not the student's)
    computed: dict = {}  # key: how many times that state was computed
    setprofile, settrace = profiler["setprofile"], profiler["settrace"]
    tampered = []

    # Bound now: student code running under the hook cannot swap them in this module.
    def hook(frame, event, arg, _is_student=_is_student, _key=_key):
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
                    computed[entry[1]] = computed.get(entry[1], 0) + 1
        elif event == "c_call" and (arg is setprofile or arg is settrace):
            tampered.append(True)

    setprofile(hook)
    try:
        value = func({}, m, n, p)
    finally:
        tampered.append(profiler["getprofile"]() is not hook)
        seen = any(tampered)  # before our own setprofile(None), which the hook sees too
        setprofile(None)
    if seen:
        return [value, -1, ["sys.setprofile"], [0]]
    twice = sorted(k for k, c in computed.items() if c > 1)
    return [value, len(twice), twice[:1], [computed[k] for k in twice[:1]]]
