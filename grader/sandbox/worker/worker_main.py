"""The sandboxed worker: runs one submission's code and answers the grader's calls.

The last part of the worker script (`SCRIPT`: the parts before it are the codec, the
loop detector, what is bound before student code, budgets and errors), started from a
private copy in an empty scratch directory by `grader.sandbox.manage.process`. It reads length-prefixed requests
(marshalled, or tagged JSON: `wire.read_request`) on one pipe and writes tagged JSON
replies on another; the student's stdout and stderr are
captured in memory and never touch the channel. It must not import `grader`.

The channel's file descriptors come from the environment (not argv), are moved above
the ones student code usually touches and closed on exec; every reply echoes the
request's token (`seq`), so a frame student code writes on the channel is detected.
"""

import builtins
import os
import sys
import types

if __package__:  # imported by the grader's tests; in the sandbox the parts before it hold these
    from .failures import _on_alarm, _Watchdog, describe_error
    from .loopwatch import _WATCH
    from .prepare import (
        _HELPER_BUILTINS,
        _ITIMER_REAL,
        _PROFILER,
        _SIGALRM,
        _SIGINT,
        MAX_ITEMS,
        MAX_NAMES,
        NAME_CHARS,
        TALLY_CHARS,
        CappedStream,
        IPythonStub,
        _BaseException,
        _cell_files,
        _float_text,
        _int_text,
        _modules,
        _monotonic,
        _pack,
        _process_time,
        _quote_text,
        _read,
        _seed,
        _select,
        _set_handler,
        _setitimer,
        _str,
        _type,
        _unpack,
        _write,
        apply_own_limits,
        channel_fds,
        prepare_interpreter,
    )
    from .wire import Encoder, TooLarge, decoder, read_request


