"""`python -m draftflow` runs the command line (signals handled from its first instruction)."""

from draftflow.entry import main

main()
