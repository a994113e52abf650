"""`python -m tools.mutation`: the repository's name for `python -m grader.mutation`."""
