"""Whether one unit of evidence shows one fact of a claim.

matches_all() judges a claim's facts against one unit (with the question the
call asked): True, False, or the conflict an opposite state or level names.
matches() checks one fact by its kind: entities and ids as whole tokens,
states, levels, events, times to the minute, settings by the value next to
their name, and quantities and counts against the unit's numbers, across units
and scales; content_words.py compares a claim's words with a unit's.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Optional, Sequence

from evidence_trace.server.domain.formats.fields import LEVEL_WORDS
from evidence_trace.server.domain.verifier import fact_model
from evidence_trace.server.domain.verifier.actors import role_shown
from evidence_trace.server.domain.verifier.alert_states import HELD_BY, held_by
from evidence_trace.server.domain.verifier.asked import another_asked, asked_id
from evidence_trace.server.domain.verifier.bare_numbers import written_in
from evidence_trace.server.domain.verifier.counted_numbers import counted, differences, labels_only, one_of_them
from evidence_trace.server.domain.verifier.encoded_names import glued_in, in_two_cells
from evidence_trace.server.domain.verifier.event_words import CODE_FORMS
from evidence_trace.server.domain.verifier.evidence_index import contains, setting_names, setting_pattern, spaced_form
from evidence_trace.server.domain.verifier.fact_model import Comparison, Dimension, Fact, FactKind, Quantity, Scope
from evidence_trace.server.domain.verifier.fact_vocabulary import (
    MACHINE_SUFFIX,
    NONE_READY,
    RECOVERY_IN_UNIT,
    VERSION_FIELD_VALUE,
    WORKLOAD_STATE_PATTERNS,
    release_of,
)
from evidence_trace.server.domain.verifier.facts import EVENT_FORMS
from evidence_trace.server.domain.verifier.match_memo import CURRENT
from evidence_trace.server.domain.verifier.named_values import jvm_flags, restated
from evidence_trace.server.domain.verifier.numbered_names import numbered_name_in
from evidence_trace.server.domain.verifier.ratio_matching import ratio_matches
from evidence_trace.server.domain.verifier.row_keys import plural_name
from evidence_trace.server.domain.verifier.short_hashes import short_hash_in
from evidence_trace.server.domain.verifier.unit_numbers import key_words
from evidence_trace.server.domain.verifier.units import Number, Strength, Unit

_NOT_A_COUNT = re.compile(r"limit|size|page|top_?k|offset|max|min|threshold|step|window")
_TOTAL_KEY = re.compile(r"total|count|totalcount|total_count|hits|resultcount|matched|numfound|total_hits")


def matches_all(facts: Sequence[Fact], unit: Unit, question: Optional[Unit]):
    """True when the unit shows every fact; a string naming the conflict when the
    unit shows the claim's subject but an opposite state or level; else False."""
    memo = CURRENT.get()
    if memo is None:
        return _matches_all(facts, unit, question)
    key = (tuple(map(id, facts)), id(unit), id(question))
    found = memo.all.get(key)
    if found is None:
        found = _matches_all(facts, unit, question)
        memo.all[key] = found
        kept = memo.kept  # the arguments stay alive while their ids key the answer
        kept[key[1]], kept[key[2]] = unit, question
        for fact in facts:
            kept[id(fact)] = fact
    return found


def _matches_all(facts: Sequence[Fact], unit: Unit, question: Optional[Unit]):
    conflict = ""
    subject_seen = False
    minutes = tuple(m for f in facts for m in f.minutes)
    times = [f for f in facts if f.kind == FactKind.TIME]
    if times and not any(at_time(f, unit) for f in times):
        return False  # the unit states times, none of them the claim's
    if (
        times
        and unit.kind == "header"
        and not all(states_time(f, unit) or (question is not None and states_time(f, question)) for f in times)
    ):
        return False  # a call's total is of its window: the claim's times must be its bounds
    for fact in facts:
        if fact.kind == FactKind.TIME:
            continue
        if unit.strength == Strength.QUESTION and fact.scope == Scope.RESULT:
            return False
        if matches(fact, unit, minutes):
            subject_seen = subject_seen or fact.is_entity
            continue
        if (
            fact.scope in (Scope.SUBJECT, Scope.QUERY)
            and question is not None
            and question is not unit
            and matches(fact, question, minutes)
            and not another_asked(fact, unit, question)
        ) or (question is not None and question is not unit and asked_id(fact, question)):
            subject_seen = subject_seen or fact.is_entity
            continue
        if grpc_method_in(fact, unit, question):
            subject_seen = True
            continue
        if fact.kind in (FactKind.STATE, FactKind.LEVEL):
            found = unit.state if fact.kind == FactKind.STATE else unit.level
            if found and not matches(fact, unit):
                conflict = f"the evidence shows {found}, not {fact.key}"
                continue
        return False
    if conflict:
        # a count ("2 条 active 告警，另有 1 条 suppressed") speaks of several records: one unit's state is no rival
        if any(f.kind == FactKind.COUNT and _RECORDS_WITH_STATE.search(f.text) for f in facts):
            return False
        entities = [f for f in facts if f.is_entity]
        return conflict if (subject_seen or not entities) else False
    return True


