"""Pods named by the last part of their name: "m8zrt" for checkout-7f9c6d5b8-m8zrt, "-9ptx2", "vb6nd 也超时了".

Agents shorten a pod's name once they have written it, and often write only its generated suffix from the
start, when the listing they read names the pod in full. Such a short name is the pod: a fact of the claim
(an INSTANCE with the full name), so the claim binds to that pod's units like any other name. A short name
is read only when it is shaped like a generated suffix (4 to 6 letters and digits, at least one of each)
and names exactly one pod: in the draft written in full, or else in the session's evidence. A suffix that
matches no name, or several, is not read (it stays an ordinary word).
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from evidence_trace.server.domain.verifier.claims import Claim
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import Fact, FactKind, extract_facts

# a generated suffix written on its own ("m8zrt", "-9ptx2", "pod vb6nd"): never a part of a longer name
_SUFFIX = re.compile(r"(?<![\w.-])-?([a-z0-9]{4,6})(?![\w-])")


def _suffix_shaped(tail: str) -> bool:
    return 4 <= len(tail) <= 6 and re.search(r"[0-9]", tail) is not None and re.search(r"[a-z]", tail) is not None


def nicknames(claims: Sequence[Claim], evidence: Evidence) -> dict[str, Fact]:
    """The short names the draft uses, each with the pod it names (module docstring)."""
    found: dict[str, Fact] = {}
    for claim in claims:
        for fact in extract_facts(claim.text):
            if fact.kind == FactKind.INSTANCE and "-" in fact.key:
                tail = fact.key.rsplit("-", 1)[1]
                if _suffix_shaped(tail):
                    found.setdefault(tail, Fact(FactKind.INSTANCE, tail, fact.key))
    for tail in _written_suffixes(claim.text for claim in claims):
        if tail not in found:
            full = _full_names(tail, evidence)
            if len(full) == 1:
                name = full.pop()
                found[tail] = Fact(FactKind.INSTANCE, tail, name)
    return found


def _written_suffixes(texts: Iterable[str]) -> set[str]:
    return {m.group(1) for text in texts for m in _SUFFIX.finditer(text) if _suffix_shaped(m.group(1))}


def _full_names(tail: str, evidence: Evidence) -> set[str]:
    """The names in the evidence that end with "-<tail>" (a pod's generated suffix); not a name that goes on
    past a dot ("a-to-ipa3.idm.example.net" ends in no "-ipa3")."""
    pattern = re.compile(rf"(?<![\w.-])([a-z][a-z0-9.-]*-{re.escape(tail)})(?![\w-]|\.\w)")
    return {m.group(1) for index in evidence.rows() for m in pattern.finditer(evidence.raw(index))}


def with_nicknames(text: str, facts: tuple[Fact, ...], names: dict[str, Fact]) -> tuple[Fact, ...]:
    """The claim's facts with the pods its short names name, each in the place it is written (a claim's
    parts are read in the order of its facts)."""
    named = {f.key for f in facts}
    short = []
    for tail, fact in names.items():
        found = re.search(rf"(?<![\w-]){re.escape(tail)}(?![\w-])", text)
        if found and fact.key not in named:
            short.append((found.start(), fact))
    if not short:
        return facts
    placed, last = [], 0
    for fact in facts:
        at = text.find(fact.text)
        last = at if at >= 0 else last  # a fact not written as such keeps the place of the one before
        placed.append((last, fact))
    return tuple(f for _, f in sorted(placed + short, key=lambda pair: pair[0]))
