"""Finding studies: the installed ones by entry point, a user's own by a dotted reference.

A package registers its studies under the entry-point group ``euchrelab.studies`` of its
``pyproject.toml``, a name for each and a reference to the study::

    [project.entry-points."euchrelab.studies"]
    my_study = "my_package.my_study"            # a module
    other = "my_package.studies:OTHER"         # an object of a module

``euchrelab run`` and ``euchrelab studies`` also take a reference of a study that is not
registered: ``pkg.mod`` or ``pkg.mod:ATTR`` (importable, e.g. on ``PYTHONPATH``).

A study is an object with the attributes ``name``, ``title``, ``description`` (one line),
``defaults`` (``deals`` per scenario, ``chunk_size``, the study's options), ``policies`` (what
the players do, for the manifest) and ``suite_position`` (its place in the default suite that
``euchrelab run default`` runs, or None), and the methods

- ``scenarios(settings) -> list[str]``;
- ``run_chunk(scenario, chunk_index, n_deals, seed, settings) -> pandas.DataFrame``, a pure
  function of its arguments (``seed`` is a :class:`numpy.random.SeedSequence`);
- ``summarise(frame, settings) -> DataFrame``: the tidy results table, from all chunks;
- ``render(table, manifest, out_dir) -> analysis.reporting.report.StudyReport``.

A reference to a module with a ``STUDY`` attribute means that object. A module without one
is a study written as module-level names (``NAME``, ``TITLE``, ``DESCRIPTION``, ``DEFAULTS``,
``POLICIES``, optionally ``SUITE_POSITION``, and the four functions), which
:class:`ModuleStudy` presents as a study object.

Worker processes receive the reference (:func:`reference_of`) and load the study themselves.
"""
from __future__ import annotations

import functools
import importlib
import sys
from importlib.metadata import entry_points
from types import ModuleType

from analysis.errors import EuchreError

GROUP = "euchrelab.studies"
ATTRIBUTES = ("name", "title", "description", "defaults", "policies", "suite_position")
METHODS = ("scenarios", "run_chunk", "summarise", "render")
MODULE_NAMES = ("NAME", "scenarios", "run_chunk", "summarise", "render")


class ModuleStudy:
    """A study written as a module: its module-level names as the attributes of a study."""

    def __init__(self, module: ModuleType):
        missing = [name for name in MODULE_NAMES if not hasattr(module, name)]
        if missing:
            raise EuchreError(f"module {module.__name__} is not a study: it has no {', '.join(missing)} "
                              f"(a study module needs {', '.join(MODULE_NAMES)}, or a STUDY object)")
        self.module = module
        self.reference = module.__name__
        self.name = module.NAME
        self.title = getattr(module, "TITLE", module.NAME)
        self.description = getattr(module, "DESCRIPTION", "")
        self.defaults = dict(getattr(module, "DEFAULTS", {}))
        self.policies = getattr(module, "POLICIES", "see the study's method")
        self.suite_position = getattr(module, "SUITE_POSITION", None)

    def scenarios(self, settings):
        return self.module.scenarios(settings)

    def run_chunk(self, scenario, chunk_index, n_deals, seed, settings):
        return self.module.run_chunk(scenario, chunk_index, n_deals, seed, settings)

    def summarise(self, frame, settings):
        return self.module.summarise(frame, settings)

    def render(self, table, manifest, out_dir):
        return self.module.render(table, manifest, out_dir)

    def __repr__(self) -> str:
        return f"<study {self.name} from module {self.reference}>"


def registered() -> dict:
    """The entry points of the installed studies, by name."""
    found = {}
    for point in entry_points(group=GROUP):
        found.setdefault(point.name, point)
    return found


def names() -> list[str]:
    return list(registered())


