"""Reading the numbers of a unit: from JSON values (with the unit a key or metric name
names), from text (with the unit written after a number), and sample timestamps as times
of day.
"""

from __future__ import annotations

import functools
import math
import re
from typing import Any, Iterator, Optional

from evidence_trace.server.domain.model import EvidenceRow
from evidence_trace.server.domain.verifier.durations import compound_durations, interval_seconds, interval_value
from evidence_trace.server.domain.verifier.fact_model import Dimension, normalize
from evidence_trace.server.domain.verifier.fact_patterns import _UNIT_WORDS, CASED_UNITS
from evidence_trace.server.domain.verifier.fact_vocabulary import NOUN_RATE, NOUN_RATE_PER
from evidence_trace.server.domain.verifier.iso_durations import iso_durations
from evidence_trace.server.domain.verifier.numerals import arabic
from evidence_trace.server.domain.verifier.unit_model import MAX_UNITS_PER_ROW, Number

_SELECTOR_PARTS = re.compile(r"\{[^}]*\}|\[[^\]]*\]|\"[^\"]*\"")
_ARITHMETIC = re.compile(r"[a-z0-9_)\]}]\s*[-+*/]\s*[a-z0-9_(]|^\s*[0-9.]+\s*[-+*/]", re.I)


_RATE_FUNCTION = re.compile(r"\b(?:rate|irate|increase|deriv|delta|idelta)\s*\(")


def _metric_hint(row: EvidenceRow) -> str:
    """The metric a query reads, when its values keep that metric's unit (no arithmetic)."""
    params = row.params
    for key in ("query", "promql", "metric", "metric_name", "metricName", "expr"):
        value = params.get(key)
        if isinstance(value, str) and value:
            bare = _SELECTOR_PARTS.sub("", value)
            # rate() of a seconds counter is a ratio, of a bytes counter a rate: not the metric's unit.
            quantile = "histogram_quantile" in bare  # a quantile of a rate keeps the metric's unit
            return "" if _ARITHMETIC.search(bare) or (_RATE_FUNCTION.search(bare) and not quantile) else value
    return ""


_NAME_HINTS = (
    # a rate per second named as such (before "sec" reads as seconds): ops_per_sec, requests_per_second
    (re.compile(r"(?:_|\b)per_?(?:sec|second|s)(?:_|\b)", re.I), Dimension.RATE, 1.0),
    # CloudWatch's CamelCase names end in their unit: IteratorAgeMilliseconds, ReplicaLagSeconds
    (re.compile(r"(?:_|\b)(?:milliseconds|millis|ms)(?:_|\b)|Milliseconds\b", re.I), Dimension.TIME, 1.0),
    (
        re.compile(r"(?:_|\b)(?:seconds|secs|sec|duration|latency)(?:_|\b)|(?<!Milli)Seconds\b", re.I),
        Dimension.TIME,
        1000.0,
    ),
    # nginx and Envoy time fields are seconds: request_time, upstream_response_time, upstream_time
    (re.compile(r"(?:request|response|upstream|connect|header|total)_time(?:_|\b)", re.I), Dimension.TIME, 1000.0),
    # curl -w's timings are seconds: %{time_namelookup}, %{time_starttransfer} (short names: _SECONDS_SHORT)
    (
        re.compile(r"\btime_(?:namelookup|connect|appconnect|pretransfer|starttransfer|redirect|total)\b", re.I),
        Dimension.TIME,
        1000.0,
    ),
    # HTTP's Age and Cache-Control's max-age are seconds ("age: 41", "max-age=3600")
    (re.compile(r"^(?:age|max-age|s-maxage)$", re.I), Dimension.TIME, 1000.0),
    # CamelCase keys end in their unit too: softDeleteRetentionPeriodInDays, maxAgeHours, timeoutInMinutes
    (re.compile(r"(?:_|\b)(?:minutes|mins)(?:_|\b)|(?-i:(?<=[a-z0-9])Minutes?)\b", re.I), Dimension.TIME, 60000.0),
    # (not a unit of work: slot_hours, node_hours, gpu_hours, core_hours are an amount used, not a duration)
    (
        re.compile(
            r"(?:_|\b)(?<!slot_)(?<!node_)(?<!gpu_)(?<!cpu_)(?<!core_)(?<!vcpu_)hours?(?:_|\b)"
            r"|(?-i:(?<=[a-z0-9])(?<!Slot)(?<!Node)(?<!Gpu)(?<!Cpu)(?<!Core)Hours?)\b",
            re.I,
        ),
        Dimension.TIME,
        3600000.0,
    ),
    (re.compile(r"(?:_|\b)days?(?:_|\b)|(?-i:(?<=[a-z0-9])Days?)\b", re.I), Dimension.TIME, 86400000.0),
    (re.compile(r"(?:_|\b)bytes(?:_|\b)|Bytes\b", re.I), Dimension.BYTES, 1.0),
    (re.compile(r"(?:_|\b)(?:ratio|utili[sz]ation|fraction)(?:_|\b)", re.I), Dimension.RATIO, 1.0),
    (re.compile(r"(?:_|\b)(?:percent|perc|pct|percentage|usage)(?:_|\b)|Percent\b", re.I), Dimension.RATIO, 0.01),
    # Redis INFO and most exporters count memory in bytes (used_memory, maxmemory, memory_rss); its
    # *_human, *_perc and *_ratio fields are matched above or carry their own unit.
    (re.compile(r"memory(?:_rss|_peak|_used|_limit|_total)?(?:_|\b)(?!human)", re.I), Dimension.BYTES, 1.0),
)
_KEY_SUFFIX = re.compile(  # not "ops_per_sec": a rate, read by _NAME_HINTS
    r"(?<!_per)(?<!per)(?:_|(?<=[a-z0-9])(?=[A-Z]))((?i:ms|millis|sec|secs|seconds|s|bytes|pct|percent|mbs?|mib|gbs?|gib|kbs?|rpm|rps|qps))$"
)


