"""A setting named in words and given a value, read against the key that holds it.

    "UserPoolAddOns": {"AdvancedSecurityMode": "AUDIT"}        replication_mode: SYNC        "tier": "HOT"

"Advanced security is running in ENFORCED mode", "the replication mode is ASYNC", "advanced security 处于
ENFORCED 模式": the claim names a key by its words, not as the record writes it (enum_settings reads
`AdvancedSecurityMode is ENFORCED`), and gives it a value in capitals, or any value followed by "mode" / "模式".
A key of the claim's records (every name and id it gives; what its call asked) is that key when each of its
words but the general ones ("mode", "status", "config", ...) is a word of the claim's clause before the value,
after any label ("**Cluster**: risk-msk is ACTIVE" names no `ClusterType`). When records give such a key words of
an enumeration (led by a capital, no figures: `"thread": "NettyServerWorker-6-3"` is a name) and none of them the
claimed one, the claim is contradicted; a record giving the claimed value, or none giving such a key a value,
decides nothing. A value denied just before it ("is not in ENFORCED mode", "不是 ENFORCED"), asked about or
proposed (boolean_settings.asked_in_clause), or quoted ("`Thread pool is EXHAUSTED`") is no claim of it. Only a
contradiction is decided here.
"""

from __future__ import annotations

import functools
import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.boolean_settings import CLAUSE_MARKS, asked_in_clause
from evidence_trace.server.domain.verifier.bounded_universals import clause_start
from evidence_trace.server.domain.verifier.enum_settings import SWITCH
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.subject_binding import subject_rival
from evidence_trace.server.domain.verifier.units import Unit

_QUOTE = r"[`'\"]?"
# the value: in capitals where a value stands ("is ENFORCED", "set to ASYNC", "为 AUDIT", "(ENFORCED)" ends its
# clause), or any word before "mode" ("in audit mode", "ENFORCED 模式")
_SAID = re.compile(
    r"(?<![\w-])" + _QUOTE + r"(?P<moded>[A-Za-z][A-Za-z0-9_]{2,})" + _QUOTE + r"[ \t]*(?:mode\b|模式)"
    r"|(?:\b(?:is|was|are|were|remains?|stays?|to|as)|是|为|处于|设为|设置为|运行在|跑在)[ \t]*"
    + _QUOTE
    + r"(?P<capital>[A-Z][A-Z0-9_]{2,})"
    + _QUOTE
    + r"(?=[ \t]*(?:$|[,.;:)，。；：）]|and\b|but\b|while\b|so\b|且|但))"
)
_DENIED = re.compile(r"\b(?:not|never|no longer|isn't|aren't|wasn't|weren't)\b|不是|不在|并非|没有|未", re.I)
_NO_VALUE = SWITCH | {"THE", "AND"}  # a switch (boolean_settings reads it), or a word in capitals for emphasis
# words of a key that name no setting of their own: "SecurityMode" is named by "security"
_GENERAL = {"mode", "status", "state", "setting", "settings", "config", "configuration", "type", "value", "current"}
# a key given a word of an enumeration in a record: `"AdvancedSecurityMode": "AUDIT"`, `replication_mode: SYNC`,
# `"mode": "Prevention"` (never a name: `"thread": "NettyServerWorker-6-3"`, `ring=ingester`)
_GIVEN = re.compile(
    r"(?:^|[{,\s])[\"']?(?P<key>[A-Za-z][A-Za-z0-9_-]*)[\"']?[ \t]*[:=][ \t]*"
    r"[\"']?(?P<value>[A-Z][A-Za-z_]*)[\"']?(?=[ \t]*(?:[,}\]\n]|$))",
    re.M,
)


def mode_rival(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A record of the claim's subject giving the key the claim names in words another value, when no record of
    it gives the claimed one; None otherwise."""
    subject = [f for f in facts if f.is_entity and f.kind != FactKind.ALERT or f.kind == FactKind.ID]
    for said in _SAID.finditer(text):
        value = (said.group("moded") or said.group("capital")).upper()
        start = said.start("moded") if said.group("moded") else said.start("capital")
        opening = clause_start(text, start, CLAUSE_MARKS)
        quoted = text.count("`", 0, start) % 2 == 1  # "`Thread pool is EXHAUSTED`": a line quoted, not a value said
        if (
            quoted
            or value in _NO_VALUE
            or asked_in_clause(text, start)
            or _DENIED.search(text, max(opening, start - 24), start)
        ):
            continue
        # the words of its clause after any label ("**Cluster**: risk-msk is ACTIVE" names no cluster setting)
        words = set(re.findall(r"[a-z]+", text[max(opening, text.rfind(":", 0, start) + 1) : start].lower()))
        words |= {w[:-1] for w in words if w.endswith("s")}
        if not words - _GENERAL:
            continue
        rival = subject_rival(subject, evidence, functools.partial(_values, words=frozenset(words)), value)
        if rival is not None:
            return rival
    return None


def _values(unit: Unit, words: frozenset[str]) -> list[str]:
    """The values the unit gives keys whose words (but the general ones) are all among `words`."""
    found = []
    for m in _GIVEN.finditer(unit.text):
        named = {w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", m.group("key"))} - _GENERAL
        if named and named <= words:
            found.append(m.group("value").upper())
    return found
