"""A state said of every member of a counted set, in the word a tool prints in its state column: "Both backup
storage locations report Available", "all three pools are ONLINE", "两个备份存储位置都是 Available".

The claim names no member; its count (both, three, 两个) says how many records it ranges over, and its state word
(Capitalised or a code, as a tool spells it: field_words.said_states) what each of them shows. The range is a
listing of exactly that many records, each giving a state column (`PHASE=Available`, `"status": "Degraded"`): one
that gives another word contradicts the claim; when every one gives the word, they ground it. A listing of another
size, or records without a state column, say nothing here. A pod's phases and readiness are latest_state's and
readiness's.
"""

from __future__ import annotations

import collections
import re
from typing import Callable, Optional, Sequence

from evidence_trace.server.domain.model import ClaimCheck, ClaimStatus
from evidence_trace.server.domain.verifier.bounded_universals import whole_or_clause
from evidence_trace.server.domain.verifier.claim_patterns import NARROWED_TO
from evidence_trace.server.domain.verifier.claims import PART_COUNT, Claim
from evidence_trace.server.domain.verifier.counted_units import listed_records
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches
from evidence_trace.server.domain.verifier.fact_patterns import _NUMBER_WORDS
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.field_words import (
    comparable,
    in_state_column,
    plain_subject_state,
    said_states,
    shown_states,
)
from evidence_trace.server.domain.verifier.numerals import DIGITS, SCALES
from evidence_trace.server.domain.verifier.subject_binding import names_subject
from evidence_trace.server.domain.verifier.unit_search import grounding_of
from evidence_trace.server.domain.verifier.units import Unit

# the set counted in words ("both", "all three of the pools", "the two locations"): how many it ranges over
_SIZE = re.compile(
    r"\b(?:(both)|(?:all|the)[ \t]+(two|three|four|five|six|seven|eight|nine|ten|twelve)|all[ \t]+([0-9]+))\b", re.I
)
_ZH_SIZE = re.compile(
    r"(?<![0-9.])([0-9]+|[两二三四五六七八九十])[ \t]*(?:个|台|块|条|套)(?=[^0-9，。；,;]{0,12}(?:都|均|全部|全都))"
)
_DEFINITE = re.compile(r"\bthe[ \t]+(?:two|three|four|five|six|seven|eight|nine|ten|twelve|[0-9]+)\b", re.I)
_EVERY = re.compile(r"\b(?:both|all|every|each)\b|都|(?<!平)均(?![衡值匀])|全部|全都", re.I)
_ALLOWED = frozenset({FactKind.COUNT, FactKind.QUANTITY})  # the count, however it was read