def _name_hint(name: str) -> tuple[Optional[Dimension], float]:
    for pattern, dimension, factor in _NAME_HINTS:
        if pattern.search(name):
            return dimension, factor
    return None, 1.0


def _key_hint(key: str) -> tuple[Optional[Dimension], float]:
    m = _KEY_SUFFIX.search(key)
    if m:
        unit = m.group(1).lower()
        unit = {"millis": "ms", "pct": "%", "percent": "%", "mbs": "mb", "gbs": "gb", "kbs": "kb"}.get(
            unit, unit
        )  # (AWS' SizeInMBs)
        if unit in _UNIT_WORDS:
            return _UNIT_WORDS[unit]
    return _name_hint(key)


def span_duration(microseconds: float) -> Number:
    """A span's `duration` as Jaeger and Zipkin give it: in microseconds."""
    return Number(float(microseconds), Dimension.TIME, 0.001, key="duration")


_CAP_FLAG = re.compile(r"cap_?exceeded|capped|limit_?exceeded|incomplete_?results", re.I)
_COUNT_KEY = re.compile(r"count|total", re.I)


def _capped(value: dict[str, Any]) -> bool:
    """Whether a JSON object says its counts stop at a cap: a flag of the cap reached, set true."""
    return any(v is True and _CAP_FLAG.fullmatch(str(k)) for k, v in value.items())


