"""Renderers: turn results into text, JSON and the other report formats."""
