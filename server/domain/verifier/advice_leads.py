"""Where a statement ends and the advice after it begins, inside one clause ("Both pods have been failing since
14:05 UTC, so I'd check whether …", "两个分区都落后，建议先扩容"): the statement is a claim of its own."""

from __future__ import annotations

from evidence_trace.server.domain.verifier.claim_patterns import _ADVICE_CUE, _ADVICE_START, _CONDITIONAL_LEAD


def factual_lead(piece: str) -> int:
    """Where a statement ends and the advice a cue opens after it begins ("Both pods have been failing
    since 14:05 UTC, so I'd check whether …", "两个分区都落后，建议先扩容"), or 0: the advice is the
    whole clause, or what comes before it is no statement of its own."""
    if _ADVICE_START.match(piece.lstrip(" *_>-")):
        return 0
    cue = _ADVICE_CUE.search(piece)
    if cue is None:
        return 0
    cut = max(piece.rfind(mark, 0, cue.start()) for mark in (",", ";", "，", "；", "—", "–"))
    lead = piece[:cut] if cut > 0 else ""
    if len(lead.split()) < 3 and len(lead) < 8 or _ADVICE_CUE.search(lead) or _CONDITIONAL_LEAD.match(lead.strip()):
        return 0
    return cut
