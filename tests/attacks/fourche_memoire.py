

# -- ATTAQUE : RLIMIT_AS ne borne qu'un processus : 8 enfants de 400 Mo chacun, tenus
# ensemble (3,2 Go), pendant que le parent compte ceux qui tiennent encore. Tout dans une
# seule instruction : le module est découpé en instructions, chacune exécutée à part.
def _attaque_memoire():
    import os
    import time

    enfants = []
    for _ in range(8):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            try:
                bloc = bytearray(400 << 20)
                for k in range(0, len(bloc), 4096):
                    bloc[k] = 1
                os.write(w, b"1")
                time.sleep(8)
            finally:
                os._exit(0)
        os.close(w)
        enfants.append((pid, r))
    # Chaque tube donne "1" (bloc rempli) ou rien (l'enfant est mort) : une fois tous lus,
    # plus aucun enfant ne demande de mémoire, donc plus aucun n'est tué pour en avoir
    # manqué ; une seconde pour que les derniers tués finissent de mourir, puis on compte
    # ceux qui vivent encore (compter chacun juste après son tube en comptait un tué ensuite).
    prets = [os.read(r, 1) == b"1" for _, r in enfants]
    time.sleep(1)
    tenus = 0
    for (pid, _), pret in zip(enfants, prets):
        fini, _ = os.waitpid(pid, os.WNOHANG)
        if pret and fini == 0:
            tenus += 1
    print("ATTAQUE mémoire: %d Mo tenus ensemble" % (tenus * 400))
    for pid, r in enfants:
        try:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
        except OSError:
            pass


_attaque_memoire()
