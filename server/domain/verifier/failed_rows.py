"""Which rows of a listing failed, by the status a tool prints in them: a count of failures ("3 个工作流失败",
"2 jobs failed", "3 failed workflows") counts those rows, not every row that shows the rest of the claim.
Only a listing whose status tells rows apart (some failed, some not) is read so: a listing of failures alone, or
of lines with no status, is counted as before.
"""

from __future__ import annotations

import re
from typing import Sequence

from evidence_trace.server.domain.verifier.units import Unit

FAILED_SAID = re.compile(r"\b(?:failed|failures?|errored)\b|失败|报错", re.I)
"""A claim that counts failures."""
_FAILED = re.compile(
    r"\b(?:Failed|Error|CrashLoopBackOff|BackoffLimitExceeded|DeadlineExceeded|OOMKilled|FAILED|ERROR)\b"
)
_NOT_FAILED = re.compile(r"\b(?:Running|Succeeded|Completed|Pending|Healthy|OK|SUCCESS|SUCCEEDED)\b")


def only_failed(records: Sequence[Unit], shown: list[Unit]) -> list[Unit]:
    """The shown rows whose status is a failure, when the listing's status tells failed rows from others."""
    if any(_FAILED.search(u.text) for u in records) and any(_NOT_FAILED.search(u.text) for u in records):
        return [u for u in shown if _FAILED.search(u.text)]
    return shown
