

# -- ATTAQUE : RLIMIT_AS ne borne qu'un processus : 8 enfants de 400 Mo chacun, tenus
# ensemble (3,2 Go), pendant que le parent compte ceux qui tiennent encore.
import os as _os
import time as _time

_enfants = []
for _i in range(8):
    _r, _w = _os.pipe()
    _pid = _os.fork()
    if _pid == 0:
        _os.close(_r)
        try:
            _bloc = bytearray(400 << 20)
            for _k in range(0, len(_bloc), 4096):
                _bloc[_k] = 1
            _os.write(_w, b"1")
            _time.sleep(8)
        finally:
            _os._exit(0)
    _os.close(_w)
    _enfants.append((_pid, _r))
_time.sleep(2)
_tenus = 0
for _pid, _r in _enfants:
    _pret = _os.read(_r, 1) == b"1"
    _fini, _ = _os.waitpid(_pid, _os.WNOHANG)
    if _pret and _fini == 0:
        _tenus += 1
print("ATTAQUE mémoire: %d Mo tenus ensemble" % (_tenus * 400))
for _pid, _r in _enfants:
    try:
        _os.kill(_pid, 9)
        _os.waitpid(_pid, 0)
    except OSError:
        pass
