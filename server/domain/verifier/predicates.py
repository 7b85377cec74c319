"""A claim of names only (and bare figures) whose words are what a failed or empty call asked: "Heap usage on ledger-service looks
healthy, well below the configured max" where the heap query timed out and a GC query about ledger-service
answered. The claim's one fact (the service) grounds on the call that answered; what it says of the
service (heap) is in no unit it rests on, nor in any call that answered, and is what the failed call
asked about. The names are shown, the finding is not: the claim is not grounded (a failed call reported
as a finding). A claim that tells of the failure itself ("连接超时", "the query timed out") is left alone.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.model import Grounding
from evidence_trace.server.domain.verifier.claim_parts import split_parts
from evidence_trace.server.domain.verifier.content_words import content_words, stem_in
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import Dimension, Fact, FactKind
from evidence_trace.server.domain.verifier.units import Strength
from evidence_trace.server.domain.verifier.window_edges import edge_start

_FAILURE = re.compile(
    r"\b(?:fail\w*|timed?[ -]?out|timeouts?|errors?|unreachable|refused|could ?n[o']t|unable)\b|失败|超时|报错|没能|无法|未能|连不上|登不上|没登上",
    re.I,
)
# a metric's short name ("总 lag 为 0", "cpu is fine"); content_words() reads words of four letters or more
_SHORT_WORD = re.compile(r"(?<![A-Za-z0-9_.-])[a-z][a-z0-9]{2}(?![A-Za-z0-9_.-])")
_SHORT_STOPWORDS = frozenset(
    "the and for are but not was its all any has had how now off one our out own per see set two way who why yet "
    "got let may new old put say she too use via did can get him his her you".split()
)
# kubectl's short names of the kinds it gets ("get deploy", "get svc,ep"): the kinds asked of
_KINDS = {
    "deploy": "deployment",
    "svc": "service",
    "sts": "statefulset",
    "ds": "daemonset",
    "rs": "replicaset",
    "cm": "configmap",
    "ns": "namespace",
    "po": "pod",
    "ing": "ingress",
    "hpa": "horizontalpodautoscaler",
    "pvc": "persistentvolumeclaim",
    "pv": "persistentvolume",
    "ep": "endpoints",
}
_KIND_SHORT = re.compile(r"\b(" + "|".join(_KINDS) + r")\b")
_OBJECTS = frozenset("pods nodes instances replicas containers services hosts both none each every".split())


def _bare(fact: Fact) -> bool:
    quantity = fact.quantity
    return fact.kind == FactKind.QUANTITY and quantity is not None and quantity.dimension == Dimension.NUMBER


def asked_by_a_failed_call(
    text: str, facts: Sequence[Fact], groundings: Sequence[Grounding], evidence: Evidence
) -> Optional[str]:
    """The id of a failed or empty call whose question holds what a claim of names only says of them,
    when no unit the claim rests on does; None otherwise."""
    # names, and bare figures ("settlement 的积压（lag）目前为 0"): a figure that could be any unit's number
    if not facts or not all(f.is_entity or _bare(f) for f in facts) or not groundings:
        return None
    failed, answered, answering = _calls(evidence)
    if not failed:
        return None  # no call of the session failed or came back empty
    rest = text
    for fact in facts:
        rest = rest.replace(fact.text, " ")
    if _FAILURE.search(text):
        return None  # "ssh 到 10.7.3.31 连接超时": the claim tells of the failure itself
    # what it says, in the words a query is written in (a question holds no Chinese), objects aside
    words = {w for w in content_words(rest) if w.isascii() and w not in _OBJECTS}
    words |= {w for w in _SHORT_WORD.findall(rest.lower()) if w not in _SHORT_STOPWORDS}  # "lag", "cpu", "p99"
    if not words:
        return None
    wanted = {(g.invocation_id, g.unit) for g in groundings}
    resting = [u.lowered for index in answering for u in evidence.units(index) if (u.invocation_id, u.ref) in wanted]
    if any(stem_in(word, lowered) for word in words for lowered in resting):
        return None
    # a word only the failed call asked about: nothing that answered mentions it
    unanswered = {w for w in words if not any(stem_in(w, lowered) for lowered in answered)}
    return next((call for call, asked in failed if any(stem_in(w, asked) for w in unanswered)), None)


def _calls(evidence: Evidence) -> tuple[list[tuple[str, str]], list[str], list[int]]:
    """(the failed or empty calls' ids and questions, every text the answering calls give or asked, the
    answering rows), read once per check: the same for every claim and every part of one."""

    def read() -> tuple[list[tuple[str, str]], list[str], list[int]]:
        failed: list[tuple[str, str]] = []
        answered: list[str] = []
        answering: list[int] = []
        for index in evidence.rows():
            units = evidence.units(index)
            question = evidence.question(index)
            empty = evidence.row(index).outcome.name == "NO_HIT"  # a query that found nothing answered nothing
            if question is not None and (empty or any(u.strength == Strength.FAILED for u in units)):
                failed.append((question.invocation_id, question.lowered))
                continue
            answering.append(index)
            answered.extend(u.lowered for u in units)
            if question is not None:  # what an answering call asked is answered ("get deploy X": the deployment)
                answered.append(_KIND_SHORT.sub(lambda m: _KINDS[m.group(1)], question.lowered))
        return failed, answered, answering

    return evidence.remember(("failed calls", evidence.only), read)  # (a cited() view reads its own rows)


# what a claim says of every member it names ("both answered /healthz with 200", "两个实例的 /healthz 都返回 200")
_EVERY = re.compile(r"\b(?:both|all|each|every)\b|都|均|全部|各自", re.I)
_VALUED = (FactKind.HTTP_STATUS, FactKind.QUANTITY, FactKind.STATE, FactKind.WORKLOAD_STATE, FactKind.ERROR_CODE)


def member_asked_by_a_failed_call(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[str]:
    """The id of a failed call whose question names one member the claim says something of all of and the
    very thing it says it of ("both replicas (10.61.3.14, 10.61.4.22) answered /healthz with 200" where the
    check of 10.61.4.22's /healthz timed out): that member's value came from no call. None otherwise."""
    if not _EVERY.search(text) or not any(f.kind in _VALUED for f in facts):
        return None
    members = [f for f in facts if f.kind == FactKind.INSTANCE]
    things = [f for f in facts if f.kind == FactKind.IDENTIFIER and (not f.soft or f.key.startswith("/"))]
    if len(members) < 2 or not things:
        return None
    failed, _, _ = _calls(evidence)
    return next(
        (
            call
            for call, asked in failed
            if any(m.key.lower() in asked for m in members) and any(t.key in asked for t in things)
        ),
        None,
    )


def asked_by_a_failed_call_in_parts(
    text: str, facts: Sequence[Fact], groundings: Sequence[Grounding], evidence: Evidence
) -> Optional[str]:
    """asked_by_a_failed_call() of the whole claim, else of each of its conjoined parts with the facts it
    states ("Total lag for X is 0, and both X pods are Running": the lag is what the empty call asked)."""
    found = asked_by_a_failed_call(text, facts, groundings, evidence) or member_asked_by_a_failed_call(
        text, facts, evidence
    )
    pieces = split_parts(text) if found is None else []
    for piece, _ in pieces if len(pieces) > 1 else ():
        own = [f for f in facts if f.text in piece]
        found = asked_by_a_failed_call(piece, own, groundings, evidence) if own else None
        if found is not None:
            return found
    return found


def unshown_by_its_calls(
    text: str, facts: Sequence[Fact], groundings: Sequence[Grounding], evidence: Evidence
) -> Optional[str]:
    """Why a grounded claim is not shown by the calls behind it, or None: what it says is what a failed or empty
    call asked ("heap looks healthy" where the heap query failed), or the start it dates is the edge of the
    window of a call that grounds it ("started at 06:02:09" where the search opens at 06:02:09)."""
    failed = asked_by_a_failed_call_in_parts(text, facts, groundings, evidence)
    if failed is not None:
        return f"its names are shown; what it says of them is what the failed or empty call {failed} asked"
    return edge_start(text, facts, evidence, groundings)


def facts_have_values(facts: Sequence[Fact]) -> bool:
    """Whether the claim states a value of its own: a quantity, an id, a status, or a count of some."""
    return any(
        f.kind in (FactKind.QUANTITY, FactKind.ID, FactKind.HTTP_STATUS) or (f.kind == FactKind.COUNT and f.key != "0")
        for f in facts
    )
