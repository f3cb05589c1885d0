"""Builds the Cython kernels of fastcore/ (every fastcore/*.pyx becomes one extension)."""
import glob
import os

from Cython.Build import cythonize
from setuptools import Extension, setup

# EUCHRELAB_BUILD_ONLY=solver,cards builds only those kernels (for working on one at a time).
_only = {name for name in os.environ.get("EUCHRELAB_BUILD_ONLY", "").split(",") if name}

extensions = [
    Extension(
        "fastcore." + os.path.splitext(os.path.basename(path))[0],
        [path],
        extra_compile_args=["-O3"],
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
