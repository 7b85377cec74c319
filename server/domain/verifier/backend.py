"""The interface every verifier backend implements, and its errors.

A backend turns a VerificationRequest into RAW output text (a JSON verdict as
described in docs/verifier-protocol.md). It does not parse or judge that text:
the Gate does, so that every backend degrades the same way.
"""

from __future__ import annotations

import dataclasses
from typing import Optional, Protocol

from evidence_trace.server.domain.deadline import Deadline
from evidence_trace.server.domain.model import ClaimCheck, EvidenceRow, SummaryEntry


class VerifierError(Exception):
    """The backend failed to produce output (connection error, HTTP error...)."""


class VerifierTimeout(VerifierError):
    """The backend did not answer within its timeout."""


@dataclasses.dataclass(frozen=True)
class VerificationRequest:
    """What a verifier judges.

    question: the user's question.
    draft_answer: the executor's draft answer.
    entries: the merged, verifier-facing evidence entries of the session.
    evidence_texts: bounded previews of the successful supporting tool rows,
        for model verifiers.
    rows: the session's stored rows (outcome, preview, input parameters),
        which the claim checks split into units of evidence.
    claim_checks: the claim checks of the draft, when the gate already ran
        them; None otherwise.
    deadline: when the Chat call's answer is due (its client's deadline, cut
        earlier if the call is cancelled or the server stops); a backend that
        waits on the outside bounds its whole exchange by it.
    """

    question: str
    draft_answer: str
    entries: tuple[SummaryEntry, ...] = ()
    evidence_texts: tuple[str, ...] = ()
    rows: tuple[EvidenceRow, ...] = ()
    claim_checks: Optional[tuple[ClaimCheck, ...]] = None
    deadline: Optional[Deadline] = dataclasses.field(default=None, compare=False)


class Verifier(Protocol):
    """A verifier backend.

    name: how verdicts name the backend ("rules", "openai_compatible").
    verify: returns the backend's raw output text; raises VerifierTimeout or
        VerifierError when the backend fails.
    """

    name: str

    def verify(self, request: VerificationRequest) -> str: ...
