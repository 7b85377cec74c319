"""Causal claims, and claims with no checkable fact.

ground_sides() grounds a causal claim's cause and effect each on its own;
causal_link() looks for a unit that states the link the claim asserts, in the
same direction (oriented by its causal cue). content_grounding() grounds a
claim with no checkable fact by the content words one unit shares with it.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.model import ClaimStatus, Grounding
from evidence_trace.server.domain.verifier.claim_patterns import UNIVERSAL
from evidence_trace.server.domain.verifier.claims import CAUSAL_CUE
from evidence_trace.server.domain.verifier.content_words import content_words, stem_in
from evidence_trace.server.domain.verifier.evidence_index import Evidence, contains
from evidence_trace.server.domain.verifier.fact_matching import matches_all
from evidence_trace.server.domain.verifier.facts import Fact, FactKind, extract_facts
from evidence_trace.server.domain.verifier.unit_search import MAX_GROUNDINGS, SEVERITY, ground_parts, grounding_of
from evidence_trace.server.domain.verifier.units import Family, Strength, Unit, family_of


def ground_sides(
    text: str, facts: tuple[Fact, ...], evidence: Evidence
) -> tuple[ClaimStatus, tuple[Grounding, ...], str, bool]:
    """A causal claim's effect and cause, each grounded on its own (the link is checked apart)."""
    cue = CAUSAL_CUE.search(text)
    if cue is None:
        return ground_parts(text, facts, evidence)
    results = []
    kept = {(f.kind, f.key) for f in facts}  # what the claim's arithmetic derived ("约两分半钟" from its own two
    for side in (text[: cue.start()], text[cue.end() :]):  # times) or set aside is no fact of a side read alone
        side_facts = tuple(f for f in extract_facts(side) if (f.kind, f.key) in kept)
        if side_facts:
            results.append(ground_parts(side, side_facts, evidence))
    if not results:
        return ClaimStatus.GROUNDED, (), "", False
    worst = max(results, key=lambda r: SEVERITY[r[0]])
    merged = tuple(g for r in results for g in r[1])[:MAX_GROUNDINGS]
    return worst[0], merged, worst[2], any(r[3] for r in results)


_FORWARD = re.compile(
    r"\b(?:caused|causes|causing|cause|led to|leads to|leading to|result(?:s|ed|ing)? in|triggers|triggered(?! by)|"
    r"gives? rise to|makes?|made)\b(?! by)|导致|引起|造成|引发|致使",
    re.I,
)
_BACKWARD = re.compile(
    r"\b(?:because(?: of)?|due to|caused by|triggered by|kicked off by|set off by|sparked by|brought on by|"
    r"as a result of|stems? from|stemming from|owing to|driven by|results? from|resulted from|since)\b"
    r"|由于|因为|所致|原因[:：是为]?",
    re.I,
)


def _oriented(text: str) -> Optional[tuple[str, str]]:
    """(cause, effect) of a text that states a cause, by its first causal cue; None without one."""
    forward, backward = _FORWARD.search(text), _BACKWARD.search(text)
    if backward and (not forward or backward.start() <= forward.start()):
        before, after = text[: backward.start()], text[backward.end() :]
        if not before.strip(" ，,") and ("，" in after or "," in after):  # "由于 A，B" / "Because A, B"
            cause, _, effect = re.split(r"([，,])", after, maxsplit=1)
            return cause, effect
        return after, before
    if forward:
        return text[: forward.start()], text[forward.end() :]
    return None


