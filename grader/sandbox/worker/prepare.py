"""The worker before any student code: what it binds, the process and the interpreter.

Part of the worker script, after the codec and the loop detector (`SCRIPT`). Everything
here is bound or set before the student's first cell runs, so that student code that
rebinds a module's attributes later changes nothing the worker relies on: the channel's
descriptors moved out of reach, the portable tier's own limits, the grader's packages
refused by an import hook, `input()` refused, `exit()` as `site` defines it.
"""

import _random
import _signal  # type: ignore[import-not-found]  # signal.py's C module: no stub
import _thread
import builtins
import os
import random
import select
import struct
import sys
import time
import warnings

try:  # the C function itself: the json package is not imported (see wire.py)
    from _json import encode_basestring_ascii
except ImportError:  # pragma: no cover - CPython always has _json
    from json.encoder import encode_basestring_ascii

if __package__:  # imported by the grader's tests; in the sandbox the parts before it hold these
    from . import GRADER_PACKAGES  # the script states it before this file (script_source)
    from .loopwatch import _WATCH

# Bound before any student code runs: student code may rebind the module attributes.
_read, _write, _pack, _unpack = os.read, os.write, struct.pack, struct.unpack
# The C function: signal.signal's Python wrapper converts numbers to enums at every call.
_set_handler, _monotonic = _signal.signal, time.monotonic
# POSIX only: absent on Windows (the watchdog thread below stands in for SIGALRM). From
# _signal: signal.py imports enum, at every worker's start, for names that are ints.
_setitimer = getattr(_signal, "setitimer", None)
_ITIMER_REAL, _SIGALRM = getattr(_signal, "ITIMER_REAL", None), getattr(_signal, "SIGALRM", None)
if _setitimer is None or _SIGALRM is None:
    _setitimer = None
_SIGINT = _signal.SIGINT
_interrupt_main, _allocate_lock = _thread.interrupt_main, _thread.allocate_lock
_start_thread = _thread.start_new_thread
_process_time = time.process_time
_select = select.select
_quote_text, _float_text, _int_text = encode_basestring_ascii, float.__repr__, int.__repr__
_BaseException, _str, _type = BaseException, str, type
_modules = sys.modules
# Handed to the exercises' worker-side code, which counts evaluations with a profile
# hook: bound before student code runs, which may replace sys.setprofile later.
# `hold_watch`: no endless-loop window for the rest of the run (loopwatch.py `hold`).
_PROFILER = {
    "setprofile": sys.setprofile,
    "getprofile": sys.getprofile,
    "settrace": sys.settrace,
    "hold_watch": _WATCH.hold,
}
# The builtins the grader's own code sees: a copy taken before student code runs (in the
# sandbox this file's globals already hold wire.py's private snapshot).
_HELPER_BUILTINS = dict(__builtins__ if isinstance(__builtins__, dict) else builtins.__dict__)
_random_state, _c_seed = random._inst, _random.Random.seed


def _seed(number):
    """random.seed(number) without random.py's code (it calls the patchable isinstance)."""
    _c_seed(_random_state, number)
    _random_state.gauss_next = None  # type: ignore[attr-defined]  # C state: not in typeshed


CHANNEL_FD_MIN = 100  # the channel lives above the fds student code opens or closes

OUTPUT_CAP = 10_000
TALLY_CHARS = 200  # one record of `Worker.tally`
MAX_ITEMS = 64  # calls one `call_many` request may hold (grader.sandbox.manage.session.MAX_ITEMS)
MAX_NAMES, NAME_CHARS = 5_000, 100  # what the grader keeps of the names (grader.sandbox.manage.checked)
_cell_files: set[str] = set()  # the pseudo file names of the student's cells, for tracebacks


class CappedStream:
    """A write-only text stream that keeps the first OUTPUT_CAP characters."""

    def __init__(self):
        self.parts, self.size, self.truncated = [], 0, False

    def write(self, text):
        text = _str(text) if _type(text) is not str else text
        room = OUTPUT_CAP - self.size
        if room > 0:
            self.parts.append(text[:room])
            self.size += min(len(text), room)
        if len(text) > room:
            self.truncated = True
        return len(text)

    def flush(self):
        pass

    def isatty(self):
        return False

    def take(self):
        text, self.parts, self.size = "".join(self.parts), [], 0
        truncated, self.truncated = self.truncated, False
        return text, truncated


