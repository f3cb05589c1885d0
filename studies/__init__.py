"""Studies of the book's advice, one module each, found by ``euchrelab`` through the entry-point
group ``euchrelab.studies`` (see ``pyproject.toml`` and :mod:`analysis.run.registry`)."""
