"""The book's action against the other on the same deals: a test's two arms, as the book's and
the other's net points, and the estimate and table columns the studies read from them."""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.experiment import Estimate, paired_mean

BOOK_ARMS = ("book_net", "other_net")   # the net points of the book's action and of the other


def book_and_other(rows: pd.DataFrame, book_calls) -> pd.DataFrame:
    """Counted rows of the arms calling and passing (``call_net``, ``pass_net``) with each arm's
    net points as the book's and the other's; ``book_calls``: whether the book calls, per row or
    for all."""
    book = np.broadcast_to(np.asarray(book_calls, bool), (len(rows),))
    return rows.assign(book_net=np.where(book, rows["call_net"], rows["pass_net"]),
                       other_net=np.where(book, rows["pass_net"], rows["call_net"]))


def book_gain(rows: pd.DataFrame) -> Estimate | None:
    """The book's action minus the other, per deal (paired); None under two deals."""
    return paired_mean(rows, *BOOK_ARMS)


def arm_columns(rows: pd.DataFrame) -> dict:
    """Each arm's mean net points per hand, for a results table's row."""
    n = int(rows["deals"].sum())
    return {f"{name} arm": f"{rows[arm].astype(np.int64) @ rows['deals'] / n:+.3f}" if n else ""
            for name, arm in zip(("book's", "other"), BOOK_ARMS)}
