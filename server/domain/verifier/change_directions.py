"""Which way a change went: a claim that something was removed ("bob removed roles/storage.admin from the etl
service account", "撤销了 …", "detached the policy") or added ("granted", "attached", "添加了") says the direction
the records of the change give in a field of their own: a GCP audit log's `bindingDeltas[].action` (`ADD`,
`REMOVE`), a JSON Patch's `op`, a change's `changeType`, CloudTrail's `eventName` (`AttachRolePolicy`,
`DetachRolePolicy`). When records naming one of the claim's names give a direction and none of them the claimed
one, the claim is contradicted. A claim that says both ways ("added A and removed B") is not read here.
"""

from __future__ import annotations

import re
from typing import Callable, Optional, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.units import Strength, Unit

_SAID = {
    "remove": re.compile(
        r"\b(?:removed|revoked|deleted|detached|unbound|withdrew|took away|stripped)\b|删除了|移除|撤销|撤掉|解绑|收回",
        re.I,
    ),
    "add": re.compile(r"\b(?:added|granted|attached|bound|gave)\b|添加了|授予|绑定了|新增了|赋予", re.I),
}
_ACTION = re.compile(
    r"[\"']?(?:action|op|operation|change_?type|delta_?type)[\"']?[ \t]*[:=][ \t]*[\"']?([A-Za-z_]+)", re.I
)
# the verb that opens an API call's name: `AttachRolePolicy`, `RemoveUserFromGroup`
_EVENT = re.compile(r"(?i:[\"']?event_?name[\"']?)[ \t]*[:=][ \t]*[\"']?([A-Z][a-z]+)(?=[A-Z])")
_WAYS = {
    "add": frozenset("add added create created grant granted attach attached insert put authorize".split()),
    "remove": frozenset("remove removed delete deleted revoke revoked detach detached drop".split()),
}


def _given(text: str) -> set[str]:
    """The directions a record gives its change."""
    words = [m.lower() for m in _ACTION.findall(text)] + [m.lower() for m in _EVENT.findall(text)]
    return {way for way, forms in _WAYS.items() for w in words if w in forms}


def direction_rival(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A record naming one of the claim's names that gives its change the other direction, when none of them
    gives the claimed one; or None."""
    return way_rival([way for way, pattern in _SAID.items() if pattern.search(text)], facts, evidence, _given)


def way_rival(
    said: Sequence[str], facts: Sequence[Fact], evidence: Evidence, given_ways: Callable[[str], set[str]]
) -> Optional[Unit]:
    """A record naming one of the claim's names (or of a call asked about one) whose own field gives another way
    (`given_ways` of its text) than the one way the claim said, when no such record gives the claimed one; or None."""
    names = [f for f in facts if f.is_entity and f.kind != FactKind.TIME]
    if len(said) != 1 or not names:
        return None
    rival = None
    for index in evidence.rows():
        question = evidence.question(index)  # a call asked about the name: its records are the name's
        asked = question is not None and any(matches(f, question) for f in names)
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or unit.kind == "input":
                continue
            given = given_ways(unit.text)
            if not given or not (asked or any(matches(f, unit) for f in names)):
                continue
            if said[0] in given:
                return None  # a record gives the claimed way
            rival = rival or unit
    return rival
