"""Q17's pruning rule (exercises/puissance4/pruning.py): the annexes' alpha-beta replayed
in the order a search tried the columns is a bound every right alpha-beta meets and every
faulty one exceeds on the probes; the order is read from what the search did; and the
bound rule of the `bounds` check, against hand-worked windows."""

from __future__ import annotations

import functools
import inspect
import itertools
from pathlib import Path

import pytest
from fake_session import FakeSession

from exercises.puissance4 import worker_side
from exercises.puissance4.alpha_beta_checks import TRACED, bounds_allowed
from exercises.puissance4.positions import key
from exercises.puissance4.pruning import (
    CUTS,
    ENTRY,
    EVALUATION,
    PLAY,
    PROBES,
    ObservedOrder,
    annexes_bound,
    annexes_evaluations,
    decode,
    read_search,
    traced_events,
)
from grader.model.results import CheckStatus
from grader.sandbox.worker.wire import Ref
from reference import puissance4 as ref
from tests.exercises.test_checks_in_process import grade_source

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "puissance4"
INF = float("inf")


def reference_counts(jeu, n):
    """heuristique calls of reference/puissance4.py's alpha-beta, (-inf, +inf)."""
    search = ref.maximin_alpha_beta if ref.prochain_joueur(jeu) == 1 else ref.minimax_alpha_beta
    return ref.compte_evaluations(search, jeu, -INF, INF, n)[1]


# -- Orders, and faulty variants of the annexes' algorithm written apart from the model --
class Fixed:
    """The same order of the 7 columns at every node."""

    def __init__(self, order):
        self.order = order

    def columns(self, path, k, playable):
        playable = list(playable)
        return [c for c in self.order if c in playable]


class Dynamic:
    """An order computed from the node: `rule(game, path)` sorts the 7 columns."""

    def __init__(self, rule):
        self.rule = rule

    def columns(self, path, k, playable):
        playable = list(playable)
        jeu = {"nbcoups": k[0], "hauteurs": list(k[1]), "plateau": [list(r) for r in k[2]]}
        return [c for c in self.rule(jeu, path) if c in playable]


def _evaluated_children(jeu, path):
    player = ref.prochain_joueur(jeu)

    def value(col):
        child = ref.copie(jeu)
        if ref.teste_gagnante(child, player, ref.jouer_colonne(child, player, col)):
            return -INF
        return -ref.heuristique(child) if player == 1 else ref.heuristique(child)

    return sorted(ref.colonnes_jouables(jeu), key=value)


ORDERS_FROM_NODE = {
    "centre first (height, then distance)": lambda jeu, path: sorted(
        range(7), key=lambda c: (jeu["hauteurs"][c], abs(c - 3))
    ),
    "rotated at each level": lambda jeu, path: [(c + len(path)) % 7 for c in range(7)],
    "the last column played first": lambda jeu, path: sorted(
        range(7), key=lambda c: abs(c - (path[-1] if path else 3))
    ),
    "reversed at odd levels": lambda jeu, path: list(range(7))[:: -1 if len(path) % 2 else 1],
    "best child by heuristique first": _evaluated_children,
}

VARIANTS = (
    "no cut",
    "max never cuts",
    "min never cuts",
    "alpha never raised",
    "beta never lowered",
    "window kept",
)


@functools.cache
def _position_facts(k):
    """(player to move, heuristique, {column: child's key, None when it wins at once})."""
    jeu = {"nbcoups": k[0], "hauteurs": list(k[1]), "plateau": [list(r) for r in k[2]]}
    player, children = ref.prochain_joueur(jeu), {}
    for col in ref.colonnes_jouables(jeu):
        child = ref.copie(jeu)
        won = ref.teste_gagnante(child, player, ref.jouer_colonne(child, player, col))
        children[col] = None if won else key(child)
    return player, ref.heuristique(jeu), children


