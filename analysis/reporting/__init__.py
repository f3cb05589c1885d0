"""Reports: a study's Markdown and HTML with its charts, the index of the reports, and the ledger
of the book's claims."""
from analysis.public import lazy_exports

__all__, __getattr__, __dir__ = lazy_exports(__name__, {
    "report": ["StudyReport", "Chart", "write_report", "write_index"],
    "ledger": ["build_ledger"],
})
