"""Envoy's response flags, as its default access log prints them after the status code, read against a claim of them.

    [2026-10-05T13:02:41.118Z] "GET /api/recs HTTP/1.1" 503 UF,URX upstream_reset_before_response_started{...}

A claim that names response flags ("response flags UH (no healthy upstream)", "响应标志为 UF", `response_flags:
UO`) is contradicted when the session's Envoy access lines give flags and none of them gives the claimed ones;
a claim of flags some line gives is not. The flags are Envoy's codes (FLAGS); a claim naming none is not read.
"""

from __future__ import annotations

import re
from typing import Optional

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.units import Strength, Unit

FLAGS = frozenset("UH UF UO NR URX NC DT DC LH UT LR UR UC DI FI RL UAEX RLSE IH SI DPE UPE UMSDR OM DF".split())
_SAID = re.compile(
    r"(?:response[ _]flags?|flags?|响应标志|标志)[^.;。；\n]{0,12}?((?:\b[A-Z]{2,5}\b[ \t,/和与及or]*)+)", re.I
)
_LINE = re.compile(r"^\[[^\]]+\] \"[A-Z]+ [^\"]*\" [0-9]{3} ([A-Z,]+|-) ", re.M)


def flags_rival(text: str, evidence: Evidence) -> Optional[Unit]:
    """An Envoy access line of the session, when none gives the flags the claim names; else None."""
    said = _SAID.search(text)
    if said is None:
        return None
    claimed = {f for f in re.findall(r"\b[A-Z]{2,5}\b", said.group(1)) if f in FLAGS}
    if not claimed:
        return None
    first: Optional[Unit] = None
    for index in evidence.rows():
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT:
                continue
            for m in _LINE.finditer(unit.text):
                given = set(m.group(1).split(","))
                if claimed <= given:
                    return None
                first = first or unit
    return first
