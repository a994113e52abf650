"""The TDs shipped with the grader, one package per TD sheet.

The grader finds them as it finds a course's own TD, through the entry-point group
`minimax_grader.exercises` (pyproject.toml; see `grader.registry`): `BUILT_IN` is their
table, in detection order (a tie goes to the first). Each TD is imported when first
graded; detection weighs their signatures (`signatures.py`) without importing any, and
the command line reads only this table. Adding a TD: CONTRIBUTING.md, "Adding a TD".
"""

BUILT_IN = {
    "puissance4": "exercises.signatures:PUISSANCE4",
    "domineering": "exercises.signatures:DOMINEERING",
    "domineering-minmax": "exercises.signatures:DOMINEERING_MINMAX",
    "morpion": "exercises.signatures:MORPION",
    "chocolat": "exercises.signatures:CHOCOLAT",
}
"""Exercise id -> where its `Signature` is (which says where its `Exercise` is)."""