def _numbers_of(value: Any, hint: str, key: str = "", depth: int = 0, parent: str = "") -> Iterator[Number]:
    """The numbers of a JSON value, each read under its key; a key that says no unit is read with its parent's
    (Puppet's `"time": {"total": 27.8}` is `time_total`, seconds)."""
    if depth > 8:
        return
    if isinstance(value, dict):
        # Elasticsearch's hits.total {"value": 10000, "relation": "gte"}: at least that many (track_total_hits); a
        # count the tool says it capped (AWS Config's {"CappedCount": 100, "CapExceeded": true}, a search's
        # {"total_count": 1000, "incomplete_results": true}): its counts are lower bounds, never exact
        at_least = str(value.get("relation", "")).lower() in ("gte", "gt") or _capped(value)
        # CloudWatch's datapoint {"Maximum": 14.0, "Unit": "Seconds"}, OpenTelemetry's "unit": "ms": the unit of
        # the record's plain figures, which their keys do not say
        unit = _UNIT_WORDS.get(str(value.get("Unit") or value.get("unit") or "").lower())
        # a Zipkin span ({"traceId", "id", "duration": 2841203}) gives its duration in microseconds (Jaeger's: jaeger.py)
        span = "traceId" in value and isinstance(value.get("duration"), int)
        for k, v in value.items():
            if span and k == "duration":
                yield span_duration(v)
                continue
            if at_least and (k in ("value", "total") or _COUNT_KEY.search(k)) and _float(v) is not None:
                yield Number(float(v), key=(key if k == "value" else k).lower(), at_least=True)
                continue
            if unit is not None and isinstance(v, (int, float)) and not isinstance(v, bool) and _key_hint(k)[0] is None:
                yield Number(float(v), unit[0], unit[1], key=str(k).lower())
                continue
            yield from _numbers_of(v, hint, str(k), depth + 1, key)
    elif isinstance(value, list):
        for v in value[:MAX_UNITS_PER_ROW]:
            yield from _numbers_of(v, hint, key, depth + 1)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, (int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            return
        dimension, factor = _key_hint(key) if key else _name_hint(hint)
        if dimension is None and key and parent and not parent.isdigit():
            dimension, factor = _key_hint(f"{parent}_{key}")
        # a count under what it counts (DataSync's `"FilesFailed": {"Transfer": 37}`): keyed by both
        counts_of = key[:1].isupper() and parent[:1].isupper() and _PLURAL_HEAD.match(parent) is not None
        yield Number(float(value), dimension, factor, key=f"{parent}.{key}".lower() if counts_of else key.lower())
    elif isinstance(value, str):
        millicores = _MILLICORES.fullmatch(value) if "cpu" in key.lower() else None
        if millicores:  # kubectl top's "CPU(cores)" column: "1873m" is 1.873 cores, not 1873 minutes
            yield Number(float(millicores.group(1)) / 1000, Dimension.NUMBER, 1.0, key=key.lower())
            return
        number = _float(value)
        interval = interval_value(key, value) if number is None and key and ":" in value else None
        if number is not None:
            dimension, factor = _key_hint(key) if key else _name_hint(hint)
            yield Number(number, dimension, factor, key=key.lower())
        elif interval is not None:  # a psql interval cell ("xact_age": "00:38:12")
            yield Number(interval, Dimension.TIME, 1000.0, key=key.lower())
        else:
            yield from _numbers_in_text(value)


_PLURAL_HEAD = re.compile(r"[A-Z][a-z]+s[A-Z][a-z]+$")  # "FilesFailed", "PacketsDropped", "BytesWritten"
_SCALED_NUMBER = re.compile(r"(?<![A-Za-z0-9_.])([0-9]+(?:\.[0-9]+)?)(k|K|M)(?![A-Za-z0-9_])")
_MILLICORES = re.compile(r"\s*([0-9]+(?:\.[0-9]+)?)m\s*")
_TEXT_TIME = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[T ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:[.,][0-9]+)?)?(?:Z|[+-][0-9]{2}:?[0-9]{2})?)?"
    r"|(?<![0-9])[0-9]{1,2}:[0-9]{2}(?::[0-9]{2}(?:[.,][0-9]+)?)?(?![0-9])"  # not "orders-3:120000 ms"
    r"|\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b",
    re.I,
)
_TEXT_UNITS = "|".join(
    sorted((re.escape(u) for u in _UNIT_WORDS if u != "m" and u not in CASED_UNITS), key=len, reverse=True)
)
# a figure with its unit after it: "1.2s", "512 MiB", and as Java logs print them, the figure alone in brackets
# with its thousands grouped: Tomcat's "Server startup in [38104] milliseconds", "has finished in [36,512] ms"
_TEXT_QUANTITY = re.compile(
    r"(?<![A-Za-z0-9_.])(?<![0-9],)\[?([0-9]{1,3}(?:,[0-9]{3})+(?![0-9.,])|[0-9]+(?:\.[0-9]+)?)\]?[ \t]?("
    + _TEXT_UNITS
    + r"|(?-i:m|G|T))(?![A-Za-z0-9_])",
    re.I,
)
# "5xx" is a status class, not the number 5; "8c3f7b2" a hash, "5d6c7b8a9" a pod's: digits glued to letters
# are a token's, not a number (a unit glued to one, "30000ms", is read by _TEXT_QUANTITY).
# The parts of a hyphenated name ("ip-10-0-9-12", "ledger-5d6c-2") are no numbers either.
_TEXT_NUMBER = re.compile(
    r"(?<![A-Za-z0-9_.])(?<![A-Za-z0-9]-)([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+(?:\.[0-9]+)?)(?![0-9]|[A-Za-z]|-[A-Za-z0-9])",
    re.I,
)
_BOUND_BEFORE = re.compile(
    r"(?:>=?|<=?|≥|≤|\bmore than|\bless than|\bover|\bunder|\bat least|\bat most|\babove|\bbelow|\bexceeds?|"
    r"超过|大于|小于|高于|低于|不少于|不超过)\s*$",
    re.I,
)
_KEYED_NUMBER = re.compile(
    r"([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*)[\"']?[ \t]*[:=][ \t]*[\"']?([0-9]+(?:\.[0-9]+)?)(?![0-9])"
)


