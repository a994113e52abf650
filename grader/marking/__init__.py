"""The teacher's class workflow around grading: the barème file, the class record, the
manual points and overrides, the pages handed back to students and the exports to the
LMS (Moodle's grading worksheet, Pronote).

Each module has one job; the command line calls `grader.marking.workflow`. Nothing
here runs student code: grading stays in `grader.app.api`, scoring in the checking package.
"""