def variant_count(jeu, n, order, variant):
    """heuristique calls of the annexes' alpha-beta with one fault (or none: variant None)."""
    count = 0

    def search(k, path, alpha, beta, n):
        nonlocal count
        player, value, children = _position_facts(k)
        if n == 0 or not children:
            count += 1
            return value
        best = -INF if player == 1 else INF
        for col in order.columns(path, k, children):
            child = children[col]
            if child is None:
                return INF if player == 1 else -INF
            value = search(child, (*path, col), alpha, beta, n - 1)
            if player == 1:
                best = max(best, value)
                if best >= beta and variant not in ("no cut", "max never cuts"):
                    break
                if variant not in ("alpha never raised", "window kept"):
                    alpha = max(alpha, best)
            else:
                best = min(best, value)
                if best <= alpha and variant not in ("no cut", "min never cuts"):
                    break
                if variant not in ("beta never lowered", "window kept"):
                    beta = min(beta, best)
        return best

    search(key(jeu), (), -INF, INF, n)
    return count


def test_the_replay_in_the_sheets_order_is_the_reference_alpha_beta():
    for probe in PROBES:
        jeu = probe.game()
        sheet = ObservedOrder()  # nothing read: every node in ascending order
        assert annexes_evaluations(key(jeu), probe.depth, sheet) == reference_counts(jeu, probe.depth)


def test_the_probes_are_legal_unwon_and_put_each_player_at_the_root_twice():
    players = []
    for probe in PROBES:
        jeu = probe.game()
        assert ref.gagnant(jeu) == 0
        assert len(ref.colonnes_jouables(jeu)) == 4
        players.append(ref.prochain_joueur(jeu))
    assert sorted(players) == [1, 1, 2, 2]


def test_the_bound_is_the_largest_count_of_the_four_cut_rules():
    jeu, probe = PROBES[0].game(), PROBES[0]
    counts = [annexes_evaluations(key(jeu), probe.depth, ObservedOrder(), cut) for cut in CUTS]
    assert annexes_bound(jeu, probe.depth, ObservedOrder()) == max(counts)
    assert counts[0] == min(counts) < max(counts)  # a strict cut prunes less here


def _exceeding(order):
    """The faulty variants that evaluate more than the bound on at least one probe."""
    caught = set()
    for probe in PROBES:
        jeu = probe.game()
        bound = annexes_bound(jeu, probe.depth, order)
        assert variant_count(jeu, probe.depth, order, None) <= bound
        caught |= {v for v in VARIANTS if variant_count(jeu, probe.depth, order, v) > bound}
    return caught


def test_every_faulty_variant_exceeds_the_bound_for_every_fixed_order():
    # The bound follows the order, so a faulty search must show whatever its order: each
    # probe's tree depends only on the order of its 4 playable columns (24 each).
    tables = []
    for probe in PROBES:
        jeu = probe.game()
        playable = ref.colonnes_jouables(jeu)
        table = {}
        for local in itertools.permutations(playable):
            order = Fixed(local)
            bound = annexes_bound(jeu, probe.depth, order)
            table[local] = {v for v in VARIANTS if variant_count(jeu, probe.depth, order, v) > bound}
        tables.append((playable, table))
    for order in itertools.permutations(range(7)):
        caught = [table[tuple(c for c in order if c in playable)] for playable, table in tables]
        for variant in VARIANTS:
            assert sum(variant in probe for probe in caught) >= 2, (order, variant)


@pytest.mark.parametrize("rule", list(ORDERS_FROM_NODE), ids=str)
def test_every_faulty_variant_exceeds_the_bound_for_orders_that_change_from_node_to_node(rule):
    assert _exceeding(Dynamic(ORDERS_FROM_NODE[rule])) == set(VARIANTS)


