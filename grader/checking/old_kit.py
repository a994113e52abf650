"""The kit's sentences as 0.2 wrote them, still read for one version (CHANGELOG, 0.2.0).

The kit takes a sentence as one `Text(fr, en)` value. Until 0.2 it took it as two strings
(`fr=`/`en=` keywords, a `Check`'s two last positional arguments) or as a `(fr, en)`
tuple; a course's TD written so still grades the same, and each use raises a
`DeprecationWarning` that names the new form. These readers go in the version after.
"""

from __future__ import annotations

import warnings

from ..model.text import Text


def deprecated(where: str, old: str, new: str, depth: int) -> None:
    """Warn that `old` is deprecated for `new`, at the TD's line: `depth` is the number of
    the kit's calls between the TD and this function."""
    warnings.warn(
        f"{where}: {old} is deprecated (read until the version after 0.2): write {new}",
        DeprecationWarning,
        stacklevel=depth + 2,
    )


def from_pair(fr: str, en: str, where: str, new: str, depth: int = 1) -> Text | None:
    """The sentence given as `fr=`, `en=` (None when both are empty), said deprecated;
    `depth`: the kit's calls between the TD and this function."""
    if not fr and not en:
        return None
    deprecated(where, "fr=/en=", f"{new}=Text(fr, en)", depth + 1)
    return Text(fr, en)


def as_text(value: object, where: str, new: str, depth: int = 1) -> Text | None:
    """`value` as a sentence: a `Text` as it is, None for none; a `(fr, en)` tuple (the
    kit before 0.3) as its `Text`, said deprecated ("" and "": none)."""
    if value is None or isinstance(value, Text):
        return value or None
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(s, str) for s in value):
        deprecated(where, f"{new}=(fr, en)", f"{new}=Text(fr, en)", depth + 1)
        return Text(value[0], value[1]) if value[0] or value[1] else None
    raise TypeError(f"{where}: {new} is a Text(fr, en), not {value!r}")
