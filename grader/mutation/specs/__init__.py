"""The mutation inputs written for each TD of this repository, named after its package
(`grader.mutation.inputs.shipped_spec`)."""
