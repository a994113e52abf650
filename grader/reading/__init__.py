"""A submission read once: its text, cells and places, the answers graded by hand, and which TD it answers."""