class Worker:
    def __init__(self, fd_in, fd_out, module_name):
        self.fd_in, self.fd_out = fd_in, fd_out
        self.stream = CappedStream()
        self.ipython = IPythonStub()
        self.module = types.ModuleType(module_name)
        self.namespace = self.module.__dict__
        # The real builtins, not this file's private snapshot (see wire.py).
        self.namespace["__builtins__"] = builtins
        self.namespace["get_ipython"] = lambda: self.ipython
        self.injected = {"get_ipython"}
        # Code the grader defines in the worker (probe strategies, recorders), named
        # "@name" in requests; it sees the student's namespace as `student`.
        self.helper_code = []
        self.helpers = self._fresh_helpers()
        self.helpers_stale = False
        """Student code may have run since `helpers` were made: made again before any use."""
        self.seq = 0
        """The token of the request being answered (every frame sent echoes it)."""
        self.decode = decoder(self._make_array, self._resolve_ref)

    # -- channel -----------------------------------------------------------------
    def _read_exact(self, size):
        chunks, left = [], size
        while left:
            chunk = _read(self.fd_in, min(left, 1 << 20))
            if not chunk:
                raise EOFError
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    def receive(self):
        (size,) = _unpack(">I", self._read_exact(4))
        return read_request(self._read_exact(size), self.decode)

    def tally(self, text):
        """A record of grader code counting something (a probe's state computed): sent to
        the grader at once, as a frame of the request being answered, so that nothing the
        student's code does afterwards in this process takes it back (issue 32)."""
        self.send('{"seq":%d,"tally":%s}' % (self.seq, _quote_text(_str(text)[:TALLY_CHARS])))

    def send(self, text):
        data = text.encode("utf-8", "replace")
        data = _pack(">I", len(data)) + data
        while data:
            data = data[_write(self.fd_out, data) :]

    # -- values ------------------------------------------------------------------
    @staticmethod
    def _make_array(data, dtype):
        import numpy

        return numpy.array(data, dtype=dtype or None)

    def _space(self, name):
        """The namespace a request's name lives in, and the bare name."""
        if name.startswith("@"):
            return self._current_helpers(), name[1:]
        return self.namespace, name

    def _current_helpers(self):
        """The helpers' namespace, made afresh if student code may have run since it was
        (`_fresh_helpers`): when a request or a streamed call names a helper, not before
        each of them (most name none)."""
        if self.helpers_stale:
            self.helpers_stale = False
            try:
                self.helpers = self._fresh_helpers()
            except _BaseException:  # e.g. a module it imports removed by student code
                self.helpers = {}  # its calls then fail: never the namespace of a previous call
        return self.helpers

    def _resolve_ref(self, name):
        space, bare = self._space(name)
        if bare not in space:
            raise NameError(name)
        return space[bare]

    # -- running student code ----------------------------------------------------
    def _run(self, budget, seed, action):
        """Run `action()` under the soft time budget with captured output."""
        _seed(seed)
        numpy = _modules.get("numpy")
        if numpy is not None:
            try:
                numpy.random.seed(seed)
            except _BaseException:
                pass  # numpy.random patched by the student: their own randomness
        # Output always goes to the capped stream, also between requests (a thread
        # started by the student may print at any time); set again in case it was replaced.
        sys.stdout = sys.stderr = self.stream
        # _SIGALRM is set whenever _setitimer is (both None on Windows).
        _set_handler(_SIGALRM if _setitimer else _SIGINT, _on_alarm)
        start, cpu_start = _monotonic(), _process_time()
        error = None
        result = None
        try:
            if _setitimer:
                _setitimer(_ITIMER_REAL, _WATCH.arm(budget))
            else:
                watchdog = _Watchdog(budget)
            try:
                result = action()
            finally:
                if _setitimer:
                    _setitimer(_ITIMER_REAL, 0)
                    _WATCH.disarm()
                else:
                    watchdog.disarm()
        except _BaseException as exc:  # SystemExit and KeyboardInterrupt included
            error = describe_error(exc)
        output, truncated = self.stream.take()
        return (
            result,
            error,
            {
                "stdout": output,
                "truncated": truncated,
                "seconds": round(_monotonic() - start, 4),
                "cpu": round(_process_time() - cpu_start, 4),
            },
        )

    def op_exec(self, request):
        code = request["source"]
        name = "<%s>" % request.get("label", "?")
        offset = request.get("lineno", 1) - 1  # a chunk of a .py: numbered as in the file
        _cell_files.add(name)

        def action():
            # Blank lines in front number the chunk's lines as in the file, its syntax
            # errors included (what ast.increment_lineno did, without importing ast at
            # every worker's start).
            compiled = compile("\n" * offset + code, name, "exec", dont_inherit=True)
            exec(compiled, self.namespace)

        _, error, info = self._run(request.get("budget", 10), request.get("seed", 0), action)
        info["ok"] = error is None
        info["error"] = error
        return self._reply(info)

    def op_call(self, request):
        space, bare = self._space(request["func"])
        func = space.get(bare)
        if func is None or not callable(func):
            return self._no_such_name(request["func"])
        args = request.get("args", [])
        counters = self._install_counters(request.get("count", []))
        try:
            value, error, info = self._run(
                request.get("budget", 5), request.get("seed", 0), lambda: func(*args)
            )
        finally:
            counts = self._remove_counters(counters)
        info["ok"] = error is None
        info["error"] = error
        info["counts"] = counts
        if error is not None:
            return self._reply(info)
        if request.get("keep_args"):
            return self._reply(info, ("value", [args, value]))
        return self._reply(info, ("value", value))

    def op_call_many(self, request):
        """Several calls, each run exactly as `op_call` runs one (its own seed, budget,
        counters, captured output, helpers afresh), each answered by its own frame
        (`item`: its index) as soon as it returns; the closing reply says how many ran.

        A "stop" frame from the grader (it stopped at an answer it rejects) ends the
        stream before the next call."""
        seq = request.get("seq", 0)
        done = 0
        for item in _stream_items(request):
            if done:
                if self._stop_asked():
                    break
                self.helpers_stale = bool(self.helper_code)
            try:
                reply = self.op_call(item)
            except _BaseException as exc:  # as `serve` does for one request
                reply = '{"ok":false,"error":%s}' % Encoder().encode(describe_error(exc))
            self.send('{"seq":%d,"item":%d,%s' % (seq, done, reply[1:]))
            done += 1
        return self._reply({"ok": True, "end": done})

    def _stop_asked(self):
        """Whether the grader's next frame is waiting (only "stop" can come mid-stream)."""
        try:
            ready = _select([self.fd_in], [], [], 0)[0]
        except (OSError, ValueError):  # pipes cannot be polled here (Windows): run them all
            return False
        if ready:
            self.receive()
        return bool(ready)

    def _install_counters(self, names):
        counters = {}
        for name in names:
            original = self.namespace.get(name)
            if callable(original):
                box = [0]

                def counting(*a, __f=original, __box=box, **k):
                    __box[0] += 1
                    return __f(*a, **k)

                counters[name] = (original, box)
                self.namespace[name] = counting
        return counters

    def _remove_counters(self, counters):
        for name, (original, _) in counters.items():
            self.namespace[name] = original
        return {name: box[0] for name, (_, box) in counters.items()}

    def op_names(self, request):
        names: dict[str, object] = {}
        for name, value in list(self.namespace.items()):
            if len(names) >= MAX_NAMES:
                break
            if (
                type(name) is not str
                or len(name) > NAME_CHARS
                or name.startswith("__")
                or name in self.injected
            ):
                continue
            if isinstance(value, types.ModuleType):
                kind = "module"
            elif isinstance(value, type):
                kind = "class"
            elif callable(value):
                kind = "function"
            else:
                kind = "value"
            names[name] = kind
        uses = {
            name: sorted(_global_names(value))[:200]
            for name, value in self.namespace.items()
            if names.get(name) == "function" and isinstance(value, types.FunctionType)
        }
        ignored = [_str(m)[:NAME_CHARS] for m in self.ipython.ignored[:50]]  # capped at the source
        return self._reply({"ok": True, "ignored": ignored, "uses": uses}, ("names", names))

    def op_get(self, request):
        space, bare = self._space(request["name"])
        if bare not in space:
            return self._no_such_name(request["name"])
        return self._reply({"ok": True}, ("value", space[bare]))

    def op_set(self, request):
        space, bare = self._space(request["name"])
        space[bare] = request["value"]
        return self._reply({"ok": True})

    def op_name(self, request):
        """The module's `__name__`, for a worker started ahead with another one (a pool
        guesses its next submission): the grader sends it first, before any student code,
        so the module is then as if the worker had been started with that name."""
        name = request["name"]
        if _type(name) is not _str:
            raise TypeError("a module name is a str")
        old = self.module.__name__
        if old != "__main__":
            _modules.pop(old, None)
        self.namespace["__name__"] = name
        if name != "__main__":
            _modules[name] = self.module
        return self._reply({"ok": True})

    def op_preload(self, request):
        """Import libraries before any student code runs (their first-use cost, such as
        matplotlib's font cache, must not come out of a cell's budget).

        The grader may hand over matplotlib's cache files built by an earlier worker
        (written into MPLCONFIGDIR, this worker's scratch), or ask for them back: this
        is the worker's first request, so no student code has touched them yet.
        """
        folder = os.environ.get("MPLCONFIGDIR", "")
        given = request.get("cache_files") or {}
        for name, text in given.items():
            if folder and _is_cache_file(name) and type(text) is str:
                with open(os.path.join(folder, name), "w", encoding="utf-8") as stream:
                    stream.write(text)
        for name in request.get("modules", []):
            try:
                __import__(name)
            except _BaseException:
                pass  # not installed: the student's import will say so
        self.stream.take()  # whatever the import printed is not the student's
        found = {}
        if request.get("collect") and folder and os.path.isdir(folder):
            for name in os.listdir(folder):
                if _is_cache_file(name):
                    with open(os.path.join(folder, name), encoding="utf-8") as stream:
                        found[name] = stream.read(CACHE_FILE_CHARS + 1)
        return self._reply({"ok": True, "cache_files": found})

    def op_helpers(self, request):
        """Define grader code (trusted, sent by the grader) in the helpers' namespace."""
        code = compile(request["source"], "<grader>", "exec")
        exec(code, self._current_helpers())
        self.helper_code.append(code)
        return self._reply({"ok": True})

    def _fresh_helpers(self):
        """The grader's code run again in a new namespace, with builtins of its own.

        Done before every request once there is grader code: student code handed a
        helper (a probe strategy, a heuristic) reaches its `__globals__`, and whatever
        it changes there is gone by the next request."""
        space = {
            "__builtins__": dict(_HELPER_BUILTINS),
            "student": self.namespace,
            "profiler": {**_PROFILER, "tally": self.tally},
        }
        for code in self.helper_code:
            exec(code, space)
        return space

    def _no_such_name(self, name):
        """The reply to a request naming what the student's code does not define."""
        return self._reply(
            {
                "ok": False,
                "error": {"type": "NameError", "message": name, "line": None, "where": "", "traceback": []},
            }
        )

    def _reply(self, fields, value=None):
        """Build the reply text; `fields` are ours (plain dicts, str keys), `value` is
        student data, encoded on its own (its size and shared containers)."""
        head = _fields_text(fields)
        if value is None:
            return head
        key, item = value
        text = _leaf_text(item)
        if text is not None:  # a number, a bool, a string: nothing in it to count or share
            return '%s,"%s":%s,"shared":[]}' % (head[:-1], key, text)
        encoder = Encoder()
        try:
            text = encoder.encode(item)
        except TooLarge:
            return self._reply(
                {
                    "ok": False,
                    "error": {
                        "type": "ReplyTooLarge",
                        "message": str(encoder.max_nodes),
                        "line": None,
                        "where": "",
                        "traceback": [],
                    },
                }
            )
        shared = Encoder().encode(encoder.shared) if encoder.shared else "[]"
        return '%s,"%s":%s,"shared":%s}' % (head[:-1], key, text, shared)

    def serve(self):
        handlers = {
            "exec": self.op_exec,
            "call": self.op_call,
            "call_many": self.op_call_many,
            "names": self.op_names,
            "get": self.op_get,
            "set": self.op_set,
            "helpers": self.op_helpers,
            "preload": self.op_preload,
            "name": self.op_name,
        }
        while True:
            self.helpers_stale = bool(self.helper_code)
            try:
                request = self.receive()
            except EOFError:
                return
            if request.get("op") == "shutdown":
                return
            if request.get("op") == "stop":  # a stream that had already ended: nothing to say
                continue
            seq = self.seq = request.get("seq", 0)
            try:
                reply = handlers[request["op"]](request)
            except _BaseException as exc:  # a worker bug or a student object misbehaving
                reply = '{"ok":false,"error":%s}' % Encoder().encode(describe_error(exc))
            self.send('{"seq":%d,%s' % (seq, reply[1:]))


