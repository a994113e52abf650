"""The front door: the command line, the library entry, start-up, the guard,
`verifier()` in Jupyter, and one file graded from start to end (`runner`)."""
