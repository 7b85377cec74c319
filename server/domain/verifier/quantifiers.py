"""A positive quantifier ("all", "every", "each", "全部", "所有", "每个", "都") is checked against the
units it ranges over: the listing about the claim's subject.

The range is every result unit of one supporting row that names all of the
claim's entities (log entries, lines, items, series, alerts; not knowledge
chunks), narrowed to error-level units when the claim names errors or a level.
Over that range:

- a claim with nothing checkable besides its subject and quantifier ("every
  payment-service request timed out", "all replicas are down") asserts the
  units are alike: units of mixed levels or states contradict it; an error
  word before the verb ("all X errors were ...") narrows the range to errors,
  one after it ("all replicas are failing") is what they all must show;
- a claim with facts of its own ("all 3 errors were timeouts of 30 s") needs
  every unit of the range to show them: one that does not contradicts it;
- a listing cut by its tool (a `total` above the units shown) cannot show
  "all": the claim is UNCHECKED unless a shown unit already contradicts it.

Negated universals ("no partition exceeds ...") are special_checks.check_universal's.
"""

from __future__ import annotations

import re
from typing import Callable, Optional

from evidence_trace.server.domain.model import ClaimCheck, ClaimStatus
from evidence_trace.server.domain.payloads import ERROR_LEVELS
from evidence_trace.server.domain.verifier.claims import Claim
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches, matches_all
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.unit_search import grounding_of
from evidence_trace.server.domain.verifier.units import Strength, Unit

UNIVERSAL = re.compile(r"\b(?:all|every|each|everything|always)\b|全部|所有|每个|每一个|每次|一律|均|都", re.I)
_NOT_ALL = re.compile(r"\bnot\s+(?:all|every|each|always)\b|并非|不是所有|不是全部|不是每|并不都", re.I)
_ERRORS = re.compile(r"\b(?:errors?|failures?|exceptions?|failed)\b|错误|报错|异常|失败", re.I)
_NARROWED = re.compile(r"\b(?:other|others|remaining|rest)\b|其余|其他|其它|剩下|剩余", re.I)
_COPULA = re.compile(r"\b(?:is|are|was|were|has|have|had|did|do|does|got|kept)\b|都|均|是|在|为|已|一直", re.I)
_LISTED = ("log entry", "log line", "item", "series", "alert")
_TOTAL = re.compile(r'"(?:total|count|totalcount|total_count|hits|resultcount|matched)"\s*:\s*"?([0-9]+)')


def check_positive_universal(
    claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    """CONTRADICTED or UNCHECKED for a universal claim its listing refutes or cannot show; None otherwise."""
    text = claim.text
    if claim.negated or not UNIVERSAL.search(text) or _NOT_ALL.search(text) or _NARROWED.search(text):
        return None  # "the other five partitions all ...": a range the claim narrows, not the whole listing
    entities = [f for f in facts if f.is_entity]
    if not entities or any(f.kind == FactKind.ID for f in facts):
        return (
            None  # an enumerated set ("partitions 0, 1 and 4 all ...") is checked member by member (check_each_value)
        )
    levels = [f for f in facts if f.kind == FactKind.LEVEL]
    own = [f for f in facts if not f.is_entity and f.kind not in (FactKind.LEVEL, FactKind.TIME)]
    # "all X errors were ..." ranges over errors; "all X replicas are failing" says they all fail.
    quantifier = UNIVERSAL.search(text)
    assert quantifier is not None
    copula = _COPULA.search(text, quantifier.end())
    ranged = text[quantifier.end() : copula.start() if copula else len(text)]
    errors_only = _ERRORS.search(ranged) is not None or any(f.text in ranged for f in levels)
    cut: Optional[Unit] = None
    for index in evidence.rows():
        units = evidence.units(index)
        question = units[-1] if units and units[-1].strength == Strength.QUESTION else None
        about = [
            u
            for u in units
            if u.kind in _LISTED and u.strength >= Strength.INDIRECT and all(matches(f, u) for f in entities)
        ]
        if errors_only:
            about = [u for u in about if (u.level in ERROR_LEVELS) or (levels and matches_all(levels, u, None) is True)]
        if len(about) < 2:
            continue
        if own:
            odd = next((u for u in about if matches_all(own, u, question) is not True), None)
            if odd is not None and any(matches_all(own, u, question) is True for u in about):
                return base(
                    status=ClaimStatus.CONTRADICTED,
                    groundings=(grounding_of(odd),),
                    reason=f"not every unit about it shows it: {odd.ref} does not",
                )
        elif not errors_only:
            kinds = {(u.level in ERROR_LEVELS, u.state) for u in about if u.level or u.state}
            if len(kinds) > 1:
                first, odd = about[0], next(u for u in about if (u.level in ERROR_LEVELS, u.state) != _kind(about[0]))
                return base(
                    status=ClaimStatus.CONTRADICTED,
                    groundings=(grounding_of(first), grounding_of(odd)),
                    reason=f"the units about it differ ({_describe(first)} in {first.ref}, {_describe(odd)} in {odd.ref})",
                )
        header = next((u for u in units if u.kind == "header"), None)
        total = _TOTAL.search(header.lowered) if header is not None else None
        listed = [u for u in units if u.kind in _LISTED]
        if total and float(total.group(1)) > len(listed) and cut is None:
            cut = about[0]
    if cut is not None:
        return base(
            status=ClaimStatus.UNCHECKED,
            groundings=(grounding_of(cut),),
            reason="the listing is cut (its total is above the entries shown): it cannot show all of them",
        )
    return None


def _kind(unit: Unit) -> tuple[bool, str]:
    return (unit.level in ERROR_LEVELS, unit.state)


def _describe(unit: Unit) -> str:
    return unit.state or unit.level or "no level"