# -- Reading what a search did ------------------------------------------------------------
def _traced(source, probe):
    session = FakeSession(source, "copie")
    session.define_helpers(inspect.getsource(worker_side))
    jeu = probe.game()
    func = "maximin_alpha_beta" if ref.prochain_joueur(jeu) == 1 else "minimax_alpha_beta"
    args = (Ref(func), list(TRACED), TRACED.index("jouer_colonne"), jeu, -INF, INF, probe.depth)
    result = session.call("@traced", *args).value
    assert not result["tampered"] and not result["full"]
    return read_search(key(jeu), probe.depth, traced_events(result["events"], result["texts"], TRACED))


@pytest.mark.parametrize(
    ("name", "exact"),
    [
        ("correct_module.py", True),
        ("correct_coupure_stricte.py", False),  # a strict cut: the bound is the strict rule's
        ("correct_fail_hard.py", True),
        ("correct_alphabeta_centre.py", True),
        ("correct_alphabeta_ordre_variable.py", True),
        ("correct_alphabeta_approfondissement.py", True),
        ("correct_alphabeta_gain_immediat.py", True),  # the winning column read first
        ("correct_alphabeta_memo.py", False),  # fewer: values taken from its table
    ],
)
def test_a_right_alpha_beta_evaluates_at_most_the_bound_read_from_its_own_order(name, exact):
    source = (FIXTURES / name).read_text("utf-8")
    for probe in PROBES:
        observed = _traced(source, probe)
        jeu = probe.game()
        assert 0 < observed.evaluations <= annexes_bound(jeu, probe.depth, observed.order)
        if exact:  # the order read is the search's own: the annexes' count exactly
            assert observed.evaluations == annexes_evaluations(key(jeu), probe.depth, observed.order)
        assert observed.visits == observed.evaluations


@pytest.mark.parametrize(
    "name",
    [
        "bug_alphabeta_alpha_fixe.py",
        "bug_alphabeta_max_sans_coupure.py",
        "bug_alphabeta_fenetre_fixe.py",
        "bug_alphabeta_centre_alpha_fixe.py",
        "triche_elagage_alias.py",
    ],
)
def test_an_alpha_beta_that_prunes_less_exceeds_the_bound_read_from_its_own_order(name):
    source = (FIXTURES / name).read_text("utf-8")
    over = [
        observed.evaluations - annexes_bound(probe.game(), probe.depth, observed.order)
        for probe in PROBES
        for observed in [_traced(source, probe)]
    ]
    assert max(over) > 0, over


def test_the_centre_first_order_is_read_node_by_node():
    source = (FIXTURES / "correct_alphabeta_centre.py").read_text("utf-8")
    probe = PROBES[0]
    observed = _traced(source, probe)
    centre = Dynamic(ORDERS_FROM_NODE["centre first (height, then distance)"])
    assert len(observed.order.by_path) > 10
    for path, cols in observed.order.by_path.items():
        jeu = probe.game()
        for col in path:
            ref.jouer_colonne(jeu, ref.prochain_joueur(jeu), col)
        expected = centre.columns(path, key(jeu), ref.colonnes_jouables(jeu))
        assert list(cols) == expected[: len(cols)], path


def test_a_counted_function_that_is_not_a_plain_def_is_followed_by_a_profile_function():
    # heuristique wrapped in a closure: its code cannot be swapped, a Python profile
    # function records the calls instead, with their arguments.
    source = (FIXTURES / "correct_module.py").read_text("utf-8") + (
        "\n\ndef compte(f):\n"
        "    def g(jeu):\n"
        "        return f(jeu)\n"
        "    return g\n\n\n"
        "heuristique = compte(heuristique)\n"
    )
    for probe in PROBES[:2]:
        observed = _traced(source, probe)
        assert observed.evaluations == reference_counts(probe.game(), probe.depth)


def _position(moves):
    return key(ref.initialiser_jeu(moves))


