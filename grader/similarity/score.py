"""How unusually alike two copies of a class are (pure: fingerprints in, scores out).

1. **Discount what everyone shares.** A fingerprint of the exercise's reference (the
   sheet's given code, the shape its solution imposes) or found in more than half of
   the class's copies (the notebook's given functions, the skeleton every correct
   `maximin` fills) counts for nothing.
2. **Weigh what remains by its rarity in the class:** a fingerprint found in `df`
   copies weighs 1 / df. What two copies alone share weighs half; an idiom five copies
   use, a fifth: the more copies share a piece of code, the less it says about any
   two of them.
3. **Match functions one to one.** Two functions' similarity is the weighted Jaccard
   index of their fingerprints (shared weight over the weight of either); the pairs of
   functions are matched greedily, most similar first, whatever their names or order.
4. **The pair's score** (0 to 1) is the shared weight of the matched functions over the
   weight of both copies (a weighted Jaccard index again, function by function): 1 for
   two copies of the same code, whatever it shares with the class. A pair sharing fewer
   than MIN_SHARED fingerprints has its score scaled down: a few lines alike are not
   evidence.
5. **Judged against the class:** the robust z-score of a pair, (score - median) /
   (1.4826 × MAD), over all the class's pairs, says how far it stands from what is
   usual in this class for this exercise; a pair with z >= UNUSUAL stands out.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

MIN_SHARED = 8
"""Fingerprints two copies must share for their score to count whole."""
UNUSUAL = 3.5
"""Robust z-score from which a pair stands out (Iglewicz and Hoaglin's cut-off for
outliers by the modified z-score)."""
MIN_SPREAD = 0.02
"""Smallest spread of the class's scores used for z: below it, differences are noise
(a class where almost every pair scores 0 would otherwise make any pair stand out)."""
MAD_TO_SIGMA = 1.4826


@dataclass(frozen=True)
class FunctionMatch:
    a: int
    """Index of the function among the first copy's units."""
    b: int
    similarity: float
    """Weighted Jaccard index of the two functions' counted fingerprints (0 to 1)."""


@dataclass(frozen=True)
class PairScore:
    a: int
    """Index of the first copy (a < b)."""
    b: int
    score: float
    z: float = 0.0
    shared: int = 0
    """Counted fingerprints the matched functions share."""
    matches: tuple[FunctionMatch, ...] = ()
    """Matched functions, most similar first."""

    @property
    def unusual(self) -> bool:
        return self.z >= UNUSUAL


@dataclass(frozen=True)
class ClassScores:
    pairs: tuple[PairScore, ...]
    """Every pair of copies, highest score first."""
    median: float
    spread: float
    """1.4826 × the median absolute deviation of the scores (at least MIN_SPREAD)."""
    counted: frozenset[int]
    """The fingerprints that count (neither in the reference nor in most copies)."""
    discounted: int
    """Distinct fingerprints of the class that were discounted."""

    @property
    def threshold(self) -> float:
        """The score from which a pair stands out."""
        return self.median + UNUSUAL * self.spread


def score_class(
    copies: Sequence[Sequence[frozenset[int]]], given: frozenset[int] = frozenset()
) -> ClassScores:
    """Every pair of `copies` (each a list of its functions' fingerprints) scored
    against the class; `given`: the reference's fingerprints."""
    n = len(copies)
    df: Counter[int] = Counter()
    for units in copies:
        df.update(frozenset().union(*units))
    common = max(2, n / 2)
    counted = frozenset(h for h, count in df.items() if count <= common and h not in given)
    weight = {h: rarity(n, df[h]) for h in counted}
    kept = [[unit & counted for unit in units] for units in copies]
    unit_weight = [[sum(weight[h] for h in unit) for unit in units] for units in kept]
    postings: dict[int, list[tuple[int, int]]] = {}
    for c, units in enumerate(kept):
        for u, unit in enumerate(units):
            for h in unit:
                postings.setdefault(h, []).append((c, u))
    raw: list[PairScore] = []
    for a in range(n):
        shared = _shared_with_later(a, kept[a], postings, weight)
        for b in range(a + 1, n):
            raw.append(_pair(a, b, shared.get(b, {}), unit_weight[a], unit_weight[b]))
    scores = [p.score for p in raw]
    median = statistics.median(scores) if scores else 0.0
    mad = statistics.median(abs(s - median) for s in scores) if scores else 0.0
    spread = max(MAD_TO_SIGMA * mad, MIN_SPREAD)
    pairs = sorted(
        (PairScore(p.a, p.b, p.score, (p.score - median) / spread, p.shared, p.matches) for p in raw),
        key=lambda p: (-p.score, p.a, p.b),
    )
    return ClassScores(tuple(pairs), median, spread, counted, len(df) - len(counted))


def _shared_with_later(
    a: int, units: list[frozenset[int]], postings: dict[int, list[tuple[int, int]]], weight: dict[int, float]
) -> dict[int, dict[tuple[int, int], list[float]]]:
    """For each later copy b: (unit of a, unit of b) -> [shared weight, shared count]."""
    shared: dict[int, dict[tuple[int, int], list[float]]] = {}
    for u, unit in enumerate(units):
        for h in unit:
            w = weight[h]
            for b, v in postings[h]:
                if b > a:
                    cell = shared.setdefault(b, {}).setdefault((u, v), [0.0, 0])
                    cell[0] += w
                    cell[1] += 1
    return shared


def _pair(
    a: int,
    b: int,
    shared: dict[tuple[int, int], list[float]],
    weights_a: list[float],
    weights_b: list[float],
) -> PairScore:
    candidates = []
    for (u, v), (common, count) in shared.items():
        union = weights_a[u] + weights_b[v] - common
        candidates.append((common / union if union > 0 else 0.0, u, v, common, count))
    candidates.sort(key=lambda c: (-c[0], c[1], c[2]))
    used_a: set[int] = set()
    used_b: set[int] = set()
    matches = []
    total = 0.0
    count = 0
    for similarity, u, v, common, shared_count in candidates:
        if u in used_a or v in used_b:
            continue
        used_a.add(u)
        used_b.add(v)
        matches.append(FunctionMatch(u, v, similarity))
        total += common
        count += int(shared_count)
    union = sum(weights_a) + sum(weights_b) - total
    score = total / union if union > 0 else 0.0
    score *= min(1.0, count / MIN_SHARED)
    return PairScore(a, b, min(score, 1.0), shared=count, matches=tuple(matches))


def rarity(n: int, df: int) -> float:
    """The weight of a fingerprint found in `df` of the class's `n` copies."""
    return 1 / df
