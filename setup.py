"""Builds the Cython kernels of fastcore/ (every fastcore/*.pyx becomes one extension)."""
import glob
import os

from Cython.Build import cythonize
from setuptools import Extension, setup

# EUCHRELAB_BUILD_ONLY=solver,cards builds only those kernels (for working on one at a time).


def _has_popcnt() -> bool:
    """Whether this machine's processor counts bits in one instruction (x86-64 since about 2008).
    The kernels are built where they run; without the flag each count is a library call."""
    try:
        with open("/proc/cpuinfo") as f:
            return " popcnt" in f.read()
    except OSError:
        return False

_only = {name for name in os.environ.get("EUCHRELAB_BUILD_ONLY", "").split(",") if name}

extensions = [
    Extension(
        "fastcore." + os.path.splitext(os.path.basename(path))[0],
        [path],
        extra_compile_args=["-O3"] + (["-mpopcnt"] if _has_popcnt() else []),
    )
    for path in sorted(glob.glob(os.path.join("fastcore", "*.pyx")))
    if not _only or os.path.splitext(os.path.basename(path))[0] in _only
]

setup(
    # compile the kernels side by side, one per core
    options={"build_ext": {"parallel": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()}},
    ext_modules=cythonize(
        extensions,
        compiler_directives={
            "language_level": "3",
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
    )
)
