"""Checking a submission against an exercise: one module per job.

- `declare`: how an exercise is declared (`Exercise`, `Question`, `Check`, `Registry`);
- `verdicts`: what a check raises (`Mismatch`, `mismatch`, `unchanged`, `CallFailed`);
- `view`: the student's namespace as the checks see it (`StudentView`);
- `context`: what a check works with (`CheckContext`: call, value, as_student, each, for_all);
- `plan`: calls sent ahead (`Prefetched`) and read-only plans (`ReadOnlyPlan`);
- `sampling`: drawn examples, the shipped ladders and Hypothesis's shrink (`Sampling`);
- `outcomes`: what running the checks produced, as plain data (`GradingOutcome`);
- `running`: running the checks of a submission into outcomes (`run_exercise`);
- `scoring`: the pure pass from outcomes, points and rules to results (`score`);
- `grading`: running then scoring, for the runner (`grade_exercise`).

Exercises import these names from `grader.kit` only. Nothing here imports `exercises`
or `reference`.
"""
