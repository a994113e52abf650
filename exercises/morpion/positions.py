"""Tic-tac-toe positions for the checks: Hypothesis strategies, the sheet's kinds of
position (a win on each line, full boards), the submission's state and evidence."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from grader.kit import Note, StudentFailure, StudentView, Text, first_board, marked, note, show
from reference import morpion as ref

if TYPE_CHECKING:
    from hypothesis import strategies as st

COMP, HUMAN = ref.COMP, ref.HUMAN

# What to do with a random move that wins: keep it and stop, or avoid it.
AT_WIN, BEFORE_WIN = "at", "before"


def replay(starter: int, moves: int, choices: list[int], wins: str = AT_WIN) -> tuple[list[Any], int]:
    """(position, player to move) after `moves` moves of legal play, `starter` first.

    Move i takes the (choices[i] mod k)-th of the k empty cells (row-major order), so
    every draw is a legal game and choices shrinking to 0 give simple boards. With
    AT_WIN the game stops at the first win; with BEFORE_WIN a winning move is replaced
    by the first empty cell that does not win, and the game stops when every empty
    cell wins (nobody has won then).
    """
    state, player = ref.from_key(EMPTY), starter
    for i in range(moves):
        cells = ref.empty_cells(state)
        if not cells or ref.game_over(state):
            break
        x, y = cells[choices[i % len(choices)] % len(cells)]
        if wins == BEFORE_WIN and _wins_with(state, x, y, player):
            quiet = [c for c in cells if not _wins_with(state, c[0], c[1], player)]
            if not quiet:
                break
            x, y = quiet[0]
        state[x][y] = player
        player = -player
    return state, player


def _wins_with(state: list[list[int]], x: int, y: int, player: int) -> bool:
    child = ref.from_key(ref.key(state))
    child[x][y] = player
    won: bool = ref.wins(child, player)
    return won


def positions(wins: str = AT_WIN, min_moves: int = 0, max_moves: int = 9) -> st.SearchStrategy:
    """(position, player to move) by random play; shrinking goes towards longer games
    (cheaper searches) played in the first empty cells."""
    from hypothesis import strategies as st

    return st.builds(
        replay,
        st.sampled_from([COMP, HUMAN]),
        st.integers(0, max_moves - min_moves).map(lambda d: max_moves - d),
        st.lists(st.integers(0, 8), min_size=9, max_size=9),
        st.just(wins),
    )


def example_size(example: Any) -> tuple[int, ...]:
    """Empty cells of the example's board: the ladders' order. Fuller boards first, the
    way Hypothesis shrinks these positions (`positions`): a small search."""
    board = first_board(example)
    return (9 - marked(board, 0) if board is not None else 0,)


def random_searchable(rng: random.Random) -> tuple[list[Any], int]:
    """A position as `searchable` draws one (nobody has won, 1 to 7 empty cells), drawn
    from `rng`: the positions drawn for one submission alone."""
    choices = [rng.randrange(9) for _ in range(9)]
    return replay(rng.choice([COMP, HUMAN]), rng.randint(2, 8), choices, BEFORE_WIN)


def searchable() -> st.SearchStrategy:
    """Positions for minimax: nobody has won, 1 to 7 empty cells (a search from 8
    empty cells costs 60,000 calls, one of them is an explicit example)."""
    return positions(BEFORE_WIN, min_moves=2, max_moves=8)


EMPTY = ((0, 0, 0), (0, 0, 0), (0, 0, 0))


def empty() -> list[Any]:
    board: list[list[int]] = ref.from_key(EMPTY)
    return board


KINDS = {"rows": ref.LINES[0:3], "columns": ref.LINES[3:6], "diagonals": ref.LINES[6:8]}


def line_position(line: tuple[Any, ...], holder: int) -> list[Any]:
    """A legal position where `holder` has just completed `line`: the opponent holds
    the first two other cells (row-major), `holder` moved first."""
    state = empty()
    for x, y in line:
        state[x][y] = holder
    others = [(x, y) for x in range(3) for y in range(3) if (x, y) not in line][:2]
    for x, y in others:
        state[x][y] = -holder
    return state


def line_positions() -> list[list[Any]]:
    """A win on each of the 8 lines, COMP and HUMAN in turn holding it."""
    return [line_position(line, COMP if i % 2 == 0 else HUMAN) for i, line in enumerate(ref.LINES)] + [
        line_position(line, HUMAN if i % 2 == 0 else COMP) for i, line in enumerate(ref.LINES)
    ]


# Full boards, nobody wins; and a full board COMP won with its last move.
FULL_DRAWS = ([[1, -1, 1], [1, -1, -1], [-1, 1, 1]], [[-1, 1, -1], [-1, 1, 1], [1, -1, -1]])
FULL_WON = [[1, -1, 1], [-1, 1, -1], [-1, 1, 1]]


def full_boards() -> list[list[Any]]:
    return [ref.from_key(ref.key(b)) for b in FULL_DRAWS + (FULL_WON,)]


def to_move(state: list[list[int]]) -> int:
    """The player to move in a legal position (COMP when both have as many marks)."""
    marks = sum(sum(row) for row in state)
    return HUMAN if marks > 0 else COMP


def as_bool(value: Any) -> bool | None:
    """True/False as a test reads them: a bool, 1/0, or None for False; else None."""
    if value is None:
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    return None


CONSTANTS = {"HUMAN": HUMAN, "COMP": COMP, "MAX": COMP, "MIN": HUMAN, "MINIMUM": HUMAN}
BOARD_NAMES = ("board", "tableau")
"""The program's global board, and the French translation the article prints."""


