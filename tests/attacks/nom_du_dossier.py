

# -- ATTAQUE : la note dépend de ce que le worker voit de son environnement (le nom au
# hasard de son dossier de travail, de son script, de sa machine) : la même copie aurait
# des notes différentes d'un passage à l'autre.
import os as _os
import sys as _sys
import zlib as _zlib


def _vu():
    frame, files = _sys._getframe(), []
    while frame is not None:
        files.append(frame.f_code.co_filename)
        frame = frame.f_back
    parts = [_os.getcwd(), _os.environ.get("HOME", ""), _os.environ.get("TMPDIR", ""), _os.uname().nodename]
    parts += [str(_os.getuid())] + _sys.path + files
    return "|".join(parts)


_bits = _zlib.crc32(_vu().encode()) % 8
if _bits & 1:
    def heuristique(jeu):
        return 0
if _bits & 2:
    def copie(jeu):
        return jeu
if _bits & 4:
    def colonnes_jouables(jeu):
        return []
print("ATTAQUE environnement: %d" % _bits)
