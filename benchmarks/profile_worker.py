"""Where the worker's CPU goes outside student code: the channel, the codec, per-call work.

    python benchmarks/profile_worker.py [--class] [--cprofile N] [NOTEBOOK ...]

Grades the notebooks (default: tests/fixtures/puissance4/correct_listes.ipynb; with
--class, the 20 of bench_vs_nbgrader.py) in this process with `--isolation basic`, each
worker's script instrumented from the outside: `process.worker_script` is wrapped to
time the worker's own methods (receive, send, reply building, the set-up around
student code, helpers made afresh) with `time.process_time`, and
`WorkerProcess.close` waits for the worker to exit so it can write its figures into a
folder of this run. The engine's files are never edited. Also counted, grader side:
the bytes sent each way and the CPU of `wire.encode`, `wire.request_bytes` (requests)
and `wire.decode` in this process.

With --cprofile N, each worker also runs its serving loop under cProfile (CPU clock)
and the top N functions of all workers together are printed (proportions only: the
profiler slows everything it sees).

CPU figures hold up under load far better than wall figures; nothing is asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# Appended to the worker script (before its `main()`): wraps the Worker's methods.
PROBE = r'''
def _probe_install(folder, profile):
    import json as _json, os as _os, time as _time
    clock = _time.thread_time  # process_time is updated at ticks only under RLIMIT_CPU
    spent, calls, inside = {}, {}, [0]
    figures = {"start": clock(), "received": 0, "sent": 0}

    def wrap(name, label):
        original = getattr(Worker, name)

        def timed(*args, **kwargs):
            before = clock()
            try:
                return original(*args, **kwargs)
            finally:
                spent[label] = spent.get(label, 0.0) + clock() - before
                calls[label] = calls.get(label, 0) + 1

        setattr(Worker, name, timed)

    for name, label in [("receive", "receive (read + decode)"), ("send", "send"),
                        ("_reply", "reply (encode)"), ("_fresh_helpers", "helpers afresh"),
                        ("op_call", "op_call (all of it)"), ("op_call_many", "op_call_many (all of it)"),
                        ("op_exec", "op_exec (all of it)"), ("op_preload", "op_preload (all of it)"),
                        ("op_names", "op_names (all of it)")]:
        wrap(name, label)
    run = Worker._run

    def timed_run(self, budget, seed, action):
        def student():
            before = clock()
            try:
                return action()
            finally:
                inside[0] += clock() - before

        before = clock()
        try:
            result = run(self, budget, seed, student)
            figures["own"] = figures.get("own", 0.0) + result[2]["cpu"]
            return result
        finally:
            spent["_run (all of it)"] = spent.get("_run (all of it)", 0.0) + clock() - before

    Worker._run = timed_run
    read = Worker._read_exact

    def counted_read(self, size):
        figures["received"] += size
        return read(self, size)

    Worker._read_exact = counted_read
    send = Worker.send

    sends = figures.setdefault("sends", [])

    def counted_send(self, text):
        figures["sent"] += len(text.encode("utf-8", "replace")) + 4
        before, wall = clock(), _time.perf_counter()
        try:
            return send(self, text)
        finally:
            sends.append((clock() - before, _time.perf_counter() - wall, len(text)))

    Worker.send = counted_send
    serve = Worker.serve

    def probed_serve(self):
        figures["serve"] = clock()
        profiler = None
        if profile:
            import cProfile
            profiler = cProfile.Profile(clock)
            profiler.enable()
        try:
            serve(self)
        finally:
            if profiler is not None:
                profiler.disable()
                profiler.dump_stats(_os.path.join(folder, "%d.prof" % _os.getpid()))
            figures.update(end=clock(), student=inside[0], spent=spent, calls=calls)
            with open(_os.path.join(folder, "%d.json" % _os.getpid()), "w") as stream:
                _json.dump(figures, stream)

    Worker.serve = probed_serve

'''


def instrument(folder: str, profile: bool) -> tuple[dict, list]:
    """Patch the worker script, `close`, and the grader's codec; returns (grader figures, undo)."""
    from grader.sandbox.manage import process
    from grader.sandbox.worker import wire

    undo = []
    original_script = process.worker_script
    text = original_script()
    marker = 'if __name__ == "__main__":\n    main()'
    assert marker in text, "the worker script no longer ends as expected"
    probed = text.replace(marker, PROBE + f"_probe_install({folder!r}, {profile!r})\n\n" + marker)
    process.worker_script = lambda: probed  # type: ignore[assignment]
    undo.append((process, "worker_script", original_script))

    original_close = process.WorkerProcess.close

    def close(self):
        # The engine kills at once; here the worker gets to write its figures first.
        if self.to_worker >= 0 and self.alive:
            with contextlib.suppress(OSError):
                os.write(self.to_worker, process.SHUTDOWN)
            with contextlib.suppress(Exception):
                self.popen.wait(timeout=5)
        original_close(self)

    process.WorkerProcess.close = close
    undo.append((process.WorkerProcess, "close", original_close))

    grader: dict = defaultdict(float)
    for name in ("encode", "request_bytes", "decode"):
        original = getattr(wire, name)

        def timed(*args, __f=original, __name=name, **kwargs):
            before = time.process_time()
            try:
                return __f(*args, **kwargs)
            finally:
                grader[__name] += time.process_time() - before

        setattr(wire, name, timed)
        undo.append((wire, name, original))
    return grader, undo


