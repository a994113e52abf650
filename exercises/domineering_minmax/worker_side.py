"""Grader code that runs INSIDE the student's worker, beside the student's module.

The engine sends this file's source (`Exercise.worker_side`); its names are then
`"@name"` for the checks: the page's s and h (`s_ref`, `h_ref`), handed to the
student's minmax and jeu so that a wrong s or h of the student does not fail them
too, and a recorder standing in for `affiche` while `jeu` runs. It imports only the
standard library (the grader's packages are not importable there); `student` is the
student's namespace, which the worker provides. tests/test_worker_side.py checks
`s_ref` and `h_ref` against reference/domineering_minmax.py.
"""

import copy as _copy
import sys as _sys

student: dict  # the student's namespace, defined by the worker before this code runs
# ruff: noqa: F821  (`student` is bound by the worker, not here: an assignment would hide it)


def s_ref(v, joueur):
    succ = []
    for i in range(4):
        for j in range(4):
            if v[i][j] == -1:
                w = _copy.deepcopy(v)
                if joueur == 0 and i < 3 and v[i + 1][j] == -1:
                    w[i][j] = w[i + 1][j] = joueur
                    succ.append(w)
                if joueur == 1 and j < 3 and v[i][j + 1] == -1:
                    w[i][j] = w[i][j + 1] = joueur
                    succ.append(w)
    return succ


def h_ref(v):
    n0, n1 = 0, 0
    for i in range(len(v)):
        for j in range(len(v[0])):
            if i + 1 < len(v) and v[i][j] == v[i + 1][j] == -1:
                n0 += 1
            if j + 1 < len(v[0]) and v[i][j] == v[i][j + 1] == -1:
                n1 += 1
    if n0 == 0:
        return -float('inf')
    if n1 == 0:
        return float('inf')
    return n0 - n1


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


def close_figures():
    plt = _sys.modules.get('matplotlib.pyplot')
    if plt is not None:
        plt.close('all')
