"""The stored form of a verdict's claim checks: one compact JSON list per evaluation.

Each check is an object with short keys (start, end, kind, status, facts,
groundings as [invocation_id, unit, excerpt] triples, reason, direct,
inference, settled, text). Unknown keys are ignored on read, so a newer server's rows
stay readable by an older one.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from evidence_trace.server.domain.model import ClaimCheck, ClaimKind, ClaimStatus, Grounding


def claims_to_json(checks: Sequence[ClaimCheck]) -> str:
    return json.dumps([_encode(c) for c in checks], ensure_ascii=False, separators=(",", ":"))


def claims_from_json(text: str) -> tuple[ClaimCheck, ...]:
    try:
        items = json.loads(text) if text else []
    except ValueError:
        return ()
    return tuple(_decode(item) for item in items if isinstance(item, dict)) if isinstance(items, list) else ()


def _encode(check: ClaimCheck) -> dict[str, Any]:
    item: dict[str, Any] = {
        "s": check.start,
        "e": check.end,
        "k": int(check.kind),
        "st": int(check.status),
        "t": check.text,
    }
    if check.facts:
        item["f"] = list(check.facts)
    if check.groundings:
        item["g"] = [[g.invocation_id, g.unit, g.excerpt] for g in check.groundings]
    if check.reason:
        item["r"] = check.reason
    if check.direct:
        item["d"] = True
    if check.inference:
        item["i"] = True
    if check.settled:
        item["m"] = True
    return item


def _enum(cls, value: Any):
    try:
        return cls(int(value))
    except (TypeError, ValueError):
        return cls(0)


def _decode(item: dict[str, Any]) -> ClaimCheck:
    groundings = tuple(
        Grounding(str(g[0]), str(g[1]), str(g[2]) if len(g) > 2 else "")
        for g in item.get("g", ())
        if isinstance(g, list) and len(g) >= 2
    )
    return ClaimCheck(
        start=int(item.get("s", 0)),
        end=int(item.get("e", 0)),
        text=str(item.get("t", "")),
        kind=_enum(ClaimKind, item.get("k")),
        status=_enum(ClaimStatus, item.get("st")),
        facts=tuple(str(f) for f in item.get("f", ())),
        groundings=groundings,
        reason=str(item.get("r", "")),
        direct=bool(item.get("d")),
        inference=bool(item.get("i")),
        settled=bool(item.get("m")),
    )
