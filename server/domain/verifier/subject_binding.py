"""Subject binding: a claim's facts may rest on several units when each is about the claim's subject.

"checkout-7f9c-x2k4q runs at 96% CPU and has restarted 14 times" takes its CPU
from the metrics call and its restarts from kubectl: two units, one pod. The
rule (docs/verifier-protocol.md, "Subjects and contradictions"):

- the subject is the claim's specific entities (pods, instances, alerts,
  identifiers), or its services when it names nothing more specific, each a
  name that singles one thing out (not a soft or plain word such as "on");
  every unit used names all of them in its own text;
- each unit comes from a different row: inside one listing, each entry is one
  event, and facts of two events never combine ("binding" across entries of
  one search stays UNGROUNDED);
- the claim's times bind every unit used; each other fact is shown by one of them;
- a window or threshold the claim gives (a fact of what a call was asked) binds the values it qualifies
  to that call: a value shown by another call does not combine with it.

Facts about different subjects never combine: a unit that does not name the
subject is not used, however well its values fit.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Callable, Optional, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Evidence, Match
from evidence_trace.server.domain.verifier.fact_matching import matches, matches_all
from evidence_trace.server.domain.verifier.facts import Dimension, Fact, FactKind
from evidence_trace.server.domain.verifier.rivals import SPECIFIC_KINDS
from evidence_trace.server.domain.verifier.unit_numbers import AGO
from evidence_trace.server.domain.verifier.units import Strength, Unit

MAX_BOUND_ROWS = 4
_NAMES_AND_STATES = frozenset(
    {
        FactKind.INSTANCE,
        FactKind.SERVICE,
        FactKind.IDENTIFIER,
        FactKind.VERSION,
        FactKind.WORKLOAD_STATE,
        FactKind.ERROR_CODE,
        FactKind.EVENT,
        FactKind.STATE,
    }
)


def _names_one_thing(fact: Fact) -> bool:
    """A name that singles out one thing ("checkout-7f9c-x2k4q", "10.0.3.17", "KafkaLagHigh"), not a
    word a unit may use in passing ("on", "cache")."""
    if fact.soft or len(fact.key) < 4:
        return False
    return any(ch in fact.key for ch in "-_.:/0123456789") or fact.text != fact.text.lower()


def names_subject(facts: Sequence[Fact], unit: Unit, question: Optional[Unit]) -> bool:
    """Whether the unit, or what its call asked, names each of the facts: a record of the claim's subject."""
    return all(matches(f, unit) or (question is not None and matches(f, question)) for f in facts)


def subject_rival(
    subject: Sequence[Fact], evidence: Evidence, given: Callable[[Unit], Sequence[object]], claimed: object
) -> Optional[Unit]:
    """A record of the subject (names_subject, with what its call asked) whose `given` values are all another than
    `claimed`, when no record of it gives the claimed one; None otherwise. What a switch (boolean_settings) and a
    condition (condition_states) are said to be is read so."""
    rival: Optional[Unit] = None
    for index in evidence.rows():
        question = evidence.question(index)
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT:
                continue
            values = given(unit)
            if not values or not names_subject(subject, unit, question):
                continue  # another subject's value ("node 1 is_live=true" against node 4's)
            if claimed in values:
                return None
            rival = rival or unit
    return rival


def asked_subject(part: str, facts: Sequence[Fact], evidence: Evidence) -> bool:
    """Whether a parenthesis, whole, names a subject of its own that some call of the session asked about
    ("（实例 prod-global 使用 nam3）" of `spanner instances describe prod-global`): an aside about it, not about what
    it follows. ("（UTC 00:00–08:00）notification-worker 共 3 次" goes on past its parenthesis: no aside.)"""
    return part.rstrip(" \t。.;；,，").endswith((")", "）")) and any(
        f.kind in (FactKind.SERVICE, FactKind.INSTANCE) and question is not None and matches(f, question)
        for f in facts
        for question in map(evidence.question, evidence.rows())
    )


def bind_across_rows(facts: Sequence[Fact], evidence: Evidence, text: str = "") -> Optional[Match]:
    """Units of different rows, each about the claim's subject, that together show every fact; or None.

    A claim naming its subject by two names ("search-web-j2k8d | 10.20.3.41 | 87%": a pod and its IP) may
    also bind with the pod or host as the subject: the other name is then a fact about it, shown by a unit
    that names it (the kubectl row pairing the pod with its IP), never by a unit about something else.
    """
    entities = [f for f in facts if f.is_entity]
    named = [f for f in entities if _names_one_thing(f)]
    subject = [f for f in named if f.kind in SPECIFIC_KINDS] or [f for f in named if f.kind == FactKind.SERVICE]
    bound = _bind(facts, subject, evidence, text)
    # two names of one thing: a pod or host and its address; never an alert (it fires for many things)
    # nor a list of members (each its own subject)
    aliases = [f for f in subject if f.kind == FactKind.INSTANCE] if len(subject) == 2 else []
    for primary in aliases if bound is None else ():
        bound = _bind(facts, [primary], evidence, text)
        if bound is not None:
            break
    return bound


