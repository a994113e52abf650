"""Worker management, on the grader's side: start, talk to, replay and kill workers."""