_DIGIT = re.compile(r"[0-9]")
_SIZE_SUFFIX = re.compile(r"([KMGTP])(?:i?B)?(?![A-Za-z])", re.I)
# timings printed in seconds under short names: curl -w's ("dns=0.004127 ttfb=2.413094") and the nginx
# log_format keys of NGINX's own APM guide ("rt=$request_time uct=$upstream_connect_time
# uht=$upstream_header_time urt=$upstream_response_time")
_SECONDS_SHORT = re.compile(
    r"dns|connect|tls|ssl|ttfb|appconnect|pretransfer|starttransfer|redirect|total|rt|urt|uct|uht", re.I
)
_SECONDS_FIGURE = re.compile(r"[0-9]{1,3}\.[0-9]{3,6}")  # to the millisecond or finer


@functools.lru_cache(maxsize=8192)
def _numbers_in_text(text: str) -> tuple[Number, ...]:
    """The numbers of a text (numbers_in_text), cached by text: log fields and messages repeat from
    entry to entry and from call to call, and the numbers are immutable."""
    return tuple(_read_numbers_in_text(text))


# an nginx access line: the combined format's body size after the status, then (ingress-nginx's default
# "upstreaminfo" format) the request's length and time, the upstream's address, response length, time and status
_ACCESS_FIELDS = re.compile(
    r'\] "[^"\n]*" [1-5][0-9]{2} (?P<body_bytes_sent>[0-9]+) "[^"\n]*" "[^"\n]*"'
    r"(?: (?P<request_length>[0-9]+) (?P<request_time>[0-9]+\.[0-9]{3}) \[[^\]\n]*\] \[[^\]\n]*\] [^ \n]+"
    r" (?P<upstream_response_length>[0-9]+|-) (?P<upstream_response_time>[0-9]+\.[0-9]{3}|-) )?"
)
_ACCESS_UNITS = {
    "body_bytes_sent": (Dimension.BYTES, 1.0),
    "request_length": (Dimension.BYTES, 1.0),
    "request_time": (Dimension.TIME, 1000.0),
    "upstream_response_length": (Dimension.BYTES, 1.0),
    "upstream_response_time": (Dimension.TIME, 1000.0),
}


def _access_fields(text: str) -> Iterator[Number]:
    """The named fields of the nginx access lines in a text, in their units (the bare figures are read too)."""
    for m in _ACCESS_FIELDS.finditer(text):
        for key, (dimension, factor) in _ACCESS_UNITS.items():
            raw = m.group(key)
            if raw is not None and raw != "-":
                yield Number(float(raw), dimension, factor, key=key)


