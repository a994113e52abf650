"""Grader code that runs INSIDE the student's worker, beside the student's module.

The engine sends this file's source (`Exercise.worker_side`). `evaluations` runs one
student search and counts the calls of the student's `heuristique`, `copie` and
`jouer_colonne` by their code objects: whatever name the search calls them by (an alias
`_h = heuristique`, a default argument, a closure, a dictionary), the same code runs and
is counted. It only counts: the grader compares.

Each counted function that is a plain `def` without free variables (what students write)
gets, for the search, a code object of ours that adds one to its counter and runs the
function's own code (`_evaluations_swapped`): every call of that function object, under
any name, counts, and nothing else in the search is slowed down. Any profile function
puts Python 3.11 in tracing mode for the whole search: even the C profiler of the
standard library made the counted search several times slower than the search alone,
and these searches were the largest single share of a class's CPU
(docs/explanation/performance.md#less-student-code-per-check).
Anything else (a closure, a callable object, two names sharing one code object) is
counted by the C profiler (`_lsprof`, cProfile's engine), by code object, used only when
it is the genuine C type (student code ran before this and may have replaced the
module); otherwise a Python profile function counts.
`traced` runs a probe of the pruning check the same way and also records, call by call,
the position each counted function was called on (its first argument's `plateau`): the
grader reads from them the order in which the search tried the columns at each node
(exercises/puissance4/pruning.py). A counted function that is not a plain `def` is then
followed by a profile function written in Python, which sees the arguments.
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


_FUNCTION: type = type(_code_of)
HIDDEN = "\x00counted %d"
"""The global through which a swapped code finds its counter: not an identifier, so no
student code names it by accident."""
_COUNTING = """
def counting(*args, **kwargs):
    box = COUNTER
    box[0] += 1
    return box[1](*args, **kwargs)
"""
_RECORDING = """
def counting(*args, **kwargs):
    box = COUNTER
    box[0] += 1
    box[2](box[3], args, kwargs)
    return box[1](*args, **kwargs)
"""


def _swappable(func):
    """The plain function whose code runs when `func` is called (through decorators'
    __wrapped__, as `_code_of`) when its code can be swapped for a counting one (a
    `def` without free variables, whose own `__code__` is what runs), else None."""
    for _ in range(5):
        if type(func) is _FUNCTION:
            return func if getattr(func, "__closure__", None) is None else None
        if getattr(func, "__code__", None) is not None:
            return None  # runs a code of its own, but is not a plain function
        func = getattr(func, "__wrapped__", None)
    return None


def _counting_code(slot, recording=False):
    """A code object with no free variables that counts into, and then calls, the pair
    `[count, function]` held by the global named `slot` of the function it is given to
    (`recording`: `[count, function, record, index]`, `record(index, args, kwargs)` called
    first)."""
    space: dict = {}
    exec(compile(_RECORDING if recording else _COUNTING, "<grader>", "exec"), space)
    code = space["counting"].__code__
    return code.replace(co_names=tuple(slot if n == "COUNTER" else n for n in code.co_names))


def _evaluations_swapped(targets, names, search, args, record=None):
    """`evaluations` with each counted function's code swapped, for the search, for one
    that counts and calls a copy of the function with its own code (and, with `record`,
    first tells `record` which function was called, with which arguments)."""
    counts = dict.fromkeys(names, 0)
    swapped = []
    answer = None
    try:
        for index, (name, function) in enumerate(targets):
            original = function.__code__
            copy = _FUNCTION(original, function.__globals__, function.__name__, function.__defaults__)
            copy.__kwdefaults__ = function.__kwdefaults__
            box = [0, copy] if record is None else [0, copy, record, names.index(name)]
            slot = HIDDEN % index
            function.__globals__[slot] = box
            code = _counting_code(slot, record is not None)
            function.__code__ = code
            swapped.append((name, function, original, code, box, slot))
        answer = search(*args)
    finally:
        tampered = False
        for _, function, original, code, _, _ in swapped:  # the codes first: they must come back
            tampered = tampered or function.__code__ is not code
            function.__code__ = original
        for name, function, _, _, box, slot in swapped:
            function.__globals__.pop(slot, None)
            counts[name] = box[0]
    return {"counts": counts, "tampered": tampered, "value": answer}


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
    """{"counts": {name: calls}, "tampered": bool} for `search(*args)`: `answered` without
    the search's answer."""
    counted = answered(search, names, *args)
    del counted["value"]
    return counted


def _targets(names):
    """({code: name}, [(name, the plain function to swap, or None)]) of the counted
    functions the student defines; a code object shared by two names is counted under
    the first."""
    codes, targets = {}, []
    for name in names:
        function = student.get(name)
        code = _code_of(function)
        if code is None:
            continue
        if code not in codes:
            codes[code] = name
            targets.append((name, _swappable(function)))
        elif all(function is not f for _, f in targets):  # two function objects, one code
            targets.append((name, None))
    return codes, targets


