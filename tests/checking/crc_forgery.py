"""Letters that give a text any CRC-32 and Adler-32: what the private positions were
drawn from before issue 40 (`private_draws._checksum` then). A student chose the digest,
drew the positions for it with the published code and padded a table of answers to it.

Adler-32 is affine in the bytes modulo 65521: free letters set its two sums; blocks
`acca` / `caac` leave both sums as they are (same letters, weights w..w-3: a+c+c+a and
c+a+a+c weigh alike), and each choice flips the CRC-32 by a fixed 32-bit vector, so 64 of
them solve the CRC-32 over GF(2)."""

from __future__ import annotations

import zlib

MOD = 65521
BLOCKS = 64


def _adler_weights(before: bytes, middle: bytes, after: bytes) -> tuple[int, int]:
    """Adler-32's (A, B) of the whole text, summed as weights (A = 1 + Σb, B = n + Σ(n-i)b)."""
    total = len(before) + len(middle) + len(after)
    data = before + middle + after
    return (1 + sum(data)) % MOD, (total + sum((total - i) * b for i, b in enumerate(data))) % MOD


def forge(before: bytes, after: bytes, crc: int, adler: int, free: int = 8000) -> bytes:
    """Lowercase letters S such that `before + S + after` has this CRC-32 and Adler-32."""
    blocks = b"acca" * BLOCKS
    letters = [ord("a")] * free
    start_a, start_b = _adler_weights(before, bytes(letters) + blocks, after)
    want_a, want_b = adler & 0xFFFF, adler >> 16
    need_a = (want_a - start_a) % MOD
    step, extra = divmod(need_a, free)
    added = [step + (1 if i < extra else 0) for i in range(free)]  # about 8 each: room both ways
    weight0 = len(after) + len(blocks) + free  # the weight of the first free letter
    need_b = (want_b - start_b - sum((weight0 - i) * e for i, e in enumerate(added))) % MOD
    while need_b:  # one unit moved k letters forward: B grows by k, A stays
        k = min(need_b, free // 4)
        source = next(i for i in range(free - 1, k - 1, -1) if added[i] > 0 and added[i - k] < 25)
        added[source] -= 1
        added[source - k] += 1
        need_b -= k
    middle = bytearray(bytes(a + e for a, e in zip(letters, added, strict=True)) + blocks)
    base = zlib.crc32(before + bytes(middle) + after)
    flips = []
    for k in range(BLOCKS):
        flipped = bytearray(middle)
        flipped[free + 4 * k : free + 4 * k + 4] = b"caac"
        flips.append(zlib.crc32(before + bytes(flipped) + after) ^ base)
    chosen = _solve(flips, base ^ crc)
    for k in range(BLOCKS):
        if chosen >> k & 1:
            middle[free + 4 * k : free + 4 * k + 4] = b"caac"
    whole = before + bytes(middle) + after
    assert zlib.crc32(whole) == crc and zlib.adler32(whole) == adler
    return bytes(middle)


def _solve(vectors: list[int], goal: int) -> int:
    """A set of `vectors` (as a bit mask) whose XOR is `goal` (Gaussian elimination)."""
    basis: list[tuple[int, int]] = []  # (vector, mask of the vectors it is made of)
    for index, vector in enumerate(vectors):
        mask = 1 << index
        for known, known_mask in basis:
            if vector ^ known < vector:
                vector, mask = vector ^ known, mask ^ known_mask
        if vector:
            basis.append((vector, mask))
            basis.sort(reverse=True)
    chosen = 0
    for known, known_mask in basis:
        if goal ^ known < goal:
            goal, chosen = goal ^ known, chosen ^ known_mask
    assert goal == 0, "the blocks do not span every CRC-32"
    return chosen