_GRPC_METHOD = re.compile(r"^/([a-z_][\w]*(?:\.[\w]+)+)/([a-z_]\w*)$")


def grpc_method_in(fact: Fact, unit: Unit, question: Optional[Unit]) -> bool:
    """ "/fx.v1.Rates/GetRate" against a series labelled grpc_method="GetRate" whose query (or
    labels) name grpc_service="fx.v1.Rates": a full gRPC method name split as metrics label it."""
    m = _GRPC_METHOD.match(fact.key) if fact.kind == FactKind.IDENTIFIER else None
    if m is None or not contains(unit.lowered, m.group(2)):
        return False
    return contains(unit.lowered, m.group(1)) or (question is not None and contains(question.lowered, m.group(1)))


def at_time(fact: Fact, unit: Unit) -> bool:
    """Whether a unit that states times states the claim's time, in the same zone (zones.py): to the
    minute, either side, or to the second (give or take 2) when the claim gives seconds."""
    if unit.kind in ("series", "input", "header") or not unit.minutes:
        return True  # a series' samples are picked by time instead; a unit without times binds none
    written, utc = (int(v) for v in fact.key.split(","))
    stated = _SECONDS.search(fact.text)
    utc_said = fact.zoned and written == utc  # (naive times known not to be UTC show no time said in UTC)
    if stated and unit.seconds:
        shift = int(stated.group(3))  # "01:06:40": the same second, not just the minute
        return _same_time(written * 60 + shift, utc * 60 + shift, fact.zoned, unit.zoned_clock(1, utc_said), 2, 86400)
    return _same_time(written, utc, fact.zoned, unit.zoned_clock(60, utc_said), 1, 24 * 60)


def states_time(fact: Fact, unit: Unit) -> bool:
    """Whether the unit itself states the claim's time (to the minute, in the same zone): unlike at_time,
    a unit without times, a question or a header states none. A call's window ("between 02:40 and
    02:55") is stated by its question's bounds."""
    if not unit.minutes:
        return False
    written, utc = (int(v) for v in fact.key.split(","))
    return _same_time(written, utc, fact.zoned, unit.zoned_clock(60, fact.zoned and written == utc), 1, 24 * 60)


def _same_time(
    written: int,
    utc: int,
    zoned: bool,
    clock: tuple[frozenset[int], frozenset[int], frozenset[int]],
    tolerance: int,
    period: int,
) -> bool:
    """A draft's time against a unit's: with a zone, by its UTC value against the unit's UTC times and
    by its written value against naive times of unknown zone; without one, by its written value."""
    shown, in_utc, naive = clock
    if zoned:
        candidates = [(utc, in_utc), (written, naive)]
    else:
        candidates = [(written, shown), (written, in_utc)]
    return any(circular_distance(value, t, period) <= tolerance for value, times in candidates for t in times)


_SECONDS = re.compile(r"([0-2]?[0-9]):([0-5][0-9]):([0-5][0-9])")


def circular_distance(a: float, b: float, period: float) -> float:
    """How far apart two readings of a clock of `period` are, the short way round (23:59 and 00:01: 2)."""
    d = abs(a - b) % period
    return min(d, period - d)