def answered(search, names, *args):
    """{"counts": {name: calls}, "tampered": bool, "value": what the search returned}
    for `search(*args)`: the sheet checks read the answer of the very search the pruning
    check counts, instead of running it again (jeu1 at depth 3, the largest search of a
    submission).

    "tampered": the counts cannot be trusted. Counted by swapped code: the search
    replaced a counted function's code. Counted by a profiler: the search called
    sys.setprofile, sys.settrace or sys.getprofile (under any name), or left another
    profile function."""
    codes, targets = _targets(names)
    if all(function is not None for _, function in targets):
        return _evaluations_swapped(targets, names, search, args)
    kind = _c_profiler()
    if kind is None:
        return _evaluations_hooked(codes, names, search, args)
    counter = kind()
    setprofile, getprofile = profiler["setprofile"], profiler["getprofile"]
    _hold_watch()
    counter.enable()
    # what the profile function is while the counter counts: the counter up to 3.11, None
    # from 3.12 on (the C profiler counts through sys.monitoring); no student code ran yet
    counting = getprofile()
    try:
        answer = search(*args)
    finally:
        left = getprofile()  # with the one above, the two calls of getprofile that are ours
        counter.disable()
        setprofile(None)
    counts = dict.fromkeys(names, 0)
    tampered = left is not counting
    for entry in counter.getstats():
        if entry.code in codes:
            counts[codes[entry.code]] += entry.callcount
        elif isinstance(entry.code, str) and entry.code.startswith("<built-in method sys."):
            called = entry.code[len("<built-in method sys.") : -1]
            if called in TAMPERING and not (called == "getprofile" and entry.callcount == 2):
                tampered = True
        elif isinstance(entry.code, str) and "of '_lsprof.Profiler' objects" in entry.code:
            tampered = tampered or not entry.code.startswith("<method 'disable'") or entry.callcount > 1
    return {"counts": counts, "tampered": tampered, "value": answer}


def _hold_watch():
    """Keep the worker's endless-loop detector out of the counted search: its windows
    would take the profile function's place, and the counter would record the detector's
    own `sys.getprofile` as the search's, a false "tampered" (a search longer than a
    fiftieth of its budget, such as numpy code)."""
    hold = profiler.get("hold_watch")
    if hold is not None:
        hold()


def _evaluations_hooked(codes, names, search, args, record=None):
    """`evaluations` with a profile function written in Python (no genuine `_lsprof`);
    with `record`, each counted call is also told to it, with its first argument."""
    counts = dict.fromkeys(names, 0)
    setprofile, getprofile, settrace = profiler["setprofile"], profiler["getprofile"], profiler["settrace"]
    tampered = []

    def hook(frame, event, arg):
        if event == "call":
            name = codes.get(frame.f_code)
            if name is not None:
                counts[name] += 1
                if record is not None:
                    record(names.index(name), _arguments(frame), None)
        elif event == "c_call" and (arg is setprofile or arg is settrace or arg is getprofile):
            tampered.append(True)

    _hold_watch()
    setprofile(hook)
    try:
        answer = search(*args)
    finally:
        seen = any(tampered)  # before our own getprofile and setprofile(None), seen too
        seen = getprofile() is not hook or seen
        setprofile(None)
    return {"counts": dict(counts), "tampered": seen, "value": answer}


# -- The pruning check's probes: which positions the search called what on ------------
MAX_EVENTS = 100_000
"""Calls recorded in one search at most: a depth-4 probe needs a few thousand even
without any cut; past this the search is reported as evaluating too much."""


def _arguments(frame):
    """The first three positional arguments of the call `frame` is running, as far as it
    has them (a profile function sees the frame, not the call)."""
    try:
        code = frame.f_code
        locals_ = frame.f_locals
        if code.co_argcount:
            names = code.co_varnames[: min(code.co_argcount, 3)]
            return tuple(locals_[name] for name in names if name in locals_)
        if code.co_flags & 0x04:  # *args
            values = locals_.get(code.co_varnames[code.co_kwonlyargcount])
            return tuple(values[:3]) if isinstance(values, tuple) else ()
    except Exception:
        pass
    return ()


def _recorder(events, texts, moves):
    """`record(index, args, kwargs)`: appends `index + 8 * (column + 8 * position)` to
    `events`. The position is the `plateau` of the first argument (a game, or a board
    itself), numbered in the order first met, `texts` its 42 cells as digits; the column
    is the third argument of the function numbered `moves` (`jouer_colonne(jeu, joueur,
    col)`), 7 for any other call. Never raises: the student's search goes on whatever it
    is called with."""
    seen: dict = {}

    def record(index, args, kwargs):
        if len(events) >= MAX_EVENTS or not (args or kwargs):
            return
        try:
            game = args[0] if args else next(iter(kwargs.values()))
            grid = game["plateau"] if isinstance(game, dict) else game
            kept: object
            if type(grid) is list or type(grid) is tuple:
                kept = tuple(map(tuple, grid))
            else:
                kept = (type(grid), grid.tobytes())  # a numpy array: its bytes name it
            number = seen.get(kept)
            if number is None:
                number = len(texts)
                texts.append("".join([str(int(cell)) for row in grid for cell in row]))
                seen[kept] = number
            column = 7
            if index == moves and len(args) > 2 and type(args[2]) is int and 0 <= args[2] < 7:
                column = args[2]
            events.append(index + 8 * (column + 8 * number))
        except Exception:
            pass

    return record


def traced(search, names, moves, *args):
    """{"counts", "tampered", "events", "texts", "full"} for `search(*args)`: `answered`'s
    counts, and each call of a function of `names` (at most 8) as `index + 8 * (column +
    8 * position)` (`names[index]` called on position `texts[position]`, playing `column`
    when it is `names[moves]`), in the order made; `full` when more than MAX_EVENTS calls
    were made (the later ones are not recorded)."""
    events: list[int] = []
    texts: list[str] = []
    record = _recorder(events, texts, moves)
    codes, targets = _targets(names)
    if all(function is not None for _, function in targets):
        counted = _evaluations_swapped(targets, names, search, args, record)
    else:
        counted = _evaluations_hooked(codes, names, search, args, record)
    del counted["value"]
    counted.update(events=events, texts=texts, full=len(events) >= MAX_EVENTS)
    return counted
