"""What a sensor, firewall or WAF did with the traffic: a claim that a connection or request was blocked ("the
sensor blocked the connection", "WAF 拦截了这些请求", "dropped by the firewall") or let through ("allowed",
"放行") says the verdict the records of it give in a field of their own: Suricata's `"action": "allowed"`, AWS
WAF's `"action": "BLOCK"` (`COUNT`: matched, not blocked), a Kubernetes audit event's `decision: forbid`, a
policy log's `verdict: DROPPED`. When records naming one of the claim's names give a verdict and none of them
the claimed one, the claim is contradicted. A claim that denies the verb ("was not blocked") or says both ways is
not read here.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.change_directions import way_rival
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import Fact
from evidence_trace.server.domain.verifier.units import Unit

_SAID = {
    # ("denied", "forbidden", "拒绝" are not read: they tell a permission error as often as a verdict)
    "block": re.compile(r"\b(?:blocked|dropped)\b|拦截|阻断|拦下|丢弃", re.I),
    "allow": re.compile(r"\b(?:allowed|permitted|let[ \t]+through|passed[ \t]+through)\b|放行|允许通过|被允许", re.I),
}
_NEGATED = re.compile(r"(?:\bnot|n't|\bnever|未|没有?|并未|不)[ \t]*(?:been[ \t]+|be[ \t]+|被)?$", re.I)
_VERDICT = re.compile(
    r"(?<![A-Za-z])[\"']?(?:action|decision|verdict|disposition)[\"']?[ \t]*[:=][ \t]*[\"']?([A-Za-z_]+)", re.I
)
_WAYS = {
    "block": frozenset("block blocked drop dropped deny denied reject rejected forbid forbidden".split()),
    "allow": frozenset("allow allowed accept accepted pass passed permit permitted count".split()),
}


def _given(text: str) -> set[str]:
    """The verdicts a record gives its traffic."""
    words = {m.lower() for m in _VERDICT.findall(text)}
    return {way for way, forms in _WAYS.items() if words & forms}


def verdict_rival(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A record naming one of the claim's names whose verdict field gives the traffic another verdict than the
    one the claim says, when none gives the claimed one; or None."""
    said = []
    for way, pattern in _SAID.items():
        found = [m for m in pattern.finditer(text) if not _NEGATED.search(text, max(0, m.start() - 12), m.start())]
        if found:
            said.append(way)
        elif pattern.search(text):
            return None  # a denied verb ("was not blocked") says the other way only by negation: not read
    return way_rival(said, facts, evidence, _given)
