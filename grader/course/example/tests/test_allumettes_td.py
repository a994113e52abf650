"""Les copies d'exemple ont les notes attendues (copies/ATTENDU.md) : `python -m pytest tests`
depuis le dossier du TD, une fois le TD installé (`pip install -e .`)."""

import json
import subprocess
import sys
from pathlib import Path

COPIES = Path(__file__).resolve().parents[1] / "copies"
ATTENDU = {"copie_a.ipynb": 20, "copie_b.ipynb": 8, "copie_c.ipynb": 18, "copie_d.ipynb": 17}


def test_les_copies_ont_les_notes_attendues():
    fait = subprocess.run(
        [sys.executable, "-m", "grader", str(COPIES), "--json", "-"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert fait.returncode == 0, fait.stderr
    rapport = json.loads(fait.stdout)["submissions"]
    assert {Path(copie["path"]).name: copie["exercise"] for copie in rapport} == dict.fromkeys(
        ATTENDU, "allumettes"
    )
    assert {Path(copie["path"]).name: copie["mark20"] for copie in rapport} == ATTENDU
