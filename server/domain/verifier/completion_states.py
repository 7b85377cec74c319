"""An operation said to have completed, read against its own records.

    9d2f7c41-0b6a-4e38-a5d1-3c8e0f2b7a96  UPDATE  65  2026-11-03T02:00:41Z  InProgress
    x-amz-restore: ongoing-request="true"

"The scale-up (operation 9d2f7c41…) has completed successfully", "restore 已经完成", "the import finished": the claim
says its subject (every name and id it gives; what its call asked) is done. When the records of that subject give
it a state still under way (`InProgress`, `in_progress`, `Queued`, `Provisioning`, `Updating`, `ongoing-request="true"`)
and none of them a finished one (`Succeeded`, `completed`, `Failed`, `Cancelled`, `ongoing-request="false"`), the claim is
contradicted. "Running" and "Pending" are left out: a service's pods run when its rollout has completed. A
completion asked about, denied ("not completed", "还没完成") or proposed decides nothing; nor does a record without
such a word. Only a contradiction is decided here.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.boolean_settings import CLAUSE_MARKS, asked_in_clause
from evidence_trace.server.domain.verifier.bounded_universals import clause_start
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.subject_binding import subject_rival
from evidence_trace.server.domain.verifier.units import Unit

_DONE_SAID = re.compile(
    r"\b(?:has|have|had|is|was|are|were)[ \t]+(?:now[ \t]+|already[ \t]+)?(?:completed|finished|succeeded|done)\b"
    r"|\bcompleted[ \t]+successfully\b|(?:已经|已)(?:成功)?(?:完成|结束|跑完)|成功完成|跑完了",
    re.I,
)
_DENIED = re.compile(r"\b(?:not|never|yet to)\b|没有|没|未|还没|尚未|并未", re.I)
_UNDER_WAY = re.compile(
    r"\b(?:InProgress|in[_ -]progress|Queued|Provisioning|Updating)\b|ongoing-request=\\?\"?true", re.I
)
# finished, however it ended ("已经结束" of a failed run): succeeded, completed, failed, cancelled, stopped
_FINISHED = re.compile(
    r"\b(?:Succeeded|Completed|Complete|Done|Finished|Success|Failed|Failure|Cancell?ed|Aborted|Stopped)\b"
    r"|ongoing-request=\\?\"?false",
    re.I,
)


def completion_rival(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A record of the claim's subject showing it still under way, when the claim says it has completed and no
    record of it shows it finished; None otherwise."""
    said = _DONE_SAID.search(text)
    if said is None:
        return None
    if _DENIED.search(text, clause_start(text, said.start(), CLAUSE_MARKS), said.end()) or asked_in_clause(
        text, said.start()
    ):
        return None
    subject = [f for f in facts if f.is_entity or f.kind == FactKind.ID]
    if not subject:
        return None

    def states(unit: Unit) -> list[bool]:
        finished = _FINISHED.search(unit.text) is not None
        under_way = _UNDER_WAY.search(unit.text) is not None
        return [True] if finished else [False] if under_way else []

    return subject_rival(subject, evidence, states, True)
