"""TOML as every Python the grader runs on reads it: the standard `tomllib` from 3.11, its
backport `tomli` (a dependency on 3.10). Imported where a file is read (a barème, a wing's
sentences), not at start-up."""

from __future__ import annotations

import sys

if sys.version_info >= (3, 11):
    from tomllib import TOMLDecodeError, loads
else:  # pragma: no cover - Python 3.10
    from tomli import TOMLDecodeError, loads

__all__ = ["TOMLDecodeError", "loads"]
