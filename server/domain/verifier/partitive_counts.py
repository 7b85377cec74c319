"""A part of a listing counted by its state: "5 of the 6 shovels are running", "Of the 5 nodes, 4 are ALIVE",
"3 个卷中 2 个 Degraded、1 个 Online", "4 个 worker 里有 3 个 Ready，其余 1 个 NotReady".

The claim gives the listing's size, and for one or more parts how many records show a state word. The listing
is one call's records, exactly that many, each giving a state column (`"state": "running"`, a table's STATUS,
`HEALTH=ONLINE`: field_words.shown_states) and, when the claim names its subject, naming it. A part whose word
is one of the words those columns give is read: the records showing it must number what the claim says. One
that numbers otherwise contradicts the claim; when every part is read and each numbers right, they ground it.

A word the columns never give ("crash-looping" against CrashLoopBackOff, "healthy" against `up`), a part said
with a negation ("2 of 4 are not Ready"), a listing of another size, or records without a state column decide
nothing: the claim is then judged as before. partitions.py reads "only one of the three ... is X: A".
"""

from __future__ import annotations

import re
from typing import Callable, Optional, Sequence

from evidence_trace.server.domain.model import ClaimCheck, ClaimStatus
from evidence_trace.server.domain.verifier.bounded_universals import whole_or_clause
from evidence_trace.server.domain.verifier.claims import Claim
from evidence_trace.server.domain.verifier.counted_units import listed_records
from evidence_trace.server.domain.verifier.every_state import listings
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches
from evidence_trace.server.domain.verifier.fact_patterns import _NUMBER_WORDS
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.field_words import shown_states
from evidence_trace.server.domain.verifier.numerals import chinese_value
from evidence_trace.server.domain.verifier.unit_search import grounding_of
from evidence_trace.server.domain.verifier.units import Unit

_NUM = r"[0-9]+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_ZH_NUM = r"[0-9]+|[一两二三四五六七八九十]{1,3}"
_COUNTER = r"(?:个|台|条|套|块|只|项|组)"
# the state word, quoted or bold as a draft may write it
_WORD = r"[`*'\"]*(?!(?:not|no|never|yet|in|on|at|from|the|a|an)\b)(?P<{0}>[A-Za-z][A-Za-z0-9_-]*)[`*'\"]*"
_NOW = r"(?:(?:currently|still|now|all|already|right[ \t]+now)[ \t]+)*"
_VERB = rf"(?:are|is|were|was|show|shows|report|reports|remain|have[ \t]+been|has[ \t]+been)[ \t]+{_NOW}"
_ZH_VERB = r"(?:目前|当前|现在|仍然|仍|还|都|均)?[ \t]*(?:是|为|处于|状态为|都是|均为)?[ \t]*"
_HEADS = (
    # "5 of the 6 shovels are running", "3 out of 4 nodes report Ready"
    re.compile(
        rf"\b(?P<m>{_NUM})[ \t]+(?:out[ \t]+)?of[ \t]+(?:the[ \t]+|its[ \t]+|all[ \t]+|these[ \t]+|those[ \t]+)?"
        rf"(?P<n>{_NUM})\b(?P<noun>[^.;:,()\n]{{0,48}}?)[ \t]+{_VERB}{_WORD.format('state')}",
        re.I,
    ),
    # "Of the 6 shovels on rabbit@mq-eu-2, 5 are running"
    re.compile(
        rf"\b(?:out[ \t]+)?of[ \t]+(?:the[ \t]+|its[ \t]+|all[ \t]+|these[ \t]+|those[ \t]+)?(?P<n>{_NUM})\b"
        rf"(?P<noun>[^.;:,()\n]{{0,48}}?),[ \t]*(?:only[ \t]+)?(?P<m>{_NUM})[ \t]+{_VERB}{_WORD.format('state')}",
        re.I,
    ),
    # "6 个 worker 里有 5 个 Ready", "3 个卷中 2 个 Degraded"
    re.compile(
        rf"(?<![0-9.])(?P<n>{_ZH_NUM})[ \t]*{_COUNTER}(?P<noun>[^，。；,;：:\n]{{0,20}}?)(?:里|中|之中|当中)[，, \t]*"
        rf"(?:有|只有|仅有|共有)?[ \t]*(?P<m>{_ZH_NUM})[ \t]*{_COUNTER}[ \t]*{_ZH_VERB}{_WORD.format('state')}"
    ),
)
# a later part: "、1 个 Online", ", and 2 are Pending", "，其余 1 个 NotReady", "; the other 2 are failed"
_PARTS = re.compile(
    rf"[ \t]*(?:[,，、;；][ \t]*|[ \t]+)(?:and[ \t]+|while[ \t]+|with[ \t]+|另外|另有|其余|剩下的?|剩余的?)?[ \t]*"
    rf"(?:the[ \t]+)?(?:other|remaining|rest[ \t]+of[ \t]+them,?)?[ \t]*(?P<k>{_NUM}|{_ZH_NUM})[ \t]*{_COUNTER}?"
    rf"[ \t]*(?:{_VERB}|{_ZH_VERB}|[ \t]*){_WORD.format('state')}",
    re.I,
)
# what may follow the state word: a clause's end, or a place, time or list ("Running on v1.29", "down since 09:12");
# another word ("running hot", "up to date") makes the word a verb's, not a state column's
_AFTER = re.compile(
    r"[ \t]*(?:$|[^A-Za-z \t]|(?:on|in|at|since|for|with|and|or|but|while|now|again|right|today|too|as)\b)", re.I
)
_NEGATED = re.compile(r"\b(?:not|never|no[ \t]+longer)[ \t]+(?:\w+[ \t]+)?$|(?:不|未|没有|没|非)$", re.I)
_LISTED_KINDS = (FactKind.SERVICE, FactKind.INSTANCE)


