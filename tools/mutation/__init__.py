"""Mutation testing of the grader: mutants of each reference solution, kept when
differential testing shows a behaviour change, then graded as student submissions.
Run `python -m tools.mutation --help`; the method is in docs/explanation/mutation.md."""