class IPythonStub:
    """What `get_ipython()` returns: magics and shell escapes are ignored, never run."""

    def __init__(self):
        self.ignored = []

    def run_line_magic(self, name, line, *args, **kwargs):
        self.ignored.append("%" + name)

    def run_cell_magic(self, name, line, cell, *args, **kwargs):
        self.ignored.append("%%" + name)

    def system(self, command, *args, **kwargs):
        self.ignored.append("!" + command)

    getoutput = system

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def _no_input(prompt=""):
    raise EOFError("input()")  # the report explains, in the reader's language


class _BlockGrader:
    """Import hook: the grader's packages are never importable here (defence in depth:
    they are not on sys.path in the first place)."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        if name.split(".")[0] in GRADER_PACKAGES:
            raise ImportError("module %s indisponible pendant la correction" % name)
        return


class _Quitter:
    """`exit()` / `quit()` as `site` defines them (the worker runs without `site`)."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "Use %s() to exit" % self.name

    def __call__(self, code=None):
        raise SystemExit(code)


def _move_high(fd, index):
    """`fd` moved to a non-inheritable descriptor >= CHANNEL_FD_MIN."""
    try:
        import fcntl
    except ImportError:  # Windows: dup2 to a fixed high number (nothing is open there yet)
        high = CHANNEL_FD_MIN + index
        os.dup2(fd, high, inheritable=False)
        try:  # Windows: bytes as they are, no \r\n translation on the channel
            import msvcrt

            # Windows only: mypy checks the tree as Linux.
            msvcrt.setmode(high, os.O_BINARY)  # type: ignore[attr-defined]
        except (ImportError, OSError):
            pass
    else:
        high = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, CHANNEL_FD_MIN)
    os.close(fd)
    return high


def channel_fds():
    """The channel's pipes, moved to high close-on-exec descriptors.

    Student code that closes or reuses fds 0, 1, 2 (or the first free ones) cannot
    touch them, and a program it starts does not inherit them. `stdio` (the portable
    tier: no fd passing on Windows): the channel is stdin/stdout, which then become
    the null device.
    """
    text = os.environ.pop("MMG_FDS")
    if text != "stdio":
        return [_move_high(int(fd), i) for i, fd in enumerate(text.split(","))]
    fds = [_move_high(os.dup(0), 0), _move_high(os.dup(1), 1)]
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1):
        os.dup2(null, fd)
    os.close(null)
    return fds


def apply_own_limits():
    """The portable tier's limits (`MMG_LIMITS`, name=value): set by the worker itself
    (no preexec_fn), those the platform offers (none on Windows; no RLIMIT_AS on macOS)."""
    text = os.environ.pop("MMG_LIMITS", "")
    if not text:
        return
    try:
        import resource
    except ImportError:
        return
    for item in text.split(","):
        name, _, value = item.partition("=")
        which = getattr(resource, "RLIMIT_" + name, None)
        if which is None:
            continue
        try:
            resource.setrlimit(which, (int(value), int(value)))
        except (ValueError, OSError):
            pass  # refused here (RLIMIT_AS on macOS): the others still apply


class _FirstLineHolds:
    """A warnings filter's message pattern matching as `re.compile(".*part.*", re.I)`
    does (`.` stops at a newline), without `re`: `warnings.filterwarnings(message=...)`
    imports it, at every worker's start."""

    def __init__(self, part):
        self.part = part.lower()

    def match(self, message):
        return self.part in message.split("\n", 1)[0].lower()


def _ignore_warnings(message):
    """`warnings.filterwarnings("ignore", message=...)` with a `message` that has a
    `match` method (the C filter calls it as it would a compiled pattern's)."""
    add = getattr(warnings, "_add_filter", None)
    if add is None:  # another Python's warnings: the documented way, importing re
        warnings.filterwarnings("ignore", message=".*%s.*" % message.part)
    else:
        add("ignore", message, Warning, None, 0, append=False)


def prepare_interpreter():
    """Make the interpreter safe to hand to student code."""
    if sys.path and sys.path[0] == os.path.dirname(os.path.abspath(__file__)):
        del sys.path[0]  # the private folder holding this script
    sys.argv = [""]  # neither the script's path nor anything about the channel
    for folder in os.environ.get("MMG_SITE", "").split(os.pathsep):
        if folder and folder not in sys.path:
            sys.path.append(folder)
    sys.meta_path.insert(0, _BlockGrader())
    # Deliberately the worker's own quitters, not site's.
    builtins.exit, builtins.quit = _Quitter("exit"), _Quitter("quit")  # type: ignore[assignment]
    builtins.input = _no_input
    os.environ.pop("MMG_SITE", None)
    _ignore_warnings(_FirstLineHolds("non-interactive"))
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    sys.setrecursionlimit(3000)