def test_a_child_entered_again_starts_a_new_pass_at_its_parent():
    # Iterative deepening at the root: children 0, 1 at horizon 1, then 1, 0 at horizon 2
    # (the root entered again in between, as copie(jeu) does before each child).
    root = _position([3, 3])
    a, b = _position([3, 3, 0]), _position([3, 3, 1])
    events = [(ENTRY, root, None), (ENTRY, a, None), (ENTRY, root, None), (ENTRY, b, None)]
    events += [(ENTRY, root, None), (ENTRY, b, None)]
    events += [
        (ENTRY, _position([3, 3, 1, 0]), None),
        (ENTRY, a, None),
        (EVALUATION, _position([3, 3, 0, 0]), None),
    ]
    observed = read_search(root, 2, events)
    assert observed.order.by_path[()] == (1, 0)
    assert observed.evaluations == 1


def test_a_move_that_wins_at_once_is_read_from_jouer_colonne():
    # No child entered at the node: only the column played, which won, says where the search went.
    root = _position([3, 3])
    events = [(ENTRY, root, None), (PLAY, root, 2), (PLAY, root, 5)]
    assert read_search(root, 2, events).order.by_path[()] == (5,)
    # after children entered, the last column played ends the node
    a = _position([3, 3, 0])
    events = [(PLAY, root, 0), (ENTRY, a, None), (PLAY, root, 4)]
    assert read_search(root, 2, events).order.by_path[()] == (0, 4)


def test_positions_that_do_not_follow_the_root_are_ignored():
    root = _position([3, 3])
    elsewhere = _position([2, 2, 0])
    assert decode("3" * 42) is None and decode("1" + "0" * 41) is None  # a token in the air
    observed = read_search(root, 1, [(EVALUATION, elsewhere, None), (EVALUATION, _position([3, 3, 6]), None)])
    assert observed.evaluations == 1


@pytest.mark.parametrize(
    ("value", "window", "allowed"),
    [
        (5, (-3, 10), (5, 5)),  # inside: the value itself
        (-4, (0, 3), (-4, 0)),  # below: fail-soft -4 up to fail-hard 0
        (0, (0, 3), (0, 0)),  # on alpha: only alpha, which is the value
        (14, (-10, 13), (13, 14)),  # above: fail-hard 13 up to fail-soft 14
        (INF, (-10, 13), (13, INF)),  # a won position: any bound from beta up
        (-INF, (-INF, 3), (-INF, -INF)),
    ],
)
def test_the_bounds_a_right_alpha_beta_may_return(value, window, allowed):
    assert bounds_allowed(value, *window) == allowed


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("        if hmax >= beta:\n", "        if hmax > beta:\n"),
        ("        if hmin <= alpha:\n", "        if hmin < alpha:\n"),
    ],
    ids=["maximin", "minimax"],
)
def test_a_strict_cut_in_one_function_only_keeps_every_q17_point(old, new):
    # The two `>=` -> `>` mutants of the first mutation run, as a student writes them.
    source = (FIXTURES / "correct_module.py").read_text("utf-8")
    assert source.count(old) == 1
    (result,) = grade_source("puissance4", source.replace(old, new), only="Q17").values()
    assert {c.name: c.status for c in result.checks} == dict.fromkeys(
        ("sheet_pairs", "random_root", "bounds", "prunes"), CheckStatus.PASSED
    )


class Counting(FakeSession):
    """A FakeSession counting the probes searched for the pruning check (`@traced`)."""

    traced = 0

    def call(self, func, *args, **kwargs):
        self.traced += func == "@traced"
        return super().call(func, *args, **kwargs)


def _graded(name: str, *questions: str) -> tuple[dict[str, CheckStatus], int]:
    """The statuses of Q17's checks for fixture `name`, graded with `questions` before it,
    and the number of probes searched."""
    from dataclasses import replace

    from grader.checking.grading import grade_exercise
    from grader.checking.view import StudentView
    from grader.registry import installed

    exercise = installed()["puissance4"]
    kept = tuple(q for q in exercise.questions if q.id in (*questions, "Q17"))
    session = Counting((FIXTURES / name).read_text("utf-8"), "copie")
    view = StudentView(session, session.names(), None)  # type: ignore[arg-type]
    results = grade_exercise(replace(exercise, questions=kept), view).questions
    return {c.name: c.status for c in results[-1].checks}, session.traced


