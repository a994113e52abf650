"""Grader code that runs INSIDE the student's worker: the parameters of a student function.

`StudentView.with_bounds` asks `"@required_parameters"` for the names of a function's
required positional parameters, to call a search that requires `alpha`, `beta`
parameters the sheet does not have with `-inf`, `+inf`. The engine sends this file's
source (`StudentView.define_worker_side`); it imports only the standard library (the
grader's packages are not importable there); `student` is the student's namespace, which
the worker provides. tests/checking/test_required_parameters.py checks it against
`inspect.signature`.
"""

student: dict  # the student's namespace, defined by the worker before this code runs
# ruff: noqa: F821  (`student` is bound by the worker, not here: an assignment would hide it)


def required_parameters(name):
    if name not in student:
        return None
    function = student[name]
    plain = _plain_required(function)
    if plain is not _NOT_PLAIN:
        return plain
    import inspect

    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in parameters):
        return None
    return [p.name for p in parameters if p.default is p.empty]


_NOT_PLAIN = object()


def _plain_required(function):
    """What inspect.signature gives for a plain `def` (no __wrapped__, no __signature__),
    read from its code: importing inspect in every worker costs more than this."""
    if type(function) is not type(_plain_required):
        return _NOT_PLAIN
    attributes = function.__dict__
    if type(attributes) is not dict or "__wrapped__" in attributes or "__signature__" in attributes:
        return _NOT_PLAIN
    code, defaults = function.__code__, function.__defaults__
    if code.co_kwonlyargcount or code.co_flags & 0x0C:  # keyword-only, *args, **kwargs
        return None
    names = code.co_varnames[: code.co_argcount]
    return list(names[: len(names) - len(defaults or ())])
