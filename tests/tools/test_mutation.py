"""The mutation harness (grader/mutation, docs/explanation/mutation.md): the mutator and the
differential tester on small modules, each exercise's inputs on its reference, and a
fixed sample of mutants graded end to end (slow)."""

from __future__ import annotations

import ast
import random

import pytest

from grader.checking.view import module_source
from grader.mutation import differential, harness
from grader.mutation.differential import Call, Outcome
from grader.mutation.inputs import shipped_spec, unordered
from grader.mutation.mutator import dependents, generate
from grader.registry import installed

REGISTRY = installed()
SPECS = {i: spec for i in REGISTRY if (spec := shipped_spec(REGISTRY.package(i))) is not None}
"""The inputs written for the TDs of this repository (`grader/mutation/specs/`)."""


def source_of(exercise_id: str) -> str:
    """The reference the TD's declaration names, as the mutation command reads it."""
    reference = REGISTRY[exercise_id].reference
    assert reference is not None
    return module_source(reference)


SMALL = '''
def autre(joueur):
    return 1 - joueur


def meilleur(valeurs, joueur):
    """docstring kept"""
    if not valeurs:
        return None
    return max(valeurs) if joueur == 0 else min(valeurs)


def libres(v):
    return [j for j in range(len(v)) if v[j] < 6]


def ignore(x):
    return x + 1
'''


def changes(mutants, target):
    return {m.change for m in mutants if m.target == target}


# -- mutator ----------------------------------------------------------------------------
def test_mutants_of_the_chosen_names_only_each_compiles_and_is_distinct():
    mutants = generate("t", SMALL, {"autre", "meilleur", "libres"})
    assert mutants and {m.target for m in mutants} == {"autre", "meilleur", "libres"}
    sources = [m.source for m in mutants]
    assert len(set(sources)) == len(sources)
    assert ast.unparse(ast.parse(SMALL)) not in sources
    for m in mutants:
        compile(m.source, "<m>", "exec")
        assert "docstring kept" in m.source  # docstrings are never removed


def test_the_operators_of_the_brief():
    mutants = generate("t", SMALL, {"autre", "meilleur", "libres"})
    assert "`1 - joueur` -> `joueur`" in changes(mutants, "autre")
    assert {"`-` -> `+` in `1 - joueur`", "`1` -> `2` in `1 - joueur`"} <= changes(mutants, "autre")
    meilleur = changes(mutants, "meilleur")
    assert any(c.startswith("`max` -> `min`") for c in meilleur)
    assert "swap the branches of `max(valeurs) if joueur == 0 else min(valeurs)`" in meilleur
    assert "remove `if not valeurs:`" in meilleur  # a dropped base case
    assert "negate `not valeurs`" in meilleur
    libres = changes(mutants, "libres")
    assert "`<` -> `<=` in `v[j] < 6`" in libres
    assert "`len(v)` -> `len(v) - 1` in `range(len(v))`" in libres
    assert "drop the filter `if v[j] < 6`" in libres
    assert "`6` -> `7` in `v[j] < 6`" in libres


def test_mutants_are_the_same_for_every_run():
    assert [m.id for m in generate("t", SMALL, {"meilleur"})] == [
        m.id for m in generate("t", SMALL, {"meilleur"})
    ]


# -- differential tester ----------------------------------------------------------------
COPY = '''
def copie(jeu):
    return {'h': list(jeu['h'])}


def boucle(n):
    while n >= 0:
        n = n
    return n
'''


def outcomes(source, calls, reference=COPY):
    return differential.run_calls(source, reference, calls, None, stop_at_first=False)


def test_sharing_and_changed_arguments_are_behaviour():
    calls = [Call("copie", ({'h': [1, 2]},))]
    expected = outcomes(COPY, calls)
    aliasing = outcomes(COPY.replace("list(jeu['h'])", "jeu['h']"), calls)
    assert expected[0].value == aliasing[0].value and expected[0].shared != aliasing[0].shared
    verdict = differential.judge(None, calls, expected, aliasing, {})
    assert verdict.changed == {"copie"}


def test_a_looping_mutant_is_stopped_and_differs(monkeypatch):
    monkeypatch.setattr(differential, "CALL_SECONDS", 0.3)
    calls = [Call("boucle", (-1,)), Call("boucle", (2,))]
    got = differential.run_isolated(COPY, COPY, calls, None, seconds=20)
    assert got[0] == Outcome("value", -1, (-1,), None, (), None)
    assert got[1].kind == "timeout"