def check_partitive_count(
    claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    """CONTRADICTED when the records of the counted listing showing a part's state number otherwise than the claim
    says; GROUNDED when every part is read and holds, and the claim says nothing else. None otherwise. A clause of
    the claim may say it: only a contradiction is read there."""
    return whole_or_clause(lambda text, own: _partitive(text, own, evidence, base), claim.text, facts)


def _partitive(
    text: str, facts: tuple[Fact, ...], evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    said = _said(text)
    if said is None:
        return None
    size, parts, span = said
    if size < 2 or any(count > size for count, _ in parts) or sum(count for count, _ in parts) > size:
        return None
    inside = [f for f in facts if _within(f, text, span)]
    words = {word for _, word in parts}
    names = [f for f in facts if f.is_entity and f.key not in words]  # the listing's subject, or its members
    for index in evidence.rows():
        question = evidence.question(index)
        for records in listings(listed_records(evidence.units(index))):
            shown = [shown_states(u.text) for u in records]
            if len(records) != size or not all(shown):
                continue
            if names and not all(
                any(matches(f, u) for u in records) or (question is not None and matches(f, question)) for f in names
            ):
                continue
            given = set().union(*shown)
            read = [(count, word) for count, word in parts if word in given]
            for count, word in read:
                holding = [u for u, states in zip(records, shown) if word in states]
                if len(holding) != count:
                    odd = holding[0] if holding else records[0]
                    why = f"{len(holding)} of the {size} records show {word}, not {count}"
                    return base(status=ClaimStatus.CONTRADICTED, groundings=(grounding_of(odd),), reason=why)
            if not read or len(read) != len(parts) or not _only_counted(facts, inside, records, shown, parts):
                return None
            return base(
                status=ClaimStatus.GROUNDED,
                groundings=tuple(grounding_of(u) for u in records),
                reason=f"the {size} records show the parts it counts",
                direct=True,
            )
    return None


def counted_part(text: str) -> bool:
    """Whether the claim counts a part of a listing by its state ("5 个组件里 4 个都是 Running")."""
    return _said(text) is not None


def _said(text: str) -> Optional[tuple[int, list[tuple[int, str]], tuple[int, int]]]:
    """The listing's size, the (count, state word) parts, and the span of what counts them."""
    for pattern in _HEADS:
        head = pattern.search(text)
        if (
            head is None
            or _NEGATED.search(text, 0, head.start("state")) is not None
            or not _AFTER.match(text, head.end())
        ):
            continue
        size, first = _number(head.group("n")), _number(head.group("m"))
        if size is None or first is None:
            continue
        parts = [(first, head.group("state").lower())]
        end = head.end()
        while True:
            more = _PARTS.match(text, end)
            count = _number(more.group("k")) if more is not None else None
            if more is None or count is None or _NEGATED.search(more.group(0)[: more.start("state") - end]):
                break
            if not _AFTER.match(text, more.end()):
                return None
            parts.append((count, more.group("state").lower()))
            end = more.end()
        return size, parts, (head.start(), end)
    return None


def _number(word: str) -> Optional[int]:
    if word.isdigit():
        return int(word)
    if word.lower() in _NUMBER_WORDS:
        return _NUMBER_WORDS[word.lower()]
    if _ZH_WELL_FORMED.fullmatch(word):
        return int(chinese_value(word))  # "两", "十二", "二十三"
    return None


_ZH_WELL_FORMED = re.compile(
    "[一两二三四五六七八九十]|十[一两二三四五六七八九]|[一两二三四五六七八九]十[一两二三四五六七八九]?"
)


def _within(fact: Fact, text: str, span: tuple[int, int]) -> bool:
    at = text.find(fact.text)
    return at >= 0 and span[0] <= at < span[1]


def _only_counted(
    facts: Sequence[Fact],
    inside: Sequence[Fact],
    records: Sequence[Unit],
    shown: Sequence[frozenset[str]],
    parts: Sequence[tuple[int, str]],
) -> bool:
    """Whether the claim says nothing the parts do not: its facts are names of the listing (a name one record
    gives is of a record showing a state the claim counts) and the counts it states."""
    words = {word for _, word in parts}
    for fact in facts:
        if fact.key in words or (fact.kind in (FactKind.COUNT, FactKind.QUANTITY) and fact in inside):
            continue
        if not fact.is_entity or (fact.kind not in _LISTED_KINDS and fact not in inside):
            return False
        own = [states for u, states in zip(records, shown) if matches(fact, u)]
        if own and len(own) < len(records) and not any(states & words for states in own):
            return False
    return True
