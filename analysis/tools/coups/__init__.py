"""The book's nine coup cases (Case I-IX, claims C1-C9): load, check, replay and judge them.

* :mod:`~analysis.tools.coups.cases`: the cases as data (``analysis/data/coups.toml``) and their checks;
* :mod:`~analysis.tools.coups.valuation`: the printed deal double-dummy, the book's line replayed with
  every legal card valued, and each remark of the REMARKS judged;
* :mod:`~analysis.tools.coups.worlds`: what the coup player knows, and the worlds consistent with it;
* :mod:`~analysis.tools.coups.table`: the coup weighed over those worlds (the table-side view);
* :mod:`~analysis.tools.coups.analyse`: all of it for one case;
* :mod:`~analysis.tools.coups.render`: text, and the report ``reports/coups/`` in Markdown and HTML, a page of the
  reports' site, drawn again from its verdicts by :func:`redraw_report`;
* :mod:`~analysis.tools.coups.figure`: the report's figure, drawn from the verdicts.

Double-dummy play is perfect-information play: it favours whoever the unseen cards favour and is
an approximation of play at the table. The table-side view is the honest complement.
"""
from analysis.tools.coups.analyse import CaseResult, analyse_case
from analysis.tools.coups.cases import DATA_FILE, Case, Remark, load_cases, select_cases
from analysis.tools.coups.render import redraw_report, render_summary, render_text, write_report

__all__ = ["DATA_FILE", "Case", "CaseResult", "Remark", "analyse_case", "load_cases", "redraw_report",
           "render_summary", "render_text", "select_cases", "write_report"]
