"""Endless-loop detection in the worker: a loop whose state repeats is stopped at once.

Student code that runs past a short delay is traced for a short window (`sys.settrace`
and `sys.setprofile`, installed from the budget's SIGALRM handler). At the head of a
loop (the target of a backward jump) the tracer records which names the loop's last
iteration read, in the looping frame and in every function it called, and the values
of those names, deeply (with their sharing). When an iteration read exactly the same
names as the one before, their values are the same at both visits of the head, and
nothing in between could answer differently the second time, every later iteration
repeats the same steps: the loop cannot end. The worker then stops it as its budget
would have, without waiting for the budget.

It is built to be sound for honest code and gives up (stays silent, the budget decides)
on anything it cannot see through:
- values other than plain data (int, float, complex, str, bytes, bool, None, tuple,
  list, dict, set, frozenset), Python functions (code, defaults, closure, attributes),
  builtin types and the pure builtins (`PURE_BUILTINS`): a module, a class instance, a
  numpy array, an iterator or a generator read by the iteration stops it;
- any call into C other than a pure builtin or a method of plain data (print, time,
  random, I/O, next(), getattr...), an import, a class statement, a dunder or frame
  attribute (`__dict__`, `f_back`...);
- a loop head inside a `for` loop (the iterator is hidden state), a `try`, a `with`, a
  generator;
- another thread running Python code, a signal handler set by the student, a `gc`
  callback, a trace or profile function already set (the exercises' counters use one).

A program written on purpose to look like an endless loop (comparing the addresses of
fresh objects, a finalizer on cyclic garbage that flips a flag...) could be reported as
one: it only stops its own code, as any exception it raises would; no honest program
can be. The worker reports the loop's line and the values of the names it read.

This file is prepended to the worker script after `wire.py` (see `process.worker_script`):
it must not import `grader`, and everything it relies on is bound at import time,
before student code runs.
"""

import _signal  # type: ignore[import-not-found]  # signal.py's C module: no stub
import builtins as _lw_builtins
import gc as _lw_gc
import sys as _lw_sys
import time as _lw_time
import types as _lw_types

_lw_settrace, _lw_gettrace = _lw_sys.settrace, _lw_sys.gettrace
_lw_setprofile, _lw_getprofile = _lw_sys.setprofile, _lw_sys.getprofile
_lw_current_frames = _lw_sys._current_frames
_lw_getsignal, _lw_nsig = _signal.getsignal, getattr(_signal, "NSIG", 65)
_lw_default_handlers = (_signal.SIG_DFL, _signal.SIG_IGN, None, _signal.default_int_handler)
_lw_gc_callbacks = _lw_gc.callbacks
_lw_monotonic = _lw_time.monotonic
_lw_FunctionType = _lw_types.FunctionType
_lw_BuiltinType = _lw_types.BuiltinFunctionType
_lw_MethodDescriptorType = _lw_types.MethodDescriptorType

PURE_BUILTINS = (
    "abs", "all", "any", "ascii", "bin", "callable", "chr", "divmod", "format", "hex",
    "isinstance", "issubclass", "len", "max", "min", "oct", "ord", "pow", "repr", "round",
    "sorted", "sum",
)  # fmt: skip
"""Builtin functions whose result depends only on their arguments (with plain data)."""

_PURE_FUNCTIONS = frozenset(id(getattr(_lw_builtins, name)) for name in PURE_BUILTINS)
_PURE_FUNCTION_OBJECTS = [getattr(_lw_builtins, name) for name in PURE_BUILTINS]  # kept alive
# The builtin types (int, list, range, zip, exceptions...): immutable objects, as values
# only by identity. Their constructors are pure for plain data.
_BUILTIN_TYPES = frozenset(id(value) for value in vars(_lw_builtins).values() if isinstance(value, type))
_PLAIN_ATOMS = frozenset((int, str, bytes, bool, type(None)))
_PLAIN_METHOD_OWNERS = frozenset(
    (int, float, complex, str, bytes, bool, tuple, list, dict, set, frozenset, type(None))
)
_CO_OPTIMIZED = 0x1  # a function's frame: its local names are fast locals
_CO_GENERATOR_LIKE = 0x20 | 0x80 | 0x100 | 0x200  # generator, coroutine, iterable coroutine, async generator
_FAST_READS = frozenset(
    (
        "LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_FAST_AND_CLEAR", "LOAD_FAST_LOAD_FAST",
        "STORE_FAST_LOAD_FAST", "LOAD_DEREF", "LOAD_CLOSURE", "LOAD_CLASSDEREF",
        "LOAD_FROM_DICT_OR_DEREF",
    )
)  # fmt: skip
_NAME_READS = frozenset(("LOAD_NAME", "LOAD_GLOBAL", "LOAD_FROM_DICT_OR_GLOBALS"))
_ATTRIBUTES = frozenset(("LOAD_ATTR", "LOAD_METHOD", "STORE_ATTR", "DELETE_ATTR", "LOAD_SUPER_ATTR"))
_OPAQUE_OPS = frozenset(("IMPORT_NAME", "IMPORT_FROM", "IMPORT_STAR", "LOAD_BUILD_CLASS"))
_FRAME_ATTRIBUTE_PREFIXES = ("__", "f_", "gi_", "cr_", "ag_", "tb_", "co_")
_TRY_SETUPS = frozenset(("SETUP_FINALLY", "SETUP_WITH", "SETUP_ASYNC_WITH", "SETUP_CLEANUP"))

