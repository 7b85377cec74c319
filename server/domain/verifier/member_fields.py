"""A member's field, as tools print it, read on the member's own line of a record of several.

    slave0:ip=10.4.2.17,port=6379,state=online,offset=48211903377,lag=0
    slave1:ip=10.4.3.22,port=6379,state=online,offset=48208117262,lag=14

A record can hold one line for each of several members (a master's `# Replication` section, a Sentinel's list, a
`nodetool status` block). A claim that gives a member a field's value the way tools write it ("10.4.3.22 is in
sync with lag=0", "10.4.3.22 的 lag=0") is read against the line that names that member: another value there, and
the claimed one on no line of the member, contradicts it. Each value is said of the member named last before it.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Evidence, contains
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.units import Strength, Unit

# `lag=0`, `state=online`, `offset: 48208117262`: a field written as tools print it
_SAID = re.compile(
    r"(?<![\w.:/-])([a-z][a-z0-9_]{1,30})(?:[ \t]*=[ \t]*([0-9]+(?:\.[0-9]+)?|[a-z][a-z_-]{1,15})"
    r"|:[ \t]*([0-9]+(?:\.[0-9]+)?))(?![\w/:-]|\.\w)"  # ("feed:timeline:hot" is a key's name, "1/FAILURE" one value)
)
_MEMBERS = (FactKind.INSTANCE, FactKind.IDENTIFIER, FactKind.SERVICE)


def member_field(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """The unit whose line of the member gives the field another value, or None."""
    members = [f for f in facts if f.kind in _MEMBERS and not f.soft and "_" not in f.key]
    if not members:
        return None
    lowered = text.lower()
    for said in _SAID.finditer(lowered):
        named = [(lowered.rfind(f.key, 0, said.start()), f) for f in members]
        at, member = max(named, key=lambda pair: pair[0])
        if at < 0:
            continue  # no member named before it
        name, value = said.group(1), said.group(2) or said.group(3)
        given = re.compile(rf"(?<![\w.-]){re.escape(name)}[ \t]*[=:][ \t]*([0-9]+(?:\.[0-9]+)?(?![\w/.])|[a-z][\w/-]*)")
        for index in evidence.rows():
            for unit in evidence.units(index):
                if unit.strength < Strength.INDIRECT or unit.kind == "input" or member.key not in unit.lowered:
                    continue
                lines = [line for line in unit.lowered.splitlines() if contains(line, member.key)]
                values = [v for line in lines for v in given.findall(line)]
                others = [line for line in unit.lowered.splitlines() if given.search(line) and line not in lines]
                if values and others and value not in values:
                    return unit  # several members' lines, and the member's own gives another value
    return None
