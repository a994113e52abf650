"""Connect-4 positions for the checks: Hypothesis strategies, the submission's
representation, board drawing and cached reference values."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from grader.kit import (
    ArrayValue,
    StudentFailure,
    StudentView,
    first_board,
    from_json,
    marked,
    once_per_process,
)
from reference import puissance4 as ref

if TYPE_CHECKING:
    from hypothesis import strategies as st

INF = float("inf")

# What to do when a random move wins: stop before it, keep it and stop, or go on.
BEFORE_WIN, AT_WIN, IGNORE_WINS = "before", "at", "ignore"

SEARCH_BUDGET = 10.0  # seconds for one call at depth <= 3: many times what the reference needs


def replay(choices: list[int], wins: str = BEFORE_WIN) -> dict[str, Any]:
    """The game reached by playing, for each choice c, the (c mod k)-th playable column.

    Every list of integers gives a legal game, and a shorter list a smaller one,
    which is what makes Hypothesis' shrinking produce small boards.
    """
    return replay_with_last(choices, wins)[0]


def replay_with_last(
    choices: list[int], wins: str = BEFORE_WIN
) -> tuple[dict[str, Any], tuple[Any, ...] | None]:
    """`replay`, also giving the last move as (player, (i, col)), or None."""
    jeu = ref.init()
    last = None
    for choice in choices:
        colonnes = ref.colonnes_jouables(jeu)
        if not colonnes:
            break
        joueur = ref.prochain_joueur(jeu)
        col = colonnes[choice % len(colonnes)]
        coords = ref.jouer_colonne(jeu, joueur, col)
        if wins != IGNORE_WINS and ref.teste_gagnante(jeu, joueur, coords):
            if wins == BEFORE_WIN:
                ref.dejouer_colonne(jeu, col)
            else:
                last = (joueur, coords)
            break
        last = (joueur, coords)
    return jeu, last


def games(min_moves: int = 0, max_moves: int = 42, wins: str = BEFORE_WIN) -> st.SearchStrategy:
    """Legal games reached by random play (see `replay`)."""
    from hypothesis import strategies as st

    moves = st.lists(st.integers(0, 6), min_size=min_moves, max_size=max_moves)
    return moves.map(lambda choices: replay(choices, wins))


def random_game(
    rng: random.Random, min_moves: int = 0, max_moves: int = 42, wins: str = BEFORE_WIN
) -> dict[str, Any]:
    """A game of random play drawn from `rng` (as `games` draws one): the positions drawn
    for one submission alone (`grader.checking.private_draws`)."""
    return replay([rng.randrange(7) for _ in range(rng.randint(min_moves, max_moves))], wins)


def random_search_game(player: int, rng: random.Random) -> tuple[dict[str, Any], int]:
    """(game, depth 1 or 2): nobody has won, a column is playable, `player` is to move,
    drawn from `rng` (as the search checks' `_search_games` draws one, but not as deep:
    a position no table holds needs no depth 3, which the reference, searching in the
    grader for each submission, would pay: docs/explanation/private-positions.md#what-it-costs)."""
    for _ in range(200):
        jeu = random_game(rng, 0, 36)
        if ref.prochain_joueur(jeu) == player and ref.colonnes_jouables(jeu):
            return jeu, rng.randint(1, 2)
    return replay([3] if player == 2 else []), rng.randint(1, 2)


def games_with_last(min_moves: int = 1, wins: str = AT_WIN) -> st.SearchStrategy:
    """(game, (player, cell) of its last move); games with at least one move."""
    from hypothesis import strategies as st

    moves = st.lists(st.integers(0, 6), min_size=max(1, min_moves), max_size=42)
    return moves.map(lambda choices: replay_with_last(choices, wins))


def example_size(example: Any) -> tuple[int, ...]:
    """Tokens on the example's board (a list of moves: its length), then the number beside
    its game (a search's depth, a move's column): the ladders' order."""
    board = first_board(example)
    if board is None:
        return (len(example), 0)
    inner = example[0] if isinstance(example, tuple) and isinstance(example[0], tuple) else example
    beside = inner[1] if isinstance(inner, tuple) and len(inner) == 2 and isinstance(inner[1], int) else 0
    return (marked(board, 0), beside)


def key(jeu: dict[str, Any]) -> tuple[Any, ...]:
    """A hashable form of a game, for caching reference values."""
    return (jeu["nbcoups"], tuple(jeu["hauteurs"]), tuple(tuple(r) for r in jeu["plateau"]))


def from_key(k: tuple[Any, ...]) -> dict[str, Any]:
    return {"nbcoups": k[0], "hauteurs": list(k[1]), "plateau": [list(r) for r in k[2]]}


# -- Reference values: a search at depth 3 costs the reference time, and a complete
# notebook needs hundreds. Those of the drawn and structural positions are shipped in
# REFERENCE_VALUES (written by `python -m tools.draw_examples write` from the reference's
# own grading; tests/checking/test_drawn_examples.py recomputes them); others are computed here.
REFERENCE_VALUES = Path(__file__).with_name("reference_values.json")

RECORDED_VALUES: dict[str, dict[str, Any]] | None = None
"""Set by the generator: every value is computed, and recorded here as JSON."""


def value_name(k: tuple[Any, ...], *args: Any) -> str:
    """A game's key and the search's arguments, as the shipped file names them."""
    board = "".join(str(c) for row in k[2] for c in row)
    return " ".join([str(k[0]), "".join(map(str, k[1])), board, *(str(int(a)) for a in args)])


@functools.cache
def _shipped() -> dict[str, dict[str, Any]]:
    try:
        tables: dict[str, dict[str, Any]] = json.loads(REFERENCE_VALUES.read_text("utf-8"))["values"]
    except FileNotFoundError:  # a tree without the file: everything computed
        return {}
    return tables


_FOUND: dict[tuple[Any, ...], Any] = {}
"""The values `_reference_value` gave in this process, by table, game and arguments:
every submission asks about the same positions (a few hundred lookups each), and naming
a game for the shipped file (`value_name`) and decoding its value cost each time. Only
hashable values are kept (tuples, frozensets, numbers): immutable, so one submission
cannot change what the next is given."""
_FOUND_MAX = 1 << 15
"""Past this many (shrink candidates of many failing submissions), start again."""


def _reference_value(table: str, compute: Callable[..., Any], k: tuple[Any, ...], *args: Any) -> Any:
    found_key = (table, k, *args)
    if RECORDED_VALUES is None and found_key in _FOUND:
        return _FOUND[found_key]
    name = value_name(k, *args)
    value: Any = None
    if RECORDED_VALUES is None:
        shipped = _shipped().get(table, {}).get(name)
        if shipped is not None:
            value = from_json(shipped)
    if value is None:
        value = compute(k, *args)
    if RECORDED_VALUES is not None:
        RECORDED_VALUES.setdefault(table, {})[name] = value
        return value
    try:
        hash(value)
    except TypeError:  # a list inside: handed out as it is, never kept
        return value
    if len(_FOUND) >= _FOUND_MAX:
        _FOUND.clear()
    _FOUND[found_key] = value
    return value


def search_value(k: tuple[Any, ...], n: int) -> tuple[Any, float]:
    """The reference's (column, value) of the player to move at horizon n."""
    value: tuple[Any, float] = _reference_value("search_value", _search_value, k, n)
    return value


def optimal_columns(k: tuple[Any, ...], n: int, immediate_win_required: bool = True) -> frozenset[Any]:
    """Columns reaching the root value; with `immediate_win_required`, only the
    immediately winning ones when there are some (maximin/minimax always return one,
    alpha-beta may legitimately cut on an earlier column worth the same infinity)."""
    columns: frozenset[Any] = _reference_value(
        "optimal_columns", _optimal_columns, k, n, immediate_win_required
    )
    return columns


@functools.lru_cache(maxsize=4096)
def _search_value(k: tuple[Any, ...], n: int) -> tuple[Any, float]:
    jeu = from_key(k)
    search: Callable[..., tuple[Any, float]] = ref.maximin if ref.prochain_joueur(jeu) == 1 else ref.minimax
    return search(jeu, n)


def pruned_nodes(k: tuple[Any, ...], n: int) -> tuple[tuple[int, ...], ...]:
    """`ref.noeuds_elagues`: the topmost nodes alpha-beta does not explore at horizon n
    (Q16's answer key), each as the columns played from the game."""
    nodes: tuple[tuple[int, ...], ...] = _reference_value("noeuds_elagues", _pruned_nodes, k, n)
    return nodes


@functools.lru_cache(maxsize=64)
def _pruned_nodes(k: tuple[Any, ...], n: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(path) for path in ref.noeuds_elagues(from_key(k), n))


@functools.lru_cache(maxsize=4096)
def _optimal_columns(k: tuple[Any, ...], n: int, immediate_win_required: bool = True) -> frozenset[Any]:
    return frozenset(ref.colonnes_optimales(from_key(k), n, immediate_win_required))


# -- The alignment checks' reference values, once per process: every submission is probed
# on the same positions. Keyed by the board's contents, immutable values: a value is the
# reference's for the board it is asked about, whoever asked before.
@functools.lru_cache(maxsize=8192)
def _heuristic(k: tuple[Any, ...]) -> float:
    value: float = ref.heuristique(from_key(k))
    return value


def heuristic_value(jeu: dict[str, Any]) -> float:
    """`ref.heuristique(jeu)` (shipped for the drawn and structural positions)."""
    value: float = _reference_value("heuristique", _heuristic, key(jeu))
    return value


@functools.lru_cache(maxsize=8192)
def _wins(k: tuple[Any, ...], joueur: int, cell: tuple[int, int]) -> bool:
    return bool(ref.teste_gagnante(from_key(k), joueur, cell))


def wins_at(jeu: dict[str, Any], joueur: int, cell: tuple[int, int]) -> bool:
    """`ref.teste_gagnante(jeu, joueur, cell)`."""
    return _wins(key(jeu), joueur, (cell[0], cell[1]))


@dataclass(frozen=True)
class Representation:
    """How the submission stores a game, learnt from its own `init()`."""

    plateau_dtype: str | None = None
    """numpy dtype of `plateau`, or None for lists of lists."""
    hauteurs_dtype: str | None = None

    def to_student(self, jeu: dict[str, Any]) -> dict[str, Any]:
        plateau: Any = list(map(list, jeu["plateau"]))
        hauteurs: Any = list(jeu["hauteurs"])
        if self.plateau_dtype:
            plateau = ArrayValue(plateau, self.plateau_dtype)
        if self.hauteurs_dtype:
            hauteurs = ArrayValue(hauteurs, self.hauteurs_dtype)
        return {"nbcoups": jeu["nbcoups"], "hauteurs": hauteurs, "plateau": plateau}


@dataclass
class SubmissionState:
    representation: Representation
    own_games: dict[str, dict[str, Any]]
    """Valid, not won, games the submission defines itself (jeu2..jeu5...)."""
    searches: dict[Any, Any] = field(default_factory=dict)
    """Outcomes of searches several questions read (evaluations.counted_on_jeu1)."""


def to_student(state: SubmissionState, jeu: dict[str, Any]) -> dict[str, Any]:
    """A reference game in the submission's own representation."""
    return state.representation.to_student(jeu)


def prepare(view: StudentView) -> SubmissionState:
    representation = Representation()
    if view.has("init"):
        try:
            empty = view.call("init", budget=5).value
            if isinstance(empty, dict):
                representation = Representation(
                    getattr(empty.get("plateau"), "dtype", None) or None,
                    getattr(empty.get("hauteurs"), "dtype", None) or None,
                )
        except StudentFailure:
            pass
    own = {}
    for name in ("jeu2", "jeu3", "jeu4", "jeu5", "jeu6"):
        if view.defined.get(name) == "value":
            try:
                jeu = normalise(view.get(name))
            except StudentFailure:
                continue
            if jeu is not None and ref.gagnant(jeu) == 0 and ref.colonnes_jouables(jeu):
                own[name] = jeu
    return SubmissionState(representation, own)


def normalise(value: Any) -> dict[str, Any] | None:
    """A game the submission defined, as reference data, if it is a legal position."""
    if not isinstance(value, dict):
        return None
    try:
        plateau = [[int(c) for c in row] for row in value["plateau"]]
        hauteurs = [int(h) for h in value["hauteurs"]]
        nbcoups = int(value["nbcoups"])
    except (KeyError, TypeError, ValueError):
        return None
    if len(plateau) != 6 or any(len(r) != 7 for r in plateau) or len(hauteurs) != 7:
        return None
    for j in range(7):
        column = [plateau[i][j] for i in range(5, -1, -1)]
        filled = sum(1 for c in column if c)
        if filled != hauteurs[j] or any(column[k] == 0 for k in range(filled)):
            return None
        if any(c not in (0, 1, 2) for c in column):
            return None
    ones = sum(r.count(1) for r in plateau)
    twos = sum(r.count(2) for r in plateau)
    if nbcoups != ones + twos or ones - twos not in (0, 1):
        return None
    return {"nbcoups": nbcoups, "hauteurs": hauteurs, "plateau": plateau}


# -- Structural positions (issue 12): the structures a bug can hide in, built on purpose
# by legal play from the empty board (every one is reachable; nobody has won before its
# last move). Random play rarely reaches them: the edges, the top row, full columns.
WIN, OWN_THREAT, OPPONENT_THREAT = "win", "own_threat", "opponent_threat"


def structural(probe: Callable[[Any], None], examples: list[Any]) -> None:
    """Probe the structural examples, after the random ones (`ctx.for_all`): a bug the
    random positions show is reported on the smallest one Hypothesis finds, and these
    positions, built on purpose, catch the bugs random play does not reach."""
    for example in examples:
        probe(example)


def _landing(jeu: dict[str, Any], col: int) -> tuple[int, int]:
    return (ref.nrows - 1 - jeu["hauteurs"][col], col)


def build(
    cells: frozenset[Any], joueur: int, last: tuple[int, int], finish: str = WIN, seed: int = 0
) -> list[int] | None:
    """Moves of a legal game where `joueur` owns `cells` minus `last` and nobody has won,
    ending: with `joueur` playing `last` (WIN), or with `last` playable and `joueur`
    (OWN_THREAT) or the other player (OPPONENT_THREAT) to move. None if this seed finds
    none (a vertical alignment can only be completed on its top cell)."""
    import random

    rng = random.Random(seed)
    others = set(cells) - {last}
    jeu = ref.init()
    moves: list[int] = []
    for _ in range(ref.nrows * ref.ncols):
        q = ref.prochain_joueur(jeu)
        done = all(jeu["plateau"][i][j] == joueur for i, j in others)
        if (
            done
            and finish != WIN
            and last[0] == _landing(jeu, last[1])[0]
            and (q == joueur) == (finish == OWN_THREAT)
        ):
            return moves
        mine: list[int] = []
        needed: list[int] = []
        free: list[int] = []
        for col in ref.colonnes_jouables(jeu):
            cell = _landing(jeu, col)
            if cell == last:
                if finish == WIN and done and q == joueur:
                    return moves + [col]
                continue
            if ref._gagne_en(jeu, col):
                continue
            if cell in others:
                if q == joueur:
                    mine.append(col)
                continue
            # a filler under a cell still to be reached, else anywhere out of the way
            below = any(j == col and i < cell[0] for i, j in cells)
            (needed if below else free).append(col)
        if finish != WIN and done:
            mine = []  # the threat is ready: wait for the landing row with fillers
        if q == joueur and seed % 2:
            needed = needed + free  # let the other player fill under the cells (seed's choice)
        choices = mine or needed or free
        if not choices:
            return None
        col = rng.choice(choices) if not mine else rng.choice(mine)
        ref.jouer_colonne(jeu, q, col)
        moves.append(col)
    return None


def _built(cells: frozenset[Any], joueur: int, last: tuple[int, int], finish: str) -> list[int] | None:
    for seed in range(30):
        moves = build(cells, joueur, last, finish, seed)
        if moves is not None:
            return moves
    return None


def generate_alignment_games(finish: str = WIN) -> list[tuple[int, int, tuple[Any, ...], tuple[Any, ...]]]:
    """(alignment's index in Lalignements, player, cell, moves), by `build`. With WIN:
    every alignment, each cell a move can complete (a vertical one only on its top cell:
    gravity), both players. With a threat: one game per alignment, players alternating.
    Slow: its result is stored as data (`STRUCTURAL_MOVES`), checked by the tests."""
    out = []
    for n, alignment in enumerate(ref.Lalignements):
        cells = frozenset(map(tuple, alignment))
        for last in map(tuple, alignment):
            for joueur in (1, 2) if finish == WIN else (1 + n % 2,):
                moves = _built(cells, joueur, last, finish)
                if moves is not None:
                    out.append((n, joueur, last, tuple(moves)))
            if finish != WIN and out and out[-1][0] == n:
                break
    return out


STRUCTURAL_MOVES = Path(__file__).with_name("structural_moves.json")
"""The games `generate_alignment_games` and `generate_wrapped` build, by family: (the
alignment's index in Lalignements, the player, the cell, the moves). Written by
`python -m tools.draw_examples write` (`structural_moves_text`); the tests check every
game, and (slow tier) that the file is a fresh generation."""


@functools.cache
def stored_games() -> dict[str, list[list[Any]]]:
    """The structural games as stored (`STRUCTURAL_MOVES`), by family."""
    games: dict[str, list[list[Any]]] = json.loads(STRUCTURAL_MOVES.read_text("utf-8"))
    return games


@once_per_process
def alignment_games(finish: str = WIN) -> list[tuple[tuple[Any, ...], int, tuple[Any, ...], tuple[Any, ...]]]:
    """`generate_alignment_games(finish)` as stored, each with its alignment's cells."""
    return [
        (tuple(map(tuple, ref.Lalignements[n])), joueur, tuple(last), tuple(moves))
        for n, joueur, last, moves in stored_games()[finish]
    ]


@once_per_process
def alignment_wins() -> list[tuple[dict[str, Any], tuple[int, tuple[int, int]]]]:
    """(game, (player, cell)): the player's last move, on cell, completes an alignment.
    Every alignment, each of its cells a move can complete, both players."""
    return [
        (ref.initialiser_jeu(list(moves)), (joueur, last)) for _, joueur, last, moves in alignment_games(WIN)
    ]


WRAPPED = "wrapped"


def generate_wrapped() -> list[tuple[int, int, tuple[Any, ...], tuple[Any, ...]]]:
    """(0, player, cell, moves): 4 cells of a row through the board's side (columns
    4-5-6-0, 5-6-0-1, 6-0-1-2), the last move on the right of the left side, one player's.
    Nobody wins: a test reading column j - 1 at j = 0 reads column 6 (Python's negative
    index) and sees one."""
    out = []
    for i in range(ref.nrows):
        for start in (4, 5, 6):
            cells = frozenset((i, (start + k) % ref.ncols) for k in range(4))
            last = (i, (start + 3) % ref.ncols)
            for joueur in (1, 2):
                moves = _built(cells, joueur, last, WIN)
                if moves is not None:
                    out.append((0, joueur, last, tuple(moves)))
    return out


@once_per_process
def wrapped_rows() -> list[tuple[dict[str, Any], tuple[int, tuple[int, ...]]]]:
    """(game, (player, cell)) of `generate_wrapped`, as stored."""
    return [
        (ref.initialiser_jeu(list(moves)), (joueur, tuple(last)))
        for _, joueur, last, moves in stored_games()[WRAPPED]
    ]


def sample(items: list[Any], every: int, offset: int = 0) -> list[Any]:
    """Every `every`-th item: a fixed, spread subset of a structural family."""
    return items[offset::every]


@once_per_process
def threats(finish: str) -> list[dict[str, Any]]:
    """One game per alignment (players alternating): its owner threatens to complete it
    on a playable cell, and is to move (OWN_THREAT: an immediate win for the side to
    move) or not (OPPONENT_THREAT: the side to move must block)."""
    return [ref.initialiser_jeu(list(moves)) for _, _, _, moves in alignment_games(finish)]


def columns(counts: dict[int, int]) -> dict[str, Any]:
    """The game where column c holds counts[c] tokens, played column by column."""
    game: dict[str, Any] = ref.initialiser_jeu([c for c, k in sorted(counts.items()) for _ in range(k)])
    return game


@once_per_process
def column_games() -> list[dict[str, Any]]:
    """The empty game; each column full (its top token in row 0), each one below full;
    the first and last columns full together; the drawn full board and the positions
    1 to 6 moves before its end. Nobody has won in any."""
    out = [ref.init()]
    for c in range(ref.ncols):
        out += [columns({c: ref.nrows}), columns({c: ref.nrows - 1})]
    out += [
        columns({0: ref.nrows, ref.ncols - 1: ref.nrows}),
        columns({0: ref.nrows - 1, ref.ncols - 1: ref.nrows, 3: ref.nrows - 1}),
    ]
    out += nearly_full()
    return out


@once_per_process
def nearly_full(upto: int = 6) -> list[dict[str, Any]]:
    """The drawn full board, then the positions 1 .. upto moves before its end."""
    return [ref.initialiser_jeu(ref.PARTIE_NULLE[: len(ref.PARTIE_NULLE) - k]) for k in range(upto + 1)]


@once_per_process
def top_row_moves() -> list[tuple[dict[str, Any], int]]:
    """(game, col): col holds 5 tokens, the move lands in row 0; each column."""
    return [(columns({c: ref.nrows - 1}), c) for c in range(ref.ncols)] + [
        (nearly_full(1)[1], ref.PARTIE_NULLE[-1])
    ]


def structural_moves_text() -> str:
    """What `STRUCTURAL_MOVES` holds, generated afresh: one game a line."""
    return games_text(
        {
            finish: generate_wrapped() if finish == WRAPPED else generate_alignment_games(finish)
            for finish in (WIN, OWN_THREAT, OPPONENT_THREAT, WRAPPED)
        }
    )


def games_text(families: dict[str, list[tuple[int, int, tuple[Any, ...], tuple[Any, ...]]]]) -> str:
    """Stored games as JSON, by family, one game a line (readable diffs): (alignment's
    index in Lalignements, player, cell, moves)."""
    blocks = []
    for family, games_ in families.items():
        lines = ",\n".join(
            f"    {json.dumps([n, j, list(last), list(moves)])}" for n, j, last, moves in games_
        )
        blocks.append(f"  {json.dumps(family)}: [\n{lines}\n  ]")
    return "{\n" + ",\n".join(blocks) + "\n}\n"