def causal_link(text: str, facts: Sequence[Fact], evidence: Evidence, codes: Sequence[str] = ()) -> Optional[Grounding]:
    """A unit that states the cause the claim asserts, in the same direction (or, its every cue quoted, a
    record that says the quote: quoted_link).

    The unit is a log entry (or other result unit) of a supporting call, or a
    HIGH-relevance knowledge chunk. Half the words (and every named entity, for
    a unit that is not knowledge) of the claim's cause must be on the unit's
    cause side, and likewise for the effect; a unit with no causal cue of its
    own (a log entry with a "reason" field) must say 70% of each side.
    """
    quoted = quoted_link(text, codes, evidence) if codes else None
    found = _oriented(text) if quoted is None else None
    if found is None:
        return quoted
    # What follows a colon elaborates ("expired: the handshake reports ..."): the side ends there.
    sides = [_REPORTING.sub(" ", re.split(r"[:：;；]\s", side, maxsplit=1)[0]) for side in found]
    claim_sides = [(content_words(_without_entities(side)), _fact_keys(side)) for side in sides]
    checkable = [f for f in facts if f.kind not in (FactKind.TIME,) and not f.soft]
    pinned = all(_pinning_facts(side) for side in found)
    for index in evidence.rows():
        row = evidence.row(index)
        family = family_of(row.tool_name)
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or unit.kind in ("input", "header"):
                continue
            if family == Family.KNOWLEDGE and unit.strength != Strength.DIRECT:
                continue
            generic = family == Family.KNOWLEDGE
            if not generic and checkable and matches_all(checkable, unit, None) is not True:
                continue  # an entry states a link only between the facts it shows itself
            if _states_link(unit, claim_sides, generic):
                return grounding_of(unit)
            if not generic and pinned and checkable and _UNIT_CAUSE.search(unit.prose):
                # One record that shows a fact of each side of its own and reads as a failure with
                # its reason ("… failed: HTTP 409 reason=EXPIRED", "OOMKilled, exit code 137"): the
                # record states the link, in whatever words or language the claim retells it.
                return grounding_of(unit)
    return None


# how a claim retells a document ("the runbook warns against …", "it says never to …", "文档提醒不要 …"): the
# words of the retelling, not of the link
_REPORTING = re.compile(
    r"\b(?:the\s+)?(?:runbook|playbook|document(?:ation)?|docs?|guide|kb|it|they)\s+(?:also\s+|explicitly\s+)?"
    r"(?:warns?|says?|recommends?|advises?|notes?|states?|tells?\s+(?:us|you))(?:\s+against|\s+(?:not|never)\s+to|"
    r"\s+to)?\b|(?:文档|手册|预案|知识库|runbook)(?:里|中)?(?:提醒|建议|说|写着|指出|要求)",
    re.I,
)


def _pinning_facts(side: str) -> list[Fact]:
    """The facts that pin one side of a causal claim to a record: a value, code, status, state, event or
    identifier of its own, not only a service or instance (the subject both sides share) or a time."""
    return [
        f
        for f in extract_facts(side)
        if not f.soft and f.kind not in (FactKind.SERVICE, FactKind.INSTANCE, FactKind.TIME, FactKind.UNREAD)
    ]


def _states_link(unit: Unit, claim_sides: list[tuple[set[str], set[str]]], generic: bool) -> bool:
    lowered = unit.prose
    if not generic and any(not all(contains(lowered, key) for key in keys) for _, keys in claim_sides):
        return False
    if generic:
        # a document states its links sentence by sentence: "Do not switch to noeviction: writes will fail",
        # "Pause the batch first, because it holds row locks"
        return any(
            all(_share(words, side) >= 0.5 for (words, _), side in zip(claim_sides, sides))
            for sides in _sentence_links(lowered)
        )
    unit_sides = _oriented(lowered)
    if unit_sides is not None:
        return all(_share(words, unit_side) >= 0.5 for (words, _), unit_side in zip(claim_sides, unit_sides))
    if _UNIT_CAUSE.search(lowered) or not generic:
        # One entry that says both the failure and its reason ("failed: x509: ...", "reason": ...,
        # "... waiting for the lock held by ..."): most of the words of each side (half of a short one).
        return all(_share(words, lowered) >= (0.5 if len(words) <= 3 else NO_CUE_SHARE) for words, _ in claim_sides)
    return False


_SENTENCE = re.compile(r"(?<=[.!?。！？])\s+|\n+|(?<=[。！？；;])")
_EXPLAINED = re.compile(
    r":(?=\s|[\u4e00-\u9fff])\s*|：\s*|[—–]\s+|\s[-—–]\s"
)  # "do X: it would Y", "don't do X — Y happens"


