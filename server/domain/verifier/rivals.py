"""Contradiction by another value: a unit about the claim's subject that shows a different one.

A claim that no unit grounds is merely UNGROUNDED (LOW_CONFID) unless the evidence
contradicts it. rival_values() says when it does: one unit names every entity of
the claim (its subject, in the unit itself, not only in what the call asked), is
at the claim's time when the claim names one, shows every other fact but some
values, and for each of those shows a value of the same kind instead: another
HTTP status, another quantity of the same dimension, another count of the same
noun, another id of the same noun, another value of the same named setting.

The subject must single the unit out: it names a specific entity (a pod, an
instance, an alert, an identifier), or the claim names a time, or it is the only
unit of its row about that subject. A service with many log entries does not
contradict a claim about one request by showing another request's value.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.cache_states import cache_rival
from evidence_trace.server.domain.verifier.evidence_index import Evidence, setting_names, setting_pattern
from evidence_trace.server.domain.verifier.fact_matching import at_time, matches
from evidence_trace.server.domain.verifier.fact_model import normalize
from evidence_trace.server.domain.verifier.fact_patterns import plain_number
from evidence_trace.server.domain.verifier.fact_vocabulary import WORKLOAD_STATE_PATTERNS
from evidence_trace.server.domain.verifier.facts import Comparison, Dimension, Fact, FactKind, Scope
from evidence_trace.server.domain.verifier.numerals import arabic
from evidence_trace.server.domain.verifier.threshold_words import target_bound
from evidence_trace.server.domain.verifier.unit_numbers import _float, key_words
from evidence_trace.server.domain.verifier.units import Strength, Unit

VALUE_KINDS = frozenset(
    {
        FactKind.QUANTITY,
        FactKind.COUNT,
        FactKind.ID,
        FactKind.HTTP_STATUS,
        FactKind.SETTING,
        FactKind.VERSION,
        FactKind.ACTOR,
        FactKind.WORKLOAD_STATE,
    }
)
"""Facts whose value another value can contradict."""

SPECIFIC_KINDS = frozenset({FactKind.INSTANCE, FactKind.ALERT, FactKind.IDENTIFIER, FactKind.ERROR_CODE})
"""Entities that name one thing: a unit naming one is about that thing."""

# (never a process's "exit code 137", "Exit Code: 143"; a status of 1xx is 100 to 103)
_STATUS_IN_UNIT = re.compile(
    r"(?:\bhttp(?:[ _/]?status)?|\bstatus(?:[ _]?code)?|(?<!exit )(?<!exit_)\bcode|\bstatus=|返回|状态码)[\"' \t:=]*\"?"
    r"(10[0-3]|[2-5][0-9]{2})(?![0-9])",
    re.I,
)
# An IPv4 address ("Node: ip-10-0-4-203/10.0.4.203"), a date in a name ("logs-auth-2026.12.22") or an epoch time
# (auditd's "audit(1782807245.611:834)") is no version, however it is dotted.
_NOT_A_VERSION = re.compile(
    r"(?:25[0-5]|2[0-4][0-9]|1?[0-9]{1,2})(?:\.(?:25[0-5]|2[0-4][0-9]|1?[0-9]{1,2})){3}|(?:19|20)[0-9]{2}\.[0-9]{1,2}\.[0-9]{1,2}"
    r"|1[0-9]{9}\.[0-9]{1,9}"
)
# (not a time's seconds, "08:14:51.204Z"; not the protocol's version in a status line, "HTTP/1.1 200 OK")
# (nor a size or a duration with its unit after it: "Memory: 21.4M", "CPU: 27.118s", "8.6gib")
_VERSION_IN_UNIT = re.compile(
    r"(?<![a-z0-9.:])(?<!http/)v?[0-9]+(?:\.[0-9]+){1,3}(?:-[a-z0-9.]+)?(?![0-9])(?!(?:[kmgtp]i?b?|ms|s|%)(?![a-z]))"
)
_ACTOR_IN_UNIT = re.compile(
    r"\bby[ \t]+@?([a-z][\w.\-@]*[\w])|[\"']?(?:actor|deployed_?by|triggered_?by|author|user|initiator)[\"']?[ \t]*[:=][ \t]*[\"']?"
    r"@?([a-z][\w.\-@]*[\w])"
)
# a setting's value right after its name: separators and a linking word ("pool size is 10", "limit of 50",
# "上限为 8"), never a phrase ("max replicas for longer than 15 minutes") or a URL escape ("replicas+%3D")
_VALUE_AFTER = re.compile(
    r"(?:[\"' \t:=|(\[]|(?<![a-z])(?:is|was|are|were|of|at|to|now|currently|set)(?![a-z])|为|是|：)*"
    r"([0-9][0-9,]*(?:\.[0-9]+)?)"
)
_KEY_VALUE = re.compile(r"[\"']?[ \t]*(?:[:=|][ \t]*[\"']?|[ \t]+)([0-9][0-9,]*(?:\.[0-9]+)?)")


def rival_values(facts: Sequence[Fact], unit: Unit, question: Optional[Unit], alone: bool, text: str = "") -> str:
    """Why `unit` contradicts the claim by showing other values, or "" when it does not.

    alone: the unit is the only one of its row that names the claim's entities.
    """
    return Rivalry(facts, text).against(unit, question, alone)


# a query whose answer is a statistic over a window; a claim that speaks of one ("p99", "平均", "per second"), or
# of a single request or trace
_SINGLE = re.compile(r"\b(?:traces?|spans?|request|call|single|one)\b|这条|这次|一次|一条|单次|单条", re.I)
_STATISTIC = re.compile(r"\b(?:histogram_quantile|quantile_over_time|avg_over_time|avg|rate|irate|increase)[ \t]*\(")
_STATISTIC_SAID = re.compile(
    r"\bp[0-9]{2,3}\b|\b(?:percentile|quantile|average|avg|mean|median|rate|per (?:second|minute))\b|/s\b|"
    r"分位|平均|均值|中位|速率|每秒|每分钟",
    re.I,
)


class Rivalry:
    """rival_values() for one claim's facts, read once and asked of many units."""

    def __init__(self, facts: Sequence[Fact], text: str = "") -> None:
        self.facts = facts
        self.words = claim_words(text)
        self.entities = [f for f in facts if f.is_entity]
        self.settings = [f for f in facts if f.kind == FactKind.SETTING]
        self.times = [f for f in facts if f.kind == FactKind.TIME]
        self.minutes = tuple(m for f in self.times for m in f.minutes)
        self.names = [f.key for f in self.entities if f.kind == FactKind.IDENTIFIER]
        # the fields the claim names: identifiers, and snake_case names read as services ("ep_mem_high_wat")
        self.fields = [f.key for f in self.entities if f.kind == FactKind.IDENTIFIER or "_" in f.key]
        self.specific = any(f.kind in SPECIFIC_KINDS for f in self.entities)
        read = arabic(normalize(text)) if text else ""
        checked = [
            f
            for f in facts
            if f.kind != FactKind.TIME
            and not f.is_entity
            and not _complement(f, text)
            and not _step(f, text)
            and not _gap(f, read)
            and not target_bound(text, f)  # "against the runbook's target of < 10 ms": a reference's figure
        ]
        # A fact no other value stands in for must be shown: tested first, as it rules a unit out alone.
        self.required = [f for f in checked if f.scope == Scope.QUERY or f.kind not in VALUE_KINDS]
        self.valued = [f for f in checked if not (f.scope == Scope.QUERY or f.kind not in VALUE_KINDS)]
        self.several = _several_records(facts)
        # a claim of one request or trace ("the trace's 2.58 s", "这条 trace"), not of the statistic ("p99", "平均")
        self.single = _SINGLE.search(text) is not None and _STATISTIC_SAID.search(text) is None

    def _said(self, other: str, fact: Fact) -> bool:
        """Whether the rival's figure ("1842 rows", "max_connections=100") is one the claim states of another fact."""
        named, _, value = other.rpartition("=")  # a setting's value: the claim must state that setting with it
        if any(f is not fact and other.replace(" ", "").lower() in f.key for f in self.facts):
            return True  # "node 0005" where the claim names v_sales_node0005 too: that one's number, not a rival
        figure = _float(plain_number(value.split()[0])) if value[:1].isdigit() else None
        return figure is not None and any(
            f is not fact
            and f.quantity is not None
            and f.quantity.value == figure
            and (not named or (f.kind == FactKind.SETTING and setting_pattern(f.key).search(named.lower()) is not None))
            for f in self.facts
        )

    @property
    def possible(self) -> bool:
        """False when no unit can be a rival (the claim describes several records, or has no subject)."""
        return not self.several and bool(self.entities or self.settings)

    def against(self, unit: Unit, question: Optional[Unit], alone: bool, named: bool = False) -> str:
        """rival_values(self.facts, unit, question, alone); named: the unit is known to name every entity."""
        if unit.strength < Strength.INDIRECT or self.several:
            return ""
        entities, settings, times, minutes = self.entities, self.settings, self.times, self.minutes
        if not named and not all(matches(f, unit) for f in entities):
            return ""
        if not entities and not (settings and all(rival_value(f, unit) or matches(f, unit) for f in settings)):
            return ""  # no subject: nothing singles the unit out (a named setting is its own subject)
        if times and not any(at_time(f, unit) for f in times):
            return ""
        if not (alone or times or settings or self.specific):
            return ""
        if question is not None and self.single and _STATISTIC.search(question.lowered):
            return ""  # a p99 or a rate over a window is no value of the one request or trace the claim speaks of
        for fact in self.required:
            if not matches(fact, unit, minutes):
                return ""  # a fact the unit lacks that no other value stands in for: not this unit's claim
        shown = []
        for fact in self.valued:
            if matches(fact, unit, minutes):
                continue
            if question is not None and fact.scope == Scope.SUBJECT and matches(fact, question, minutes):
                continue
            other = rival_value(fact, unit, names=self.names, words=self.words, fields=self.fields)
            if not other or self._said(other, fact):
                return ""  # (the unit's value is another figure the claim states: "1,842 of 1,845 rows")
            shown.append(f"{other}, not {fact.text}")
        return "the evidence about it shows " + "; ".join(shown) if shown else ""


