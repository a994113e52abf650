"""Grader code that runs INSIDE the student's worker, beside the student's module.

The engine sends this file's source (`Exercise.worker_side`). `evaluations` runs one
student search and counts the calls of the student's `heuristique`, `copie` and
`jouer_colonne` by their code objects: whatever name the search calls them by (an alias
`_h = heuristique`, a default argument, a closure, a dictionary), the same code runs and
is counted. It only counts: the grader compares.

The counter is the C profiler of the standard library (`_lsprof`, cProfile's engine):
a profile function written in Python runs Python code at every call and return of the
whole search, C calls included, and made the counted search 2 to 4 times slower than
the search alone; `_lsprof` gets the same events in C, with a quarter to two fifths
less overhead (docs/performance.md). It is used only when it is the genuine C type (student code ran
before this and may have replaced the module); otherwise a Python profile function counts.
Standard library only; `student` (the student's namespace) and `profiler` (sys's
profile functions, bound before any student code ran) are provided by the worker.
"""

student: dict  # the student's namespace, defined by the worker before this code runs
profiler: dict  # {"setprofile", "getprofile", "settrace"}, bound before student code ran
# ruff: noqa: F821  (`student` and `profiler` are bound by the worker, not here)

TAMPERING = ("setprofile", "settrace", "getprofile")
"""The sys functions a search must not call while it is counted (after its own
`getprofile` it could put the counter back after switching it off)."""


def _code_of(func):
    """The code object that runs when `func` is called (through decorators' __wrapped__)."""
    for _ in range(5):
        code = getattr(func, "__code__", None)
        if code is not None:
            return code
        func = getattr(func, "__wrapped__", None)
    return None


def _c_profiler():
    """`_lsprof.Profiler` if it is the genuine C type, else None.

    A class written in Python cannot be immutable, nor hold C method descriptors of its
    own: these two tests tell the real type from anything student code put in
    `sys.modules` or in the module."""
    try:
        kind = getattr(__import__("_lsprof"), "Profiler", None)
    except ImportError:
        return None
    method = type(str.__dict__["join"])
    immutable = 1 << 8  # Py_TPFLAGS_IMMUTABLETYPE
    if type(kind) is not type or not kind.__flags__ & immutable:
        return None
    for name in ("enable", "disable", "getstats"):
        descriptor = kind.__dict__.get(name)
        if type(descriptor) is not method or getattr(descriptor, "__objclass__", None) is not kind:
            return None
    return kind


def evaluations(search, names, *args):
    """{"counts": {name: calls}, "tampered": bool} for `search(*args)`.

    "tampered": the search called sys.setprofile, sys.settrace or sys.getprofile (under
    any name), or left another profile function: the counts cannot be trusted."""
    codes = {}
    for name in names:
        code = _code_of(student.get(name))
        if code is not None and code not in codes:
            codes[code] = name
    kind = _c_profiler()
    if kind is None:
        return _evaluations_hooked(codes, names, search, args)
    counter = kind()
    setprofile, getprofile = profiler["setprofile"], profiler["getprofile"]
    counter.enable()
    try:
        search(*args)
    finally:
        left = getprofile()  # counted as one call of getprofile
        counter.disable()
        setprofile(None)
    counts = dict.fromkeys(names, 0)
    tampered = left is not counter
    for entry in counter.getstats():
        if entry.code in codes:
            counts[codes[entry.code]] += entry.callcount
        elif isinstance(entry.code, str) and entry.code.startswith("<built-in method sys."):
            called = entry.code[len("<built-in method sys.") : -1]
            if called in TAMPERING and not (called == "getprofile" and entry.callcount == 1):
                tampered = True
        elif isinstance(entry.code, str) and "of '_lsprof.Profiler' objects" in entry.code:
            tampered = tampered or not entry.code.startswith("<method 'disable'") or entry.callcount > 1
    return {"counts": counts, "tampered": tampered}


def _evaluations_hooked(codes, names, search, args):
    """`evaluations` with a profile function written in Python (no genuine `_lsprof`)."""
    counts = dict.fromkeys(names, 0)
    setprofile, getprofile, settrace = profiler["setprofile"], profiler["getprofile"], profiler["settrace"]
    tampered = []

    def hook(frame, event, arg):
        if event == "call":
            name = codes.get(frame.f_code)
            if name is not None:
                counts[name] += 1
        elif event == "c_call" and (arg is setprofile or arg is settrace or arg is getprofile):
            tampered.append(True)

    setprofile(hook)
    try:
        search(*args)
    finally:
        seen = any(tampered)  # before our own getprofile and setprofile(None), seen too
        seen = getprofile() is not hook or seen
        setprofile(None)
    return {"counts": dict(counts), "tampered": seen}
