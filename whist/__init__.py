"""The ``whist`` command line: check, show (and later play, simulate, print)."""