def matches(fact: Fact, unit: Unit, minutes: tuple[int, ...] = ()) -> bool:
    """Whether the unit shows the fact (minutes: the claim's times, which pick a series' samples)."""
    memo = CURRENT.get()
    if memo is None:
        return _matches(fact, unit, minutes)
    key = (id(fact), id(unit), minutes)
    found = memo.one.get(key)
    if found is None:
        found = _matches(fact, unit, minutes)
        memo.one[key] = found
        kept = memo.kept  # the arguments stay alive while their ids key the answer
        kept[key[0]], kept[key[1]] = fact, unit
    return found


def _matches(fact: Fact, unit: Unit, minutes: tuple[int, ...] = ()) -> bool:
    if fact.alternatives and any(matches(alt, unit, minutes) for alt in fact.alternatives):
        return True
    if fact.kind == FactKind.TIME:
        return True
    kind = fact.kind
    if fact.is_entity:
        # (a CamelCase name after an exporter's prefix: `debezium_metrics_MilliSecondsBehindSource`)
        suffix = "_" in fact.key or (fact.kind == FactKind.ALERT and fact.text[:1].isupper())
        if contains(unit.lowered, fact.key, suffix=suffix) or short_hash_in(fact.key, unit.lowered):
            return True
        if fact.key.endswith(".") and fact.kind == FactKind.INSTANCE:  # "10.8.14.x": an address in that network
            return re.search(rf"(?<![0-9.]){re.escape(fact.key)}[0-9]", unit.lowered) is not None
        spaced = spaced_form(fact.key) if fact.kind == FactKind.SERVICE else ""
        if spaced and (contains(unit.lowered, spaced) or glued_in(fact.key, unit.lowered)):
            return True  # "flood stage" of flood-stage; "block-cache" of blockCacheHitPercent
        if plural_name(fact) and contains(unit.lowered, fact.key[:-1]):
            return True  # "3 NullPointerExceptions", "two OOMKills": the name, counted
        if fact.kind == FactKind.ERROR_CODE and any(form in unit.lowered for form in CODE_FORMS.get(fact.key, ())):
            return True  # "OOM" where the unit says OOMKilled, OutOfMemoryError or "Out of memory"
        # "10.8.1.20:5432" where the unit says "10.8.1.20" and port 5432 apart; "crm.customer_contacts" where a
        # row's cells give OWNER=CRM and TABLE_NAME=CUSTOMER_CONTACTS (a schema's table, by its two columns)
        host, _, port = fact.key.rpartition(":")
        if fact.kind == FactKind.IDENTIFIER:
            return in_two_cells(fact.key, unit.lowered)
        apart = bool(host) and port.isdigit() and contains(unit.lowered, host) and contains(unit.lowered, port)
        return fact.kind == FactKind.INSTANCE and apart
    if kind == FactKind.HTTP_STATUS:
        code = float(fact.key)
        # the text first: most units that show a status say it, and their numbers need not be read
        return contains(unit.lowered, fact.key) or any(n.value == code for n in unit.numbers)
    if kind == FactKind.ID:  # "partition 3" by its number, "db0" by its word and number (numbered_names.py)
        return numbered_name_in(fact, unit.lowered)
    if kind == FactKind.STATE:
        state = unit.state
        if fact.key == "!resolved":
            return state in ("firing", "pending", "suppressed")
        if fact.key == "firing" and state == "suppressed":
            return True  # Alertmanager's suppressed alert is a firing one, silenced or inhibited
        if fact.key.lstrip("!") in HELD_BY:
            held = held_by(fact.key.lstrip("!"), state, unit.lowered)
            return held if not fact.key.startswith("!") else bool(state) and not held
        if fact.key.startswith("!"):
            return bool(state) and state != _STATE_OF.get(fact.key[1:], fact.key[1:])
        if fact.key == "resolved":
            # An alert's state; of anything else, the unit must say it recovered.
            return state in ("resolved", "inactive") or (
                not state and RECOVERY_IN_UNIT.search(unit.lowered) is not None
            )
        return state == _STATE_OF.get(fact.key, fact.key)
    if kind == FactKind.LEVEL and unit.kind == "alert":
        severity = _SEVERITY_LABEL.search(unit.lowered)  # an alert's level is its severity label
        return severity is not None and LEVEL_WORDS.get(severity.group(1), "") == fact.key.lstrip("!") != ""
    if kind == FactKind.LEVEL:
        if fact.key.startswith("!"):  # a denied level: the entry's level is another
            return bool(unit.level) and unit.level != fact.key[1:]
        if unit.level == fact.key or re.search(rf"\b{fact.key}(?:ING)?\b", unit.text):
            return True  # its level, or one its message quotes ("FATAL: password …", "SSL WARNING - Certificate …")
        # A quoted line can hold several levels ("FATAL: ... ERROR: ..."); a line's level the parser missed
        return (
            (not unit.level or unit.kind == "log line")
            and contains(unit.lowered, fact.key.lower())
            and fact.key in unit.text
        )
    if kind in (FactKind.QUANTITY, FactKind.COUNT):
        return _quantity_matches(fact, unit, minutes)
    if kind == FactKind.SETTING:
        return _setting_matches(fact, unit)
    if kind == FactKind.EVENT:
        return any(_happened(unit.lowered, form) for form in EVENT_FORMS.get(fact.key, (fact.key,)))
    if kind == FactKind.VERSION:  # "v3.2.1" is "3.2.1": the release, with or without its "v"
        named = VERSION_FIELD_VALUE[fact.noun].findall(unit.lowered) if fact.noun else []
        if named:  # "the app version is 2.4.0" where the unit gives its app version: that field's value
            # the value's own release: "1.19.0", "gateway-2.4.0" (a chart), "registry/app:v2.14.0" (an image)
            return any(release_of(value) == fact.key for value in named)
        if contains(unit.lowered, fact.key) or contains(unit.lowered, "v" + fact.key):
            return True
        # "2.8.1K"; a build for a machine: "6.1.109-118.189.amzn2023.x86_64", "1.7.3_amd64", "2.4.1-1.el9.noarch"
        return fact.key in unit.lowered and (
            re.search(rf"(?<![\w.]){re.escape(fact.key)}(?:[a-z]{{1,2}}|{MACHINE_SUFFIX})(?![\w.])", unit.lowered)
            is not None
        )
    if kind == FactKind.ACTOR:  # the person, in the claim's role where the unit gives one (actors.py)
        return contains(unit.lowered, fact.key) and (not fact.noun or role_shown(fact.noun, unit.lowered, fact.key))
    if kind == FactKind.WORKLOAD_STATE:  # "a crash loop" is shown by CrashLoopBackOff, and the reverse
        shown = (WORKLOAD_STATE_PATTERNS[fact.key], *((NONE_READY,) if fact.key == "NotReady" else ()))
        return any(p.search(unit.text[:2000]) for p in shown)  # `get pods`' READY column: none ready
    return False  # an UNREAD fact is never shown: the claim is UNCHECKED