NODE_LIMIT = 100_000
"""Values read by one iteration, counted deeply: beyond this the detector gives up."""
LOG_LIMIT = 200_000
"""Line events kept in one window: beyond this the window ends."""
SUMMARY_NAMES, SUMMARY_CHARS = 6, 80


class EndlessLoop(BaseException):
    """Raised in student code at the head of a loop that can never end."""

    def __init__(self, code, line, state):
        super().__init__(line)
        self.filename = code.co_filename
        self.line = line
        self.state = state
        """`name = value` texts: what the looping frame reads, as it is at every turn."""


class _GiveUp(Exception):
    """A value the detector cannot compare (a module, an instance, an iterator...)."""


_ABSENT = ("<absent>",)  # a name not bound (a value, and its own image)
_HOPELESS = ("<hopeless>",)  # a loop head whose values cannot be imaged: not tried again


class _Facts:
    """What the detector needs to know of one code object, read from its bytecode."""

    __slots__ = ("heads", "lines")

    def __init__(self, heads, lines):
        self.heads = heads
        """Offset -> line of the loop, for the loop heads where the frame's value stack
        is known to be empty."""
        self.lines = lines
        """line -> (local names read, global names read, opaque): over-approximated."""


def _analyse(code):
    """The `_Facts` of a code object; None when its bytecode cannot be read."""
    import dis  # only once some code has run past the first delay

    instructions = list(dis.get_instructions(code))
    local_reads: dict[int, set[str]] = {}
    global_reads: dict[int, set[str]] = {}
    opaque: set[int] = set()
    line_of: dict[int, int] = {}
    current = code.co_firstlineno
    backward, excluded = [], []
    unsafe_code = bool(code.co_flags & _CO_GENERATOR_LIKE)
    for ins in instructions:
        positions = getattr(ins, "positions", None)
        number = positions.lineno if positions is not None else ins.starts_line
        if type(number) is int:
            current = number
        if current not in local_reads:
            local_reads[current], global_reads[current] = set(), set()
        line_of[ins.offset] = current
        name, value = ins.opname, ins.argval
        if name in _FAST_READS:
            local_reads[current].update(value if type(value) is tuple else (value,))
        elif name in _NAME_READS:
            global_reads[current].add(value)
        elif name in _ATTRIBUTES:
            if type(value) is not str or value.startswith(_FRAME_ATTRIBUTE_PREFIXES):
                opaque.add(current)
        elif name in _OPAQUE_OPS:
            opaque.add(current)
        elif name == "FOR_ITER":
            excluded.append((ins.offset, value))
        elif name in _TRY_SETUPS:
            unsafe_code = True
        jumps = ins.opcode in dis.hasjrel or ins.opcode in dis.hasjabs
        if jumps and type(value) is int and value <= ins.offset and name != "FOR_ITER":
            backward.append((ins.offset, value, current))
    parse_table = getattr(dis, "_parse_exception_table", None)
    if parse_table is not None:
        excluded.extend((entry.start, entry.end) for entry in parse_table(code))
    # The jump itself is a head as well (3.13 reports a loop on one line there): the
    # stack is the same on both sides of a jump. A head is named by the first line of
    # its loop: the `while` line, which the test at the bottom of the loop belongs to.
    heads: dict[int, int] = {}
    for jump, target, jump_line in backward:
        if unsafe_code or any(low <= target <= high for low, high in excluded):
            continue
        line = min(jump_line, line_of.get(target, jump_line))
        heads[jump] = heads[target] = min(line, heads.get(target, line))
    lines = {
        line: (frozenset(local_reads[line]), frozenset(global_reads[line]), line in opaque)
        for line in local_reads
    }
    return _Facts(heads, lines)


