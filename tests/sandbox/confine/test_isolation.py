"""OS-level isolation: with bubblewrap the student cannot read the grader's files."""

import os
import shutil
from pathlib import Path

import pytest

from grader.errors import StudentCodeError
from grader.sandbox.confine.isolation import Isolation, choose
from grader.sandbox.confine.limits import Limits
from grader.sandbox.manage.session import StudentSession

ROOT = Path(__file__).resolve().parents[3]
SPY = """
import os
def lire(chemin):
    try:
        return open(chemin).read()[:40]
    except OSError as e:
        return 'refusé'
def cwd_parent():
    try:
        return os.readlink('/proc/%d/cwd' % os.getppid())
    except OSError:
        return 'refusé'
"""


def bubblewrap_or_fail():
    if choose("auto").mode is Isolation.BUBBLEWRAP:
        return
    if os.environ.get("CI"):
        pytest.fail("CI must have a working bubblewrap (.ci/run installs it)")
    pytest.skip("bubblewrap is not installed on this development machine")


def test_reference_is_unreadable_under_bubblewrap():
    bubblewrap_or_fail()
    with StudentSession("m", Limits(), Isolation.BUBBLEWRAP, 5) as session:
        assert session.run_cell(SPY, "espion").ok
        assert session.call("lire", str(ROOT / "reference" / "puissance4.py")).value == "refusé"
        assert session.call("lire", str(ROOT / "exercises" / "__init__.py")).value == "refusé"
        assert str(ROOT) not in session.call("cwd_parent").value


def test_numpy_and_matplotlib_work_under_bubblewrap():
    bubblewrap_or_fail()
    with StudentSession("m", Limits(), Isolation.BUBBLEWRAP, 20) as session:
        outcome = session.run_cell(
            "import numpy as np\nimport matplotlib.pyplot as plt\nplt.plot(np.arange(3))\nplt.show()\n", "c"
        )
        assert outcome.ok, outcome


def test_basic_isolation_still_hides_the_packages():
    with StudentSession("m", Limits(), Isolation.BASIC, 5) as session:
        outcome = session.run_cell("import reference.puissance4\n", "c")
        assert outcome.error in ("ImportError", "ModuleNotFoundError")


def test_bubblewrap_is_detected_when_installed():
    if shutil.which("bwrap") is None:
        bubblewrap_or_fail()
    assert choose("auto").mode is Isolation.BUBBLEWRAP


def test_bubblewrap_caps_the_disk_and_hides_the_network():
    bubblewrap_or_fail()
    code = (
        "import os, socket\n"
        "def remplir():\n"
        "    bloc = b'0' * (1 << 20)\n"
        "    for k in range(40):\n"
        "        with open('f%d' % k, 'wb') as f:\n"
        "            for _ in range(60):\n"
        "                f.write(bloc)\n"
        "def ecrire(chemin):\n"
        "    try:\n"
        "        open(chemin, 'w').write('x')\n"
        "        return 'écrit'\n"
        "    except OSError:\n"
        "        return 'refusé'\n"
        "def reseau():\n"
        "    try:\n"
        "        socket.create_connection(('1.1.1.1', 80), timeout=1)\n"
        "        return 'connecté'\n"
        "    except OSError:\n"
        "        return 'refusé'\n"
    )
    with StudentSession("m", Limits(), Isolation.BUBBLEWRAP, 5) as session:
        assert session.run_cell(code, "c").ok
        with pytest.raises(StudentCodeError) as info:  # 128 MiB in all, far below 40 x 60 MiB
            session.call("remplir", budget=20)
        assert info.value.ename == "OSError"
        assert session.call("ecrire", "/dev/mmg-test").value == "refusé"
        assert session.call("ecrire", "/mmg-test").value == "refusé"  # the sandbox's root
        # The project's folder: refused, or (when it lies under /tmp, as in a CI clone)
        # written into the sandbox's own /tmp; never into the real folder.
        session.call("ecrire", str(ROOT / "mmg-test"))
        assert not (ROOT / "mmg-test").exists()
        assert session.call("reseau").value == "refusé"


def test_under_bubblewrap_only_the_sandbox_processes_are_visible():
    bubblewrap_or_fail()
    with StudentSession("m", Limits(), Isolation.BUBBLEWRAP, 5) as session:
        assert session.run_cell(
            "import os\npids = sorted(int(p) for p in os.listdir('/proc') if p.isdigit())\n", "c"
        ).ok
        assert session.get("pids") == [1, 2]  # bubblewrap's init and the worker
