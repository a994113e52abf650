"""One mutation spec per TD, named after the TD's package (`tools.mutation.inputs.specs`)."""