class _Window:
    """One tracing window: the line events seen, the loop heads visited."""

    def __init__(self, watch, until):
        self.watch = watch
        self.until = until
        self.log = []
        """(frame id, code, line, globals, builtins) per line event, in order."""
        self.tainted = -1
        """Index in `log` of the last impure event (a call into unknown C code)."""
        self.heads = {}
        """(frame id, offset) -> (log index, names read, snapshot, alone) at the last visit."""
        self.handlers_checked, self.no_handlers = -2, False
        """`tainted` when the signal handlers were last found to be the defaults (or not)."""
        self.frames = {}
        """frame id -> the keys of `heads` in that frame: forgotten when it returns (a
        new frame may get the same id)."""

    # -- the trace and profile functions ---------------------------------------------------
    def on_call(self, frame, event, arg):
        """The global trace function: every new frame is traced line by line."""
        return self.on_event

    def on_event(self, frame, event, arg):
        try:
            return self.follow(frame, event)
        except RecursionError:
            # Student code near the recursion limit: the calls made here must not raise
            # in it (a trace function's own call does not count, the Python calls it
            # makes do). The window ends with C calls only.
            _lw_settrace(None)
            _lw_setprofile(None)
            self.watch.window = None
            return None

    def follow(self, frame, event):
        if event != "line":
            if event == "return" and id(frame) in self.frames:
                for key in self.frames.pop(id(frame)):
                    del self.heads[key]
            return self.on_event
        log = self.log
        code = frame.f_code
        facts = self.watch.facts(code)
        if facts is not None and frame.f_lasti in facts.heads:
            self.visit(frame, facts)
        log.append((id(frame), code, frame.f_lineno, frame.f_globals, frame.f_builtins))
        if not len(log) & 0x3FF and (_lw_monotonic() > self.until or len(log) > LOG_LIMIT):
            self.watch.stop()
            return None
        return self.on_event

    def on_profile(self, frame, event, arg):
        if event == "c_call":
            try:
                pure = _pure_call(arg)
            except RecursionError:  # as in on_event: never raise in student code
                pure = False
            if not pure:
                self.tainted = len(self.log)

    # -- the loop heads -----------------------------------------------------------------
    def visit(self, frame, facts):
        key = (id(frame), frame.f_lasti)
        here = len(self.log)
        last = self.heads.get(key)
        if last is _HOPELESS:
            return
        if not frame.f_code.co_flags & _CO_OPTIMIZED and frame.f_locals is not frame.f_globals:
            self.heads[key] = _HOPELESS  # a class body, exec() with its own locals: names
            return  # are looked up there first, and the footprint resolves them as globals
        # Checked before the values are read (another thread could change them while
        # they are), and at both ends of the turn compared.
        alone = self.alone()
        self.heads[key] = (here, None, None, alone)
        if last is None:
            self.frames.setdefault(key[0], []).append(key)
        if last is None or self.tainted >= last[0] or not alone:
            return
        names = self.footprint(id(frame), last[0], here)
        if names is None:
            return
        try:
            snapshot = _encode(self.values(frame, names))
        except (_GiveUp, RecursionError, MemoryError):
            snapshot = None
        if snapshot is None:
            self.heads[key] = _HOPELESS  # what this loop reads will not be plainer next time
        else:
            self.heads[key] = (here, names, snapshot, alone)
            if last[3] and names == last[1] and snapshot == last[2]:
                # Its names read before the window ends: ending it forgets their scopes.
                state = _summary(self.values(frame, names[:2], names[2]))
                self.watch.stop()
                raise EndlessLoop(frame.f_code, facts.heads[frame.f_lasti], state)
        if _lw_monotonic() > self.until:  # images of large values take time
            self.watch.stop()

    def footprint(self, head, start, end):
        """The names read between two visits of a head: (frame-local names, (scope, name)
        pairs of global reads, those of them the looping frame reads itself); None when a
        line did something the detector cannot follow."""
        local_names, global_names, own_names, seen = set(), set(), set(), set()
        scopes = self.watch.scopes
        for frame_id, code, line, globals_, builtins_ in self.log[start:end]:
            mark = (frame_id == head, code, line, id(globals_))
            if mark in seen:
                continue
            seen.add(mark)
            facts = self.watch.facts(code)
            if facts is None:
                return None
            read = facts.lines.get(line)
            if read is None or read[2]:
                return None  # a line without bytecode of its own, or opaque
            scope = id(globals_)
            scopes[scope] = (globals_, builtins_)
            pairs = [(scope, name) for name in read[1]]
            global_names.update(pairs)
            if frame_id == head:
                local_names |= read[0]
                own_names.update(pairs)
        return (frozenset(local_names), frozenset(global_names), frozenset(own_names))

    def values(self, frame, names, only=None):
        """[(label, value)] for the names read, in a fixed order (global ones: those in
        `only`, when given)."""
        local_names, global_names = names[0], names[1]
        found: list[tuple[str, object]] = []
        if local_names:
            space = frame.f_locals
            found.extend((name, space.get(name, _ABSENT)) for name in sorted(local_names))
        scopes = self.watch.scopes
        for scope, name in sorted(global_names):
            if only is not None and (scope, name) not in only:
                continue
            globals_, builtins_ = scopes[scope]
            value = globals_.get(name, _ABSENT)
            if value is _ABSENT:
                value = builtins_.get(name, _ABSENT) if type(builtins_) is dict else _ABSENT
            found.append((name, value))
        return found

    def alone(self):
        """Nothing else can change what the loop reads: no other thread, no signal
        handler or gc callback of the student's, no trace function but ours."""
        if len(_lw_current_frames()) != 1 or _lw_gc_callbacks:
            return False
        if self.handlers_checked != self.tainted:  # handlers change only by an impure call
            self.handlers_checked, self.no_handlers = self.tainted, self.signals_alone()
        return self.no_handlers

    def signals_alone(self):
        for number in range(1, _lw_nsig):
            try:
                handler = _lw_getsignal(number)
            except (ValueError, OSError):
                continue
            if handler not in _lw_default_handlers and handler is not self.watch.alarm_handler:
                return False
        return True


