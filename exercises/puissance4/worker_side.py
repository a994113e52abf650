"""Grader code that runs INSIDE the student's worker, beside the student's module.

The engine sends this file's source (`Exercise.worker_side`). `evaluations` runs one
student search under a profile hook that counts the calls of the student's
`heuristique`, `copie` and `jouer_colonne` by their code objects: whatever name the
search calls them by (an alias `_h = heuristique`, a default argument, a closure, a
dictionary), the same code runs and is counted. It only counts: the grader compares.
Standard library only; `student` (the student's namespace) and `profiler` (sys's
profile functions, bound before any student code ran) are provided by the worker.
"""

student: dict  # the student's namespace, defined by the worker before this code runs
profiler: dict  # {"setprofile", "getprofile", "settrace"}, bound before student code ran
# ruff: noqa: F821  (`student` and `profiler` are bound by the worker, not here)


def _code_of(func):
    """The code object that runs when `func` is called (through decorators' __wrapped__)."""
    for _ in range(5):
        code = getattr(func, "__code__", None)
        if code is not None:
            return code
        func = getattr(func, "__wrapped__", None)
    return None


def evaluations(search, names, *args):
    """{"counts": {name: calls}, "tampered": bool} for `search(*args)`.

    "tampered": the search called sys.setprofile or sys.settrace (under any name),
    or left another profile function: the counts cannot be trusted."""
    codes = {}
    for name in names:
        code = _code_of(student.get(name))
        if code is not None and code not in codes:
            codes[code] = name
    counts = dict.fromkeys(names, 0)
    setprofile, settrace = profiler["setprofile"], profiler["settrace"]
    tampered = []

    def hook(frame, event, arg):
        if event == "call":
            name = codes.get(frame.f_code)
            if name is not None:
                counts[name] += 1
        elif event == "c_call" and (arg is setprofile or arg is settrace):
            tampered.append(True)

    setprofile(hook)
    try:
        search(*args)
    finally:
        tampered.append(profiler["getprofile"]() is not hook)
        seen = any(tampered)  # before our own setprofile(None), which the hook sees too
        setprofile(None)
    return {"counts": dict(counts), "tampered": seen}