# top's CPU summary ("%Cpu(s): 24.1 us,  4.3 sy,  0.0 ni, 31.7 id, 38.2 wa, …"): each figure a percentage of CPU time
_TOP_CPU_LINE = re.compile(r"^[ \t]*%Cpu[^:\n]*:([^\n]*)", re.M)
_TOP_CPU_FIELD = re.compile(r"([0-9]+(?:\.[0-9]+)?)[ \t]*(us|sy|ni|id|wa|hi|si|st)\b")
_TOP_CPU_NAMES = {
    "us": "user",
    "sy": "system",
    "ni": "nice",
    "id": "idle",
    "wa": "iowait",
    "hi": "irq",
    "si": "softirq",
}


# names and values joined by slashes, the unit after the last ("rtt min/avg/max/mdev = 27.412/28.905/61.277/3.918 ms"):
# each value is in that unit, under its name
_SLASHED = re.compile(
    r"\b([a-z]+(?:/[a-z]+)+)[ \t]*=[ \t]*([0-9]+(?:\.[0-9]+)?(?:/[0-9]+(?:\.[0-9]+)?)+)[ \t]*(ms|s|us|µs)\b", re.I
)


def _slashed(text: str) -> Iterator[Number]:
    for m in _SLASHED.finditer(text):
        names, values = m.group(1).lower().split("/"), m.group(2).split("/")
        dimension, factor = _UNIT_WORDS[m.group(3).lower().replace("µ", "u")]
        for name, value in zip(names, values):
            yield Number(float(value), dimension, factor, key=name)


def _top_cpu(text: str) -> Iterator[Number]:
    for line in _TOP_CPU_LINE.finditer(text):
        for m in _TOP_CPU_FIELD.finditer(line.group(1)):
            yield Number(float(m.group(1)), Dimension.RATIO, 0.01, key=_TOP_CPU_NAMES.get(m.group(2), "steal"))


_REPEATED_OVER = re.compile(r"x[0-9]+ over\s*$")  # kubectl's "(x70 over 14m)": events over a span
_URL = re.compile(r"\bhttps?://[^\s\"'<>]+")
AGO = re.compile(r"[ \t]*(?:ago\b|前|以前)", re.I)  # a duration given as how long ago (subject_binding too)