def _pure_call(function):
    """Whether a call into C cannot depend on anything but its (plain) arguments."""
    if id(function) in _PURE_FUNCTIONS:
        return True
    kind = type(function)
    if kind is _lw_BuiltinType:
        owner = function.__self__
    elif kind is _lw_MethodDescriptorType:
        owner = function.__objclass__
    else:
        return False
    name = function.__name__
    if type(name) is not str or name.startswith("__"):
        return False
    return type(owner) in _PLAIN_METHOD_OWNERS or (type(owner) is type and id(owner) in _BUILTIN_TYPES)


def _encode(pairs):
    """A comparable image of the values (with their sharing); _GiveUp on anything else."""
    memo: dict[int, int] = {}
    keep, nodes = [], [0]

    def encode(value):
        nodes[0] += 1
        if nodes[0] > NODE_LIMIT:
            raise _GiveUp
        kind = type(value)
        if kind in _PLAIN_ATOMS:
            return (kind, value)
        if kind is float:
            return (float, value.hex())
        if kind is complex:
            return (complex, value.real.hex(), value.imag.hex())
        if value is _ABSENT:
            return _ABSENT
        if kind is tuple:
            return (tuple, tuple([encode(item) for item in value]))
        seen = memo.get(id(value))
        if seen is not None:
            return ("@", seen)
        memo[id(value)] = len(memo)
        keep.append(value)  # ids stay unique while the image is built
        if kind is list:
            return (list, tuple([encode(item) for item in value]))
        if kind is dict:
            return (dict, tuple([(encode(k), encode(v)) for k, v in value.items()]))
        if kind is set or kind is frozenset:
            return (kind, tuple([encode(item) for item in value]))  # iteration order matters
        if kind is _lw_FunctionType:
            cells = []
            for cell in value.__closure__ or ():
                try:
                    cells.append(encode(cell.cell_contents))
                except ValueError:  # an empty cell
                    cells.append(_ABSENT)
            return (
                kind,
                id(value.__code__),
                encode(value.__defaults__),
                encode(value.__kwdefaults__),
                tuple(cells),
                encode(value.__dict__),
            )
        if kind is _lw_BuiltinType:
            if id(value) in _PURE_FUNCTIONS:
                return (kind, id(value))
            if type(value.__self__) in _PLAIN_METHOD_OWNERS and _pure_call(value):
                return (kind, value.__name__, encode(value.__self__))
            raise _GiveUp
        if kind is type and id(value) in _BUILTIN_TYPES:
            return (type, id(value))
        raise _GiveUp

    return tuple([(label, encode(value)) for label, value in pairs])