# The frame under which student code runs: the loop detector traces what is above it.
_WATCH.bind(Worker._run.__code__, _on_alarm)


def _stream_items(request):
    """A `call_many` request's calls: listed in full (`items`), or one function's with
    the same settings, given once, and each call's arguments (`args`, seeds from `seed`)."""
    if "items" in request:
        return request["items"][:MAX_ITEMS]
    first = request.get("seed", 0)
    return [
        {
            "func": request["func"],
            "args": args,
            "budget": request.get("budget", 5),
            "keep_args": request.get("keep_args", False),
            "count": request.get("count", []),
            "seed": first + index,
        }
        for index, args in enumerate(request.get("args", [])[:MAX_ITEMS])
    ]


def _leaf_text(item):
    """The JSON text of an exact None, bool, str, finite float or int (as an Encoder
    writes it); None for anything else (an int too long for str() included)."""
    kind = _type(item)
    if item is None:
        return "null"
    if kind is bool:
        return "true" if item else "false"
    if kind is str:
        return _quote_text(item)
    if kind is float:
        return _float_text(item) if item - item == 0 else None  # inf - inf and NaN are NaN
    if kind is int:
        try:
            return _int_text(item)
        except ValueError:  # more digits than int->str conversion allows
            return None
    return None


def _fields_text(fields):
    """The worker's own fields (str keys without "$") as a JSON object: what every reply
    holds (None, bools, strings, finite numbers, an empty dict) written here, anything
    else by an Encoder."""
    parts = []
    for key, item in fields.items():
        text = _leaf_text(item)
        if text is None:
            text = "{}" if type(item) is dict and not item else Encoder(track=False).encode(item)
        parts.append('"%s":%s' % (key, text))
    return "{%s}" % ",".join(parts)


CACHE_FILE_CHARS = 5_000_000


def _is_cache_file(name):
    """matplotlib's font list (`fontlist-v390.json`): a plain file name, nothing else."""
    return (
        type(name) is str
        and name.startswith("fontlist-")
        and name.endswith(".json")
        and "/" not in name
        and len(name) < 64
    )


def _global_names(function):
    """Global names a function's code refers to, nested functions included."""
    found, stack = set(), [function.__code__]
    while stack:
        code = stack.pop()
        found.update(code.co_names)
        stack.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    return found


def main():
    module_name = sys.argv[1]
    fd_in, fd_out = channel_fds()
    apply_own_limits()
    prepare_interpreter()
    worker = Worker(fd_in, fd_out, module_name)
    sys.stdout = sys.stderr = worker.stream
    sys.modules["__main__"] = worker.module
    if module_name != "__main__":
        sys.modules[module_name] = worker.module
    worker.serve()


if __name__ == "__main__":
    main()