def check_every_state(
    claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    """CONTRADICTED when a record of the counted listing gives another state; GROUNDED when all give the one said.
    A clause of the claim may say it ("catalog-mc runs memcached 1.6.17, and all 3 nodes are available"): only
    a contradiction is read there, the claim's other clauses having facts of their own to ground."""
    return whole_or_clause(lambda text, own: _every_state(text, own, evidence, base), claim.text, facts)


def _every_state(
    text: str, facts: tuple[Fact, ...], evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    every = _EVERY.search(text)
    if PART_COUNT.search(text) is not None or NARROWED_TO.search(text) is not None:
        return None  # "two of the three", "其中 2 个": a part of the set, not each of it
    if every is None and _DEFINITE.search(text) is not None:  # "the three failed jobs exited with code 1": each
        size = _size(text, facts)
        return _every_code(facts, size, evidence, base) if size is not None and size >= 2 else None
    named = [f for f in facts if f.kind in (FactKind.SERVICE, FactKind.INSTANCE)]
    if every is not None and len(named) >= 2 and all(f.is_entity or f.kind in _ALLOWED for f in facts):
        states = [value for _, value in said_states(text[every.start() :], bare=True)]
        each = _each_named(named, states[0], evidence, base) if len(set(states)) == 1 else None
        # "A、B、C 都是 Active", "all three hubs (A, B, C) are Active": each one's own record; a count the claim
        # states ("共 5 个节点") is still the other checks' to ground
        if each is not None and (each.status == ClaimStatus.CONTRADICTED or not any(f.kind in _ALLOWED for f in facts)):
            return each
    size = _size(text, facts) if every is not None else None
    if every is None or size is None or size < 2:
        return _plain_subject(text, facts, evidence, base)
    if any(not f.is_entity and f.kind not in _ALLOWED for f in facts):
        # values of its own ("all three pools are ONLINE at 71% capacity"): the universal's checks, but for one
        # code said of each ("all three failed jobs exited with code 1")
        return _every_code(facts, size, evidence, base)
    states = [value for _, value in said_states(text[every.start() :], bare=True)]
    if len(set(states)) != 1 or not in_state_column(states[0], evidence):
        return None
    state = states[0]
    names = [f for f in facts if f.is_entity and f.key != state]  # (the state word read as a name names nothing)
    for index in evidence.rows():
        for listed in listings(listed_records(evidence.units(index))):
            # the records that give a state (a call that printed a second table, of other columns, adds rows of none)
            stated = [(u, given) for u in listed if (given := shown_states(u.text))]
            records, shown = [u for u, _ in stated], [given for _, given in stated]
            if len(records) != size:
                continue
            if not comparable(state, set().union(*shown)):
                continue  # a listing whose column gives words of another set ("Running" pods, of "ACTIVE in the ring")
            if names and not names_subject(names, records[0], evidence.question(index)):
                continue
            odd = next((u for u, given in zip(records, shown) if state not in given), None)
            if odd is not None:
                gives = "/".join(sorted(shown[records.index(odd)]))
                why = f"not every one of the {size} records is {state}: {odd.ref} shows {gives}"
                return base(status=ClaimStatus.CONTRADICTED, groundings=(grounding_of(odd),), reason=why)
            return _grounded(records, base)
    return None


# a code said of each member, its noun as the records' keys spell it ("exit code 1" of `"exitCode": 1`)
_CODE_NOUN = re.compile(r"(?:(exit|return|error|status|response)[ \t_-]?)?code|(退出|返回|错误|状态)码", re.I)
_ZH_CODE = {"退出": "exit", "返回": "return", "错误": "error", "状态": "status"}


def _every_code(
    facts: Sequence[Fact], size: int, evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    """A code said of every member of the counted set: CONTRADICTED by a record of a listing of that many that
    gives another code under the noun's key; GROUNDED when each of them gives the code."""
    values = [f for f in facts if not f.is_entity and f.kind != FactKind.COUNT]
    if len(values) != 1 or values[0].kind != FactKind.ID:
        return None  # ("codes 1, 1 and 139": a code each, no one code of all)
    fact = values[0]
    noun = _CODE_NOUN.search(fact.text)
    if noun is None or not fact.key.isdigit() or re.search(r"codes\b", fact.text, re.I):
        return None
    qualifier = (noun.group(1) or _ZH_CODE.get(noun.group(2) or "", "")).lower()
    key = re.compile(rf"\b[\w.]*{qualifier}_?code[\"']?[ \t]*[:=][ \t]*[\"']?(-?[0-9]+)\b", re.I)
    names = [f for f in facts if f.is_entity]
    for index in evidence.rows():
        units = listed_records(evidence.units(index))
        question = evidence.question(index)
        for records in listings(units):
            if len(records) != size:
                continue
            # a record with its nested records (a task's `containers[0]`, which gives its `exitCode`)
            whole = [[u for u in units if u is r or u.ref.startswith(f"{r.ref}.")] for r in records]
            if names and not any(names_subject(names, u, question) for u in whole[0]):
                continue
            given = [[code for u in parts for code in key.findall(u.text)] for parts in whole]
            if not all(len(codes) == 1 for codes in given):
                continue  # a record without the code, or with several: not a listing of the set's codes
            odd = next((u for u, codes in zip(records, given) if codes[0] != fact.key), None)
            if odd is None:
                return _grounded(records, base)
            why = (
                f"not every one of the {size} records gives {fact.text}: {odd.ref} gives {given[records.index(odd)][0]}"
            )
            return base(status=ClaimStatus.CONTRADICTED, groundings=(grounding_of(odd),), reason=why)
    return None


def _each_named(
    names: Sequence[Fact], state: str, evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    """A state said of each listed name, read against each name's own records that give a state column: one whose
    records all give another word contradicts the claim (a name with no such record, as the namespace the set is
    in, is passed over), and all of them giving the word ground it. None otherwise, or when the word is in no state
    column of the session."""
    if not in_state_column(state, evidence):
        return None
    stated = [  # the records that give a state column, each with the words it gives, read once for every name
        (unit, given)
        for index in evidence.rows()
        for unit in listed_records(evidence.units(index))
        for given in [shown_states(unit.text)]
        if given
    ]
    held, unread = [], 0
    for name in names:
        own = [(unit, given) for unit, given in stated if matches(name, unit)]
        if not own:
            unread += 1
            continue
        holding = next((unit for unit, given in own if state in given), None)
        if holding is None:
            first, gives = own[0]
            why = (
                f"not every one it names is {state}: {name.text}'s record ({first.ref}) shows {'/'.join(sorted(gives))}"
            )
            return base(status=ClaimStatus.CONTRADICTED, groundings=(grounding_of(first),), reason=why)
        held.append(holding)
    return _grounded(held, base) if held and not unread else None


def _plain_subject(
    text: str, facts: Sequence[Fact], evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    """ "bastion is ACTIVE again", "tank 目前是 ONLINE": a subject no pattern reads as a name, which a record's name
    column gives; its state column gives the state or another."""
    if any(f.is_entity and not _state_word(f, text) for f in facts) or any(not f.is_entity for f in facts):
        return None
    found = plain_subject_state(text, evidence)
    if found is None:
        return None
    unit, holds = found
    if holds:
        return base(
            status=ClaimStatus.GROUNDED,
            groundings=(grounding_of(unit),),
            reason="its record shows the state",
            direct=True,
        )
    return base(
        status=ClaimStatus.CONTRADICTED, groundings=(grounding_of(unit),), reason=f"{unit.ref} shows another state"
    )


def _state_word(fact: Fact, text: str) -> bool:
    return any(fact.key == value for _, value in said_states(text, bare=True))


def listings(records: Sequence[Unit]) -> list[list[Unit]]:
    """A call's records, and apart the members of each list nested in them (`CacheClusters[0].CacheNodes[2]`)."""
    nested: dict[str, list[Unit]] = collections.defaultdict(list)
    for unit in records:
        parent = _INDEX_AT_END.sub("", unit.ref)
        if parent != unit.ref and "[" in parent:
            nested[parent].append(unit)
    top = [u for u in records if not any(u in members for members in nested.values())]
    return [top, *nested.values()]


_INDEX_AT_END = re.compile(r"\[[0-9]+\]$")


def _grounded(records: Sequence[Unit], base: Callable[..., ClaimCheck]) -> ClaimCheck:
    return base(
        status=ClaimStatus.GROUNDED,
        groundings=tuple(grounding_of(u) for u in records),
        reason=f"each of the {len(records)} records shows it",
        direct=True,
    )


def _size(text: str, facts: Sequence[Fact]) -> Optional[int]:
    counts = {int(f.quantity.value) for f in facts if f.kind == FactKind.COUNT and f.quantity is not None}
    said = _SIZE.search(text)
    if said is not None:
        counts.add(
            2 if said.group(1) else int(said.group(3)) if said.group(3) else _NUMBER_WORDS[said.group(2).lower()]
        )
    # "三个池都是 ONLINE", "3 台都是 Available"
    counts.update((DIGITS | SCALES).get(m.group(1)) or int(m.group(1)) for m in _ZH_SIZE.finditer(text))
    return counts.pop() if len(counts) == 1 else None