def _summary(pairs):
    """`name = value` for the plain values the looping frame reads (for the report)."""
    texts: list[str] = []
    for label, value in pairs:
        if len(texts) >= SUMMARY_NAMES:
            break
        if value is _ABSENT or type(value) not in _PLAIN_METHOD_OWNERS:
            continue
        try:
            text = repr(value)
        except Exception:  # e.g. an int too long for str()
            continue
        if len(text) > SUMMARY_CHARS:
            text = text[: SUMMARY_CHARS - 3] + "..."
        texts.append("%s = %s" % (label, text))
    return texts


class LoopWatch:
    """Schedules the tracing windows of one run of student code, from its alarm."""

    FIRST_DELAY = 0.1
    """Seconds of a run before its first window: below it, nothing is traced."""
    WINDOW = 0.02
    """Seconds of one window (tracing slows the code meanwhile)."""
    PROBES = (0.02, 0.1, 0.4)
    """When windows open, as fractions of the budget (the first at least FIRST_DELAY)."""

    def __init__(self):
        self._facts = {}
        self.scopes = {}
        self.window = None
        self._schedules = {}
        self.started = self.budget = 0.0
        self.times = ()
        """When windows open in this run (seconds after its start, ascending)."""
        self.due = 0
        """The index in `times` of the next window."""
        self.stop_code = self.alarm_handler = None

    def facts(self, code):
        try:
            return self._facts[code]
        except KeyError:
            pass
        try:
            facts = _analyse(code)
        except RecursionError:
            raise  # not the code's fault: analysed again at another depth
        except Exception:  # bytecode this version's dis cannot read: never a head
            facts = None
        self._facts[code] = facts
        return facts

    def bind(self, stop_code, alarm_handler):
        """The worker's frame under which student code runs (what is above it is traced)
        and its alarm handler (not a student's signal handler)."""
        self.stop_code, self.alarm_handler = stop_code, alarm_handler

    def arm(self, budget):
        """A run starts with `budget` seconds; returns the delay of its first alarm."""
        times = self._schedules.get(budget)
        if times is None:
            if len(self._schedules) > 64:
                self._schedules.clear()
            times = self._schedules[budget] = tuple(
                t
                for t in sorted({max(self.FIRST_DELAY, fraction * budget) for fraction in self.PROBES})
                if t < budget
            )
        self.started, self.budget, self.times, self.due = _lw_monotonic(), budget, times, 0
        return times[0] if times else budget

    def alarm(self, frame):
        """The alarm rang in `frame`: None when the budget is over, else the delay to the
        next alarm (a window opened if one was due)."""
        now = _lw_monotonic()
        elapsed, times = now - self.started, self.times
        if elapsed >= self.budget - 0.001:
            self.stop()
            return None
        if self.due < len(times) and elapsed >= times[self.due] - 0.001:
            while self.due < len(times) and elapsed >= times[self.due] - 0.001:
                self.due += 1
            self.start(frame, now)
        upcoming = times[self.due] if self.due < len(times) else self.budget
        return max(upcoming - elapsed, 0.0001)

    def start(self, frame, now):
        """Trace the frames of the running student code for one window."""
        if self.window is not None or _lw_gettrace() is not None or _lw_getprofile() is not None:
            return  # someone else's trace or profile function: nothing we could trust
        frames = []
        while frame is not None and frame.f_code is not self.stop_code:
            frames.append(frame)
            frame = frame.f_back
        if frame is None or not frames:
            return  # not inside a run of student code
        window = self.window = _Window(self, now + self.WINDOW)
        _lw_settrace(window.on_call)
        _lw_setprofile(window.on_profile)
        for frame in frames:
            frame.f_trace = window.on_event

    def stop(self):
        """End the window (its functions are removed only if they are still in place)."""
        window, self.window = self.window, None
        if window is None:
            return
        if _lw_gettrace() == window.on_call:
            _lw_settrace(None)
        if _lw_getprofile() == window.on_profile:
            _lw_setprofile(None)
        self.scopes.clear()

    def hold(self):
        """No window for the rest of this run: the grader's code in the worker is about to
        count a search under a profile function, which a window would find in place (and
        whose counter would record the detector's own `sys.getprofile` as the search's)."""
        self.due = len(self.times)

    def disarm(self):
        """The run ended: no window, no alarm of ours until the next `arm`."""
        if self.window is not None:
            self.stop()
        self.times, self.budget = (), 0.0


_WATCH = LoopWatch()
