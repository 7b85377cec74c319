"""A member said to be up or down where a record of it shows the other word (latest_state.stale_state).

A draft says it of a node, a broker, an OSD, a target: "osd.6 is down", "kafka-2 went down", "is back up", "目前仍为
down", "状态为 up". The words are no fact the evidence must show: up is shown in many other words (Running, Ready,
`up` 1, an answer), and "the cluster is up" grounds on what shows it. But a record that names every member the claim
names and shows the other word, never the claim's (`ceph osd tree`'s "osd.6  up", `"status": "down"`), contradicts
it: unread, "kafka-2 is down" grounded on kafka-2 alone wherever its record said up. Never a change: "the DB is down to
412 MB", "latency is up 40%", "CPU went up" say nothing of liveness.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.units import Strength, Unit

_END = r"(?![ \t]*(?:to|from|by|over|in|[0-9+%×x])\b|[ \t]*[0-9+%])"  # (not "down to 412 MB", "up 40%")
_ZH = r"(?:状态|仍然|仍|还|依然|目前|现在|已经|当前|被标记)(?:是|为|处于|成)[ \t]*"
_STILL = r"(?:(?:still|now|already|currently|again|marked)[ \t]+)?"
_SAID = {
    "up": re.compile(  # (never "went up", "goes up": a rise)
        rf"\b(?:(?:is|are|was|were|stays?|remains?)[ \t]+{_STILL}(?:back[ \t]+)?|(?:came|comes)[ \t]+back[ \t]+)up\b{_END}"
        rf"|{_ZH}up\b{_END}",
        re.I,
    ),
    "down": re.compile(
        rf"\b(?:is|are|was|were|stays?|remains?|went|goes|marked)[ \t]+{_STILL}down\b{_END}|{_ZH}down\b{_END}", re.I
    ),
}
_SHOWN = {word: re.compile(rf"(?<![\w.\-/]){word}(?![\w.\-/])", re.I) for word in _SAID}


def said_liveness(text: str) -> str:
    """The liveness a claim says of its subject, "up" or "down", or "" (for both: "went down and came back up")."""
    said = [word for word, pattern in _SAID.items() if pattern.search(text)]
    return said[0] if said in (["up"], ["down"]) and not (said == ["down"] and _BACK.search(text)) else ""


_BACK = re.compile(r"\b(?:came|comes|is|was|are|were)[ \t]+back\b|\brecover(?:ed|s)?\b|恢复", re.I)


def liveness_rival(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A record naming every member the claim names that shows the other liveness and never the claim's; None
    when one of them shows the claim's, or none shows either."""
    word, names = said_liveness(text), [f for f in facts if f.is_entity and f.kind != FactKind.ALERT]  # (its member)
    if not word or not names:
        return None
    other = next(w for w in _SAID if w != word)
    rival = None
    for index in evidence.candidates(names):
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or unit.kind in ("input", "header", "series", "alert"):
                continue  # (a series' `up` is Prometheus' metric, 0 or 1; an alert's words are its rule's)
            if not all(matches(f, unit) for f in names):
                continue
            if _SHOWN[word].search(unit.text[:2000]):
                return None  # a record of them says it (a state's history, another call)
            if _SHOWN[other].search(unit.text[:2000]):
                rival = rival or unit
    return rival
