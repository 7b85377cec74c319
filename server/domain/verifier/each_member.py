"""What "all" says of each named member: "All four regions are returning 502 (us-east-1, eu-west-1, ap-southeast-1
and us-west-2)", "三个节点 (a、b、c) 都是 NotReady". Each member's own records must show the status or state said
of them all; a member whose records all show another contradicts the claim.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.model import ClaimCheck, ClaimStatus
from evidence_trace.server.domain.verifier.claim_patterns import _NEGATION, _NOT_ALL, CLAUSE_END, NARROWED, UNIVERSAL
from evidence_trace.server.domain.verifier.claims import Claim
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches, matches_all
from evidence_trace.server.domain.verifier.facts import Fact, FactKind, Scope
from evidence_trace.server.domain.verifier.listing_limits import RECORD_KINDS
from evidence_trace.server.domain.verifier.rivals import rival_value
from evidence_trace.server.domain.verifier.unit_search import grounding_of
from evidence_trace.server.domain.verifier.units import Strength


def check_each_member(claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base) -> Optional[ClaimCheck]:
    """CONTRADICTED when a named member's records all show another status or state than the one said of all
    of them; None otherwise."""
    text = claim.text
    quantifier = UNIVERSAL.search(text)
    if quantifier is None or _NOT_ALL.search(text) or NARROWED.search(text):
        return None
    if _NEGATION.search(text, quantifier.start()):
        return None  # "all four are not …" (an answer's leading "No —" is no negation of it)
    members = [f for f in facts if f.kind in (FactKind.INSTANCE, FactKind.SERVICE) and not f.soft]
    enumerated = _ENUMERATED.search(text) if len(members) < 2 else None
    members = members if enumerated is None else _named_parts(enumerated, evidence)
    # "crm-restore 下 5 个 Pod（crm-api ×2、crm-postgres-0、…）全部 Running": the members are the listed ones, not
    # the namespace they are in
    listed = _LISTED.search(text)
    inside = [f for f in members if listed and listed.start(1) <= text.find(f.text) < listed.end(1)]
    members = inside if len(inside) >= 2 else members
    # what "all" says of each: a status or state in its own clause, after it ("版本都是 3.12.13" says a version);
    # a status that may be a duration ("超过 300s 的影响线") is not one
    # (past an enumeration of the members right after it: "All three pods — controller, cainjector and webhook —")
    after = enumerated.end() if enumerated is not None and enumerated.start() >= quantifier.end() else quantifier.end()
    stop = CLAUSE_END.search(text, after)
    said = text[quantifier.end() : stop.start() if stop else len(text)]
    own = [
        f
        for f in facts
        if f.kind in (FactKind.HTTP_STATUS, FactKind.WORKLOAD_STATE) and f.text in said and not f.alternatives
    ]
    count = all_of_count(text, quantifier, facts)
    if len(members) < 2 or not own or (count is not None and count != len(members)):
        return None
    for member in members:
        records = [
            (u, evidence.question(index))
            for index in evidence.candidates([member])
            for u in evidence.units(index)
            if u.kind in RECORD_KINDS and u.strength >= Strength.INDIRECT and matches(member, u)
        ]
        # (records that show no status of that kind at all, a pod listing beside an HTTP status, show no other)
        none_shows = not any(matches_all(own, u, question) is True for u, question in records)
        if records and none_shows and any(rival_value(f, u) for f in own for u, _ in records):
            return base(
                status=ClaimStatus.CONTRADICTED,
                groundings=(grounding_of(records[0][0]),),
                reason=f"{member.text}, one of those it says all of, shows no {own[0].text} ({records[0][0].ref})",
            )
    return None


def all_of_count(text: str, quantifier: re.Match[str], facts: Sequence[Fact]) -> Optional[float]:
    """ "all three are APNs rejections", "all 3 of them", "3 pods (a, b, c), all Running", "3 个 Pod，全部 Running":
    the count "all" is said of, or None."""
    for f in facts:
        if f.kind == FactKind.COUNT and f.quantity is not None:
            at = text.find(f.text, quantifier.end())
            if 0 <= at - quantifier.end() <= 1:
                return f.quantity.value
    if quantifier.group(0).lower() not in ("all", "each", "全部", "全都", "都", "均"):
        return None
    before = text[: quantifier.start()]  # the count right before the comma "all" follows
    for f in facts:
        at = before.rfind(f.text) if f.kind == FactKind.COUNT and f.quantity is not None else -1
        if at >= 0 and f.quantity is not None and _APPOSITIVE.fullmatch(before, at + len(f.text)):
            return f.quantity.value
    return None


# (its noun, when the count's own text ends before it: "3 个 Pod，全部 …"), a parenthesis, then the comma
_APPOSITIVE = re.compile(
    r"(?:[ \t]*[A-Za-z][\w-]{0,15}|[ \t]*[\u4e00-\u9fff]{1,6})?[ \t]*(?:[(（][^()（）]{0,40}[)）][ \t]*)?[,，][ \t]*"
)


_LISTED = re.compile(r"[0-9]+\s*(?:个|台|条)?\s*[A-Za-z\u4e00-\u9fff]{0,12}\s*[（(]([^（）()]{3,200})[）)]")
# "controller, cainjector and webhook", "controller、cainjector 和 webhook": members named by a plain word
_ENUMERATED = re.compile(
    r"\b([a-z][a-z0-9]{2,})(?:(?:,|、)[ \t]*([a-z][a-z0-9]{2,}))*,?[ \t]*(?:and|和|与|及)[ \t]*([a-z][a-z0-9]{2,})\b"
)


def _named_parts(m: re.Match[str], evidence: Evidence) -> list[Fact]:
    """Members a claim enumerates by a part of their names ("controller, cainjector and webhook" of the pods
    cert-manager-cainjector-…, cert-manager-webhook-…): each word the evidence writes as a hyphenated part of a
    name; none when a word is no such part (an enumeration of things, "errors, timeouts and retries")."""
    words = re.findall(r"[a-z][a-z0-9]{2,}", m.group(0).replace(" and ", " "))
    named = [w for w in words if evidence.mentions_any((f"-{w}-", f"-{w} "))]
    if len(named) < 2:
        return []
    return [Fact(FactKind.IDENTIFIER, w, w, Scope.SUBJECT, soft=True) for w in words]
