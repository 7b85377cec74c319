"""What a call's question vouches for: the subject a unit of its output need not name again.

A claim's subject (a pod, a path, a build) may be given only by what the call asked: `get pods -n payments`
speaks of payments in every row. Two limits: an id stands under its own noun ("build #233" of a call
asked `{"build": 233}`), and a response to another URL (after a redirect, its Location) is no answer
for the path the call asked. A state the call filtered by (`list-jobs-by-status --status Submitted`,
`--field-selector=status.phase=Pending`) is the state of every record it returns: "27 个作业处于 Submitted 状态"
of the 27 it counted.
"""

from __future__ import annotations

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


def another_url(fact: Fact, unit: Unit) -> bool:
    """A path the call asked for, against a response to another URL (http_exchanges gives it as the subject)."""
    return fact.key.startswith("/") and "//" in unit.subject and fact.key not in unit.subject.lower()