def _read_numbers_in_text(text: str) -> Iterator[Number]:
    # a URL's digits (an alert's generatorURL, "%3E+0.05", "%5B5m%5D") are parts of an address or an
    # escaped expression, never values the text states
    text = arabic(normalize(_URL.sub(" ", text) if "://" in text else text))
    if not _DIGIT.search(text):
        return  # every pattern below reads an ASCII digit
    for seconds, key in interval_seconds(text) if ":" in text else ():  # "xact_age=00:38:12": 2292 s
        yield Number(seconds, Dimension.TIME, 1000.0, key=key)
    cleared = _TEXT_TIME.sub(lambda m: " " * len(m.group(0)), _HOST_PORT.sub(lambda m: " " * len(m.group(0)), text))
    for start, end, seconds in iso_durations(cleared):  # `"lockDuration": "PT30S"`: 30 s, its figures no numbers
        yield Number(seconds, Dimension.TIME, 1000.0)
        cleared = cleared[:start] + " " * (end - start) + cleared[end:]
    for _, end, seconds, _ in compound_durations(cleared):
        # kubectl's AGE "3h5m", "9d 4h", "2m30s"; its RESTARTS "5 (3h12m ago)" is an age
        yield Number(seconds, Dimension.TIME, 1000.0, age=AGO.match(cleared, end) is not None)
    if not _DIGIT.search(cleared):
        return  # only times, dates or UUIDs
    if '] "' in text:
        yield from _access_fields(text)
    if "%Cpu" in text:
        yield from _top_cpu(text)
    if "/" in text and "=" in text:
        yield from _slashed(text)
    ages = []  # "about 5 days ago", "3 天前": an age, whose figure is no plain number (no count of runs, no "5")
    for m in _TEXT_QUANTITY.finditer(cleared):
        unit = m.group(2).lower()
        if unit in _UNIT_WORDS:
            unit_dimension, unit_factor = _UNIT_WORDS[unit]
            # "error ratio above 5%": a percentage an alert or a message states as a bound (threshold_words.py)
            before = cleared[max(0, m.start() - 16) : m.start()]
            # (kubectl's "(x70 over 14m)" counts events over a span: no bound)
            bound = unit_dimension in (Dimension.RATIO, Dimension.TIME) and _BOUND_BEFORE.search(before) is not None
            bound = bound and not _REPEATED_OVER.search(before)
            age = unit_dimension == Dimension.TIME and AGO.match(cleared, m.end()) is not None
            # ("SINCE 1 hour ago", `--since "1 hour ago"`: a window's start, whose figure a claim's window reads)
            ages += [m.span(1)] if age and not _SINCE.search(cleared, max(0, m.start() - 12), m.start()) else []
            yield Number(float(m.group(1).replace(",", "")), unit_dimension, unit_factor, bound=bound, age=age)
    for m in NOUN_RATE.finditer(cleared):  # "312.4 keys/s"
        value = float(m.group(1).replace(",", "")) * (1000 if m.group(2) else 1)
        yield Number(value, Dimension.RATE, NOUN_RATE_PER[m.group(4).lower()])
    for m in _DNS_ANSWER.finditer(cleared) if "IN" in cleared else ():  # dig's answer: "name. 300 IN A 1.2.3.4"
        yield Number(float(m.group(1)), Dimension.TIME, 1000.0, key="ttl")
    for m in _LABEL_UNIT.finditer(cleared) if "(" in cleared else ():  # "MII Polling Interval (ms): 100"
        unit = _UNIT_WORDS.get(m.group(1).lower())
        if unit is not None and unit[0] in (Dimension.TIME, Dimension.BYTES, Dimension.RATIO):  # ("CPU(cores)=212m")
            yield Number(float(m.group(2)), unit[0], unit[1], key=m.group(1).lower())
    keyed = []
    for m in _KEYED_NUMBER.finditer(cleared) if (":" in cleared or "=" in cleared) else ():
        key_dimension, key_factor = _key_hint(m.group(1))
        if key_dimension is None and _SECONDS_SHORT.fullmatch(m.group(1)) and _SECONDS_FIGURE.fullmatch(m.group(2)):
            key_dimension, key_factor = Dimension.TIME, 1000.0  # "ttfb=2.413094", "urt=0.002": seconds
        if key_dimension == Dimension.BYTES:  # "Memory: 8.6G" (systemctl status): its own size suffix, binary
            suffix = _SIZE_SUFFIX.match(cleared, m.end(2))
            key_factor = 1024.0 ** ("KMGTP".index(suffix.group(1).upper()) + 1) if suffix else key_factor
        if key_dimension is not None:
            yield Number(float(m.group(2)), key_dimension, key_factor, key=m.group(1).lower())
        elif _FIELD_NAME.fullmatch(m.group(1)):
            # "expired_keys:91304", "evicted_keys=0": a field's value, counted as what the field names
            yield Number(float(m.group(2)), key=m.group(1).lower())
            keyed.append(m.span(2))
    for start, end in (*keyed, *ages):  # the value is read once, under its field's name; an age as an age
        cleared = cleared[:start] + " " * (end - start) + cleared[end:]
    # "retry 3/5", "READY 0/1", "failures=20/20": a fraction is one value (a claim's "3/5" finds it as
    # written); its parts are no counts ("retried 5 times" is not "retry 3/5").
    for m in _FRACTION_OF_NOUN.finditer(cleared):  # "0/6 nodes are available": there are 6 nodes
        yield Number(float(m.group(1)))
    cleared = _FRACTION_IN_TEXT.sub(lambda m: " " * len(m.group(0)), cleared)
    for m in _REPEATED.finditer(cleared):  # kubectl's "(x25 over 58m)": the event happened 25 times
        yield Number(float(m.group(1)), key=REPEATED_KEY)
    for m in _SCALED_NUMBER.finditer(cleared):  # "1.2k requests", "3.2 万" (read as "32k"), "4.8M docs"
        yield Number(float(m.group(1)) * (1e6 if m.group(2) == "M" else 1e3))
    cleared = _SCALED_NUMBER.sub(lambda m: " " * len(m.group(0)), cleared)
    for m in _TEXT_NUMBER.finditer(cleared):
        bound = _BOUND_BEFORE.search(cleared, max(0, m.start() - 16), m.start()) is not None
        yield Number(float(m.group(1).replace(",", "")), bound=bound)


