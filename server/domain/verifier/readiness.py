"""Readiness said of every member: "edge-proxy 的 3 个副本都是 Running，且都已 Ready", "all four pods are Running and
Ready", "both replicas are Ready".

kubectl says a pod is not ready in its READY column (`0/1`, `1/2`: fewer containers ready than it has) and a
node in its STATUS (`NotReady`). A claim that every member it speaks of is Ready is contradicted by a record
of that listing which shows one of them not ready. "Ready" is read only so, as a universal's predicate: drafts
use the word for a READY column's counts and a condition's name as much as for the state, and a state of one
member is checked with its row as before.
"""

from __future__ import annotations

import re
from typing import Callable, Optional, Sequence

from evidence_trace.server.domain.model import ClaimCheck, ClaimStatus
from evidence_trace.server.domain.verifier.claims import Claim
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.listing_limits import RECORD_KINDS
from evidence_trace.server.domain.verifier.unit_search import grounding_of
from evidence_trace.server.domain.verifier.units import Strength, Unit

_ALL_READY = re.compile(
    r"\b(?i:all|both|each|every)\b[^.;:,，。；：]{0,48}?\b(?:are|is|were|was)[ \t]+(?:all[ \t]+|both[ \t]+)?"
    r"(?:(?:Running|running|up)[ \t]+and[ \t]+)?Ready\b"
    r"|(?:都|均|全部|全都)(?:已经?|是|为|处于)?[ \t]*Ready(?![ \t]*[:：=]|[ \t]*(?:条件|condition))"
)
# "all 4 nodes are Ready and schedulable", "节点都可调度": a node cordoned (`Ready,SchedulingDisabled`) is not
_ALL_SCHEDULABLE = re.compile(
    r"\b(?i:all|both|each|every)\b[^.;:,，。；：]{0,60}?\bschedulable\b|(?:都|均|全部|全都)(?:是|为)?[ \t]*可(?:以被?)?调度"
)
_NODES = re.compile(r"\bnodes?\b|节点", re.I)
_OTHERS = re.compile(r"\b(?:other|others|rest|remaining)\b|其余|其他|另外|剩下", re.I)  # some set apart before
_CLAUSE_END = re.compile(r"[,，;；:：]")
_NOT_BEFORE = re.compile(r"(?:\bnot|n't|没有|未|不)[ \t]*$", re.I)
# a pod with fewer containers ready than it has ("0/1", "1/2"), a node NotReady
_UNREADY = re.compile(r"(?<![\w/.])([0-9]+)/([1-9][0-9]?)(?![\w/.])[ \t]+[A-Za-z]|\bNotReady\b")


def check_all_ready(
    claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    """CONTRADICTED when the claim says every member is Ready and a record shows one not ready; else None."""
    unready = unready_member(claim.text, facts, evidence)
    if unready is None:
        return None
    cordoned = "SchedulingDisabled" in unready.text and _ALL_SCHEDULABLE.search(claim.text) is not None
    why = f"a member it says is {'schedulable is cordoned' if cordoned else 'Ready is not'} ({unready.ref})"
    return base(status=ClaimStatus.CONTRADICTED, groundings=(grounding_of(unready),), reason=why)


def unready_member(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A record of a listing about the claim's subject that shows a member not ready, when the claim says
    all of them are Ready; None otherwise."""
    all_schedulable = _ALL_SCHEDULABLE.search(text)
    said = _ALL_READY.search(text) or all_schedulable
    if said is None or _NOT_BEFORE.search(text, max(0, said.start() - 8), said.start()):
        return None
    schedulable = all_schedulable is not None
    names = [f for f in facts if f.is_entity]
    if not names and _NODES.search(text) and not _OTHERS.search(text):  # "all 4 nodes …": the nodes its count says
        return _unready_node(text, facts, evidence, schedulable)
    # the members its clause names ("master-1、worker-1 … 都是 Ready"); the ones named before it are set apart
    # ("只有 worker-3 是 NotReady，其余 4 个都是 Ready")
    start = max((m.end() for m in _CLAUSE_END.finditer(text, 0, said.start())), default=0)
    named = [f for f in names if f.kind in (FactKind.INSTANCE, FactKind.IDENTIFIER) and not f.soft]
    members = [f for f in named if start <= text.find(f.text) < said.end()]
    apart = [f for f in named if text.find(f.text) < start]
    if not names:
        return None
    for index in evidence.rows():
        question = evidence.question(index)
        if not any(question is not None and matches(f, question) for f in names) and not any(
            matches(f, u) for f in names for u in evidence.units(index)
        ):
            continue
        for unit in evidence.units(index):
            if (
                unit.kind not in RECORD_KINDS
                or unit.strength < Strength.INDIRECT
                or not _unready(unit.text, schedulable)
            ):
                continue
            # the members it names ("both pods on node-a1 and node-a3"), or else every record of the listing
            if any(matches(f, unit) for f in members) or not (members or any(matches(f, unit) for f in apart)):
                return unit
    return None


def _unready_node(text: str, facts: Sequence[Fact], evidence: Evidence, schedulable: bool) -> Optional[Unit]:
    """A node of a `get nodes` listing as long as the claim's count (when it gives one) that is not ready, or
    cordoned when the claim says all are schedulable."""
    counts = [int(f.quantity.value) for f in facts if f.kind == FactKind.COUNT and f.quantity is not None]
    for index in evidence.rows():
        question = evidence.question(index)
        if question is None or not _NODES.search(question.lowered):
            continue
        records = [u for u in evidence.units(index) if u.kind in RECORD_KINDS and u.strength >= Strength.INDIRECT]
        if counts and len(records) != counts[0]:
            continue
        odd = next((u for u in records if _unready(u.text, schedulable)), None)
        if odd is not None:
            return odd
    return None


def _unready(text: str, schedulable: bool = False) -> bool:
    if schedulable and "SchedulingDisabled" in text:
        return True
    for m in _UNREADY.finditer(text):
        if m.group(0).endswith("NotReady") or int(m.group(1)) < int(m.group(2)):
            return True
    return False