@dataclass
class SubmissionState:
    board_name: str
    """The global board valid_move/set_move act on: `board`, or `tableau`."""
    saved_board: Any
    """Its value after the cells ran (None when undefined), restored after Q5."""
    constants: dict[str, Any] = field(default_factory=dict)
    """The article's player constants the file defines (HUMAN, COMP, MAX, MIN, MINIMUM)."""
    players: dict[str, Any] = field(default_factory=dict)
    """Every constant the file defines as -1 or +1 in capitals (AI = +1...), with those."""
    board_problem: Text | None = None
    """What the global board valid_move and set_move read is, when it is not a 3 x 3 grid
    once the program has run (a class, undefined...): Q5 fails, saying so."""


OTHER_PLAYERS = 8
"""Other constants in capitals read at most, looking for the file's own player names."""


def prepare(view: StudentView) -> SubmissionState:
    try:
        board_name = _board_name(view)
        saved = view.get(board_name) if view.defined.get(board_name) == "value" else None
        constants = {name: view.get(name) for name in CONSTANTS if view.defined.get(name) == "value"}
        players = dict(constants)
        others = [
            n for n, kind in view.defined.items() if kind == "value" and n.isupper() and n not in CONSTANTS
        ]
        for name in sorted(others)[:OTHER_PLAYERS]:
            value = view.get(name)
            if type(value) is int and value in (-1, 1):
                players[name] = value
    except StudentFailure:
        return SubmissionState("board", None)
    return SubmissionState(board_name, saved, constants, players, _board_problem(view, board_name, saved))


NOT_A_GRID = {
    "class": ("une classe", "a class"),
    "function": ("une fonction", "a function"),
    "module": ("un module", "a module"),
}


def _board_problem(view: StudentView, name: str, saved: Any) -> Text | None:
    """When valid_move or set_move read the global `name` and the program leaves it as
    something other than a 3 x 3 grid: what it is (the program as written cannot play)."""
    uses = view.uses
    if not any(name in uses.get(func, []) for func in ("valid_move", "set_move")):
        return None  # not a global they read: the checks see what the functions do with it
    kind = view.defined.get(name)
    if kind is None:
        return Text("non défini", "not defined")
    if kind in NOT_A_GRID:
        return Text(*NOT_A_GRID[kind])
    if kind != "value":
        return Text(kind, kind)
    return None if _is_grid(saved) else Text(show(saved), show(saved))


