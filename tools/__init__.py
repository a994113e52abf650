"""Developer tools: report screenshots, mutation testing of the grader."""