_SEVERITY_LABEL = re.compile(r"[\"']?severity[\"']?[ \t]*[:=][ \t]*[\"']?([a-z]+)")


def _setting_matches(fact: Fact, unit: Unit) -> bool:
    """A named value: the first number after the name in the unit (or its key) is the claim's."""
    quantity = fact.quantity
    if quantity is None:
        return False
    if fact.text.startswith("-X"):  # a JVM flag: the unit's flag of that name, in bytes ("-Xmx2g" is "-Xmx2048m")
        stated = jvm_flags(unit.text).get(fact.key)
        return stated is not None and quantity.matches(stated)
    names = setting_names(fact.key)
    full = [n for n in names if setting_pattern(n).search(unit.lowered)]
    for name in full[:1] or names:  # the fullest name the unit uses binds the value
        pattern = setting_pattern(name)
        if unit.kind == "series" and pattern.search(unit.lowered):
            # The series of that name: its samples are the value.
            if any(_number_matches(fact, quantity, n, unit) for n in unit.numbers if n.sample):
                return True
            continue
        for m in pattern.finditer(unit.lowered):
            found = _FIRST_NUMBER.match(unit.lowered, m.end())
            if found is None:
                continue
            first = _number_list(found.group(1) + (found.group(2) or ""))[:1]
            # "Array Size : 3905886208 (3.64 TiB 4.00 TB)": the value, and the same value restated after it
            for number in first + _number_list(restated(unit.lowered, found.end())) * bool(first):
                if number.dimension is None:
                    base = _BASE_FACTORS.get(quantity.dimension, 1.0)
                    if any(quantity.matches(number.value * f) for f in (quantity.factor, 1.0, base)):
                        return True
                elif _number_matches(fact, quantity, number, unit):
                    return True
    if not full and not re.search(r"[_.]|[a-z][A-Z]", fact.text):
        # A unit that does not name a plain setting ("TTL 60s" against dig's "60 IN A") shows its value.
        return _quantity_matches(dataclasses.replace(fact, kind=FactKind.QUANTITY), unit)
    return False


