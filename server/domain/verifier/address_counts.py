"""How many addresses a name resolves to, read against the answer that resolved it.

    api.example.com.      300  IN  CNAME  api-lb.example.com.
    api-lb.example.com.    60  IN  A      198.51.100.24
    api-lb.example.com.    60  IN  A      198.51.100.25

A claim that counts a name's addresses ("resolves to 3 IPs", "最终解析到 3 个 IP", "returns two addresses") is
read against a call that resolved that name (dig, nslookup, host, getent): the distinct IPv4 and IPv6 addresses
its answer gives, its comment lines (`;; SERVER: 10.0.0.2#53`) and the resolver it asked left out. Another number
contradicts the count; only a contradiction is decided here (the claim's other facts are checked as ever).
"""

from __future__ import annotations

import re
from typing import Callable, Optional, Sequence

from evidence_trace.server.domain.model import ClaimCheck, ClaimStatus
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.unit_search import grounding_of
from evidence_trace.server.domain.verifier.units import Strength

_ADDRESSES = re.compile(
    r"\b([0-9]+)[ \t]*(?:个[ \t]*)?(?:distinct[ \t]+|different[ \t]+)?(?:IPs?|IP addresses|addresses|A records|"
    r"IP[ \t]*地址|地址|A[ \t]*记录)\b",
    re.I,
)
_RESOLVED = re.compile(
    r"(?<![\w-])(?:dig|nslookup|host|getent[ \t]+hosts|resolvectl[ \t]+query|kdig|drill)[ \t]+[@+\w-]"
)
_RESOLVES = re.compile(
    r"\bresolv\w*|\blook(?:s|ed)?[ \t]*up\b|\bA records?\b|\banswer\w*|解析|查询到|返回了?[ \t]*[0-9]", re.I
)
_IPV4 = re.compile(r"(?<![\w.:])(?:[0-9]{1,3}\.){3}[0-9]{1,3}(?![\w.:#])")


def check_address_count(
    text: str, facts: Sequence[Fact], evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    """CONTRADICTED when the claim counts a resolved name's addresses and its answer gives another number."""
    said = _ADDRESSES.search(text)
    names = [f for f in facts if f.kind in (FactKind.IDENTIFIER, FactKind.INSTANCE, FactKind.SERVICE) and "." in f.key]
    if said is None or not names or _RESOLVES.search(text) is None:
        return None  # ("其余 4 个 IP 合计 588 个", "共 4096 个地址": addresses counted, no name resolved)
    count = int(said.group(1))
    for index in evidence.rows():
        question = evidence.question(index)
        if question is None or not _RESOLVED.search(question.text):
            continue
        units = [u for u in evidence.units(index) if u.strength >= Strength.INDIRECT and u.kind != "input"]
        asked = " ".join(u.lowered for u in units) + " " + question.lowered
        if not any(n.key in asked for n in names):
            continue
        answer = [line for u in units for line in u.text.splitlines() if not line.lstrip().startswith((";", "Server:"))]
        found = {ip for line in answer for ip in _IPV4.findall(line) if "#" not in line}  # ("Address: 10.0.0.2#53")
        if not found:
            continue
        if len(found) == count:
            return None
        why = f"the answer gives {len(found)} distinct address{'es' if len(found) != 1 else ''}"
        return base(status=ClaimStatus.CONTRADICTED, groundings=(grounding_of(units[0]),), reason=why)
    return None
