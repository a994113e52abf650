"""Judging what a submission says about states: one (winner, move) value, or a whole
dictionary of them (pure functions over plain data; the reference gives the truth)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from grader.kit import Text, as_pair, show
from reference import chocolat as ref

from .conventions import Conventions
from .encoding import M, N
from .players import Players


@dataclass(frozen=True)
class Problem:
    """What is wrong with one value: the expected value as text, and why."""

    expected: Text
    """The right value as the submission would write it, or what it should be."""
    note: Text


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_state(key: Any, players: Players) -> bool:
    return (
        isinstance(key, tuple)
        and len(key) == 3
        and all(is_int(v) for v in key)
        and key[0] >= 1
        and key[1] >= 1
        and key[2] in players.both
    )


def winner(state: tuple[int, int, int], players: Players) -> int:
    """The reference's winner of `state`, both in the submission's numbering."""
    m, n, p = players.state_to_reference(state)
    return players.from_reference(ref.gagnant(m, n, p))


def expected_text(state: tuple[int, int, int], conv: Conventions) -> Text:
    """The right value of a state as the submission would write it."""
    m, n, p = state
    right = winner(state, conv.players)
    if right != p:
        return Text(f"({right}, <n'importe quel coup>)", f"({right}, <any move>)")
    side, k = (M, m - n) if m > n else (N, n - m)
    text = f"({right}, {conv.encoding.move_text(side, k)})"
    return Text(text, text)


def _entry(key: Any, value: Text) -> Text:
    """`dic[key] = value`, in both languages."""
    return Text(f"dic[{show(key)}] = {value.fr}", f"dic[{show(key)}] = {value.en}")


def why_winner(state: tuple[int, int, int]) -> tuple[str, str]:
    m, n, p = state
    if m == n == 1:
        return (
            f"le joueur {p} est devant la tablette 1 x 1 : il ne peut plus jouer et perd",
            f"player {p} faces the 1 x 1 bar: they cannot move and lose",
        )
    if m == n:
        return (
            f"la tablette {m} x {n} est carrée : tout coup du joueur {p} laisse un rectangle "
            f"non carré, que l'adversaire recoupe en carré ; le joueur {p} perd",
            f"the {m} x {n} bar is square: any move of player {p} leaves a non-square bar that "
            f"the opponent cuts back to a square; player {p} loses",
        )
    return (
        f"la tablette {m} x {n} n'est pas carrée : le joueur {p} gagne en coupant le côté le plus "
        f"long pour laisser un carré",
        f"the {m} x {n} bar is not square: player {p} wins by cutting the longer side to leave a square",
    )


def value_problem(state: tuple[int, int, int], value: Any, conv: Conventions) -> Problem | None:
    """None when `value` is a right (winner, move) for `state`: the winner is the
    player number (1 or the second player's) of the reference, and in a winning state
    the move is legal and leaves a square bar. The move of a losing state is not judged."""
    p = state[2]
    expected = expected_text(state, conv)
    pair = as_pair(value)
    if pair is None:
        return Problem(
            expected, Text("il faut un couple (gagnant, coup)", "a pair (winner, move) is expected")
        )
    said, move = pair
    if not (is_int(said) and said == winner(state, conv.players)):
        fr, en = why_winner(state)
        second = conv.players.second
        return Problem(
            expected,
            Text(
                f"gagnant faux : {fr} (le gagnant est le numéro du joueur, 1 ou {second})",
                f"wrong winner: {en} (the winner is the player's number, 1 or {second})",
            ),
        )
    if said != p:
        return None
    return move_problem(state, move, conv, expected)


def move_problem(state: tuple[int, int, int], move: Any, conv: Conventions, expected: Text) -> Problem | None:
    """None when `move` is a legal move of `state` that leaves a square bar."""
    m, n, _ = state
    pair = as_pair(move)
    if pair is None:
        return Problem(
            expected,
            Text(
                f"le coup doit être un couple (d, k), pas {show(move)}",
                f"the move must be a pair (d, k), not {show(move)}",
            ),
        )
    d, k = pair
    side = conv.encoding.side(d)
    if side is None:
        return Problem(
            expected,
            Text(
                f"d = {show(d)} n'est pas compris (voir le codage de d en tête du rapport)",
                f"d = {show(d)} is not understood (see the encoding of d at the top of the report)",
            ),
        )
    length = m if side == M else n
    letter = "m" if side == M else "n"
    if not (is_int(k) and 1 <= k < length):
        return Problem(
            expected,
            Text(
                f"coup illégal : d = {show(d)} enlève à {letter} = {length}, k doit aller "
                f"de 1 à {length - 1} (il reste au moins une ligne et une colonne)",
                f"illegal move: d = {show(d)} removes from {letter} = {length}, k must be 1 to "
                f"{length - 1} (at least one row and one column remain)",
            ),
        )
    left = (m - k, n) if side == M else (m, n - k)
    if left[0] != left[1]:
        return Problem(
            expected,
            Text(
                f"ce coup laisse une tablette {left[0]} x {left[1]}, non carrée : "
                "l'adversaire y gagne ; le coup gagnant laisse un carré",
                f"this move leaves a {left[0]} x {left[1]} bar, not square: the opponent wins "
                "there; the winning move leaves a square",
            ),
        )
    return None


@dataclass(frozen=True)
class StrategyProblem:
    """The first wrong entry of a dictionary: the key, what was found, what was expected."""

    key: Any
    obtained: str
    problem: Problem


def strategy_problem(dic: Any, root: tuple[int, int, int], conv: Conventions) -> StrategyProblem | None:
    """None when `dic` holds every state reachable from `root`, each with a right value,
    and nothing that is not a state. Other states are accepted when their value is right."""
    if not isinstance(dic, dict):
        return StrategyProblem(
            None,
            show(dic),
            Problem(
                Text(
                    "un dictionnaire {(m, n, p): (gagnant, coup)}", "a dictionary {(m, n, p): (winner, move)}"
                ),
                Text("il faut un dictionnaire", "a dictionary is expected"),
            ),
        )
    second = conv.players.second
    for key in dic:
        if not is_state(key, conv.players):
            return StrategyProblem(
                key,
                f"dic[{show(key)}] = {show(dic[key])}",
                Problem(
                    Text(
                        f"des clés (m, n, p) avec m, n >= 1 et p = 1 ou {second}",
                        f"keys (m, n, p) with m, n >= 1 and p = 1 or {second}",
                    ),
                    Text(
                        f"{show(key)} n'est pas un état (m, n, p) du jeu",
                        f"{show(key)} is not a state (m, n, p) of the game",
                    ),
                ),
            )
    reachable = _reachable(root, conv.players)
    # The start state first, then the smallest wrong or missing state: the simplest to debug.
    for key in sorted(reachable | set(dic), key=lambda k: (k != root, _size_order(k))):
        if key not in dic:
            return _missing(key, root, len(reachable - set(dic)), conv)
        problem = value_problem(key, dic[key], conv)
        if problem is not None:
            return StrategyProblem(
                key,
                f"dic[{show(key)}] = {show(dic[key])}",
                Problem(_entry(key, problem.expected), problem.note),
            )
    return None


@functools.lru_cache(maxsize=1024)
def reachable_states(root: tuple[int, int, int]) -> frozenset[tuple[int, int, int]]:
    """`ref.etats_accessibles(*root)`, once per process (every submission is asked about the
    same roots), frozen: a caller cannot change what the next one gets."""
    return frozenset(ref.etats_accessibles(*root))


def _reachable(root: tuple[int, int, int], players: Players) -> frozenset[tuple[int, int, int]]:
    """`reachable_states`, both in the submission's numbering."""
    return frozenset(
        players.state_from_reference(s) for s in reachable_states(players.state_to_reference(root))
    )


def _missing(
    key: tuple[int, int, int], root: tuple[int, int, int], count: int, conv: Conventions
) -> StrategyProblem:
    if key == root:
        fr, en = (
            f"l'état de départ {show(root)} doit être dans le dictionnaire",
            f"the start state {show(root)} must be in the dictionary",
        )
    else:
        fr = f"l'état {show(key)} est accessible depuis {show(root)} : il doit être dans le dictionnaire"
        en = f"state {show(key)} is reachable from {show(root)}: it must be in the dictionary"
    fr += " (étape 4 du sujet : tout état calculé y est ajouté, cas de base compris)"
    en += " (step 4 of the sheet: every state computed is added, base case included)"
    return StrategyProblem(
        key,
        Text(
            f"pas de clé {show(key)} ({count} état(s) accessible(s) absent(s))",
            f"no key {show(key)} ({count} reachable state(s) missing)",
        ),
        Problem(_entry(key, expected_text(key, conv)), Text(fr, en)),
    )


def _size_order(state: tuple[int, int, int]) -> tuple[Any, ...]:
    return (state[0] + state[1], state)
