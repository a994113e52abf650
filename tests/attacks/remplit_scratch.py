

# -- ATTAQUE : sous Landlock, le dossier de travail n'a pas de plafond total : des fichiers
# de 32 Mio (sous la limite par fichier) jusqu'à 1,5 Gio. Une seule instruction : le module
# est découpé en instructions, chacune exécutée à part.
def _attaque_disque():
    ecrit = 0
    try:
        for i in range(48):
            with open("gros_%d.bin" % i, "wb") as f:
                f.write(b"\1" * (32 << 20))
            ecrit += 32
    except OSError:
        pass
    print("ATTAQUE disque: %d Mio" % ecrit)


_attaque_disque()
