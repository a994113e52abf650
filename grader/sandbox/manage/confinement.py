"""How one worker is confined: decided and built in the grader before it starts
(`plan`, `confine`), applied in its child just before `exec` (`child_setup`), in an
order that matters: the cgroup joined as the grader, the limits, the mount namespace
made as root, then the user id given up, Landlock, the seccomp filter, and last the
death signal (a change of user id clears it)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..confine import landlock, mountns, syscalls
from ..confine.cage import Cage, become_subreaper
from ..confine.isolation import Isolation
from ..confine.limits import Limits, apply_limits
from ..confine.privileges import (
    Drop,
    Identity,
    die_with_parent,
    identity_for_worker,
    shield_grader,
    worker_runtime,
)

if TYPE_CHECKING:
    from landlockpy import Ruleset  # Linux-only: imported where used

    from ..confine.runtime_copy import RuntimeCopy
    from .process import WorkerFolder


@dataclass(frozen=True)
class Plan:
    """Who a worker runs as and what it sees, decided in the grader before it starts."""

    isolation: Isolation
    identity: Identity
    namespaced: bool
    """Landlock or basic in a mount namespace of its own (`mountns`)."""
    veiled: tuple[mountns.Veil, ...]
    """The folders covered in that namespace (a worker with a user id of its own)."""
    runtime: RuntimeCopy | None = None
    """The readable copy of the runtime the worker runs from (`privileges.worker_runtime`),
    None for the grader's own."""

    @property
    def fixed(self) -> bool:
        """The same paths on every run: bubblewrap's, or a mount namespace's."""
        return self.isolation is Isolation.BUBBLEWRAP or self.namespaced


def plan(isolation: Isolation) -> Plan:
    # bubblewrap makes the worker an unprivileged user itself (user namespace)
    identity = identity_for_worker() if isolation is not Isolation.BUBBLEWRAP else Identity(Drop.NONE)
    namespaced = isolation is not Isolation.BUBBLEWRAP and mountns.available()
    veiled = mountns.veils() if namespaced and identity.drop is Drop.UID else ()
    runtime = worker_runtime() if identity.drop is Drop.UID and not namespaced else None
    return Plan(isolation, identity, namespaced, veiled, runtime)


@dataclass(frozen=True)
class Confinement:
    """What the grader builds for one worker before it starts."""

    cage: Cage
    ruleset: Ruleset | None
    program: bytes | None
    """The seccomp filter (None without libseccomp)."""
    seccomp_fd: int | None
    """The filter handed to bubblewrap (`--seccomp`)."""

    def close(self) -> None:
        """The grader's copies, once the worker holds its own."""
        if self.seccomp_fd is not None:
            os.close(self.seccomp_fd)
        if self.ruleset is not None:
            self.ruleset.close()


def confine(plan: Plan, limits: Limits, folder: WorkerFolder) -> Confinement:
    """The worker's cage, Landlock ruleset and seccomp filter (its folder removed if one
    of them fails)."""
    ruleset = None
    program = syscalls.program()
    try:
        if plan.isolation is Isolation.LANDLOCK:
            copy = () if plan.runtime is None else (plan.runtime.folder,)
            ruleset = landlock.build_ruleset(folder.private, folder.scratch, copy)
        cage = Cage(
            limits.processes,
            limits.use_cgroup,
            max_memory=limits.total_memory_bytes,
            scratch=None if plan.fixed else folder.scratch,  # else a sized tmpfs holds it
            max_scratch=limits.scratch_bytes,
            max_file=limits.file_bytes,
        )
        become_subreaper()
        shield_grader()
        bubblewrap = program is not None and plan.isolation is Isolation.BUBBLEWRAP
        seccomp_fd = syscalls.bubblewrap_fd(program) if bubblewrap and program is not None else None
    except BaseException:
        if ruleset is not None:
            ruleset.close()
        folder.remove()
        raise
    return Confinement(cage, ruleset, program, seccomp_fd)


def child_setup(
    plan: Plan, limits: Limits, folder: WorkerFolder, confinement: Confinement, grader: int
) -> Callable[[], None]:
    """What the worker's child does before `exec`, in this order."""

    def in_child() -> None:
        confinement.cage.enter()  # as the grader: joining the cgroup needs its rights
        apply_limits(limits)  # RLIMIT_NPROC binds a worker's own user id
        if plan.namespaced:  # as root, before giving it up
            mountns.enter(folder.private, limits.scratch_bytes, plan.identity.uid, plan.veiled)
        plan.identity.apply()
        if confinement.ruleset is not None:
            if plan.namespaced:
                landlock.allow_scratch(confinement.ruleset, mountns.SCRATCH)
            landlock.enforce(confinement.ruleset)
        if confinement.program is not None and plan.isolation is not Isolation.BUBBLEWRAP:
            syscalls.load(confinement.program)  # bubblewrap loads it itself (--seccomp)
        die_with_parent(grader)  # last: a change of user id clears it

    return in_child
