"""Reclassifying stored rows after the evidence rules changed.

Each row's outcome is decided once, when it is recorded, and stored with the
CLASSIFIER_VERSION that decided it; summaries read the stored outcome. When a
rules change bumps CLASSIFIER_VERSION, rows recorded before keep their old
outcome (a summary never changes under an auditor's feet by itself) until an
operator runs `evidence-trace reclassify`, which re-runs the current rules on
every older row, page by page, and reports what changed.
"""

from __future__ import annotations

import collections
import dataclasses
from typing import Callable, Optional

from evidence_trace.server.domain.evidence import CLASSIFIER_VERSION, classify
from evidence_trace.server.domain.model import Outcome
from evidence_trace.server.store.reclassification import ReclassificationStore


@dataclasses.dataclass
class ReclassifyReport:
    """What a reclassification run did."""

    rows: int = 0
    #: (old outcome name, new outcome name) -> rows, for rows whose outcome changed.
    changed: collections.Counter = dataclasses.field(default_factory=collections.Counter)

    @property
    def changed_rows(self) -> int:
        return sum(self.changed.values())


def reclassify(
    store: ReclassificationStore, page_size: int = 500, progress: Optional[Callable[[ReclassifyReport], None]] = None
) -> ReclassifyReport:
    """Re-run the current rules on every row an older version classified."""
    report = ReclassifyReport()
    after = 0
    while True:
        page = store.page(CLASSIFIER_VERSION, after, page_size)
        if not page:
            return report
        classified = []
        for seq, old, inv in page:
            c = classify(inv)
            classified.append((seq, c))
            if c.outcome != old:
                report.changed[(Outcome(old).name, c.outcome.name)] += 1
        store.update(CLASSIFIER_VERSION, classified)
        report.rows += len(page)
        after = page[-1][0]
        if progress is not None:
            progress(report)
