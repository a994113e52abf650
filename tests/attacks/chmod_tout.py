

# -- ATTAQUE : Landlock ne filtre pas chmod : l'interpréteur que le correcteur lance pour
# chaque copie, et les copies des voisins, passent en mode 000 (plus personne n'est noté).
import ctypes as _ctypes
import os as _os
import sys as _sys

_RENDUS = "__RENDUS__"
_libc = _ctypes.CDLL(None, use_errno=True)


def _essai(nom, action):
    try:
        resultat = action()
        if resultat is not None and resultat < 0:
            raise OSError(_ctypes.get_errno(), nom)
        print("ATTAQUE " + nom + ": réussi")
    except OSError:
        print("ATTAQUE " + nom + ": refusé")


_python = _os.path.realpath(_sys.executable)
_essai("chmod python", lambda: _os.chmod(_python, 0))
_essai("fchmodat2 python", lambda: _libc.syscall(452, -100, _python.encode(), 0, 0))
_essai("chown python", lambda: _os.chown(_python, _os.getuid(), _os.getgid()))
_essai("utime python", lambda: _os.utime(_python, (0, 0)))
try:
    _voisins = [_os.path.join(_RENDUS, n) for n in _os.listdir(_RENDUS)]
except OSError:
    _voisins = []
    print("ATTAQUE chmod voisin: refusé")
for _chemin in _voisins:
    _essai("chmod voisin", lambda: _os.chmod(_chemin, 0))
