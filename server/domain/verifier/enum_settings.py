"""A key said to hold a value written in capitals, read against the value the records give it.

    "AdvancedSecurityMode": "AUDIT"        MfaConfiguration = OPTIONAL        deletion_protection: ACTIVE

A claim that names a key as configs and APIs write it and gives it a value in capitals ("AdvancedSecurityMode is
ENFORCED", "MfaConfiguration 为 OFF", "`replication_mode`: SYNC") says what the record holds. The value had been no
fact of the claim at all, so the claim grounded on the key's name. When records of the claim's subject (every name
and id it gives; what its call asked) assign that key a value (`"Key": "VALUE"`, `Key=VALUE`, `Key: VALUE`) and
none of them the claimed one, the claim is contradicted; a record giving the claimed value, or none giving the key
a value, decides nothing. A value asked about or proposed ("whether X is ENABLED", "set X to SYNC") is no claim of
it (boolean_settings' rule). Only a contradiction is decided here; a switch's true/false is boolean_settings'.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.boolean_settings import KEY, asked_in_clause
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.subject_binding import subject_rival
from evidence_trace.server.domain.verifier.units import Unit

# the value ends its clause: "is ENFORCED.", "为 FATAL_ERROR）", never "是 AND 关系", ": ECR reports", ": HTTP 401 …"
_VALUE = r"[`'\"]?(?P<value>[A-Z][A-Z0-9_]{2,})[`'\"]?(?=[ \t]*(?:$|[,.;)，。；）]|and\b|but\b|while\b|so\b|且|但))"
_EN = re.compile(
    KEY
    + r"`?[ \t]*(?:(?:is|was|stays?|remains?)[ \t]+(?:(?:now|still|currently|set[ \t]+to)[ \t]+)?|[=:][ \t]*)"
    + _VALUE
)
_ZH = re.compile(KEY + r"`?[ \t]*(?:当前|目前|现在|仍然|仍|还)?[ \t]*(?:是|为|设为|设置为|处于|=|:|：)[ \t]*" + _VALUE)
SWITCH = frozenset({"TRUE", "FALSE", "ON", "OFF", "YES", "NO"})  # boolean_settings reads these


def enum_rival(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A record of the claim's subject giving a key the claim gives a value in capitals another value, when no
    record of it gives the claimed one; None otherwise."""
    subject = [f for f in facts if f.is_entity and f.kind != FactKind.ALERT or f.kind == FactKind.ID]
    for pattern in (_EN, _ZH):
        for said in pattern.finditer(text):
            if said.group("value") in SWITCH or asked_in_clause(text, said.start()):
                continue
            rival = _rival(said.group("key"), said.group("value"), subject, evidence)
            if rival is not None:
                return rival
    return None


def _rival(key: str, claimed: str, subject: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    given = re.compile(
        r"(?:^|[{,\s])[\"']?"
        + re.escape(key)
        + r"[\"']?[ \t]*[:=][ \t]*(?:\"(?P<quoted>[^\"\n]*)\"|(?P<bare>[A-Za-z0-9_]+))",
        re.I | re.M,
    )
    lowered, word = key.lower(), re.compile(rf"(?<![A-Z0-9_]){re.escape(claimed.upper())}(?![A-Z0-9_])")

    def values(unit: Unit) -> list[str]:
        if lowered not in unit.text.lower():
            return []
        found = [
            (m.group("quoted") if m.group("bare") is None else m.group("bare")).upper()
            for m in given.finditer(unit.text)
        ]
        return [claimed.upper() if word.search(v) else v for v in found]  # "Stop Reason FATAL_ERROR …" gives it

    return subject_rival(subject, evidence, values, claimed.upper())