# a label that gives its unit in parentheses before its value: "Up Delay (ms): 0", "Stale Path Time(sec): 360"
_LABEL_UNIT = re.compile(r"\(([A-Za-z%]{1,8})\)[ \t]*[:=][ \t]*([0-9]+(?:\.[0-9]+)?)(?![0-9.])")
# a DNS answer record (dig, kdig, drill): its second field is the TTL, in seconds
_DNS_ANSWER = re.compile(r"^\S+\.?[ \t]+([0-9]+)[ \t]+IN[ \t]+(?:A|AAAA|CNAME|MX|NS|TXT|SRV|PTR|SOA|CAA)\b", re.M)
_FIELD_NAME = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")  # snake_case: a field, not a word ("Retry: 3")
_SINCE = re.compile(r"\bsince[ \t\"']*$", re.I)
REPEATED_KEY = "(repeated)"
"""The key of an event's repetition count ("(x25 over 58m)")."""
_REPEATED = re.compile(r"\(x([0-9]+)(?= over\b|\))")
_HOST_PORT = re.compile(r"(?<![\w.-])[A-Za-z][A-Za-z0-9.\-]*:[0-9]{2,5}(?![0-9])")  # "ip-10-0-9-12:9100"
_FRACTION_OF_NOUN = re.compile(r"(?<![\w./:-])[0-9]{1,6}/([0-9]{1,6})[ \t]+(?=[a-z]+s\b|个|台|条)", re.I)
_FRACTION_IN_TEXT = re.compile(r"(?<![\w./:-])[0-9]{1,6}/[0-9]{1,6}(?![\w/.:-])")


def numbers_in_text(text: str) -> tuple[Number, ...]:
    """The numbers a text states, with their units where it names one (first the unit-bearing ones)."""
    return _numbers_in_text(text)


def _float(raw: Any) -> Optional[float]:
    if isinstance(raw, bool):
        return None
    if isinstance(raw, (int, float)):
        return float(raw) if math.isfinite(raw) else None
    if isinstance(raw, str) and 0 < len(raw) <= 32:
        head = raw.lstrip()[:1]
        if not (head.isdecimal() or head in _FLOAT_HEADS):
            return None  # float() reads no text that opens otherwise: skip its ValueError (most strings)
        try:
            value = float(raw.strip())
        except ValueError:
            return None
        return value if math.isfinite(value) else None
    return None


_FLOAT_HEADS = frozenset("+-.iInN")  # a sign, a point, inf/infinity/nan: what float() reads besides a digit


def _minute_of(stamp: Any) -> Optional[int]:
    seconds = _float(stamp)
    if seconds is None or not 0 <= seconds < 1e11:
        return None
    return int(seconds // 60) % (24 * 60)


_UNIT_PARTS = frozenset(
    {"ms", "millis", "sec", "secs", "seconds", "bytes", "pct", "percent", "mb", "mib", "gb", "gib", "kb"}
)


def key_words(key: str) -> frozenset[str]:
    """The words of a unit's key ("p99Ms" -> p99; "upstream_response_time" -> upstream, response, time),
    without the unit it names."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", key).lower().replace("_", " ").replace("-", " ").replace(".", " ")
    words = set()
    for word in spaced.split():
        # a key read lower-case keeps its unit glued on ("p99ms"): the word is what comes before it
        glued = next((word[: -len(u)] for u in _UNIT_PARTS if word.endswith(u) and len(word) - len(u) >= 2), "")
        words.add(glued or word)
    return frozenset(w for w in words if w not in _UNIT_PARTS and len(w) > 1)
