"""A course's own TD: the example it starts from, and the command that writes it.

`python -m grader.course new ID [DIR]` writes a plug-in package for a new TD id
(`skeleton`): the pyproject with its entry point, the declaration, the reference, the
sheet, four copies with their expected marks and the test that grades them. Its content
is the allumettes example (`example/`, the tutorial's: docs/tutorial/your-own-td.md),
renamed for the id, for the course to replace with its own sheet's.
"""
