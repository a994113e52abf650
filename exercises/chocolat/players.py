"""How the submission numbers the players: player 1 moves first (the sheet says so), the
other player's number is learnt from the states the submission's own dictionary holds.

The sheet keys `dic` by (m, n, p), "p le joueur dont c'est le tour", and never names the
second player: 2 (p -> 3 - p), -1 (p -> -p) and 0 (p -> 1 - p) are the numberings
minimax courses use. The states reached after player 1's move carry the other number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from grader.kit import Text, show

REFERENCE_SECOND = 2
"""The second player's number in `reference.chocolat`."""
SECOND_PLAYERS = (REFERENCE_SECOND, -1, 0)
"""The numbers accepted for the second player. Another pair (1 and 3, as `4 - p` gives
for `3 - p`) is a slip, not a convention: it is judged with 2, as before this was learnt."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Players:
    """Player 1 and the second player's number, learnt or the reference's 2."""

    second: int = REFERENCE_SECOND
    seen: tuple[Any, ...] = ()
    """The player values of the states found, in order of appearance (empty: none found)."""
    source: str = ""
    """The calls the states came from."""

    @property
    def both(self) -> tuple[int, int]:
        return (1, self.second)

    def to_reference(self, p: int) -> int:
        """The reference's number of the submission's player `p` (1 or `second`)."""
        return REFERENCE_SECOND if p == self.second and p != 1 else p

    def from_reference(self, p: int) -> int:
        """The submission's number of the reference's player `p` (1 or 2)."""
        return self.second if p == REFERENCE_SECOND else p

    def state_to_reference(self, state: tuple[int, int, int]) -> tuple[int, int, int]:
        return (state[0], state[1], self.to_reference(state[2]))

    def state_from_reference(self, state: tuple[int, int, int]) -> tuple[int, int, int]:
        return (state[0], state[1], self.from_reference(state[2]))

    @property
    def learnt(self) -> bool:
        """The states found use exactly player 1 and `second`."""
        return len(self.seen) == 2 and all(_is_int(v) for v in self.seen) and set(self.seen) == set(self.both)


def learn(dictionaries: list[Any], source: str) -> Players:
    """The second player from the p of every state (a triple) the dictionaries hold:
    exactly 1 and one value of SECOND_PLAYERS. Anything else (1 alone, three values,
    a value that is not an int) keeps 2, so that mixing numberings still fails."""
    seen: list[Any] = []
    for dic in dictionaries:
        for key in dic if isinstance(dic, dict) else ():
            if isinstance(key, tuple) and len(key) == 3 and not any(_same(key[2], v) for v in seen):
                seen.append(key[2])
    others = [v for v in seen if not _same(v, 1)]
    learnt = len(seen) == 2 and len(others) == 1 and _is_int(others[0]) and others[0] in SECOND_PLAYERS
    return Players(others[0] if learnt else REFERENCE_SECOND, tuple(seen), source)


def _same(a: Any, b: Any) -> bool:
    """Equal player values of the same type (True is not player 1)."""
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:
        return False


def describe(players: Players) -> Text:
    """What was understood of the players' numbers, in both languages (a note)."""
    values = ", ".join(show(v) for v in players.seen)
    if not players.seen:
        return Text(
            "Numéros des joueurs : aucun état (m, n, p) trouvé dans vos dictionnaires ; le joueur 1 "
            "commence, l'autre joueur est noté 2.",
            "Players' numbers: no state (m, n, p) found in your dictionaries; player 1 moves first, "
            "the other player is taken as 2.",
        )
    if players.learnt:
        return Text(
            f"Numéros des joueurs compris d'après les états de vos dictionnaires ({players.source}) : "
            f"le joueur 1 commence, l'autre joueur est le joueur {players.second}.",
            f"Players' numbers understood from the states of your dictionaries ({players.source}): "
            f"player 1 moves first, the other player is player {players.second}.",
        )
    return Text(
        f"Numéros des joueurs : vos états ({players.source}) utilisent p = {values}, pas exactement "
        "deux joueurs 1 et 2, -1 ou 0 ; l'autre joueur est noté 2.",
        f"Players' numbers: your states ({players.source}) use p = {values}, not exactly two players "
        "1 and 2, -1 or 0; the other player is taken as 2.",
    )
