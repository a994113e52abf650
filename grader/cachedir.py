"""The grader's cache folder: what it keeps between runs (Hypothesis's files,
matplotlib's font list), one place for all of it."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def cache_folder(name: str) -> Path:
    """`$XDG_CACHE_HOME/minimax-grader/<name>` (~/.cache by default), else a temporary folder."""
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "minimax-grader" / name
    try:
        root.mkdir(parents=True, exist_ok=True)
        if os.access(root, os.W_OK):
            return root
    except OSError:
        pass
    user = (
        os.getuid() if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    )  # no getuid on Windows
    return Path(tempfile.gettempdir()) / f"minimax-grader-{user}" / name
