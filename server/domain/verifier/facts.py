"""The checkable facts of a claim: entities, numbers tied to a noun, quantities, states.

A fact is what a unit of evidence must show for a claim to be grounded in it. Extraction reads one claim (a
sentence or clause) at a time, in English or Chinese; what is not a fact (ordinary words, dates, times, years)
is left alone; a number in a unit no table knows is an UNREAD fact. docs/verifier-protocol.md has examples.

This module holds the extraction; what a fact is lives in fact_model.py, the patterns and word lists in
fact_patterns.py (re-exported here: Fact, FactKind, Scope, Quantity, Dimension, Comparison, normalize, ...).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Iterator, Optional

from evidence_trace.server.domain.verifier.actors import claim_role
from evidence_trace.server.domain.verifier.alert_states import holder_spans, state_facts
from evidence_trace.server.domain.verifier.bare_numbers import (
    THRESHOLD_AFTER,
    bare_number_facts,
    field_label,
    window_word_facts,
)
from evidence_trace.server.domain.verifier.durations import compound_durations
from evidence_trace.server.domain.verifier.event_words import _EVENT, _EVENT_STEM, EVENT_FORMS
from evidence_trace.server.domain.verifier.fact_model import ABOUT_TOLERANCE as ABOUT_TOLERANCE
from evidence_trace.server.domain.verifier.fact_model import (
    Comparison,
    Dimension,
    Fact,
    FactKind,
    Quantity,
    Scope,
    normalize,
)
from evidence_trace.server.domain.verifier.fact_patterns import (
    _ADDRESS_TAIL,
    _ADJECTIVE_WORDS,
    _ALERT_CONTEXT,
    _ALERT_WORDS,
    _BARE_VALUE,
    _CAMEL,
    _CONTRAST_BEFORE,
    _COUNT,
    _COUNT_ANY,
    _DENIAL_NOUNS,
    _DNS_RCODE,
    _DOTTED,
    _ERROR_CODE,
    _FRACTION,
    _HASH_ID,
    _HOST_PORT,
    _HUMP,
    _ID,
    _IP_OR_UPPER_HOST,
    _JVM_FLAG,
    _LABEL_COLON,
    _LOWER_CAMEL,
    _MONTH_DAY,
    _NOT_COUNT_NOUNS,
    _NUMBER_WORDS,
    _ONE_PART_PATH,
    _ORDINAL_COUNT,
    _PAREN_NUMBER,
    _PART_COUNT,
    _PATH,
    _QUANTITY,
    _QUERY_CONTEXT,
    _REGION,
    _SCALED_COUNT,
    _SERVICE,
    _SERVICE_WORDS,
    _SETTING,
    _SHORT_CODE,
    _STATE_COUNT,
    _STATUS_WORD,
    _TIME_OR_DATE,
    _TOKEN_ID,
    _UNASSERTED_BEFORE,
    _UNIT_WORDS,
    _VERSION,
    _WORD_COUNT,
    _ZH_COUNT,
    _ZH_NONE,
    _ZH_SETTING,
    camel_soft,
    in_quote,
    named_services,
    plain_number,
)
from evidence_trace.server.domain.verifier.fact_vocabulary import (
    _ACTOR,
    _LETTERED,
    _NAME_TAIL,
    _RECOVERED,
    _SEVERITY,
    NOUN_RATE,
    WORKLOAD_STATE_PATTERNS,
    done_to,
    named_facts,
    not_a_name,
    version_field,
)
from evidence_trace.server.domain.verifier.file_names import file_facts
from evidence_trace.server.domain.verifier.level_words import LEVEL_PATTERNS, joined_levels
from evidence_trace.server.domain.verifier.name_ranges import named_siblings
from evidence_trace.server.domain.verifier.named_values import jvm_flag_fact, setting_fact
from evidence_trace.server.domain.verifier.numerals import arabic
from evidence_trace.server.domain.verifier.quantity_facts import _comparison, _noun_rate, _quantity_fact
from evidence_trace.server.domain.verifier.restatements import merge_restatements
from evidence_trace.server.domain.verifier.status_patterns import status_facts
from evidence_trace.server.domain.verifier.unread import unit_shaped, unread_facts
from evidence_trace.server.domain.verifier.zero_counts import without_denied_events
from evidence_trace.server.domain.verifier.zones import clock_zones

_SEVERITY_LEVEL = {"critical": "CRITICAL", "warning": "WARN", "info": "INFO"}
MAX_FACT_SEGMENTS = 8  # longer hyphenated names are not checked


@functools.lru_cache(maxsize=4096)
def extract_facts(text: str) -> tuple[Fact, ...]:
    """The checkable facts of one claim, first occurrence first, without repeats of one role (a threshold and
    the same value found are two). Cached by text: the facts are immutable, and a claim's text is read again
    for its nicknames, its parts and their times (several readings of one text per check)."""
    text = text.replace("**", "  ") if "**" in text else text
    text = _HYPHENED_DURATION.sub(r"\1 \2s", _LABEL_COLON.sub(": ", arabic(normalize(text))))
    text = _COLON_BEFORE_CLOCK.sub(": ", text)  # "时间：09:00", "（UTC）：09:00", "post-08:00" (no host): then a time
    dated = [m.span(1) for m in _MONTH_DAY.finditer(text)]  # before "12-21" reads as a range below
    text = _HYPHEN_RANGE.sub("\\1–", text)  # "1.75-1.87 GiB": a range, as "1.75–1.87 GiB"
    masked = _mask(text, _TIME_OR_DATE)
    for start, end in dated:  # the range rewrite keeps every position
        masked = masked[:start] + " " * (end - start) + masked[end:]
    masked = _mask(masked, _VERSION)
    found: dict[tuple[FactKind, str, object], tuple[int, Fact]] = {}
    taken: list[tuple[int, int]] = []
    for (start, end), names in named_siblings(text):  # "node-0/1/2", "cb-node-1 through cb-node-5": each a name
        for n in names:
            found.setdefault((FactKind.INSTANCE, n.lower(), None), (start, Fact(FactKind.INSTANCE, n, n.lower())))
        taken.append((start, end))
    taken.extend(holder_spans(text))  # "inhibited by NodeDown": the alert holding it back is not its subject
    for start, end, fact in _facts(text, masked):
        if any(start < t_end and t_start < end for t_start, t_end in taken):
            continue
        taken.append((start, end))
        found.setdefault(fact.stated, (start, fact))
    for start, fact in unread_facts(masked, taken):
        found.setdefault((FactKind.UNREAD, fact.key, None), (start, fact))
        taken.append((start, start + len(fact.text)))
    for start, fact in (*bare_number_facts(masked, taken), *window_word_facts(masked, taken)):
        label = f"{fact.key}@{fact.noun}" if fact.noun else fact.key  # "active 50, max 50": two labels, two facts
        found.setdefault(
            (FactKind.QUANTITY, label, (fact.scope, fact.quantity and fact.quantity.comparison)), (start, fact)
        )
    ordered = without_denied_events(sorted(found.values(), key=lambda pair: pair[0]))
    return merge_restatements(text, ordered, dict(taken))


_COLON_BEFORE_CLOCK = re.compile(r"(?:(?<=[^0-9\s:])[:：]|(?<=\bpre)-|(?<=\bpost)-)(?=[0-2]?[0-9]:[0-5][0-9](?![0-9]))")
_HYPHEN_RANGE = re.compile(
    r"(?<![A-Za-z0-9_.\-:/#])([0-9]+(?:\.[0-9]+)?)-(?=[0-9]+(?:\.[0-9]+)?[ \t]?(?:[A-Za-z%]|[\u4e00-\u9fff]))"
)
# "a 30-day range", "the 5-minute ratio": a duration written as an adjective reads as one ("30 days").
_HYPHENED_DURATION = re.compile(r"(?<![\w.-])([0-9]+)-(second|minute|hour|day|week)s?\b", re.I)


def _mask(text: str, pattern: re.Pattern[str]) -> str:
    return pattern.sub(lambda m: " " * len(m.group(0)), text)


def _facts(text: str, masked: str) -> Iterator[tuple[int, int, Fact]]:
    """Facts in priority order: a later fact overlapping an earlier one is dropped."""
    for pattern in (_SETTING, _ZH_SETTING):
        for m in pattern.finditer(masked):
            fact = setting_fact(m)
            if fact is not None:
                yield m.start(), m.end(), fact
    for start, end, seconds, step in compound_durations(masked):  # "38 分 12 秒": one duration
        yield start, end, _duration_fact(masked, start, end, seconds, step)
    for m in _JVM_FLAG.finditer(masked):
        yield m.start(), m.end(), jvm_flag_fact(m)
    for m in NOUN_RATE.finditer(masked):
        yield m.start(), m.end(), _noun_rate(masked, m)
    for name, pattern in WORKLOAD_STATE_PATTERNS.items():
        for m in pattern.finditer(text):
            if not _UNASSERTED_BEFORE.search(text, max(0, m.start() - 28), m.start()):
                yield m.start(), m.end(), Fact(FactKind.WORKLOAD_STATE, m.group(0), name, Scope.RESULT)
    for m in _VERSION.finditer(text):
        if re.fullmatch(r"[0-9]+(?:\.[0-9]+){3}(?:-[0-9]+)?", m.group(0)):
            continue  # an IPv4 address (or a range of them), read below; "2.4.0-beta.1" is a version
        field = version_field(text[max(0, m.start() - 24) : m.start()])
        version = Fact(FactKind.VERSION, m.group(0), m.group(0).lower().lstrip("v"), Scope.SUBJECT, noun=field)
        yield m.start(), m.end(), version
    for m in _ACTOR.finditer(text):
        group = next(i for i in (1, 2, 3, 4) if m.group(i))
        name = m.group(group)
        around = m.group(0)[: m.start(group) - m.start()] if group in (1, 4) else m.group(0)[m.end(group) - m.start() :]
        role = "" if m.group(0)[:1].isdigit() else claim_role(around)  # "at 12:58 UTC by X": no verb, any role
        yield m.start(group), m.end(group), Fact(FactKind.ACTOR, name, name.lower(), Scope.RESULT, noun=role)
    for m in _FRACTION.finditer(text):
        yield m.start(), m.end(), Fact(FactKind.ID, m.group(0), m.group(1))
    for m, (offset, end) in clock_zones(text):
        hour, minute = int(m.group(1)), int(m.group(2))
        if hour < 24:
            # The time as written, and in UTC when the draft names its zone (after it or before it).
            written = hour * 60 + minute
            utc = (written - offset) % (24 * 60) if offset is not None else written
            yield (
                m.start(),
                max(m.end(), end),
                Fact(
                    FactKind.TIME,
                    text[m.start() : max(m.end(), end)].strip(),
                    f"{written},{utc}",
                    zoned=offset is not None,
                ),
            )
    for m in _NAME_TAIL.finditer(text):
        yield m.start(), m.end(), Fact(FactKind.INSTANCE, m.group(0), m.group(0), Scope.SUBJECT)
    for m in _ADDRESS_TAIL.finditer(text):  # "curl 连的是 .40", "502s come from `.31`": an address by its last part
        yield m.start(), m.end(), Fact(FactKind.INSTANCE, m.group(0), m.group(0), Scope.SUBJECT)
    for m in _HOST_PORT.finditer(text):
        yield m.start(), m.end(), Fact(FactKind.INSTANCE, m.group(0), m.group(0).lower(), Scope.SUBJECT)
    for m in _PATH.finditer(text):  # as written: a date in a path ("/models/gbm-2026-10-05.bin") is part of it
        yield m.start(), m.end(), Fact(FactKind.IDENTIFIER, m.group(0), m.group(0).lower(), Scope.SUBJECT)
    for m in _ONE_PART_PATH.finditer(text):
        yield m.start(), m.end(), Fact(FactKind.IDENTIFIER, m.group(0), m.group(0).lower(), Scope.SUBJECT, soft=True)
    yield from file_facts(text)  # "recon-2025Q3.parquet"
    for m in _REGION.finditer(text):
        yield m.start(), m.end(), Fact(FactKind.INSTANCE, m.group(0), m.group(0), Scope.QUERY)
    for m in _PAREN_NUMBER.finditer(masked):
        yield m.start(1), m.end(1), Fact(FactKind.ID, m.group(0), m.group(1))
    for m in _IP_OR_UPPER_HOST.finditer(text):
        yield m.start(), m.end(), Fact(FactKind.INSTANCE, m.group(0), m.group(0).lower(), Scope.SUBJECT)
    yield from status_facts(masked)
    for m in _DNS_RCODE.finditer(text):  # SUBJECT: a rate query may filter on the code it counts
        yield m.start(), m.end(), Fact(FactKind.ERROR_CODE, m.group(0), m.group(0).lower(), Scope.SUBJECT)
    for m in _ERROR_CODE.finditer(text):
        yield m.start(), m.end(), Fact(FactKind.ERROR_CODE, m.group(0), m.group(0).lower())
    for m in _DOTTED.finditer(masked):
        yield m.start(), m.end(), Fact(FactKind.IDENTIFIER, m.group(0), m.group(0).lower(), Scope.SUBJECT)
    for m in _SERVICE.finditer(masked):
        fact = _service(m.group(0))
        if fact is not None:
            yield m.start(), m.end(), fact
    for m in _QUANTITY.finditer(masked):
        fact = _quantity_fact(masked, m)
        if fact is not None:
            low = _RANGE_LOW.search(masked, max(0, m.start() - 24), m.start())
            if low is not None and fact.quantity is not None:  # "180–200 ms": one range
                fact = _range_fact(masked, low, m.end(), fact)
                yield low.start(), m.end(), fact
                continue
            yield m.start(), m.end(), fact
    for m in _CAMEL.finditer(text):
        fact = _alert(m.group(0))
        if fact is not None:
            yield m.start(), m.end(), fact
    for m in _LOWER_CAMEL.finditer(text):
        word = m.group(0)
        yield m.start(), m.end(), Fact(FactKind.IDENTIFIER, word, word.lower(), Scope.SUBJECT, soft=camel_soft(text, m))
    for m in _ID.finditer(masked):
        group = next(g for g in range(1, (_ID.groups or 0) + 1) if m.group(g))
        yield m.start(group), m.end(group), Fact(FactKind.ID, m.group(0), plain_number(m.group(group)))
    for m in _SHORT_CODE.finditer(masked):
        yield m.start(), m.end(), Fact(FactKind.IDENTIFIER, m.group(0), m.group(0).lower(), Scope.SUBJECT, soft=True)
    for m in _TOKEN_ID.finditer(masked):
        token = m.group(0)
        digits = sum(ch.isdigit() for ch in token)
        whole = not (m.start() and text[m.start() - 1].isalnum())  # (not the tail of "/14/8d1f…": a date masked)
        if whole and (token.startswith("0x") or (digits >= 2 and digits >= len(token) * 0.2)):  # not "Resilience4j"
            yield m.start(), m.end(), Fact(FactKind.IDENTIFIER, token, token.lower(), Scope.SUBJECT)
    for m in _HASH_ID.finditer(masked):
        yield m.start(), m.end(), Fact(FactKind.ID, m.group(0), plain_number(m.group(1)))
    for m in _SCALED_COUNT.finditer(masked):
        number = m.group(1)
        threshold = THRESHOLD_AFTER.match(masked, m.end()) is not None  # "past the 10k threshold": it is 10k
        decimals = len(number.split(".")[1]) if "." in number else 0
        scale, shift = (1e3, 3) if m.group(2) in "kK" else (1e6, 6)
        yield (
            m.start(),
            m.end(),
            Fact(
                FactKind.QUANTITY,
                m.group(0),
                m.group(0),
                # "the 10k threshold I queried with": what was asked, not what was found.
                Scope.QUERY if threshold else Scope.RESULT,
                quantity=Quantity(
                    Dimension.NUMBER,
                    float(plain_number(number)) * scale,
                    1.0,
                    decimals - shift,
                    Comparison.EQUAL if threshold else _comparison(masked, m.start(), m.end()),
                ),
            ),
        )
    for m in named_services(masked):
        yield m.start(1), m.end(1), Fact(FactKind.SERVICE, m.group(1), m.group(1).lower(), Scope.SUBJECT, soft=True)
    for m in _EVENT.finditer(text):
        word = m.group(0).lower()
        stem = _EVENT_STEM.get(word) or next(
            (k for k in EVENT_FORMS if word.startswith(k) or word.replace(" ", "").startswith(k.replace(" ", ""))),
            "rollback" if "back" in word else "failover" if "over" in word else word,
        )
        if not _UNASSERTED_BEFORE.search(text, max(0, m.start() - 28), m.start()):
            yield m.start(), m.end(), Fact(FactKind.EVENT, m.group(0), stem, Scope.SUBJECT, soft=True)
    for m in _STATUS_WORD.finditer(text):
        yield m.start(), m.end(), Fact(FactKind.IDENTIFIER, m.group(0), m.group(0).lower(), Scope.RESULT)
    for m in (*_COUNT.finditer(masked), *_PART_COUNT.finditer(masked), *_STATE_COUNT.finditer(masked)):
        yield m.start(1), m.end(1), _count(m.group(0), m.group(1), m.group(2), masked, m.start())
    for m in _ORDINAL_COUNT.finditer(masked):
        yield m.start(1), m.end(1), _count(m.group(0), m.group(1), m.group(2), masked, m.start())
    for m in _COUNT_ANY.finditer(masked):
        if masked.startswith("/", m.end()) or any(map(unit_shaped, words := m.group(2).split())):
            continue  # "40 widgets/s" is a rate, "12 kbps" a unit the table lacks: not 40 widgets, not 12 kbps
        if not any(w.lower() in _NOT_COUNT_NOUNS or w.lower()[:-1] in _UNIT_WORDS for w in words):
            yield m.start(1), m.end(1), _count(m.group(0), m.group(1), words[-1], masked, m.start())
    for m in _WORD_COUNT.finditer(masked):
        word, noun = m.group(1).lower(), m.group(2)
        if word in ("no", "zero") and (_DENIAL_NOUNS.fullmatch(noun) or in_quote(masked, m.start())):
            continue
        if word != "one" or noun.lower().endswith("s"):
            number = str(_NUMBER_WORDS[word])
            yield m.start(1), m.end(1), _count(m.group(0), number, noun, masked, m.start())
    for m in _ZH_NONE.finditer(masked):
        yield m.start(), m.end(), _count(m.group(0), "0", m.group(1), masked, m.start())
    for m in _ZH_COUNT.finditer(masked):
        yield m.start(1), m.end(1), _count(m.group(0), m.group(1), m.group(2), masked, m.start())
    for m in _BARE_VALUE.finditer(masked):
        number, field = m.group(1), field_label(masked, m.start(1))  # a field's value is read under its name
        decimals = len(number.split(".")[1]) if "." in number else 0
        quantity = Quantity(
            Dimension.NUMBER, float(number.replace(",", "")), 1.0, decimals, _comparison(masked, *m.span(1))
        )
        scope = Scope.QUERY if _QUERY_CONTEXT.search(masked, 0, m.start(1)) else Scope.RESULT
        fact = Fact(FactKind.QUANTITY, number, number, scope, quantity=quantity, noun=field, bare=bool(field))
        yield m.start(1), m.end(1), fact
    alert_context = _ALERT_CONTEXT.search(text) is not None or any(
        _alert(m.group(0)) is not None for m in _CAMEL.finditer(text)
    )
    if not alert_context:
        for m in _RECOVERED.finditer(text):
            # "payment-service has recovered since 10:05": a state the evidence must show, never assumed.
            if not _UNASSERTED_BEFORE.search(text, max(0, m.start() - 28), m.start()):
                yield m.start(), m.end(), Fact(FactKind.STATE, m.group(0), "resolved")
    if alert_context:
        yield from state_facts(text)
    yield from named_facts(text)
    for m in _SEVERITY.finditer(text):
        group = next(g for g in range(1, len(m.groups()) + 1) if m.group(g))
        word = m.group(group).lower()
        yield m.start(group), m.end(group), Fact(FactKind.LEVEL, m.group(group), _SEVERITY_LEVEL[word], Scope.RESULT)
    joined = list(joined_levels(text))  # "warn/error lines": either level shows it
    yield from joined
    found = [(m, n) for n, p in LEVEL_PATTERNS for m in p.finditer(text)]
    levels = [(m, n) for m, n in found if not any(a <= m.start() < b for a, b, _ in joined)]
    contrasted = len({name for _, name in levels}) > 1
    for m, name in levels:
        # "WARN, not ERROR": with another level beside it, a level after "not" is denied ("!ERROR").
        denied = contrasted and _CONTRAST_BEFORE.search(text, max(0, m.start() - 24), m.start()) is not None
        yield m.start(), m.end(), Fact(FactKind.LEVEL, m.group(0), "!" + name if denied else name)


def _service(name: str) -> Optional[Fact]:
    lowered = name.lower()
    if not_a_name(lowered) or lowered.count("-") + lowered.count("_") >= MAX_FACT_SEGMENTS:
        return None
    segments = re.split(r"[-_]", lowered)
    if "_" in name:
        # A snake_case name is a metric, a setting or a service: it binds when the evidence names it.
        return Fact(
            FactKind.IDENTIFIER
            if lowered.endswith(("_total", "_seconds", "_bytes", "_count", "_sum", "_bucket", "_ratio"))
            else FactKind.SERVICE,
            name,
            lowered,
            Scope.SUBJECT,
            soft=True,
        )
    if len(segments[0]) >= 2 and (any(re.search(r"[0-9]", s) for s in segments[1:]) or _LETTERED.match(lowered)):
        return Fact(FactKind.INSTANCE, name, lowered, Scope.SUBJECT)  # a member: "web-prod-1", "eks-prod-a"
    if _SERVICE_WORDS.intersection(segments) and not _ADJECTIVE_WORDS.intersection(segments):
        return Fact(FactKind.SERVICE, name, lowered, Scope.SUBJECT)
    if all(len(seg) >= 2 for seg in segments) and not _ADJECTIVE_WORDS.intersection(segments):
        return Fact(FactKind.SERVICE, name, lowered, Scope.SUBJECT, soft=True)
    return None


def _alert(word: str) -> Optional[Fact]:
    humps = _HUMP.findall(word)
    if word.isupper() or "".join(humps) != word or len(humps) < 2:
        return None
    if len(humps) >= 3 or any(h.lower() in _ALERT_WORDS for h in humps):
        return Fact(FactKind.ALERT, word, word.lower(), Scope.SUBJECT)
    if len(word) >= 6 and all(len(h) >= 2 for h in humps) and word.lower() not in _UNIT_WORDS:
        return Fact(FactKind.ALERT, word, word.lower(), Scope.SUBJECT, soft=True)
    return None


_RANGE_LOW = re.compile(r"(?<![A-Za-z0-9_.\-:/#])([0-9]+(?:\.[0-9]+)?)[ \t]*(?:–|—|-|~|～|到|至)[ \t]*$")


def _range_fact(text: str, low: re.Match[str], end: int, high: Fact) -> Fact:
    """ "180–200 ms", "3000.6 ~ 3002.4 ms", "1.75–1.87 GiB": a value in that range, each end in the unit."""
    assert high.quantity is not None
    written = text[low.start() : end]
    decimals = max(high.quantity.decimals, len(low.group(1).split(".")[1]) if "." in low.group(1) else 0)
    quantity = dataclasses.replace(
        high.quantity, comparison=Comparison.BETWEEN, low=float(low.group(1)), decimals=decimals
    )
    return dataclasses.replace(high, text=written, key=written.lower(), quantity=quantity)


def _duration_fact(text: str, start: int, end: int, seconds: float, step: float) -> Fact:
    """A duration written in parts, stated to its smallest part (2292 s for "38 分 12 秒")."""
    written = text[start:end]
    scope = Scope.QUERY if _QUERY_CONTEXT.search(text, 0, start) else Scope.RESULT
    quantity = Quantity(Dimension.TIME, round(seconds / step, 6), step * 1000.0, 0, _comparison(text, start, end))
    return Fact(FactKind.QUANTITY, written, written.lower(), scope, quantity=quantity)


_SPAN_STATED = re.compile(r"[0-9]|\b(?:hours?|minutes?|days?|weeks?|hr|min)\b|小时|分钟|天|周", re.I)


def _count(text: str, number: str, noun: str, context: str, start: int) -> Fact:
    value = float(plain_number(number))
    window = _QUERY_CONTEXT.search(context, 0, start)
    # "最近 100 条日志" asks for a count; "最近 1 小时有 5 个 pod 重启" counts what the hour's query found (its span)
    stated = window is not None and _SPAN_STATED.search(context, max(0, window.start() - 16), start) is not None
    scope = Scope.QUERY if window and not stated else Scope.RESULT
    # the words after the number as written ("zero restarts" was read as "0": its noun is "restarts")
    words = re.findall(r"[A-Za-z]{3,}", text[len(number) :] if text.startswith(number) else noun)
    return Fact(
        FactKind.COUNT,
        text,
        plain_number(number),
        scope,
        quantity=Quantity(Dimension.NUMBER, value, 1.0, 0, _comparison(context, start, start + len(number))),
        noun=_restarts(context, start) or done_to(context, start, " ".join(w.lower() for w in words) or noun.lower()),
    )


_RESTARTED_BEFORE = re.compile(r"(?:restart(?:ed|s)?|重启(?:了|过)?)\s*(?:了|过)?\s*$", re.I)


def _restarts(context: str, start: int) -> str:
    """ "restarted 6 times", "重启了 6 次": the count is of restarts (a back-off's repetitions are not)."""
    return "restarts" if _RESTARTED_BEFORE.search(context, max(0, start - 16), start) else ""
