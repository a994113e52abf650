"""Why an isolation cannot work on this machine: a typed reason, worded for the reader
in `grader.messages` (French or English), the system's own words kept as a detail."""

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

    def words(self, lang: str) -> str:
        from ..messages import tr  # the engine's sentences, loaded when one is shown

        return tr(lang, f"unavailable.{self.reason.value}", detail=self.detail)

    def __str__(self) -> str:  # logs and exceptions: the engine's language
        return self.words("en")


def sentence(reasons: tuple[Unavailable, ...], lang: str) -> str:
    """Several reasons in one line."""
    return "; ".join(reason.words(lang) for reason in reasons)
