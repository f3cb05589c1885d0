"""A package's public names, each imported from its module on first use (PEP 562).

Each package of ``analysis`` lists its public names by module, so that ``from analysis.play import
PIMCPlayer`` works and ``__all__`` says what the package offers, while importing a package stays
cheap: the command that solves a position does not load the charts.
"""
from __future__ import annotations

from importlib import import_module


def lazy_exports(package: str, by_module: dict[str, list[str]], modules: tuple[str, ...] = ()):
    """(__all__, __getattr__, __dir__) of ``package``, whose public names are ``by_module``: for
    each module (a name in the package, or a full dotted name), the names it gives; ``modules``
    names submodules that are public as a whole (``from analysis.value import rubber``)."""
    home = {name: (module if "." in module else f"{package}.{module}")
            for module, names in by_module.items() for name in names}

    def __getattr__(name: str):
        if name not in home:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(import_module(home[name]), name)

    def __dir__() -> list[str]:
        return sorted({*home, *modules})

    return sorted({*home, *modules}), __getattr__, __dir__
