"""Time the marking page (`--serve`) on a class of 40, as a teacher feels it.

    python benchmarks/bench_marking_page.py [--students 40] [--graded DIR] [--rounds 3]

The class of 40 is bench_batch.py's (the fixture corpus, one folder per student), graded
once into a record with a barème giving Q16 two points and a rubric of three items
(`--graded DIR` keeps that folder, or reuses it). The page is started in this process
exactly as `--serve` starts it (uvicorn on a socket bound to 127.0.0.1, the key, the
guard) and asked over HTTP, as the browser asks it:

- `next answer`: opening one answer's page (GET, the key's cookie), for each of the 40;
- `save and next`: saving a mark with rubric items (POST) and opening the next answer,
  what Enter does;
- `rubric change`: an item's points changed in the barème, every one of the 40 having
  got it: the time for the page to re-score the 40 and show the new state (the next
  `/etat` answers the new version), then, apart, the reports (CSV, HTML index and pages)
  written again in the background.

Prints each figure's median (and the 95th percentile over the answers) beside the
issue's goals: the next answer under 100 ms, a rubric change re-scoring the 40 under a
second. Nothing is asserted: figures for docs/how-to/mark-by-hand.md.
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_batch import build_class
from grader.app import cli
from grader.model.results import SubmissionResult
from grader.model.settings import Settings
from grader.registry import installed
from grader.serve.desk import Desk
from grader.serve.pages import Pages
from grader.serve.routes import application
from grader.serve.security import Guard, Keys
from grader.serve.server import Reports, bind

BAREME = """\
exercice = "puissance4"
omises = ["Q17"]
[points]
Q16 = 2
[grille.Q16]
horizon3 = {{ intitule = "horizon 3 juste", points = {points}, commentaire = "Les nœuds coupés sont les bons." }}
horizon4 = {{ intitule = "horizon 4 juste", points = 1 }}
schema = {{ intitule = "schéma incomplet", points = -0.5 }}
"""
RUN = ["copies", "--results", "classe", "--manual", "classe/manuel.csv", "--csv", "classe/notes.csv"]
RUN += ["--html", "classe/html", "--jobs", "2"]


def graded_class(folder: Path, students: int) -> Path:
    if (folder / "classe" / "record").is_dir():
        return folder
    copies = folder / "copies"
    copies.mkdir(parents=True)
    build_class(copies, students, 0)
    (copies / "minimax-grader.toml").write_text(BAREME.format(points=1), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(ROOT / "grade.py"), *RUN], cwd=folder, capture_output=True, text=True
    )
    if not (folder / "classe" / "notes.csv").is_file():
        raise SystemExit(f"grading the class failed:\n{done.stderr[-2000:]}")
    return folder


class Browser:
    """HTTP as the page's script sends it: the cookie, the token, JSON answers."""

    def __init__(self, port: int, keys: Keys):
        self.port = port
        self.keys = keys
        self.cookie = f"{keys.cookie}={keys.key}"

    def ask(self, method: str, path: str, body: bytes | None = None, **headers: str) -> tuple[int, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        sent = {"Host": f"127.0.0.1:{self.port}", "Cookie": self.cookie, **headers}
        connection.request(method, path, body=body, headers=sent)
        answer = connection.getresponse()
        data = answer.read()
        connection.close()
        return answer.status, data

    def save(self, path: str, fields: dict[str, object]) -> tuple[int, bytes]:
        pairs = [(k, item) for k, v in fields.items() for item in (v if isinstance(v, list) else [v])]
        return self.ask(
            "POST",
            path,
            urlencode(pairs).encode(),
            **{"Content-Type": "application/x-www-form-urlencoded", "X-Jeton": self.keys.token},
            Accept="application/json",
            Origin=f"http://127.0.0.1:{self.port}",
        )


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def one_round(folder: Path) -> dict[str, list[float]]:
    import uvicorn

    exercises = installed()
    args = cli.build_parser(exercises, []).parse_args([*RUN, "--serve"])
    args.paths = [folder / "copies"]
    args.results, args.manual = folder / "classe", folder / "classe" / "manuel.csv"
    args.csv, args.html = str(folder / "classe" / "notes.csv"), str(folder / "classe" / "html")
    settings = Settings(lang="fr")
    reports_took: list[float] = []

    def write_reports(views: list[SubmissionResult]) -> None:
        start = time.perf_counter()
        cli.write_reports(args, views, "fr", exercises, quiet=True)
        reports_took.append(time.perf_counter() - start)

    desk = Desk(args, settings, exercises)
    desk.refresh()
    sock = bind(0)
    keys = Keys(sock.getsockname()[1])
    pages = Pages("fr", keys.token)
    server = uvicorn.Server(
        uvicorn.Config(Guard(application(desk, pages), keys, pages.refused), log_config=None, lifespan="off")
    )
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    browser = Browser(keys.port, keys)
    slugs = [c.slug for c in desk.snapshot.graded]
    figures: dict[str, list[float]] = {"next answer": [], "save and next": [], "rubric change": []}
    try:
        browser.ask("GET", f"/question/Q16/{slugs[0]}")  # the templates compiled once, as at start
        for slug in slugs:
            start = time.perf_counter()
            status, _ = browser.ask("GET", f"/question/Q16/{slug}")
            figures["next answer"].append(time.perf_counter() - start)
            assert status == 200, status
        reports = Reports(write_reports)  # in the background, as --serve writes them
        desk.changed = reports.schedule
        for slug in slugs:
            base = desk.snapshot.cells(desk.snapshot.copy(slug).student, "Q16").base
            start = time.perf_counter()
            status, answer = browser.save(f"/question/Q16/{slug}", {"base": base, "items": ["horizon3"]})
            following = answer.split(b'"next":"', 1)[1].split(b'"', 1)[0].decode()
            browser.ask("GET", following)
            figures["save and next"].append(time.perf_counter() - start)
            assert status == 200, answer
        version = desk.snapshot.version
        bareme = folder / "copies" / "minimax-grader.toml"
        bareme.write_text(BAREME.format(points=1.5), encoding="utf-8")
        start = time.perf_counter()
        status, answer = browser.ask("GET", "/etat")
        figures["rubric change"].append(time.perf_counter() - start)
        assert desk.snapshot.version > version and status == 200
        reports.close()  # the reports, written in the background: waited for here
        figures["reports written again"] = reports_took[-1:]
    finally:
        bareme = folder / "copies" / "minimax-grader.toml"
        bareme.write_text(BAREME.format(points=1), encoding="utf-8")
        (folder / "classe" / "manuel.csv").unlink()
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--graded", type=Path, help="a folder to keep (or reuse) the graded class in")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = graded_class(args.graded or Path(tmp), args.students)
        rounds = [one_round(folder) for _ in range(args.rounds)]
    for name in rounds[0]:
        every = [value for figures in rounds for value in figures[name]]
        line = f"{name:24s} median {1000 * statistics.median(every):7.1f} ms"
        if len(every) > len(rounds):
            line += f"   95th percentile {1000 * percentile(every, 0.95):7.1f} ms   ({len(every)} measures)"
        print(line)
    print("goals: the next answer under 100 ms; a rubric change re-scoring the 40 under 1 s")


if __name__ == "__main__":
    main()
