"""A denied HTTP status: "no 5xx on /v2/refunds today", "/v2/refunds 没有 5xx", "zero 502s from the
gateway". Contradicted by a record about the claim's subject that shows a status of that class or code
(a `status` / `code` field, or `status=502` in a line), whatever tool listed it (a SQL result, access
logs, a probe). Only a contradiction is decided here: a claim no record contradicts goes on to be checked
as any other.
"""

from __future__ import annotations

import re
from typing import Callable, Optional, Sequence

from evidence_trace.server.domain.model import ClaimCheck, ClaimStatus
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.unit_search import grounding_of
from evidence_trace.server.domain.verifier.units import Strength, Unit

_STATUS = r"([1-5])(?:xx|XX)s?\b|\b([1-5][0-9]{2})s?\b"
_DENIED = re.compile(
    rf"(?<![\w-])(?:no|zero|not any|without|never (?:a|any))\s+(?:[\w/{{}}.-]+\s+){{0,2}}?(?:{_STATUS})"
    rf"|(?:没有|无|未见|未出现|零)\s*(?:任何)?\s*(?:{_STATUS})",
    re.I,
)
_KEYED = re.compile(
    r"\b(?:status|code|status_code|statuscode|http_status|response_code)[\"']?\s*[:=]\s*[\"']?([1-5][0-9]{2})\b", re.I
)
_CELL = re.compile(r"(?:^|[,|\t ])([1-5][0-9]{2})(?=[,|\t ]|$)")


def denied_status(text: str) -> str:
    """The status class ("5") or code ("502") the claim denies, or ""."""
    denied = _DENIED.search(text)
    groups = [g for g in denied.groups() if g] if denied is not None else []
    return groups[0] if groups else ""


def without_denied(text: str, facts: tuple[Fact, ...]) -> tuple[Fact, ...]:
    """The claim's facts less the statuses it denies ("no 404s on /v3/payouts" asserts no 404, so a 500 of
    /v3/payouts is no rival of it) and the alternatives it contrasts with what it asserts ("HEALTH_WARN, not
    HEALTH_ERR")."""
    wanted = denied_status(text)
    kept = tuple(f for f in facts if not (wanted and f.kind == FactKind.HTTP_STATUS and f.key.startswith(wanted)))
    return tuple(f for f in kept if not _contrasted(text, f, kept))


# "HEALTH_WARN, not HEALTH_ERR", "是 Degraded，不是 Failed", "OOMKilled rather than Error": an alternative the claim
# names to deny, after one of its kind it asserts; it is no fact a unit must show
_CONTRAST = re.compile(r"(?:\b(?:not|rather than|instead of)|而不是|不是|而非|并非)[ \t]*[`'\"“]?$", re.I)
_CONTRASTED_KINDS = frozenset({FactKind.ERROR_CODE, FactKind.ALERT, FactKind.IDENTIFIER, FactKind.WORKLOAD_STATE})


def _contrasted(text: str, fact: Fact, facts: Sequence[Fact]) -> bool:
    at = text.find(fact.text)
    return (
        fact.kind in _CONTRASTED_KINDS
        and at > 0
        and _CONTRAST.search(text, max(0, at - 14), at) is not None
        and any(f.kind == fact.kind and f is not fact and 0 <= text.find(f.text) < at for f in facts)
    )


def check_denied_status(
    text: str, facts: Sequence[Fact], evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    """CONTRADICTED when a record about the claim's subject shows the status the claim denies; else None."""
    wanted = denied_status(text)  # a class ("5") or a code ("502")
    if not wanted:
        return None
    entities = [f for f in facts if f.is_entity or f.kind == FactKind.ID]
    if not entities:
        return None  # "no 5xx" of nothing named: what it ranges over is the question's, not decided here
    for index in evidence.candidates(entities[:1]):
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or not any(matches(f, unit) for f in entities):
                continue
            shown = _statuses(unit)
            hit = next((s for s in shown if s == wanted or (len(wanted) == 1 and s[0] == wanted)), None)
            if hit is not None:
                return base(
                    status=ClaimStatus.CONTRADICTED,
                    groundings=(grounding_of(unit),),
                    reason=f"the evidence about it shows status {hit}",
                )
    return None


def _statuses(unit: Unit) -> list[str]:
    keyed = [m.group(1) for m in _KEYED.finditer(unit.text)]
    if keyed:
        return keyed
    # a table row read by its columns names its status cell ("status=502" in its pairs); a bare CSV line
    # with one three-digit cell between separators is a status only when the row says "status" nowhere else
    return [m.group(1) for m in _CELL.finditer(unit.text)] if "status" in unit.lowered else []
