"""Mutation testing of a TD's checks: how many wrong functions they catch.

`python -m grader.mutation [ID ...]` (`__main__`) measures any installed TD: mutants of
the reference its declaration names, told apart from it by differential testing
(`differential`, on the inputs written for the grader's own TDs, `specs/`, or derived
from the TD's value checks, `derived`), then graded as students' files (`grading`); the
score and every survivor with its diff (`report`). The method and the figures:
docs/explanation/mutation.md.
"""
