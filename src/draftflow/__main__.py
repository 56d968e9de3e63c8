"""`python -m draftflow` runs the command line."""

from draftflow.cli import main

main()
