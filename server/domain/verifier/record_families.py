"""A JSON record and the objects nested in it: one record, cut into units.

The JSON formats cut a record's nested objects into units of their own (an Okta event's `actor`, `client` and
`outcome`; a CloudTrail event's `userIdentity`), so that a claim about the actor is bound to the actor's fields.
A claim of one record ("the SSO at 02:06:31 from 36.112.84.21 failed": its time, its `client`'s address, its
`outcome`) is shown by that record whole, when no one unit shows it. A count of records ("一共 4 次 SSO，来源 IP 都是 36.112.84.21", "6 sign-ins from 10.2.0.7, all failed") speaks of
the whole records, each of whose facts may sit in another of its parts: a record shows such a fact when the
record's own unit or one of its nested objects (`result[0].client`, `result[0].client.geo`, never a list item of
it such as `result[0].target[1]`, which is another thing) shows it, or, for the claim's subject, what the call
asked. Its times are the record's own (one of the claim's times, as for a record of one unit).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Optional, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Match
from evidence_trace.server.domain.verifier.fact_matching import at_time, matches
from evidence_trace.server.domain.verifier.facts import Fact, FactKind, Scope
from evidence_trace.server.domain.verifier.units import Strength, Unit

_NESTED = re.compile(r"(?:\.[A-Za-z_][\w-]*)+")  # ".client", ".client.geo": objects, no list index


def families(units: Sequence[Unit], roots: tuple[str, ...] = ("item",)) -> dict[str, list[Unit]]:
    """Each record's ref (a unit of the `roots` kinds), with its unit, the objects nested in it and the name/value
    pairs it lists (`tags: [{"key": "dagster/schedule_name", "value": "nightly"}]`, AWS's `Tags`: its attributes)."""
    found = {u.ref: [u] for u in units if u.kind in roots}
    for unit in units:
        for ref, family in found.items():
            if unit is not family[0] and ((unit.kind == "object" and _below(unit, ref)) or _attribute_of(unit, ref)):
                family.append(unit)
                break
    return found


_LISTED = re.compile(r"\.[A-Za-z_][\w-]*\[[0-9]+\]")  # ".tags[0]": an item the record lists
_PAIR_KEYS = ({"key", "value"}, {"name", "value"})


def _below(unit: Unit, ref: str) -> bool:
    """Whether the unit's ref goes on from the record's at `ref` by keys alone (`result[0].client`,
    `result[0].client.geo`): an object nested in it."""
    return unit.ref.startswith(ref) and _NESTED.fullmatch(unit.ref[len(ref) :]) is not None


def _attribute_of(unit: Unit, ref: str) -> bool:
    """Whether the unit is a name/value pair the record at `ref` lists (one of its attributes, not a thing of its
    own): `data.run.tags[0]` holding `{"key": …, "value": …}`."""
    if unit.kind != "item" or not unit.ref.startswith(ref) or not _LISTED.fullmatch(unit.ref[len(ref) :]):
        return False
    value = unit.value
    return isinstance(value, dict) and {str(k).lower() for k in value} in _PAIR_KEYS


def attributes(unit: Unit, units: Sequence[Unit]) -> list[Unit]:
    """The name/value pairs a record's unit lists (its tags), among the units of its call."""
    return [u for u in units if u.invocation_id == unit.invocation_id and _attribute_of(u, unit.ref)]


def parent_item(unit: Unit, found: dict[str, list[Unit]]) -> Optional[Unit]:
    """The item a nested object belongs to (the item itself for an item), or None."""
    for ref, family in found.items():
        if unit.ref == ref or _below(unit, ref):
            return family[0]
    return None


def family_shows(facts: Sequence[Fact], family: Sequence[Unit], question: Optional[Unit]) -> bool:
    """Whether the record (its unit and nested objects) shows every fact: a time by the record's own unit, each
    other fact by one of its parts, or a fact of its subject by what the call asked."""
    times = [f for f in facts if f.kind == FactKind.TIME]
    if times and not any(at_time(f, family[0]) for f in times):
        return False
    for fact in facts:
        if fact.kind == FactKind.TIME or any(matches(fact, part) for part in family):
            continue
        if question is not None and fact.scope in (Scope.SUBJECT, Scope.QUERY) and matches(fact, question):
            continue
        return False
    return True


def records_showing(
    facts: Sequence[Fact],
    tried: Sequence[Unit],
    units: Sequence[Unit],
    question: Optional[Unit],
    remember: Optional[Callable[..., Any]] = None,
) -> list[Unit]:
    """The item units of the records whose parts show every fact, among the records a tried unit belongs to."""
    found = _families_of(units, ("item",), remember)
    items = {item.ref: item for item in (parent_item(u, found) for u in tried) if item is not None}
    return [item for ref, item in items.items() if family_shows(facts, found[ref], question)]


def _families_of(
    units: Sequence[Unit], roots: tuple[str, ...], remember: Optional[Callable[..., Any]]
) -> dict[str, list[Unit]]:
    """families(), once per row and roots when the evidence remembers (a row's units are one call's)."""
    if remember is None or not units:
        return families(units, roots)
    found: dict[str, list[Unit]] = remember(
        ("record families", units[0].invocation_id, len(units), roots), lambda: families(units, roots)
    )
    return found


_ROOTS = ("item", "object")  # a record of one call (an object that holds a listing) is one too


def record_match(
    facts: Sequence[Fact], units: list[Unit], question: Optional[Unit], remember: Callable[..., Any]
) -> Optional[Match]:
    """The first record of the row (item and nested objects) that shows every fact, as a Match of its parts;
    None when the row has no nested objects or no record shows them all."""
    if not any(u.kind == "object" for u in units) or not [f for f in facts if f.kind != FactKind.TIME]:
        return None
    found = _families_of(units, _ROOTS, remember)
    for family in found.values():
        if len(family) > 1 and family[0].strength >= Strength.INDIRECT and family_shows(facts, family, question):
            shown = [part for part in family if any(matches(f, part) for f in facts)] or family[:1]
            return Match(family[0], tuple(shown))
    return None
