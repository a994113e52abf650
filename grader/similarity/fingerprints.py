"""The fingerprints of a unit: hashes of its runs of K tokens, winnowed.

Winnowing (Schleimer, Wilkerson and Aiken, 2003: what MOSS does) keeps the smallest hash
of every window of WINDOW consecutive k-grams: any run of K + WINDOW - 1 tokens two units
share yields at least one common fingerprint, and a unit keeps about 2 / (WINDOW + 1) of
its k-grams. The selection is copydetect's (`copydetect.utils.winnow`, the `similarity`
extra). The k-grams are hashed here with BLAKE2b rather than with copydetect's
`hash()`, which Python seeds afresh in every process: the same class must give the
same fingerprints, hence the same scores, from one run to the next.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

K = 10
"""Tokens of a k-gram: shorter shared runs are noise (about one statement)."""
WINDOW = 4
"""Winnowing window, in k-grams: runs of K + WINDOW - 1 = 13 tokens are always seen."""
SEPARATOR = "\x1f"


@dataclass(frozen=True)
class Prints:
    """A unit's fingerprints and where each is."""

    hashes: frozenset[int]
    positions: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    """Fingerprint -> the indices of the tokens where its k-gram starts."""


def kgram_hashes(tokens: Sequence[str], k: int = K) -> list[int]:
    """A stable signed 64-bit hash of each run of `k` tokens, in order."""
    return [
        int.from_bytes(
            hashlib.blake2b(
                SEPARATOR.join(tokens[i : i + k]).encode("utf-8", "surrogatepass"), digest_size=8
            ).digest(),
            "little",
            signed=True,
        )
        for i in range(len(tokens) - k + 1)
    ]


def fingerprint(tokens: Sequence[str]) -> Prints:
    """The winnowed fingerprints of a unit's tokens (none for fewer than K tokens)."""
    hashes = kgram_hashes(tokens)
    if not hashes:
        return Prints(frozenset())
    import numpy as np
    from copydetect.utils import winnow

    selected, indices = winnow(np.array(hashes, dtype=np.int64), WINDOW, remove_duplicates=False)
    positions: dict[int, list[int]] = {}
    for value, index in zip(selected.tolist(), indices.tolist(), strict=True):
        positions.setdefault(value, []).append(index)
    return Prints(frozenset(positions), {h: tuple(sorted(set(p))) for h, p in positions.items()})
