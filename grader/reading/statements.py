"""A module's top-level statements, found with the tokenizer: it builds no tree, so a
statement too deep for `ast.parse` costs nothing special (`TOO_DEEP` is what the
parser raises then)."""

from __future__ import annotations

import io
import tokenize

TOO_DEEP = (MemoryError, RecursionError)
"""What `ast.parse` raises on valid but hostile code: MemoryError on 200,000 unary
signs, RecursionError on deep nesting."""


_CONTINUATIONS = {"else", "elif", "except", "finally"}


def statement_bounds(text: str) -> list[tuple[int, int]]:
    """Line ranges of the top-level statements, found with the tokenizer (which builds
    no tree, so a statement too deep for `ast.parse` costs nothing special)."""
    ends: list[int] = []
    depth, last_newline, at_line_start, after_decorator = 0, 0, True, False
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.INDENT:
            depth += 1
        elif token.type == tokenize.DEDENT:
            depth -= 1
        elif token.type == tokenize.NEWLINE:
            last_newline, at_line_start = token.end[0], True
        elif token.type not in (tokenize.NL, tokenize.COMMENT, tokenize.ENDMARKER):
            if at_line_start and depth == 0:
                # A new top-level line closes the statement before it, unless it goes on
                # with it (`else:`) or that one was a decorator.
                if last_newline and not after_decorator and token.string not in _CONTINUATIONS:
                    ends.append(last_newline)
                after_decorator = token.string == "@"
            at_line_start = False
    if last_newline and (not ends or ends[-1] != last_newline):
        ends.append(last_newline)
    return list(zip([0] + ends[:-1], ends, strict=False))
