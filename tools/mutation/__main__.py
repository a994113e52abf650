import sys

from grader.mutation.__main__ import main

sys.exit(main())
