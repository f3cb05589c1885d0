"""The ``euchrelab`` command line: ``cli`` builds the command, and every other module of this
package that defines ``NAME``, ``HELP``, ``add_arguments`` and ``run`` is one subcommand."""
from analysis.public import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(__name__, {"cli": ["main", "build_parser"]})