_FIRST_NUMBER = re.compile(r"[^0-9\n]{0,24}?([0-9][0-9,]*(?:\.[0-9]+)?)(\s?(?:ms|s|m|min|h|%|mb|mib|gb|gib|kb|kib)\b)?")


def _number_list(text: str) -> list[Number]:
    from evidence_trace.server.domain.verifier.units import numbers_in_text

    return list(numbers_in_text(text))


def _quantity_matches(fact: Fact, unit: Unit, minutes: tuple[int, ...] = ()) -> bool:
    quantity = fact.quantity
    if quantity is None:
        return False
    numbers: Sequence[Number] = unit.numbers
    if quantity.comparison in (Comparison.ALWAYS_ABOVE, Comparison.ALWAYS_BELOW):
        # "stayed above 30 s": every sample of the series, not one.
        samples = [n for n in numbers if n.sample]
        if samples:
            return all(_number_matches(fact, quantity, n, unit) for n in samples)
    if minutes:
        # "3 s at 08:10" speaks of the sample at 08:10, when the series has one.
        at = tuple(n for n in numbers if n.minute is None or any(abs(n.minute - m) <= 1 for m in minutes))
        if any(n.minute is not None for n in at):
            numbers = at
    if quantity.comparison == Comparison.CHANGE:
        return any(_number_matches(fact, quantity, n, unit) for n in differences(numbers))
    if fact.window:  # "过去 3 小时内重启了 5 次": a span, never shown by an age ("3h12m ago")
        numbers = [n for n in numbers if not n.age]
    if fact.kind == FactKind.QUANTITY and fact.noun:
        # "p99 达到 1250 ms" where the unit keys its p99 (p99Ms=830): that value, not qps=1250's; a listed
        # figure's label ("waiting 213") is a part of the key's words (threadsAwaitingConnection)
        dimensions = (quantity.dimension, None) if fact.bare else (quantity.dimension,)  # a bare figure: any key
        keyed = [n for n in numbers if n.dimension in dimensions and _keyed_by(fact, n)]
        if keyed and fact.bare:
            return any(_number_matches(fact, quantity, n, unit) for n in keyed)  # "waiting 50" of waiting=213
        numbers = keyed or numbers
    if fact.kind == FactKind.COUNT and fact.noun:
        if one_of_them(fact.noun, unit.lowered):
            return False
        numbers = counted(fact.noun, numbers)
        if labels_only(fact, unit):
            numbers = [n for n in numbers if n.key]  # "request 24 retried" names request 24: it counts nothing
    if any(_number_matches(fact, quantity, number, unit) for number in numbers):
        return True
    # a bare figure the unit writes, unless the unit writes it as a capped count (CappedCount: 100): a lower bound
    if not (fact.bare and fact.kind == FactKind.QUANTITY and written_in(fact, unit)):
        return False
    return not any(n.at_least and n.value == quantity.value for n in unit.numbers)


_COUNTABLE = (None, Dimension.NUMBER)
_RECORDS_WITH_STATE = re.compile(r"alert|告警|条|rule|silence|target|pod|instance|实例|副本|replica", re.I)


def _keyed_by(fact: Fact, number: Number) -> bool:
    words = key_words(number.key) if number.key else frozenset()
    return (
        fact.noun == number.key
        or fact.noun in words
        or (fact.bare and len(fact.noun) >= 3 and any(fact.noun in w for w in words))
    )


def _happened(lowered: str, form: str) -> bool:
    """Whether the unit says the event happened: "retry=false", "no retry" say it did not."""
    at = lowered.find(form)
    while at >= 0:
        after = lowered[at + len(form) : at + len(form) + 12]
        if not _DID_NOT_AFTER.match(after) and not _DID_NOT_BEFORE.search(lowered, max(0, at - 12), at):
            return True
        at = lowered.find(form, at + 1)
    return False