def grade(notebooks: list[Path], profile: bool) -> None:
    from grader.app.cli import main as cli_main
    from grader.registry import installed

    with tempfile.TemporaryDirectory(prefix="mmg-profile-") as folder:
        os.chmod(folder, 0o1777)  # a basic worker may run as a user id of its own
        grader, undo = instrument(folder, profile)
        try:
            start = time.process_time()
            with contextlib.redirect_stdout(io.StringIO()):
                for notebook in notebooks:
                    cli_main([str(notebook), "--isolation", "basic", "--jobs", "1"], installed())
            grader_cpu = time.process_time() - start
        finally:
            for owner, name, value in reversed(undo):
                setattr(owner, name, value)
        report(Path(folder), grader, grader_cpu, len(notebooks))
        if profile:
            import pstats

            files = sorted(str(p) for p in Path(folder).glob("*.prof"))
            stats = pstats.Stats(files[0])
            for extra in files[1:]:
                stats.add(extra)
            stats.sort_stats("tottime").print_stats(profile)
            stats.print_stats("mmg_worker", profile)


def report(folder: Path, grader: dict, grader_cpu: float, count: int) -> None:
    workers = [json.loads(p.read_text()) for p in folder.glob("*.json")]
    sends = sorted(s for w in workers for s in w.get("sends", []))
    if sends:
        quantiles = [round(sends[int(q * (len(sends) - 1))][0] * 1e6) for q in (0, 0.5, 0.9, 1)]
        walls = sorted(s[1] for s in sends)
        print(
            f"  send CPU min/median/p90/max {quantiles} us; wall median {walls[len(walls) // 2] * 1e6:.0f} us"
        )
    total: dict = defaultdict(float)
    calls: dict = defaultdict(int)
    for w in workers:
        total["start (until serving)"] += w["serve"]
        total["serving"] += w["end"] - w["serve"]
        total["student code"] += w["student"]
        total["received"] += w["received"]
        total["sent"] += w["sent"]
        for label, value in w["spent"].items():
            total[label] += value
        for label, value in w["calls"].items():
            calls[label] += value
        total["own"] += w.get("own", 0.0)
    outside = total["serving"] - total["student code"]
    print(f"{count} notebook(s), {len(workers)} workers (basic isolation); load {os.getloadavg()[0]:.1f}")
    print(f"  bytes grader -> worker {int(total['received']):,}; worker -> grader {int(total['sent']):,}")
    print(
        f"  grader process CPU {grader_cpu:.3f} s; wire.encode {grader['encode']:.3f} s, "
        f"wire.request_bytes {grader['request_bytes']:.3f} s, wire.decode {grader['decode']:.3f} s"
    )
    print(
        f"  worker CPU: start {total['start (until serving)']:.3f} s; serving {total['serving']:.3f} s, "
        f"of which student code {total['student code']:.3f} s"
    )
    print(
        f"  worker CPU outside student code (serving) {outside:.3f} s; the worker's own measure of "
        f"student code (reply's cpu, process_time: updated at ticks under RLIMIT_CPU) {total['own']:.3f} s"
    )
    print(f"  worker CPU outside preload and student code {outside - total['op_preload (all of it)']:.3f} s")
    run_overhead = total["_run (all of it)"] - total["student code"]
    print(f"    _run around student code {run_overhead:.3f} s")
    for label in sorted(k for k in total if k in calls):
        print(f"    {label:32s} {total[label]:7.3f} s  ({calls[label]} calls)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument("--class", dest="whole_class", action="store_true")
    parser.add_argument("--cprofile", type=int, default=0, metavar="N")
    args = parser.parse_args()
    notebooks = args.notebooks or [ROOT / "tests" / "fixtures" / "puissance4" / "correct_listes.ipynb"]
    if args.whole_class:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from bench_vs_nbgrader import class_notebooks

        notebooks = list(class_notebooks().values())
    grade(notebooks, args.cprofile)


if __name__ == "__main__":
    main()
