"""What a call's question vouches for: the subject a unit of its output need not name again.

A claim's subject (a pod, a path, a build) may be given only by what the call asked: `get pods -n payments`
speaks of payments in every row. Two limits: an id stands under its own noun ("build #233" of a call
asked `{"build": 233}`), and a response to another URL (after a redirect, its Location) is no answer
for the path the call asked. A state the call filtered by (`list-jobs-by-status --status Submitted`,
`--field-selector=status.phase=Pending`) is the state of every record it returns: "27 个作业处于 Submitted 状态"
of the 27 it counted.
"""

from __future__ import annotations

import functools
import re

from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.units import Unit


def asked_id(fact: Fact, question: Unit) -> bool:
    """ "Build #233" of a call asked for `{"build": 233}`: the id the call was asked about, under its noun; a state
    name the call filtered its records by (`--status Submitted`, `status.phase=Pending`, `state: FAILED`)."""
    if fact.kind == FactKind.IDENTIFIER:
        state = rf"\b(?:status|state|phase)(?:es)?[\"']?[ \t]*[:= \t][ \t]*[\"']?{re.escape(fact.key)}(?![\w-])"
        return re.search(state, question.lowered) is not None
    if fact.kind != FactKind.ID:
        return False
    noun = re.match(r"[A-Za-z]+", fact.text)
    if noun is None:
        return False
    asked = rf"\b{re.escape(noun.group(0).lower())}s?[\"']?[ \t]*[:=][ \t]*[\"']?#?{re.escape(fact.key)}(?![0-9])"
    return re.search(asked, question.lowered) is not None


def another_asked(fact: Fact, unit: Unit, question: Unit) -> bool:
    """Whether the unit is about another thing the call asked than the fact's name, so the question vouches for no
    name of it: a path against a response to another URL (http_exchanges gives it as the subject), and a name the
    call asked in a list of like ones against a record that names another of them and not it (`for img in
    web/storefront:7.2.0 web/checkout-ui:3.4.1; do clairctl report …`: storefront's finding is not checkout-ui's)."""
    if fact.key.startswith("/") and "//" in unit.subject and fact.key not in unit.subject.lower():
        return True
    siblings = _siblings(fact.key, question.lowered)
    return bool(siblings) and any(s in unit.lowered for s in siblings) and fact.key not in unit.lowered


_TOKEN = re.compile(r"[^\s,;'\"|=()\[\]{}<>]+")


@functools.lru_cache(maxsize=4096)  # (asked of every unit a question vouches for: read once per name and question)
def _siblings(key: str, asked: str) -> frozenset[str]:
    """The other names the call asked in the same frame as `key`: the word after the same path ("web/") as the word
    `key` is or follows, to the next separator ("web/storefront" beside "web/checkout-ui:3.4.1", of "checkout-ui"
    and of "3.4.1")."""
    tokens = _TOKEN.findall(asked)
    frames = {t[: t.rfind("/", 0, t.find(key)) + 1] for t in tokens if key in t} - {""}
    return frozenset(
        frame + re.split(r"[:/@]", token[len(frame) :])[0]
        for frame in frames
        for token in tokens
        if token.startswith(frame) and len(token) > len(frame) and key not in token
    )