# "the other five partitions", "其余 3 个副本": a count of some of the records, which a count of all of them
# does not rival (complements.py checks it)
_OTHERS = re.compile(
    r"(?:\b(?:the[ \t]+)?(?:other|remaining)|\brest[ \t]+of[ \t]+the|其余|其他|另外|剩下的?)[ \t]*$", re.I
)


# "15-minute samples", "5m buckets", "每 15 分钟一个点", "1 分钟粒度": a query's step, no value of what it samples
_STEP = re.compile(
    r"[ \t-]*(?:samples?|steps?|buckets?|intervals?|resolution|granularity)\b|[ \t]*(?:一个点|粒度|步长|间隔|分桶|一档)",
    re.I,
)


_STEP_UNIT = r"[ \t-]*(?:minutes?|mins?|m|seconds?|secs?|s|hours?|h|分钟|秒|小时)"  # "15-minute", "5m", "1 分钟"


def _step(fact: Fact, text: str) -> bool:
    number = re.match(r"[0-9.]+", fact.text)
    if fact.kind != FactKind.QUANTITY or number is None:
        return False
    return re.search(rf"(?<![0-9.]){re.escape(number.group(0))}{_STEP_UNIT}{_STEP.pattern}", text, re.I) is not None


# "three seconds later", "约 2 分钟后", "19 s apart": a gap between two events, not a value of the subject
_GAP_AFTER = re.compile(
    r"[ \t]*(?:\b(?:later|earlier|after(?:wards?)?|apart)\b|之后|以后|后(?=[ \t]*[也又再才就，,]))", re.I
)


