"""Why an isolation cannot work on this machine: a typed reason, the system's own words
kept as a detail. The engine words it for the reader (`grader.app.text.unavailable`)."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Reason(str, enum.Enum):
    NOT_LINUX = "not_linux"
    BWRAP_NOT_INSTALLED = "bwrap_not_installed"
    BWRAP_NO_START = "bwrap_no_start"
    BWRAP_FAILS = "bwrap_fails"
    LANDLOCKPY_MISSING = "landlockpy_missing"
    LANDLOCK_REFUSED = "landlock_refused"
    NO_LANDLOCK = "no_landlock"
    UNKNOWN_MODE = "unknown_mode"


@dataclass(frozen=True)
class Unavailable:
    """One isolation that cannot work here, and why."""

    reason: Reason
    detail: str = ""
    """What the system said (an error line, the platform's name), quoted as is."""

    def __str__(self) -> str:  # logs and exceptions
        return f"{self.reason.value}: {self.detail}" if self.detail else self.reason.value
