"""The worker-side `required_parameters` helper (grader/checking/worker_side.py).

It reads a plain `def`'s parameters from its code instead of importing inspect (~15 ms of
every worker's CPU); the oracle here is inspect.signature, as the helper used it before."""

from __future__ import annotations

import functools
import inspect
import subprocess
import sys
from typing import Any

import pytest

from grader.checking import worker_side
from grader.checking.view import module_source

PARAMETERS_HELPER = module_source(worker_side)
"""The module's source, as the engine sends it to the worker."""


def oracle(function: Any) -> list[str] | None:
    """The helper's answer before: inspect.signature's required positional parameters."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in parameters):
        return None
    return [p.name for p in parameters if p.default is p.empty]


def helper(student: dict[str, Any]) -> Any:
    space: dict[str, Any] = {"student": student}
    exec(PARAMETERS_HELPER, space)
    return space["required_parameters"]


def _shapes() -> dict[str, Any]:
    def plain(jeu, n):  # type: ignore[no-untyped-def]
        return n

    def with_defaults(jeu, n, alpha=-1, beta=1):  # type: ignore[no-untyped-def]
        return n

    def positional_only(jeu, n, /, alpha):  # type: ignore[no-untyped-def]
        return n

    def keyword_only(jeu, *, n):  # type: ignore[no-untyped-def]
        return n

    def keyword_only_default(jeu, *, n=1):  # type: ignore[no-untyped-def]
        return n

    def star_args(jeu, *rest):  # type: ignore[no-untyped-def]
        return rest

    def star_kwargs(jeu, **rest):  # type: ignore[no-untyped-def]
        return rest

    def with_locals(jeu, n):  # type: ignore[no-untyped-def]
        x, y = jeu, n
        return x, y

    @functools.wraps(plain)
    def wrapper(*args, **kwargs):  # type: ignore[no-untyped-def]
        return plain(*args, **kwargs)

    def signed(a, b):  # type: ignore[no-untyped-def]
        return a

    signed.__signature__ = inspect.signature(star_args)  # type: ignore[attr-defined]

    def with_attribute(jeu, alpha, beta):  # type: ignore[no-untyped-def]
        return jeu

    with_attribute.memo = {}  # type: ignore[attr-defined]

    def too_many_defaults(a, b):  # type: ignore[no-untyped-def]
        return a

    too_many_defaults.__defaults__ = (1, 2, 3)

    def recoded(a):  # type: ignore[no-untyped-def]
        return a

    recoded.__code__ = with_defaults.__code__.replace(co_name="recoded")

    def outer():  # type: ignore[no-untyped-def]
        k = 1

        def inner(jeu, n, alpha, beta):  # type: ignore[no-untyped-def]
            return k

        return inner

    class Callable:
        def __call__(self, jeu, n):  # type: ignore[no-untyped-def]
            return n

    class Game:
        def __init__(self, jeu, n=0):  # type: ignore[no-untyped-def]
            self.jeu = jeu

        def search(self, n, alpha, beta):  # type: ignore[no-untyped-def]
            return n

    return {
        "plain": plain,
        "with_defaults": with_defaults,
        "positional_only": positional_only,
        "keyword_only": keyword_only,
        "keyword_only_default": keyword_only_default,
        "star_args": star_args,
        "star_kwargs": star_kwargs,
        "with_locals": with_locals,
        "wrapper": wrapper,
        "cached": functools.lru_cache(maxsize=None)(with_defaults),
        "partial": functools.partial(with_defaults, 0),
        "signed": signed,
        "with_attribute": with_attribute,
        "too_many_defaults": too_many_defaults,
        "recoded": recoded,
        "closure": outer(),
        "lambda": lambda jeu, n=3: n,
        "callable_object": Callable(),
        "class": Game,
        "bound_method": Game(0).search,
        "builtin": len,
        "builtin_method": [].append,
        "not_callable": 42,
    }


SHAPES = _shapes()


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_same_answer_as_inspect(name: str) -> None:
    assert helper(SHAPES)(name) == oracle(SHAPES[name])


def test_a_missing_name_has_no_parameters() -> None:
    assert helper({})("maximin") is None


def test_a_plain_function_does_not_import_inspect() -> None:
    """The point of the helper: on the worker's path (python -S, nothing imported yet)."""
    program = (
        "import sys\n"
        f"space = {{'student': {{}}}}\nexec({PARAMETERS_HELPER!r}, space)\n"
        "exec('def maximin(jeu, n, alpha=0):\\n    return n', space['student'])\n"
        "print(space['required_parameters']('maximin'), 'inspect' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-S", "-c", program], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["['jeu',", "'n']", "False"]