def _gap(fact: Fact, read: str) -> bool:
    """Whether a duration is a gap between two events, which another duration the unit shows (a timeout's
    30 s) does not rival."""
    quantity = fact.quantity
    if fact.kind != FactKind.QUANTITY or quantity is None or quantity.dimension != Dimension.TIME:
        return False
    at = read.find(fact.text)
    return at >= 0 and _GAP_AFTER.match(read, at + len(fact.text)) is not None


def _complement(fact: Fact, text: str) -> bool:
    at = text.find(fact.text)
    return fact.kind == FactKind.COUNT and at > 0 and _OTHERS.search(text, max(0, at - 16), at) is not None


def _several_records(facts: Sequence[Fact]) -> bool:
    """A claim that states two times, two values of one dimension ("from 92% at 04:12 to 97% at 05:47",
    "从 10% 放量到 50%，再到 100%") or two states describes several records: no one unit can stand
    against it."""
    times = {f.key for f in facts if f.kind == FactKind.TIME}
    # settings count too when they have a unit ("a soft limit of 240s and a hard limit of 300s")
    dims = [
        f.quantity.dimension
        for f in facts
        if f.quantity is not None
        and (f.kind == FactKind.QUANTITY or (f.kind == FactKind.SETTING and f.quantity.dimension != Dimension.NUMBER))
    ]
    # "soft 240s / hard 300s": "300s" is read as HTTP 300s or 300 seconds, a second duration either way
    dims += [
        a.quantity.dimension
        for f in facts
        if f.kind != FactKind.QUANTITY
        for a in f.alternatives[:1]
        if a.kind == FactKind.QUANTITY and a.quantity is not None
    ]
    # "卡在 Pending，容器状态是 ImagePullBackOff": the pod's phase and its container's state, shown apart
    states = {f.key for f in facts if f.kind == FactKind.WORKLOAD_STATE}
    # "all 6 nodes reject it: 4 lack CPU and the other 2 are GPU nodes": counts of the parts of a whole
    nouns = [f.noun.split()[-1] for f in facts if f.kind == FactKind.COUNT and f.noun]
    # "把 shard1 改回 gp3，和 shard0 保持一致", "1.20.0 … 1.19.0": two ids or releases name two records
    ids = {f.key for f in facts if f.kind in (FactKind.ID, FactKind.VERSION)}
    return (
        len(times) > 1
        or len(dims) != len(set(dims))
        or len(states) > 1
        or len(nouns) != len(set(nouns))
        or len(ids) > 1
    )


