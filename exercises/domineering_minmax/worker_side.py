"""Grader code that runs INSIDE the student's worker, beside the student's module.

The engine sends this file's source (`Exercise.worker_side`); its names are then
`"@name"` for the checks: the page's s and h handed to the student's minmax and jeu
(`tables`), so that a wrong s or h of the student does not fail them too, and a
recorder standing in for `affiche` while `jeu` runs. It imports only the standard
library (the grader's packages are not importable there); `student` is the student's
namespace, which the worker provides.

Nothing here answers a question of the page (issue 32): student code reaches this code
(an argument's `__globals__`, the worker's frames, the garbage collector), so the page's
s and h are not written here. They are tables the grader computes for the one search a
call makes (every board below its position: the successors' moves for each player, and
h): a board outside it has no entry, and once the call returns the tables are emptied,
so that s and h kept by the student's code answer nothing in a later check.
tests/exercises/test_worker_side.py checks them against reference/domineering_minmax.py.
"""

import copy as _copy
import sys as _sys

_NAN = float("nan")
student: dict  # the student's namespace, defined by the worker before this code runs
# ruff: noqa: F821  (`student` is bound by the worker, not here: an assignment would hide it)


def plateau(v: "list | tuple") -> str:
    """A board as one string, a cell per character (`.` empty, `0`, `1`): a table key."""
    return "".join("." if int(c) == -1 else str(int(c)) for row in v for c in row)


def tables(succ, hv):
    """(s, h) of the page on the boards of one search: `succ` maps a board and a player
    ("plateau" + "0"/"1") to its moves, written "ij" each (top-left cell of the domino),
    `hv` maps a board to h; the successors keep the representation of the board given.
    On a board outside the search (a buggy search's), no successor and a NaN: the
    search goes wrong as it would with the real s and h, without an error of ours."""

    def s_ref(v, joueur):
        moves = succ.get(plateau(v) + str(int(joueur)), "")
        di, dj = (1, 0) if joueur == 0 else (0, 1)
        found = []
        for k in range(0, len(moves), 2):
            i, j = int(moves[k]), int(moves[k + 1])
            w = _copy.deepcopy(v)
            w[i][j] = w[i + di][j + dj] = joueur
            found.append(w)
        return found

    def h_ref(v):
        return hv.get(plateau(v), _NAN)

    return s_ref, h_ref


def minmax_tables(minmax, succ, hv, v, p, joueur):
    """[minmax(s, h, v, p, joueur), v after] with the page's s and h (`tables`), which
    answer nothing once the call is over (their tables are emptied)."""
    s, h = tables(succ, hv)
    try:
        return [minmax(s, h, v, p, joueur), v]
    finally:
        succ.clear()
        hv.clear()


def _snapshot(w):
    try:
        return [[float(c) for c in row] for row in w]
    except Exception:
        return None


def jeu_trace(s, h, v, p, joueur):
    """Runs the student's jeu with affiche replaced by a recorder; the boards drawn."""
    drawn = []
    original = student.get('affiche')
    student['affiche'] = lambda w, *args, **kwargs: drawn.append(_snapshot(w))
    try:
        student['jeu'](s, h, v, p, joueur)
    finally:
        student['affiche'] = original
    return drawn


def jeu_trace_tables(succ, hv, v, p, joueur):
    """`jeu_trace` with the page's s and h (`tables`), emptied once the call is over."""
    s, h = tables(succ, hv)
    try:
        return jeu_trace(s, h, v, p, joueur)
    finally:
        succ.clear()
        hv.clear()


def close_figures():
    plt = _sys.modules.get('matplotlib.pyplot')
    if plt is not None:
        plt.close('all')