def _board_name(view: StudentView) -> str:
    """The global valid_move/set_move use: `board` or `tableau`, else the only 3 x 3
    list of lists they refer to (say `plateau`), else `board`."""
    uses = view.uses
    used = {name for func in ("valid_move", "set_move") for name in uses.get(func, [])}
    for name in BOARD_NAMES:
        if name in used:
            return name
    grids = [name for name in sorted(used) if view.defined.get(name) == "value" and _is_grid(view.get(name))]
    if len(grids) == 1:
        return grids[0]
    defined = [name for name in BOARD_NAMES if view.defined.get(name) == "value"]
    return (defined or ["board"])[0]


def _is_grid(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 3
        and all(isinstance(row, list) and len(row) == 3 for row in value)
    )


def describe(state: SubmissionState) -> list[Note]:
    notes: list[Note] = []
    if state.board_name != "board":
        why = (
            "l'écriture de l'article"
            if state.board_name == "tableau"
            else "la grille qu'utilisent valid_move et set_move"
        )
        why_en = (
            "the article's spelling"
            if state.board_name == "tableau"
            else "the grid valid_move and set_move use"
        )
        notes.append(
            note(
                Text(
                    f"plateau global : {state.board_name} ({why}) accepté pour board",
                    f"global board: {state.board_name} ({why_en}) accepted for board",
                )
            )
        )
    notes.append(note(_players_note(state)))
    return notes


def _players_note(state: SubmissionState) -> Text:
    """The players' constants the file really defines, as the report names them."""
    wrong = [f"{name} = {show(value)}" for name, value in state.constants.items() if value != CONSTANTS[name]]
    if wrong:
        return Text(
            f"attention : {', '.join(wrong)} ; l'article prend HUMAN = MIN = -1 et COMP = MAX = +1, "
            "et les tests appellent vos fonctions avec -1 et +1",
            f"warning: {', '.join(wrong)}; the article has HUMAN = MIN = -1 and COMP = MAX = +1, "
            "and the checks call your functions with -1 and +1",
        )
    if not state.players:
        return Text(
            "joueurs : le fichier ne définit pas de constante (HUMAN, COMP...) ; les tests appellent "
            "vos fonctions avec -1 (HUMAN dans l'article) et +1 (COMP)",
            "players: the file defines no constant (HUMAN, COMP...); the checks call your functions "
            "with -1 (HUMAN in the article) and +1 (COMP)",
        )
    named = ", ".join(
        f"{name} = {value:+d}"
        for name, value in sorted(state.players.items(), key=lambda item: (-item[1], item[0]))
    )
    if set(state.players) <= set(CONSTANTS):
        return Text(
            f"joueurs : {named}, comme dans l'article",
            f"players: {named}, as in the article",
        )
    return Text(
        f"joueurs : {named} ; les tests appellent vos fonctions avec -1 et +1 (HUMAN = -1, COMP = +1 "
        "dans l'article)",
        f"players: {named}; the checks call your functions with -1 and +1 (HUMAN = -1, COMP = +1 in "
        "the article)",
    )


def threat_position(line: tuple[Any, ...], holder: int, holder_to_move: bool) -> list[Any] | None:
    """A legal position where `holder` has the first two cells of `line` and its third is
    empty, nobody has won, and `holder` (an immediate win) or the other player (who must
    block) is to move; the other player's marks fill the first free cells off the line."""
    state = empty()
    for x, y in line[:2]:
        state[x][y] = holder
    # COMP moves first: COMP has as many marks as HUMAN when COMP is to move, one more otherwise
    comp_to_move = (holder == COMP) == holder_to_move
    needed = (2 if comp_to_move else 1) if holder == COMP else (2 if comp_to_move else 3)
    for x, y in [(x, y) for x in range(3) for y in range(3) if (x, y) not in line]:
        if needed == 0:
            break
        state[x][y] = -holder
        if ref.wins(state, -holder):
            state[x][y] = 0
            continue
        needed -= 1
    if needed or to_move(state) != (holder if holder_to_move else -holder):
        return None
    return state


def threat_positions() -> list[tuple[list[Any], int]]:
    """(position, player to move): each of the 8 lines two-thirds held by each player,
    with each player to move (an immediate win for the side to move, or one to block)."""
    out = []
    for line in ref.LINES:
        for holder in (COMP, HUMAN):
            for holder_to_move in (True, False):
                state = threat_position(line, holder, holder_to_move)
                if state is not None:
                    out.append((state, to_move(state)))
    return out