def test_an_import_error_makes_every_call_differ():
    calls = [Call("copie", ({'h': []},))]
    got = differential.run_isolated("raise ValueError('x')\n" + COPY, COPY, calls, None)
    assert got[0].kind == "import_error"
    assert differential.judge(None, calls, outcomes(COPY, calls), got, {}).changed == {"copie"}


def test_an_accepted_answer_is_an_alternative_not_a_change():
    call = Call("cells", ())
    ref = Outcome("value", [(0, 1), (1, 1)], (), None, (), None)
    assert unordered(None, call, ref, Outcome("value", [(1, 1), (0, 1)], (), None, (), None)) == "alternative"
    assert unordered(None, call, ref, Outcome("value", [(1, 1)], (), None, (), None)) == "differs"
    assert (
        differential.strict(None, call, ref, Outcome("value", [[0, 1], (1, 1)], (), None, (), None))
        == "differs"
    )


def test_dependents_follow_calls_transitively():
    users = dependents(SMALL + "\ndef appelle(j):\n    return autre(j)\n\nX = appelle(0)\n")
    assert users["autre"] == {"autre", "appelle", "X"}
    assert users["ignore"] == {"ignore"}


def test_every_td_of_this_repository_has_mutation_inputs():
    """Found through the registry: a TD without inputs would not be measured."""
    ours = {exercise_id for exercise_id in REGISTRY if REGISTRY.package(exercise_id).startswith("exercises.")}
    assert ours and ours <= set(SPECS)


@pytest.mark.parametrize("exercise", sorted(SPECS))
def test_the_reference_does_not_differ_from_itself(exercise):
    spec, source = SPECS[exercise], source_of(exercise)
    reference = differential.load(source, "reference_copy")
    calls = spec.build_calls(reference, random.Random(f"{exercise}:0"))
    expected = differential.run_calls(source, source, calls, None, stop_at_first=False)
    assert len(calls) > 100 and not any(o.kind in ("timeout", "import_error") for o in expected)
    assert {c.func for c in calls} >= set(spec.questions)  # every graded name is observed
    verdict = differential.judge(reference, calls, expected, expected, spec.comparators)
    assert not verdict.changed and not verdict.alternative


# -- a fixed sample of mutants, graded end to end ------------------------------------------
SAMPLE = {  # (target, change): each behaviour-changing and killed on its question
    "puissance4": [
        ("jouer_colonne", "`<` -> `<=` in `jeu['hauteurs'][col] < nrows`"),
        ("heuristique", "drop the filter `if c != 0`"),
        ("gagnant", "`0` -> `1`"),
    ],
    "domineering": [("statistiques", "remove `return victoires`"), ("grille_vide", "`1` -> `0` in `-1`")],
    "domineering-minmax": [
        ("h", "`0` -> `1` in `n1 == 0`"),
        ("jouer", "remove `w[i][j] = w[i + di][j + dj] = joueur`"),
    ],
    "morpion": [("set_move", "remove `return True`"), ("evaluate", "negate `wins(state, HUMAN)`")],
    "chocolat": [("minimax_rec", "remove `return dic[m, n, p]`"), ("adversaire", "`3 - p` -> `p`")],
}


@pytest.mark.slow
@pytest.mark.parametrize("exercise", sorted(SAMPLE))
def test_sampled_mutants_change_behaviour_and_lose_points(exercise):
    spec, source = SPECS[exercise], source_of(exercise)
    mutants = {(m.target, m.change): m for m in generate(spec.id, source, spec.mutated_names)}
    harness._prepare(spec, source, harness.DEFAULT_SEED)
    for key in SAMPLE[exercise]:
        result = harness.evaluate(mutants[key])
        assert result.status == "killed", (key, result.status, result.scores)
        assert result.questions and result.lost_points


@pytest.mark.slow
def test_an_accepted_answer_keeps_its_points():
    """chocolat: in a losing state any move will do; returning the second move instead
    of the first is an alternative, and the grader gives it full marks."""
    spec, source = SPECS["chocolat"], source_of("chocolat")
    mutant = next(
        m
        for m in generate(spec.id, source, spec.mutated_names)
        if m.change == "`0` -> `1` in `coups(m, n)[0]`"
    )
    harness._prepare(spec, source, harness.DEFAULT_SEED)
    result = harness.evaluate(mutant)
    assert result.status == "alternative" and not result.lost_points
