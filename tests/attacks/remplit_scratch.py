

# -- ATTAQUE : sous Landlock, le dossier de travail n'a pas de plafond total : des fichiers
# de 32 Mio (sous la limite par fichier) jusqu'à 1,5 Gio.
import os as _os

_ecrit = 0
try:
    for _i in range(48):
        with open("gros_%d.bin" % _i, "wb") as _f:
            _f.write(b"\1" * (32 << 20))
        _ecrit += 32
except OSError:
    pass
print("ATTAQUE disque: %d Mio" % _ecrit)
