"""A condition said True or False, read against the status the evidence gives that condition.

    {"type": "Accepted", "status": "True", "reason": "Accepted"}      Ready   False   (kubectl describe)     Ready=True

Kubernetes and the APIs built like it (Gateway API routes, cert-manager, KubeVirt, Knative, Crossplane) report an
object's state as conditions: a type (one capitalised word or CamelCase) with a status True, False or Unknown. A
claim that gives a condition a status ("rejected by the gateway (Accepted=False)", "ResolvedRefs: False", "Ready 为
False", "the Ready condition is True") is contradicted when records of its subject (every name and id the claim
gives, in the record or what its call asked, as for a switch: boolean_settings.py) give that type only another
status. A record giving the claimed status, or no record giving the type one, decides nothing; a condition asked
about or proposed ("whether Ready is True", "should be True") is no claim of it.
"""

from __future__ import annotations

import re
from typing import Iterator, Optional, Sequence

from evidence_trace.server.domain.verifier.boolean_settings import asked_in_clause
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.subject_binding import subject_rival
from evidence_trace.server.domain.verifier.units import Unit

_TYPE = r"`?(?P<type>[A-Z][a-z]+(?:[A-Z][a-z]*)*)`?"
_STATUS = r"`?(?P<status>True|False|Unknown)\b"
_CLAIMED = (
    re.compile(_TYPE + r"[ \t]*(?:=|:|is|was|为|是|仍为|仍是)[ \t]*" + _STATUS),
    re.compile(r"(?i:condition|条件)[ \t]+" + _TYPE + r"[ \t]+(?:is|was|=|为|是)[ \t]*" + _STATUS),
    re.compile(_TYPE + r"[ \t]+(?i:condition)[ \t]+(?:is|was)[ \t]+" + _STATUS),
)
_ASKED = re.compile(r"\b(?:if|whether|unless|should|must|until|once)\b|如果|是否|应该|需要|直到|等到", re.I)
# a condition as records give it: a JSON object's type and status, either order; a describe table's line;
# kubectl's "Type=Status" when a template prints them
_OBJECT = re.compile(r"\{[^{}]*\}")
_JSON_TYPE = re.compile(r"\"type\"[ \t]*:[ \t]*\"(\w+)\"")
_JSON_STATUS = re.compile(r"\"status\"[ \t]*:[ \t]*\"(True|False|Unknown)\"")
_YAML_ITEM = re.compile(r"(?:^|\n)[ \t]*-[ \t]+(?:[^\n]*\n(?![ \t]*-[ \t])){0,8}[^\n]*")
_YAML_TYPE = re.compile(r"\btype:[ \t]*[\"']?(\w+)")
_YAML_STATUS = re.compile(r"\bstatus:[ \t]*[\"']?(True|False|Unknown)\b")
_LINE = re.compile(r"(?m)^[ \t]*([A-Z][A-Za-z]+)[ \t]+(True|False|Unknown)\b")
_INLINE = re.compile(r"(?<![\w.-])([A-Z][A-Za-z]+)=(True|False|Unknown)\b")


def condition_rival(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A record of the claim's subject giving a condition the claim gives a status only another status, when no
    record of it gives the claimed one; None otherwise."""
    subject = [f for f in facts if (f.is_entity or f.kind == FactKind.ID) and not _STATUS_WORDS.search(f.text)]
    for pattern in _CLAIMED:
        for said in pattern.finditer(text):
            if asked_in_clause(text, said.start(), _ASKED) or re.search(r"\bnot[ \t]*$", text[: said.start("status")]):
                continue
            subject_here = [f for f in subject if f.text != said.group("type")]
            rival = _rival(said.group("type"), said.group("status"), subject_here, evidence)
            if rival is not None:
                return rival
    return None


_STATUS_WORDS = re.compile(r"^(?:True|False|Unknown)$")


def _rival(kind: str, claimed: str, subject: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    def given(unit: Unit) -> list[str]:
        # (a table's column in capitals too: `SYNCED   READY` … `True   False`, a row's `READY=False`)
        named = kind.lower()
        return (
            [status for name, status in conditions(unit.text) if name.lower() == named] if named in unit.lowered else []
        )

    return subject_rival(subject, evidence, given, claimed)


def conditions(text: str) -> Iterator[tuple[str, str]]:
    """The (type, status) pairs of the conditions a record's text gives."""
    for block in _OBJECT.findall(text):
        kind, status = _JSON_TYPE.search(block), _JSON_STATUS.search(block)
        if kind and status:
            yield kind.group(1), status.group(1)
    if "type:" in text:
        for m in _YAML_ITEM.finditer(text):
            kind, status = _YAML_TYPE.search(m.group(0)), _YAML_STATUS.search(m.group(0))
            if kind and status:
                yield kind.group(1), status.group(1)
    for pattern in (_LINE, _INLINE):
        for m in pattern.finditer(text):
            yield m.group(1), m.group(2)