_DID_NOT_AFTER = re.compile(r"[a-z_]*[\"']?\s*[:=]\s*[\"']?(?:false|no|none|disabled)\b")  # "restarts: 0" is a count
_DID_NOT_BEFORE = re.compile(r"\b(?:no|not|never|without|disable[ds]?)[ _-]$")
_STATE_OF = {"active": "firing"}  # a unit's state word for a claim's (alert_states.py)


def _number_matches(fact: Fact, quantity: Quantity, number: Number, unit: Unit) -> bool:
    """Whether one number of a unit agrees with a quantity of the claim."""
    value = number.value
    if fact.kind == FactKind.COUNT and (
        _NOT_A_COUNT.search(number.key) or (unit.kind == "header" and not _TOTAL_KEY.fullmatch(number.key))
    ):
        return False  # a page size, a threshold or a tool's message is not how many there were
    if (number.at_least or number.bound and fact.found) and quantity.comparison in (Comparison.EQUAL, Comparison.ABOUT):
        return False  # "is currently 5%" of "ratio above 5%" (threshold_words.py); "exactly 10,000" of ES's gte 10000
    if number.bound and quantity.comparison in (Comparison.ABOVE, Comparison.BELOW):
        # The evidence gives a bound ("> 100"): the claim's bound must be that one.
        quantity = dataclasses.replace(quantity, comparison=Comparison.EQUAL)
    if quantity.dimension == Dimension.NUMBER:  # (a count is no duration, size or share: "3 个" of an AGE "3h")
        written = fact.kind == FactKind.COUNT and not number.sample  # (a sample's dimension is its query's guess)
        return quantity.matches(value) and not (written and number.dimension not in _COUNTABLE)
    if number.dimension == quantity.dimension:
        if quantity.matches(value * number.factor):
            return True
        if _EITHER_UNIT.search(number.key) and quantity.matches(value):
            return True  # Jenkins' "duration": 412331 is milliseconds, a job's "duration": 412 seconds
        if quantity.dimension == Dimension.BYTES and number.factor in _BINARY:  # a JVM's "618733KB" is KiB
            return quantity.matches(value * _BINARY[number.factor])
        return quantity.dimension == Dimension.RATIO and ratio_matches(quantity, value, unit)
    if number.dimension is not None:
        return False
    if quantity.dimension == Dimension.RATIO:
        if not (number.sample or number.key or unit.kind in ("input", "series", "alert")):
            return False  # a bare number in a message ("request 12 retried") states no percentage
        return ratio_matches(quantity, value, unit)
    if number.sample or unit.kind == "input":
        # A bare metric value or parameter: in the claim's own unit, or in Prometheus's base units (seconds,
        # bytes); a bound only in the base unit ("more than 40 minutes" is no sample of 100 read in minutes)
        base = _BASE_FACTORS.get(quantity.dimension)
        own = base is None or quantity.comparison not in fact_model.BOUNDS
        return (own and quantity.matches(value * quantity.factor)) or bool(base and quantity.matches(value * base))
    if quantity.dimension == Dimension.BYTES and value >= 1024.0**2 and value == int(value):
        # a size printed in bytes without a unit (kafka-log-dirs, du -b): "412.6 GiB" of 443026153472, at its precision
        return abs(value / quantity.factor - quantity.value) < 10.0**-quantity.decimals - 1e-9  # (5 GiB is no "6 GiB")
    # A unitless number the draft copies digit for digit ("rt=2.004" as "2.004 s").
    return (
        quantity.comparison == Comparison.EQUAL
        and value == quantity.value
        and (quantity.decimals > 0 or abs(value) >= 1000)
    )


_BASE_FACTORS = {Dimension.TIME: 1000.0, Dimension.BYTES: 1.0}
_BINARY = {1000.0: 1024.0, 1000.0**2: 1024.0**2, 1000.0**3: 1024.0**3, 1000.0**4: 1024.0**4}  # KB, MB, ... as binary
_EITHER_UNIT = re.compile(r"(?:^|_)(?:duration|elapsed|latency|took)$")  # a bare time field: s or ms, by tool
