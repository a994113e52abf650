

# -- ATTAQUE : Landlock (ABI < 9) ne filtre pas les sockets unix nommées : un worker resté
# uid 0 (ou l'utilisateur de l'enseignant) se connecte à une socket réservée (docker.sock).
import socket as _socket


def _connecte(chemin):
    try:
        with _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM) as s:
            s.settimeout(2)
            s.connect(chemin)
            s.sendall(b"GET /containers/json HTTP/1.0\r\n\r\n")
        print("ATTAQUE socket unix: réussi")
    except OSError:
        print("ATTAQUE socket unix: refusé")


_connecte("__SOCKET__")
try:
    _a, _b = _socket.socketpair(_socket.AF_UNIX, _socket.SOCK_DGRAM)
    _a.sendto(b"x", "__SOCKET__")
    print("ATTAQUE datagramme unix: réussi")
except OSError:
    print("ATTAQUE datagramme unix: refusé")