def _bind(facts: Sequence[Fact], subject: list[Fact], evidence: Evidence, text: str) -> Optional[Match]:
    times = [f for f in facts if f.kind == FactKind.TIME]
    wanted = [f for f in facts if f not in subject and f.kind != FactKind.TIME]
    if not subject or len(wanted) < 2:
        return None
    chosen: list[Unit] = []
    shown_by: list[list[Fact]] = []
    questions: list[Optional[Unit]] = []
    # One object's events ("pod X was scheduled on node-7, failed to pull image:v4 (not found), is in
    # ImagePullBackOff"): entries of one listing that each name that pod may combine, when the claim states
    # names, versions and states only; a value or a time binds one entry (facts of two events never combine).
    events = (
        not times
        and all(f.kind in _NAMES_AND_STATES for f in facts)
        and any(f.kind == FactKind.INSTANCE for f in subject)
    )
    if events:  # the object is the first pod named; the node it ran on is a fact of its events
        subject = [next(f for f in subject if f.kind == FactKind.INSTANCE)]
        wanted = [f for f in facts if f not in subject]
    left = list(wanted)
    for index in evidence.candidates(subject):
        question = evidence.question(index)
        while True:
            best: tuple[Unit, list[Fact]] | None = None
            for unit in evidence.named(index, subject, asked=False):
                if unit.strength < Strength.INDIRECT or unit in chosen or not all(matches(f, unit) for f in subject):
                    continue
                shown = [f for f in left if matches_all([*subject, *times, f], unit, question) is True]
                if shown and (best is None or len(shown) > len(best[1])):
                    best = (unit, shown)
            if best is None:
                break
            chosen.append(best[0])
            shown_by.append(best[1])
            questions.append(question)
            left = [f for f in left if f not in best[1]]
            if not left or not events:
                break
        if not left:
            break
        if len(chosen) >= MAX_BOUND_ROWS:
            return None
    if left or len(chosen) < 2 or not _windows_bind_their_values(facts, shown_by, questions, text):
        return None
    strongest = max(chosen, key=lambda u: u.strength)
    return Match(strongest, tuple(chosen))


def _windows_bind_their_values(
    facts: Sequence[Fact], shown_by: Sequence[Sequence[Fact]], questions: Sequence[Optional[Unit]], text: str
) -> bool:
    """A window the claim gives ("过去 1 小时内重启了 14 次", "over the last hour") is what one call was asked:
    the counts and values it qualifies must come from a call asked over that window, never from another
    call's span (kubectl's lifetime RESTARTS against a metric's [1h])."""
    windows = [f for f in facts if _window(f, text)]
    if not windows:
        return True
    asked = {i for i, q in enumerate(questions) if q is not None and any(matches(f, q) for f in windows)}
    valued = {
        i
        for i, shown in enumerate(shown_by)
        if any(f.kind in (FactKind.QUANTITY, FactKind.COUNT) and not _window(f, text) for f in shown)
    }
    return valued <= asked


_WINDOW_BEFORE = re.compile(r"(?:\b(?:last|past|within|over the|in the)|过去|最近|近)[ \t]*$", re.I)
_WINDOW_WORDS = re.compile(r"(?:the\s+)?(?:last|past|previous)\b", re.I)
_WINDOW_AFTER = re.compile(r"^[ \t]*(?:内|之内|以内|里)")


def mark_windows(text: str, facts: Sequence[Fact]) -> tuple[Fact, ...]:
    """The facts, each duration the claim gives as its span marked as a window (Fact.window); "the last
    one 9m ago" and "已经过去 37 分钟" are ages, not spans."""
    return tuple(dataclasses.replace(f, window=True) if _window(f, text) and not _age(f, text) else f for f in facts)


_ELAPSED_BEFORE = re.compile(r"已经?过去[ \t]*$")


def _age(fact: Fact, text: str) -> bool:
    at = text.find(fact.text)
    if at < 0:
        return False
    return bool(AGO.match(text, at + len(fact.text)) or _ELAPSED_BEFORE.search(text, max(0, at - 6), at))


def _window(fact: Fact, text: str) -> bool:
    """A duration the claim gives as the span it speaks of ("in the last hour", "过去 1 小时内")."""
    q = fact.quantity
    if fact.kind != FactKind.QUANTITY or q is None or q.dimension != Dimension.TIME:
        return False
    if _WINDOW_WORDS.match(fact.text):  # "the last hour"
        return True
    at = text.find(fact.text)
    if at < 0:
        return False
    end = at + len(fact.text)
    return bool(_WINDOW_BEFORE.search(text, max(0, at - 12), at) or _WINDOW_AFTER.match(text[end : end + 4]))
