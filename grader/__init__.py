"""minimax-grader: grades French TD notebooks on two-player games and minimax."""

__version__ = "0.1.0"
