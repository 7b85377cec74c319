"""The clauses of a claim that each open with a subject of their own ("ping got 3 replies (a, b, c), and d
did not reply", "A 的 3 个副本都在运行（x、y、z），B 没有响应"): unit_search.ground_parts grounds each
clause whole when the claim is not grounded whole, before it splits the claim at every conjunction."""

from __future__ import annotations

import re
from typing import Sequence

from evidence_trace.server.domain.verifier.claim_parts import SUBJECT_KINDS
from evidence_trace.server.domain.verifier.facts import Fact

# a comma that may open a clause: ", and …", ", while …", "，而 …", "，但 …"
_CUT = re.compile(r"[，,](?![0-9])[ \t]*(?:(?:and|while|whereas|but)[ \t]+)?(?:(?:而|但|并且|且|同时)[ \t]*)?", re.I)
# what may stand before the subject's name: an article, the kind of thing it is, a code quote
_OPENER = re.compile(
    r"(?:the[ \t]+)?(?:(?:pod|node|host|instance|service|replica|worker|broker|job)[ \t]+)?"
    r"(?:节点|实例|服务|主机|副本|容器)?[ \t]*[`*]*",
    re.I,
)
_BRACKETS = {"(": 1, "（": 1, ")": -1, "）": -1}


def clause_end(text: str, facts: Sequence[Fact]) -> int:
    """Where a list in parentheses that `text` opens with ends its clause: at a subject clause cut right after
    the parenthesis ("3 replies (a, b, c), and d did not": d is not one of them); else the text's end. A
    list told name by name ("two replicas: A at 212 s (about 3.5 min), B at 0.8 s") goes on past its cuts."""
    names = _subjects(facts)
    for m in _cuts(text, names):
        before = text[: m.start()].rstrip(" `*")
        opened = max(before.rfind("("), before.rfind("（"))
        if before.endswith((")", "）")) and opened >= 0 and any(f.text in before[opened:] for f in names):
            return m.start()
    return len(text)


def _cuts(text: str, names: Sequence[Fact]) -> list[re.Match[str]]:
    """Commas outside parentheses that open a clause with a subject's name, not within a list of names."""
    depth, cuts = _depths(text), []
    for m in _CUT.finditer(text):
        if depth[m.start()] > 0:
            continue  # "(a, b, c)": a list inside a parenthesis
        if text[: m.start()].rstrip(" `*").endswith(tuple(f.text for f in names)):
            continue  # "replicas in A, B and C, and all three …": a list of names goes on
        opener = _OPENER.match(text, m.end())
        at = opener.end() if opener else m.end()
        if any(text.startswith(f.text, at) for f in names):
            cuts.append(m)
    return cuts


def subject_clauses(text: str, facts: tuple[Fact, ...]) -> list[str]:
    """The claim's clauses when a comma outside parentheses opens one with a subject's name, each clause
    saying more than names; [] when the claim is one clause or a list of names ("A, B and C are down")."""
    names = _subjects(facts)
    if len(names) < 2:
        return []
    cuts = _cuts(text, names)
    if not cuts:
        return []
    clauses, begin = [], 0
    for m in cuts:
        clauses.append(text[begin : m.start()])
        begin = m.end()
    clauses.append(text[begin:])
    for clause in clauses:
        own = tuple(f for f in facts if f.text in clause)
        if not own or not _predicate(clause, own):
            return []  # a member of a list, or a clause of no fact: one claim, read whole or by its parts
    return clauses


def _predicate(clause: str, own: tuple[Fact, ...]) -> bool:
    """Whether a clause says something of its names: a fact not a name, or a word that is not a list's joint
    or a kind of thing."""
    if any(f.kind not in SUBJECT_KINDS for f in own):
        return True
    for fact in own:
        clause = clause.replace(fact.text, " ")
    words = [w for w in re.findall(r"[A-Za-z]+", clause) if w.lower() not in _LIST_WORDS]
    return bool(words) or len(re.sub(_LIST_HAN, "", "".join(re.findall(r"[\u4e00-\u9fff]", clause)))) >= 2


_LIST_WORDS = frozenset({"and", "or", "the", "both", "all", "pod", "pods", "node", "nodes", "host", "hosts", "of"})
_LIST_HAN = re.compile(r"和|与|及|以及|或|两个|三个|都|节点|实例|服务|主机|副本|容器")


def _subjects(facts: Sequence[Fact]) -> list[Fact]:
    """The names a clause may open with: pods, hosts, services; not a soft name, which may be a record's field
    ("ledger-api's revision 8, change-cause …": the same record)."""
    return [f for f in facts if f.kind in SUBJECT_KINDS and not f.soft]


def _depths(text: str) -> list[int]:
    depth, out = 0, []
    for char in text:
        depth = max(0, depth + _BRACKETS.get(char, 0))
        out.append(depth)
    return out