def _check(study, where: str):
    missing = [a for a in ATTRIBUTES if not hasattr(study, a)] + \
              [m for m in METHODS if not callable(getattr(study, m, None))]
    if missing:
        raise EuchreError(f"{where} is not a study: it has no {', '.join(missing)}")
    name = study.name
    if not isinstance(name, str) or not name or "/" in name or "\\" in name or name.startswith("."):
        raise EuchreError(f"{where}: the study name {name!r} must be a non-empty name without '/' "
                          f"that does not start with '.'")
    return study


_REFERENCES: dict[int, tuple[object, str]] = {}   # id(study) -> (study, the reference it was loaded by)


def _remember(study, reference: str):
    _REFERENCES[id(study)] = (study, reference)
    return study


def as_study(target, where: str | None = None):
    """A study object from a module (its STUDY, or the module's own names) or a study object."""
    if isinstance(target, ModuleType):
        if hasattr(target, "STUDY"):
            return _remember(_check(target.STUDY, where or f"{target.__name__}:STUDY"), target.__name__)
        return ModuleStudy(target)
    return _check(target, where or repr(target))


@functools.lru_cache(maxsize=None)
def resolve(reference: str):
    """The study a reference names: ``pkg.mod`` or ``pkg.mod:ATTR`` (cached per process)."""
    module_name, _, attr = reference.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise EuchreError(f"cannot import the study module {module_name!r}: {exc}") from None
    if not attr:
        return as_study(module)
    try:
        target = getattr(module, attr)
    except AttributeError:
        raise EuchreError(f"module {module_name} has no {attr!r}: cannot load the study {reference!r}") from None
    return _remember(as_study(target, reference), reference)


def load_study(target):
    """A study from its registered name, a reference ``pkg.mod`` / ``pkg.mod:ATTR``, a module,
    or a study object. An unknown name fails with the known ones listed."""
    if not isinstance(target, str):
        return as_study(target)
    points = registered()
    if target in points:
        try:
            return resolve(points[target].value)
        except EuchreError as exc:
            raise EuchreError(f"the registered study {target!r} ({points[target].value}) cannot be loaded: {exc}") from None
    if "." in target or ":" in target:
        return resolve(target)
    known = ", ".join(sorted(points)) or "none installed"
    raise EuchreError(f"no study {target!r}: known studies are {known} (see euchrelab studies), "
                      f"or give a module such as my_package.my_study")


def reference_of(study) -> str:
    """The reference by which a worker process loads ``study`` again: ``module`` for a study
    module, ``module:ATTR`` for an object bound to a module-level name."""
    if isinstance(study, ModuleStudy):
        return study.reference
    known = _REFERENCES.get(id(study))
    if known is not None and known[0] is study:
        return known[1]
    module_name = getattr(type(study), "__module__", None)
    module = sys.modules.get(module_name)
    if module is not None and module_name != "__main__":
        if getattr(module, "STUDY", None) is study:
            return module_name
        for attr, value in vars(module).items():
            if value is study:
                return f"{module_name}:{attr}"
    raise EuchreError(f"study {study.name!r} is not a module-level name of an importable module, so worker "
                      f"processes cannot load it: define it in a module, or run it with --jobs 1")


def load_installed() -> tuple[dict, dict]:
    """The registered studies that load, by registered name (the default suite first, in
    order, then the others by name), and the messages of those that do not."""
    loaded, failed = {}, {}
    for name in registered():
        try:
            loaded[name] = load_study(name)
        except EuchreError as exc:
            failed[name] = str(exc)
    order = sorted(loaded, key=lambda n: (loaded[n].suite_position is None, loaded[n].suite_position or 0, n))
    return {name: loaded[name] for name in order}, failed


def installed() -> dict:
    """Every registered study, loaded, by registered name, in the order of :func:`load_installed`;
    a study that cannot be loaded is an error."""
    loaded, failed = load_installed()
    if failed:
        raise EuchreError(next(iter(failed.values())))
    return loaded


def default_suite() -> list[str]:
    """The registered names of the studies of the default suite, in order."""
    return [name for name, study in installed().items() if study.suite_position is not None]