def _sentence_links(text: str) -> list[tuple[str, str]]:
    """(cause, effect) of each paragraph and each sentence of a document that states a link: by a causal
    cue, or by an explanation after a colon or a dash (what follows explains what precedes it)."""
    links = []
    for paragraph in text.split("\n"):  # a paragraph read whole too: "…缓存为空。若 …，导致 CPU 飙升"
        oriented = _oriented(paragraph)
        if oriented is not None:
            links.append(oriented)
    for sentence in _SENTENCE.split(text):
        sentence = sentence.strip(" #*-0123456789.")
        oriented = _oriented(sentence)
        if oriented is not None:
            links.append(oriented)
            continue
        parts = _EXPLAINED.split(sentence, maxsplit=1)
        if len(parts) == 2 and len(parts[0].strip()) >= 6 and parts[1].strip():
            links.append((parts[1], parts[0]))
    return links


NO_CUE_SHARE = 0.6  # a unit without a causal cue of its own must say this much of each side
_UNIT_CAUSE = re.compile(
    r"reason|cause|原因|根因|due to|because|导致|由于"
    r"|\b(?:failed|failure|error|exception|refused|denied|timeout|timed out|rejected|aborted|killed|panic|fatal)"
    r"\b[^:：\n;|]{0,80}[:：(]"
    r"|(?:失败|错误|异常|拒绝|超时)\s*[:：(（]",
    re.I,
)


def _share(words: set[str], lowered: str) -> float:
    """The share of `words` a unit says (1.0 for no words)."""
    if not words:
        return 1.0
    return sum(1 for word in words if stem_in(word, lowered)) / len(words)


def _without_entities(text: str) -> str:
    """The text with its named entities blanked: their pieces ("kq2lp") are not words of it."""
    for fact in extract_facts(text):
        if fact.is_entity:
            text = re.sub(re.escape(fact.text), " ", text, flags=re.I)
    return text


def _fact_keys(text: str) -> set[str]:
    return {f.key for f in extract_facts(text) if f.is_entity}


MIN_OVERLAP_WORDS = 3
OVERLAP_SHARE = 0.7


def content_grounding(text: str, evidence: Evidence) -> Optional[Unit]:
    """For a claim with no checkable fact: one supporting unit that says most of its words.

    At least MIN_OVERLAP_WORDS content words, OVERLAP_SHARE of them in the unit,
    so a restatement of a log message or a runbook sentence is grounded, and a
    vague verdict ("a database problem") is not.
    """
    words = content_words(text)
    if len(words) < MIN_OVERLAP_WORDS:
        return None
    best: Optional[Unit] = None
    for index in evidence.rows():
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT:
                continue
            found = sum(1 for word in words if stem_in(word, unit.lowered))
            if found >= MIN_OVERLAP_WORDS and found >= OVERLAP_SHARE * len(words):
                if best is None or unit.strength > best.strength:
                    best = unit
    return best


def quoted_link(text: str, codes: Sequence[str], evidence: Evidence) -> Optional[Grounding]:
    """A causal claim whose every cue is inside what it quotes (`NullPointerException: Cannot invoke …
    because "coupon" is null`): the link is the record's own words when one record says the quote verbatim
    (spacing and case aside); a cue of the claim's own outside the quote is still its link to show, and so is
    a claim that says more than the quote of what it counts ("all seven", "3 of them")."""
    quoted = [c for c in codes if CAUSAL_CUE.search(c) and len(c.split()) >= 3]
    outside = text
    for code in codes:
        outside = outside.replace(code, " ")
    if not quoted or _FORWARD.search(outside) or _BACKWARD.search(outside) or CAUSAL_CUE.search(outside):
        return None
    if UNIVERSAL.search(outside) or any(f.kind in (FactKind.QUANTITY, FactKind.COUNT) for f in extract_facts(outside)):
        return None  # "All seven are the same `…because…`": what it says of them besides the quote is its own
    wanted = [" ".join(c.lower().split()) for c in quoted]
    for index in evidence.rows():
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or unit.kind in ("input", "header"):
                continue
            said = " ".join(unit.prose.split())
            if all(w in said for w in wanted):
                return grounding_of(unit)
    return None