def test_a_search_on_a_wrong_helper_is_judged_on_jeu1_only():
    # colonnes_jouables (Q5) takes a column 5 high for full: the search explores another
    # tree than the annexes', and its values are already wrong (random_root); the probes'
    # bound is the reference tree's, so they are not searched (no double penalty).
    checks, probes = _graded("bug_colonnes_cinq_jetons.py", "Q5")
    assert checks["random_root"] is CheckStatus.FAILED
    assert checks["prunes"] is CheckStatus.PASSED and probes == 0
    checks, probes = _graded("bug_colonnes_cinq_jetons.py")
    assert probes == len(PROBES)


def test_a_one_sided_alpha_beta_on_right_helpers_still_fails_prunes():
    checks, probes = _graded("bug_alphabeta_max_sans_coupure.py", "Q5", "Q14")
    assert checks["prunes"] is CheckStatus.FAILED and probes > 0


# -- the replay's own view of a position, against the reference's functions --------------
def _reference_node(k):
    """What `_node` gives, computed with the reference's own functions, as before the
    replay read positions as bits."""
    from exercises.puissance4.positions import from_key

    jeu = from_key(k)
    player = ref.prochain_joueur(jeu)
    children = {}
    for col in ref.colonnes_jouables(jeu):
        child = ref.copie(jeu)
        won = ref.teste_gagnante(child, player, ref.jouer_colonne(child, player, col))
        children[col] = None if won else key(child)
    return player, ref.heuristique(jeu), children


def _positions():
    """Positions of every kind the replay and `read_search` meet: random games stopped
    before, at and past a win (both players' alignments then), full boards, and every
    position below the probes down to depth 2."""
    import random

    from exercises.puissance4.positions import AT_WIN, BEFORE_WIN, IGNORE_WINS, random_game

    rng = random.Random(2911)
    for wins in (BEFORE_WIN, AT_WIN, IGNORE_WINS):
        for _ in range(400):
            yield key(random_game(rng, 0, 42, wins))
    for probe in PROBES:
        level = [key(probe.game())]
        for _ in range(3):
            yield from level
            level = [c for k in level for c in _reference_node(k)[2].values() if c is not None]


def test_the_replay_reads_each_position_as_the_reference_does():
    from exercises.puissance4 import pruning

    seen = {1: 0, 2: 0, "full": 0}
    for k in _positions():
        jeu_won = ref.gagnant({"nbcoups": k[0], "hauteurs": list(k[1]), "plateau": [list(r) for r in k[2]]})
        full = not ref.colonnes_jouables({"nbcoups": k[0], "hauteurs": list(k[1]), "plateau": []})
        assert pruning._node.__wrapped__(k) == _reference_node(k), k
        assert pruning._horizon_kind.__wrapped__(k) == (full, jeu_won != 0), k
        if jeu_won:
            seen[jeu_won] += 1
        seen["full"] += full
    assert seen[1] and seen[2] and seen["full"]  # won by each player, full boards: met


def test_a_position_follows_another_when_it_holds_every_token_of_it_and_more():
    from exercises.puissance4.pruning import _below

    a = key(ref.jeu1())
    after = ref.jeu1()
    ref.jouer_colonne(after, ref.prochain_joueur(after), 0)
    other = ref.jeu1()
    other["plateau"][5][6], other["nbcoups"] = 2, other["nbcoups"] + 1  # a token of neither
    changed = ref.jeu1()
    changed["plateau"][5][0] = 1  # a token of 2 turned into 1
    changed["nbcoups"] += 1
    assert _below(a, key(after)) and not _below(key(after), a) and not _below(a, a)
    assert _below(a, key(other)) and not _below(a, key(changed))