_RESTARTED = re.compile(r"(?<![\w/.])[1-9][0-9]*[ \t]+\([^()\n]{1,12}ago\)|RESTARTS=[1-9]")


def rival_value(
    fact: Fact, unit: Unit, names: Sequence[str] = (), words: frozenset[str] = frozenset(), fields: Sequence[str] = ()
) -> str:
    """The value of the same kind the unit shows instead of the fact's, or "".

    names: identifiers the claim binds the value to ("maxTotal 16"): for a bare number, the
    value the unit gives right after one of them ("maxTotal=8") is the rival. words: the claim's words, which
    a quantity's rival must be named by (its key's words). fields: the fields the claim names; where the unit gives
    one of them, a quantity's rival is that field's value, never another field's.
    """
    text = unit.lowered
    if fact.kind == FactKind.WORKLOAD_STATE:  # another state, as the tool spells it ("Running", not "running")
        # a pod may be Running and not ready (READY 0/1): its phase is no rival of its readiness
        # a pod crash-looping shows Running between its restarts ("0/1 Running 14 (3m ago)"): no rival then
        restarting = fact.key == "CrashLoopBackOff" and _RESTARTED.search(unit.text[:2000]) is not None
        others = [
            n
            for n in WORKLOAD_STATE_PATTERNS
            if n != fact.key and not (n == "Running" and (fact.key == "NotReady" or restarting))
        ]
        if fact.key.startswith("Cache:"):  # "served from the CDN cache" against `x-cache: MISS`
            return cache_rival(fact.key, unit.text[:2000])
        shown = [name for name in others if name in unit.text[:2000]]
        return f"state {shown[0]}" if shown else ""
    if fact.kind == FactKind.VERSION:
        found = [m.group(0) for m in _VERSION_IN_UNIT.finditer(text) if not _NOT_A_VERSION.fullmatch(m.group(0))]
        if any(v.lstrip("v") == fact.key for v in found):
            return ""  # the unit names the claim's release too (a canary of 1.20.0 beside the stable 1.19.0)
        return f"version {found[0]}" if found else ""  # none of them is the claim's, as just checked
    if fact.kind == FactKind.ACTOR:
        m = _ACTOR_IN_UNIT.search(text)
        actor = (m.group(1) or m.group(2)) if m else ""
        return f"actor {actor}" if actor and actor != fact.key else ""
    if fact.kind == FactKind.HTTP_STATUS:
        codes = [m.group(1) for m in _STATUS_IN_UNIT.finditer(text) if m.group(1) != fact.key]
        return f"HTTP {codes[0]}" if codes else ""
    if fact.kind == FactKind.SETTING:
        names = setting_names(fact.key)
        written = re.match(r"[A-Za-z0-9_.\-]+", fact.text)
        named_key = written is not None and re.search(r"[A-Za-z0-9][_.][A-Za-z]", written.group(0)) is not None
        if named_key and written is not None:
            # "proxy_read_timeout 15s", "UPSTREAM_CONNECT_TIMEOUT: 1,102" name a key: only that key as written
            # is a rival ("timeout 10" of another key, or prose "upstream connect timeout to …", is not)
            names = [written.group(0).lower()]
        for name in names:
            pattern = re.compile(re.escape(name) + r"(?![\w.])") if named_key else setting_pattern(name)
            for m in pattern.finditer(text):
                # a key's value follows its separator ("upstream_connect_timeout: 2"); a key that is itself a
                # field's value ("code": "UPSTREAM_CONNECT_TIMEOUT", then "/v2/...") gives none
                value = (_KEY_VALUE if named_key else _VALUE_AFTER).match(text, m.end())
                if value is not None:
                    return f"{name} {value.group(1)}"
        return ""
    if fact.kind == FactKind.ID:
        noun = fact.text.lower().replace(fact.key, "").strip(" #:=")
        if not noun or not noun[0].isalpha():
            return ""
        m = re.search(re.escape(noun.split()[-1]) + r"s?[ \t]*(?:#|id|no\.?)?[\"' \t:=#]*([0-9]+)", text)
        return f"{noun} {m.group(1)}" if m and m.group(1) != fact.key else ""
    if fact.kind == FactKind.COUNT:
        head = fact.noun.split()[-1] if fact.noun else ""
        stem = head[:-1] if head.endswith("s") and len(head) > 3 else head
        if not stem or not stem.isascii():
            return ""
        if fact.text.lower() in text:
            return ""  # the unit says it too ("no servers could be reached" beside "(1 server found)")
        keyed = [n for n in unit.numbers if n.key and counts_noun(n.key, stem) and not n.bound]
        # the keys of the noun as the claim qualifies it ("4 data nodes": `number_of_data_nodes`, not `number_of_nodes`)
        qualifiers = [w for w in fact.noun.lower().split()[:-1] if w.isascii() and w.isalpha()]
        keyed = [n for n in keyed if all(w in n.key for w in qualifiers)] or keyed
        if any(n.value * n.factor == _float(plain_number(fact.key)) for n in keyed):
            return ""  # the claim's count under a key of its noun ("maxConnections: 20" beside "…PerConnection: 1")
        if keyed:
            return f"{_plain(keyed[0].value)} {head}"
        m = re.search(r"(?<![0-9.])([0-9]+)[ \t]+" + re.escape(stem), text)
        return f"{m.group(1)} {head}" if m and m.group(1) != fact.key else ""
    quantity = fact.quantity
    if quantity is None or quantity.comparison in (Comparison.CHANGE, Comparison.BETWEEN):
        return ""  # a change ("grew by 73 MiB") is no value: the values a unit shows do not rival it
    if quantity.dimension == Dimension.NUMBER:
        for name in names:  # a bare number is only rivalled by the value its name is given
            if re.fullmatch(r"[0-9a-f]{2}(?::[0-9a-f]{2})+", name):
                continue  # a MAC prefix ("52:54:00") goes on with more of its address, never a value
            m = re.search(r"(?<![\w.])" + re.escape(name) + r"[\"' \t]*[:=][\"' \t]*([0-9][0-9,]*(?:\.[0-9]+)?)", text)
            if m is not None:  # (the claim's own value there is no rival: "nginx:1.27-alpine" of "nginx:1.27")
                return "" if quantity.matches(float(m.group(1).replace(",", ""))) else f"{name}={m.group(1)}"
        return ""  # otherwise too many numbers of a unit could be meant
    same = [n for n in unit.numbers if n.dimension == quantity.dimension and not n.bound]
    if any(n.key in fields for n in unit.numbers):  # the claim names a field of the unit: only that field's value
        same = [n for n in same if n.key in fields]  # ("ep_mem_high_wat … (85% of the quota)": no other field's %)
    # Another value of the dimension rivals the claim's where the unit is about one thing: a series (one
    # metric's samples), a failed call (its failure's figures), a log entry (one event). A table row or an
    # item of a listing holds values of many things (a pod's AGE is not its request's timeout; "interval
    # '1 day'" in a query's text is not how long it ran): there only a value the unit names as the claim
    # does rivals it, its key's words being the claim's ("latency_ms" for "a latency of 840 ms").
    # (the claim's own figure under the key, read in another unit, is no rival: Harbor's `"duration": 301` is days,
    # and only a unit the key's name suggests says seconds)
    said = [n for n in same if n.key and key_words(n.key) & words and n.value != quantity.value]
    # a value under a key the claim does not name (a DNS answer's TTL beside "answered in 5 ms") is another thing's
    one_thing = [n for n in same if not n.key] if unit.kind in ("series", "error", "log entry", "log line") else []
    n = next(iter(said or one_thing), None)
    if n is None:
        return ""
    return f"{_plain(n.value * n.factor / quantity.factor)} {fact.text.split()[-1] if ' ' in fact.text else ''}".strip()


