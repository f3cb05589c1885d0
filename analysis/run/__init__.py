"""Running studies: the runner (chunks, seeds, workers, checkpoints, the manifest), the studies
found by entry point, settings from a TOML file, and the recheck of a committed reference run."""
from analysis.public import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(__name__, {
    "runner": ["Settings", "run_study", "run_and_report", "settings_for", "rerender"],
    "registry": ["load_study", "names"],
    "run_config": ["load_config"],
    "recheck": ["first_chunk", "write_check"],
})
