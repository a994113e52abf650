"""Checking a submission against an exercise: one module per job.

- `declare`: how an exercise is declared (`Exercise`, `Question`, `Check`, `Registry`);
- `verdicts`: what a check raises (`Mismatch`, `mismatch`, `unchanged`, `among_best`,
  `CallFailed`);
- `view`: the student's namespace as the checks see it (`StudentView`);
- `context`: what a check works with (`CheckContext`: call, value, as_student, each, for_all);
- `plan`: calls sent ahead (`Prefetched`) and read-only plans (`ReadOnlyPlan`);
- `worker_side`: grader code sent to the worker (a function's required parameters);
- `sampling`: drawn examples, the shipped ladders and Hypothesis's shrink (`Sampling`);
- `running`: running the checks of a submission into its outcome, plain data
  (`run_exercise` gives a `grader.model.results.SubmissionOutcome`);
- `bareme`: the teacher's points, scale and rounding, and the mark they give (`Bareme`);
- `rules`: the scoring rules, in order (`RULES`);
- `scoring`: the pure pass from outcomes, a barème and the rules to results (`score`);
- `grading`: running then scoring, for the runner (`grade_exercise`).

Exercises import these names from `grader.kit` only. Nothing here imports `exercises`
or `reference`.
"""