_COUNT_WORD = re.compile(r"[_.\-]?(?:count|total)$")  # (not "number": `build_number` is an id)


def counts_noun(key: str, stem: str) -> bool:
    """Whether a key counts the noun: the noun ends it ("natIps", "active_connections", "number_of_data_nodes"),
    or a count word after it ("connection_count"). A key that goes on after the noun ("minExtraNatIpsNeeded",
    "ipsPerNode") counts something else."""
    key = _COUNT_WORD.sub("", key.lower())
    return key.endswith((stem, stem + "s", stem + "es"))


def _plain(value: float) -> str:
    return f"{value:.10g}"


_WORD = re.compile(r"[a-z][a-z]+|[0-9]+|[\u4e00-\u9fff]{2}")


def claim_words(text: str) -> frozenset[str]:
    """The words a key may share with the claim, lower-case."""
    lowered = text.lower()
    words = set(lowered.replace("_", " ").replace("-", " ").split())
    words.update(m.group(0) for m in _WORD.finditer(lowered))
    return frozenset(w.strip(".,;:()[]\"'`") for w in words)


def values_shown(facts: Sequence[Fact], subject: Sequence[Fact], evidence: Evidence) -> bool:
    """Whether a unit that shows the subject shows each of the claim's other values too: then the evidence holds both
    (a diff's "replicas: 3" beside the live "REPLICAS 7", though `argocd app diff` exits 1 on a difference),
    and the other value contradicts nothing."""
    values = [f for f in facts if f.kind in VALUE_KINDS and f not in subject]
    names = [f for f in subject if f.is_entity]
    times = [f for f in facts if f.kind == FactKind.TIME]  # at the claim's time: another time's value is a rival
    minutes = tuple(m for t in times for m in t.minutes)  # a series' sample at that time
    return all(
        any(
            u.strength != Strength.QUESTION  # a threshold or a limit asked is no value shown
            and all(matches(e, u) for e in subject)
            and all(at_time(t, u) for t in times)
            and matches(f, u, minutes)
            for index in evidence.candidates([*subject, f])
            for u in (evidence.named(index, names, asked=False) if names else evidence.units(index))
        )
        or _asked_and_shown(f, names, times, minutes, evidence)
        for f in values
    )


def _asked_and_shown(
    value: Fact, names: Sequence[Fact], times: Sequence[Fact], minutes: tuple[int, ...], evidence: Evidence
) -> bool:
    """Whether a call that asked for the subject by name (`get-queue-attributes --queue-url …/invoice-render-dlq`)
    shows the value: its answer is the subject's, though it names the subject only in what was asked, and
    another row that names the subject in passing (a redrive policy's target) contradicts nothing."""
    for index in evidence.candidates([*names, value]) if names else ():
        question = evidence.question(index)
        if question is None or not all(matches(e, question) for e in names):
            continue
        if any(
            u.strength >= Strength.INDIRECT
            and u.kind not in ("input", "header")
            and all(at_time(t, u) for t in times)
            and matches(value, u, minutes)
            for u in evidence.units(index)
        ):
            return True
    return False
