

# -- ATTAQUE (issue 40) : de la mémoire que personne ne compte sans groupe de contrôle :
# des memfd écrits et jamais projetés (hors RLIMIT_AS et hors PSS), un segment SysV, un
# descripteur de fichier en vol sur une socket (tenu par aucun processus).
import ctypes as _ctypes
import os as _os
import socket as _socket
import time as _time

_libc = _ctypes.CDLL(None, use_errno=True)


def _memfd():
    tenus, fds = 0, []
    try:
        for i in range(32):
            fd = _os.memfd_create("m%d" % i)
            for _ in range(56):
                _os.write(fd, b"\1" * (1 << 20))
            fds.append(fd)
            tenus += 56
    except OSError:
        pass
    _time.sleep(1)
    print("ATTAQUE memfd: %s" % ("réussi" if tenus else "refusé"))
    print("ATTAQUE mémoire memfd: %d Mio tenus" % tenus)


_memfd()


def _sysv():
    ident = _libc.shmget(0, 64 << 20, 0o1000 | 0o600)  # IPC_PRIVATE, IPC_CREAT
    if ident < 0:
        print("ATTAQUE segment SysV: refusé")
        return
    _libc.shmctl(ident, 0, None)  # IPC_RMID : détruit dès que plus personne ne l'attache
    print("ATTAQUE segment SysV: réussi")


_sysv()


def _en_vol():
    a, b = _socket.socketpair()
    with open("en_vol.bin", "wb") as f:
        try:
            _socket.send_fds(a, [b"x"], [f.fileno()])
            print("ATTAQUE descripteur en vol: réussi")
        except OSError:
            print("ATTAQUE descripteur en vol: refusé")


_en_vol()
