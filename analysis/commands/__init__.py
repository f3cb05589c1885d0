"""Subcommands of the ``euchrelab`` command line, one module each."""
