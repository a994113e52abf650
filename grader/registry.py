"""The TDs the grader knows: the registry, found through an entry-point group.

A package registers its TDs in the group `minimax_grader.exercises` of its
`pyproject.toml`, as pytest finds its plugins in `pytest11`. A course's own TD is one
line, its id and where its `Exercise` is:

    [project.entry-points."minimax_grader.exercises"]
    nim = "nim_td:EXERCISE"

An entry names one TD (an `Exercise`, or its `Signature`, which says where the
`Exercise` is) or a table of TDs in detection order: id -> where each one's `Exercise`
or `Signature` is (`module:attribute`). The grader registers its own five that way
(`exercises:BUILT_IN`), and they come first. A `Signature` lets detection weigh a TD
without importing it: a TD is imported when it is first graded.

The engine imports no TD itself: the command line, `grader.app.api.grade` and `verifier()`
take a registry, `installed()` by default.
"""

from __future__ import annotations

import functools
import importlib
import logging
import os
import re
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .reading.recognise import Signature

if TYPE_CHECKING:
    from .checking.declare import Exercise
    from .reading.recognise import Signed

log = logging.getLogger(__name__)

GROUP = "minimax_grader.exercises"
"""The entry-point group a package registers its TDs in."""
OWN_DISTRIBUTION = "minimax_grader"
"""The grader's own distribution (normalized name): its TDs come first."""


@dataclass(frozen=True)
class Unavailable:
    """A TD registered by an installed package that could not be loaded."""

    id: str
    """The TD's id, as its entry point names it."""
    package: str
    """The module that failed to import (`module` of `module:attribute`)."""
    cause: str
    """What the import raised, e.g. `ModuleNotFoundError: No module named 'numpyy'`."""


class ExerciseUnavailable(LookupError):
    """The TD's `Exercise` cannot be loaded (its `Signature` could): its copies are not
    graded, and say why."""

    def __init__(self, unavailable: Unavailable):
        super().__init__(f"the TD {unavailable.id} could not be loaded: {unavailable.cause}")
        self.unavailable = unavailable


