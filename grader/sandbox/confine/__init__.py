"""Confinement: what a worker may reach and do (isolation modes, Landlock, seccomp, limits, the cage)."""
