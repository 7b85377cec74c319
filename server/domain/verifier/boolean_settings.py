"""A switch said to be on or off, read against the value the evidence gives it.

    "ContentBasedDeduplication": "false",        enable_partition_pruning = on        autoCommit=true

A claim that names a setting written as a key ("with ContentBasedDeduplication enabled", "autoCommit is off",
"deletion_protection 已开启", "enable_partition_pruning 为 false", "`tls.insecure` is not enabled") says the switch
is on or off. When records of the claim's subject (every name and id it gives, in the record or what its call
asked) assign that key a switch's value (true/false, on/off, enabled/disabled, yes/no, the key opening a line or a
JSON member: `"key": "false"`, `key=value`, `key: value`; a table's cells are not read, as a table leaves out its
false cells) and none of them the claimed one, the claim is
contradicted; a record giving the claimed value, or no record giving the key a switch's value, decides nothing.
A name must be written as a key (CamelCase, snake_case, dotted or kebab-case), so "TLS is enabled" reads no key;
a switch asked about ("whether X is enabled", "是否开启") or proposed ("should be enabled") is no claim of it.
Only a contradiction is decided here.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.bounded_universals import clause_start
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.intervals import listed_names
from evidence_trace.server.domain.verifier.subject_binding import subject_rival
from evidence_trace.server.domain.verifier.units import Unit

# a key as configs and APIs write it: ContentBasedDeduplication, enable_partition_pruning, tls.insecure, read-only
KEY = r"`?(?P<key>(?:[a-z]+[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[A-Za-z][A-Za-z0-9]*(?:[._-][A-Za-z0-9]+)+))`?"
_ON = {"enabled", "on", "true", "yes", "开启", "启用", "打开", "开着"}
_EN = re.compile(
    KEY + r"[ \t]*(?:(?:is|was|are|were|has been|set to|turned|stays?)[ \t]+|[=:][ \t]*)?(?P<neg>not[ \t]+)?"
    r"(?P<value>enabled|disabled|on|off|true|false)\b"
)
_ZH = re.compile(
    KEY + r"[ \t]*(?:都|均|全都|也)?(?:已经|已|是|为|设为|设置为|处于|仍|仍然)?[ \t]*(?P<neg>未|没有|没|不)?[ \t]*"
    r"(?P<value>开启|启用|打开|开着|关闭|禁用|关掉|true|false)(?![A-Za-z])"
)
ASKED = re.compile(
    r"\b(?:if|whether|unless|should|must|need|needs|make sure|ensure|consider|try)\b|如果|是否|若|应该|需要|建议|确保|可以",
    re.I,
)
_LISTED_KINDS = (FactKind.INSTANCE, FactKind.SERVICE)
CLAUSE_MARKS = ",;，；。(（"


def asked_in_clause(text: str, at: int, asked: re.Pattern[str] = ASKED) -> bool:
    """Whether the clause holding text[at] asks or proposes before `at` ("whether X is enabled", "是否开启", "should be
    ENFORCED"): what it says there is no claim of a value."""
    return asked.search(text, clause_start(text, at, CLAUSE_MARKS), at) is not None


_GIVEN = r"[\"']?[ \t]*[:=][ \t]*[\"']?(?P<value>true|false|enabled|disabled|on|off|yes|no)\b"


def _truth(value: str, negated: bool) -> bool:
    return (value.lower() in _ON) != negated


def flag_rival(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A record of the claim's subject giving a switch the claim names (as a key) the other value, when no
    record of it gives the claimed one; None otherwise."""
    subject = [f for f in facts if f.is_entity or f.kind == FactKind.ID]  # "Node 4's is_live": node 4's record
    for pattern in (_EN, _ZH):
        for said in pattern.finditer(text):
            if asked_in_clause(text, said.start()):
                continue
            claimed = _truth(said.group("value"), bool(said.group("neg")))
            rival = _rival(said.group("key"), claimed, subject, evidence)
            # "relay-01 和 relay-03 都是 raftHealthy=true": the switch is said of each listed name, in its own record
            listed = listed_names(text[: said.start()], [f for f in subject if f.kind in _LISTED_KINDS])
            rival = rival or next(
                filter(None, (_rival(said.group("key"), claimed, [f], evidence) for f in listed)), None
            )
            if rival is not None:
                return rival
    return None


def _rival(key: str, claimed: bool, subject: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    # the key opens a line or a JSON member: never a table row's cells read under their columns ("(id=4; …;
    # is_live=true)"), which leave out a false cell
    given = re.compile(r"(?:^[ \t]*|[{,][ \t]*)[\"']?" + re.escape(key) + _GIVEN, re.I | re.M)
    lowered = key.lower()

    def values(unit: Unit) -> list[bool]:
        if lowered not in unit.text.lower():
            return []
        return [_truth(m.group("value"), False) for m in given.finditer(unit.text)]

    return subject_rival(subject, evidence, values, claimed)