def _cause(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


class Installed(Mapping[str, "Exercise[Any]"]):
    """TDs by id, in detection order (a tie goes to the first), each imported when it
    is first graded; detection reads their signatures (`signatures`). The TDs that could
    not be loaded are kept apart (`unavailable`): never graded, always said."""

    def __init__(
        self, places: Mapping[str, str | Signed], unavailable: Mapping[str, Unavailable] | None = None
    ):
        """`places`: id -> the TD's `Exercise` or `Signature`, or where it is
        (`module:attribute`, imported when first needed); `unavailable`: the TDs whose
        entry could not be loaded, by id."""
        self._places = dict(places)
        self._signatures: dict[str, Signed] = {}
        self._loaded: dict[str, Exercise[Any]] = {}
        self.unavailable: dict[str, Unavailable] = dict(unavailable or {})
        """The TDs that could not be loaded, by id: at discovery, or (a TD registered by
        its `Signature`) when its `Exercise` was first imported."""

    def __getitem__(self, exercise_id: str) -> Exercise[Any]:
        if exercise_id in self.unavailable:
            raise ExerciseUnavailable(self.unavailable[exercise_id])
        if exercise_id not in self._loaded:
            found = self.signature(exercise_id)  # KeyError for an unknown id, as a dict
            exercise = self._exercise_of(exercise_id, found) if isinstance(found, Signature) else found
            if getattr(exercise, "id", None) != exercise_id or isinstance(exercise, Signature):
                raise TypeError(
                    f"{self._places[exercise_id]!r} does not lead to the Exercise {exercise_id!r}"
                )
            self._loaded[exercise_id] = exercise  # type: ignore[assignment]  # an Exercise: checked above
            _warn_value_names(exercise)
        return self._loaded[exercise_id]

    def _exercise_of(self, exercise_id: str, signature: Signature) -> Any:
        """The `Exercise` a signature names; a TD whose import fails is unavailable from
        then on (`ExerciseUnavailable`), as if its entry had failed."""
        try:
            return _load(signature.exercise)
        except Exception as exc:  # a broken course package must not stop the others
            package = signature.exercise.partition(":")[0].strip()
            self.unavailable[exercise_id] = Unavailable(exercise_id, package, _cause(exc))
            log.info("the TD %s (%s) could not be loaded: %s", exercise_id, signature.exercise, exc)
            raise ExerciseUnavailable(self.unavailable[exercise_id]) from exc

    def __iter__(self) -> Iterator[str]:
        return iter(self._places)

    def __len__(self) -> int:
        return len(self._places)

    def __contains__(self, exercise_id: object) -> bool:
        return exercise_id in self._places

    def signature(self, exercise_id: str) -> Signed:
        """What detection weighs of one TD: its `Signature` (no TD imported), else the
        `Exercise` itself."""
        if exercise_id not in self._signatures:
            place = self._places[exercise_id]
            found = _load(place) if isinstance(place, str) else place
            if getattr(found, "id", None) != exercise_id:
                raise TypeError(f"{place!r} is not a TD of id {exercise_id!r}")
            self._signatures[exercise_id] = found
        return self._signatures[exercise_id]

    def signatures(self) -> list[Signed]:
        """Each TD's signature, in detection order."""
        return [self.signature(exercise_id) for exercise_id in self._places]

    def package(self, exercise_id: str) -> str:
        """The module holding the TD's `Exercise` (its package: the TD's shipped data
        lies beside it); "" for a TD given as an object."""
        found, place = self.signature(exercise_id), self._places[exercise_id]
        if isinstance(found, Signature):
            return found.exercise.partition(":")[0]
        return place.partition(":")[0] if isinstance(place, str) else ""


def _warn_value_names(exercise: Any) -> None:
    """A deprecation, for one version: signature names that are not functions of the
    TD's reference (a constant, a table) no longer count in detection, which reads only
    the functions a file defines at top level; the TD's author is told what to change."""
    reference = getattr(exercise, "reference", None)
    if reference is None:
        return
    values = sorted(
        name
        for name in getattr(exercise, "signature", ())
        if hasattr(reference, name) and not callable(getattr(reference, name))
    )
    if values:
        log.warning(
            "the TD %s: its signature names %s, which its reference defines as values, not functions: "
            "detection now counts only the functions a file defines at top level, so they are "
            "ignored; remove them from its signature (Exercise.signature or Signature.signature)",
            exercise.id,
            ", ".join(values),
        )


def unavailable_of(registry: Mapping[str, Any]) -> Mapping[str, Unavailable]:
    """The TDs of `registry` that could not be loaded, by id (none for a plain mapping)."""
    found: Mapping[str, Unavailable] = getattr(registry, "unavailable", {})
    return found


def load_all(registry: Mapping[str, Any]) -> None:
    """Import every TD of `registry` now (a batch's processes then share them); one that
    cannot be loaded is left to say so when a copy of it is graded."""
    for exercise_id in registry:
        try:
            registry[exercise_id]
        except ExerciseUnavailable:
            continue


def _load(place: str) -> Any:
    """The object `module:attribute` names (attributes may be dotted)."""
    module, _, attributes = place.partition(":")
    found: Any = importlib.import_module(module.strip())
    for name in filter(None, attributes.strip().split(".")):
        found = getattr(found, name)
    return found


def discover(group: str = GROUP) -> Installed:
    """The TDs registered in `group` by the installed distributions: the grader's own
    first, then the others' in `sys.path` order. An entry that fails to load is kept as
    unavailable (`Installed.unavailable`); one whose id another entry took first is
    logged and left out."""
    places: dict[str, str | Signed] = {}
    unavailable: dict[str, Unavailable] = {}
    entries = entry_points(group)
    entries.sort(key=lambda entry: entry[0] != OWN_DISTRIBUTION)  # stable: the rest keep their order
    for distribution, name, value in entries:
        try:
            found = _load(value)
        except Exception as exc:  # a broken course package must not stop the others
            # Said in the teacher's language by whoever reads the registry (the command
            # line, each copy's report): the log keeps the technical line for -v.
            log.info("the TDs of %s (%s = %s) could not be loaded: %s", distribution, name, value, exc)
            unavailable.setdefault(name, Unavailable(name, value.partition(":")[0].strip(), _cause(exc)))
            continue
        table = found if isinstance(found, Mapping) else {getattr(found, "id", name): value}
        for exercise_id, place in table.items():
            if exercise_id in places:
                log.warning(
                    "%s: %s registers the TD %r again: the first one is kept", distribution, name, exercise_id
                )
                continue
            places[exercise_id] = place
    return Installed(places, {i: u for i, u in unavailable.items() if i not in places})


@functools.lru_cache(maxsize=1)
def installed() -> Installed:
    """The installed TDs (`discover`), found once per process: the default registry of
    the command line, `grader.app.api.grade` and `verifier()`."""
    return discover()


def entry_points(group: str) -> list[tuple[str, str, str]]:
    """(distribution, name, value) of each entry point of `group`, as importlib.metadata
    finds them: the distributions in `sys.path` order, one of each name, each one's
    entries in its file's order. Read from the `entry_points.txt` files directly
    (importing importlib.metadata would cost more than the whole search); importlib.metadata
    is asked when the path holds an archive or an egg, whose reading it knows."""
    found: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for entry in sys.path:
        folder = entry or "."
        if os.path.isfile(folder):
            return _metadata_entry_points(group)
        try:
            children = sorted(os.listdir(folder))
        except OSError:
            continue
        for child in children:
            if child.endswith(".egg"):
                return _metadata_entry_points(group)
            if not child.endswith((".dist-info", ".egg-info")):
                continue
            distribution = _normalized(child.rsplit(".", 1)[0].partition("-")[0])
            if distribution in seen:
                continue
            seen.add(distribution)
            try:
                with open(os.path.join(folder, child, "entry_points.txt"), encoding="utf-8") as stream:
                    text = stream.read()
            except OSError:
                continue
            found += [(distribution, name, value) for name, value in _section(text, group)]
    return found


def _section(text: str, group: str) -> list[tuple[str, str]]:
    """The `name = value` lines of `[group]` in an entry_points.txt."""
    items, inside = [], False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == group
        elif inside and "=" in line:
            name, _, value = line.partition("=")
            items.append((name.strip(), value.strip()))
    return items


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _metadata_entry_points(group: str) -> list[tuple[str, str, str]]:
    import importlib.metadata

    return [
        (_normalized(entry.dist.name) if entry.dist else "", entry.name, entry.value)
        for entry in importlib.metadata.entry_points(group=group)
    ]
