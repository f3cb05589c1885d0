"""``euchrelab report``: re-render study reports from saved results, without re-running."""
from __future__ import annotations

import sys
from pathlib import Path

from analysis.errors import EuchreError

NAME = "report"
HELP = "re-render the reports of saved study runs (a reports folder or one study's folder) and the index"


def add_arguments(parser) -> None:
    parser.add_argument("dir", nargs="?", default="reports", metavar="DIR",
                        help="reports folder (default reports) or one study's folder")


def run(args) -> int:
    from analysis.reporting.report import write_index
    from analysis.run.runner import index_reference, rerender
    from analysis.storage import check_output_folder

    root = Path(args.dir)
    if not root.is_dir():
        raise EuchreError(f"{root} is not a folder: give the reports folder or a study's folder")
    if (root / "manifest.json").exists():
        folders, index_dir = [root], root.parent
    else:
        folders = sorted(p for p in root.iterdir() if (p / "manifest.json").exists())
        index_dir = root
    for folder in [index_dir, *folders]:   # every folder written, checked before the first page
        check_output_folder(folder, "DIR")
    for folder in folders:
        paths = rerender(folder)
        sys.stdout.write(f"{folder.name}: {paths['html']}\n")
    index = write_index(index_dir, reference=index_reference(index_dir))
    sys.stdout.write(f"{index.resolve()}\n")
    return 0
