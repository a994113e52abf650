"""Headless Chromium for the report tools and tests: screenshots, PDFs, the DOM after load.

Debian: `apt-get install -y chromium` (GitHub's Ubuntu runners have `google-chrome`).
Started with a fresh profile and without its background connections (a closed network
refuses them, and they would slow every start), and `--no-sandbox` (root in a container).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from html import unescape as html_unescape
from pathlib import Path

# One set of flags, one search for the browser, one page count: the grader's own (`--pdf`).
from grader.render.pdf import FLAGS, find_browser
from grader.render.pdf import pdf_pages as pdf_pages  # the printing tests count pages with it


def need_browser() -> str:
    browser = find_browser()
    if browser is None:
        raise SystemExit("Chromium not found: apt-get install -y chromium")
    return browser


def run(page: Path, *options: str, browser: str | None = None, timeout: float = 120) -> str:
    """Chromium on `page` with `options`; its standard output (the DOM for --dump-dom)."""
    with tempfile.TemporaryDirectory(prefix="mmg-chromium-") as profile:
        command = [
            browser or need_browser(),
            *FLAGS,
            f"--user-data-dir={profile}",
            *options,
            page.resolve().as_uri(),
        ]
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"chromium failed on {page}:\n{done.stderr[-2000:]}")
    return done.stdout


def screenshot(page: Path, target: Path, width: int = 1200, height: int = 2000) -> Path:
    """A PNG of the top `height` pixels of `page` in a `width`-pixel window."""
    run(page, f"--screenshot={target}", f"--window-size={width},{height}")
    if not target.is_file():
        raise RuntimeError(f"chromium wrote no screenshot of {page}")
    return target


def print_pdf(page: Path, target: Path) -> Path:
    """`page` printed to PDF as a browser prints it (the page's own @page size: A4)."""
    run(page, f"--print-to-pdf={target}")
    if not target.is_file():
        raise RuntimeError(f"chromium wrote no PDF of {page}")
    return target


def dump_dom(page: Path) -> str:
    """The DOM of `page` once loaded and its scripts run, as HTML."""
    return run(page, "--dump-dom", "--virtual-time-budget=5000")


def pdf_to_pngs(pdf: Path, prefix: Path, dpi: int = 60) -> list[Path]:
    """Each page of `pdf` as `prefix-N.png` (needs `pdftoppm`, from poppler-utils)."""
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        raise SystemExit("pdftoppm not found: apt-get install -y poppler-utils")
    subprocess.run([pdftoppm, "-r", str(dpi), "-png", str(pdf), str(prefix)], check=True, timeout=120)
    return sorted(prefix.parent.glob(f"{prefix.name}-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))


_PROBE = """<script>
window.addEventListener("load", function () {
  var rows = Array.from(document.querySelectorAll(%(selector)s)).map(function (element) {
    var style = getComputedStyle(element);
    return [element.tagName.toLowerCase(), element.className, element.textContent.trim().slice(0, 40)].concat(
      %(properties)s.map(function (name) { return style.getPropertyValue(name); }));
  });
  var out = document.createElement("pre");
  out.id = "mmg-computed-styles";
  out.textContent = JSON.stringify(rows);
  document.body.appendChild(out);
});
</script>"""


def computed_styles(page: Path, selector: str, properties: list[str]) -> list[list[str]]:
    """For each element `selector` finds in `page` as Chromium lays it out: its tag, its
    classes, the beginning of its text, then the computed value of each of `properties`."""
    html = page.read_text(encoding="utf-8")
    probe = _PROBE % {"selector": json.dumps(selector), "properties": json.dumps(properties)}
    probed = page.with_name(page.stem + ".probe.html")
    probed.write_text(html.replace("</body>", probe + "</body>", 1), encoding="utf-8")
    try:
        dom = dump_dom(probed)
    finally:
        probed.unlink()
    found = re.search(r'<pre id="mmg-computed-styles">(.*?)</pre>', dom, re.S)
    if found is None:
        raise RuntimeError(f"the probe did not run on {page}")
    rows: list[list[str]] = json.loads(html_unescape(found.group(1)))
    return rows
