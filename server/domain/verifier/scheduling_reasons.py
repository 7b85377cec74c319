"""The Kubernetes scheduler's breakdown of why a pod fits no node, read against a reason said of all of them.

    0/9 nodes are available: 3 Insufficient memory, 6 node(s) had untolerated taint {dedicated: gpu}.

A `FailedScheduling` message counts the nodes each reason ruled out. A claim that gives one reason to all the
nodes ("all 9 nodes are out of memory", "9 个节点全都内存不足", "every node lacks CPU") is contradicted by a
breakdown that gives that reason to fewer nodes than it counts; "3 of the 9 nodes lack memory" is not a
universal. The reasons are a table (REASONS): the words the scheduler prints and the words drafts use, in both
languages. Only a contradiction is decided here.
"""

from __future__ import annotations

import re
from typing import Callable, Optional, Sequence

from evidence_trace.server.domain.model import ClaimCheck, ClaimStatus
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import Fact
from evidence_trace.server.domain.verifier.unit_search import grounding_of
from evidence_trace.server.domain.verifier.units import Strength

# reason: (what the scheduler prints, what a draft says)
REASONS: dict[str, tuple[str, str]] = {
    "memory": (r"insufficient memory", r"\bmemory\b|\bRAM\b|内存"),
    "cpu": (r"insufficient cpu", r"\bcpus?\b|处理器|算力"),
    "taint": (r"taint", r"\btaint(?:s|ed)?\b|污点|容忍"),
    "affinity": (r"affinity|selector", r"\baffinity\b|\bselector\b|亲和|选择器"),
    "pods": (r"too many pods", r"too many pods|\bpod (?:limit|capacity)|pod 数|pod 上限"),
    "volume": (r"volume", r"\bvolumes?\b|存储卷|\bPVC\b"),
    "unschedulable": (r"unschedulable", r"\bunschedulable\b|\bcordoned\b|不可调度|封锁"),
}
_BREAKDOWN = re.compile(r"([0-9]+)/([0-9]+) nodes are available:([^.\n\"]*)", re.I)
_PART = re.compile(r"([0-9]+) ([^,]+)")
# "all 9 nodes", "every node", "none of the nodes fit", "9 个节点全都", "所有节点都", "全部节点"
_ALL_NODES = re.compile(
    r"\b(?:all|every|each)(?: (?:of )?(?:the|its))?(?: ([0-9]+))? nodes?\b"
    r"|(?:所有|全部)(?:的)?(?:([0-9]+) ?个)?节点|([0-9]+) ?个节点(?:全都|全部|都)",
    re.I,
)


def check_reason_of_all_nodes(
    text: str, facts: Sequence[Fact], evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    """CONTRADICTED when the claim gives one reason to all the nodes and a scheduler's breakdown gives it to fewer."""
    said = _ALL_NODES.search(text)
    if said is None:
        return None
    counted = next((int(g) for g in said.groups() if g), None)
    # the reason said of them, in the same clause ("12 个节点都不可用，其中 3 个带污点" gives the taint to 3)
    clause = re.split(r"[,，;；。]|\. ", text[said.end() :], maxsplit=1)[0]
    reasons = [name for name, (_, words) in REASONS.items() if re.search(words, clause, re.I)]
    if len(reasons) != 1:
        return None  # no reason, or several ("memory or taints"): nothing one count refutes
    printed = REASONS[reasons[0]][0]
    for index in evidence.rows():
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or unit.kind == "input":
                continue
            for m in _BREAKDOWN.finditer(unit.text):
                total = int(m.group(2))
                if counted is not None and counted != total:
                    continue  # another pod's attempt, over another number of nodes
                given = sum(int(p.group(1)) for p in _PART.finditer(m.group(3)) if re.search(printed, p.group(2), re.I))
                if given and given < total:
                    return base(
                        status=ClaimStatus.CONTRADICTED,
                        groundings=(grounding_of(unit),),
                        reason=f"the scheduler gives that reason to {given} of the {total} nodes",
                    )
    return None
