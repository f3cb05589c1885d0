"""The workbench: euchrelab in the browser (``euchrelab serve``), its pages and its JSON API, the
long work run as jobs in a bounded queue."""
from analysis.public import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(__name__, {
    "app": ["create_app", "Workbench"],
    "reading": ["Commands"],
    "jobs": ["Jobs", "QueueFull"],
})
