"""Reference solutions, one module per TD; loaded only in the grader process."""
