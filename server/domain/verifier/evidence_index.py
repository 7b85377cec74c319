"""The evidence a draft is checked against, indexed for the claim checks.

Evidence holds a session's rows and builds their units (units.py) lazily, with a cheap raw-text filter
(candidates) that finds the rows that may hold a set of facts before any unit is parsed, and the narrowing to the
family of tools a claim cites ("the logs show"). Also here: the text primitives that filter and the fact
matchers share (whole-token containment, setting names), the facts a claim adds beyond its own text (quoted code
identifiers, a table row's bare cell numbers), and Match, the unit (or units, for a count) that grounds a claim.
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import re
from typing import Callable, Iterable, Iterator, Optional, Sequence, TypeVar

from evidence_trace.server.domain.formats.tool_family import call_family
from evidence_trace.server.domain.model import EvidenceRow
from evidence_trace.server.domain.verifier.curl_phases import CURL_TIMINGS
from evidence_trace.server.domain.verifier.event_words import CODE_FORMS
from evidence_trace.server.domain.verifier.facts import Comparison, Dimension, Fact, FactKind, Quantity, Scope
from evidence_trace.server.domain.verifier.row_keys import filter_key
from evidence_trace.server.domain.verifier.row_readings import Reading, reading_of
from evidence_trace.server.domain.verifier.units import Family, Strength, Unit
from evidence_trace.server.domain.verifier.zones import NO_ZONES, EvidenceZones

_T = TypeVar("_T")

_CITATION = (
    (
        Family.LOGS,
        re.compile(
            r"\b(?:the |its |their )?(?:[\w-]+ )?(?<!activity )(?<!audit )(?<!event )logs? (?:also |too |likewise )?(?:show"
            r"|shows|say|says|indicate|indicates|report|reports|confirm|confirms|reveal|reveals|contain|contains)\b|accordi"
            r"ng to the logs|^\W*(?:from|per) the logs\b|(?<!活动)(?<!审计)(?<!事件)日志(?:也|同样|都)?(?:显示|表明|确认|证实|中|里|记录)|从日志(?:上|里|中)?(?:来)?看",
            re.I,
        ),
    ),
    (
        Family.METRICS,
        re.compile(
            r"\b(?:the )?(?:metrics?|prometheus|dashboards?|graphs?) (?:show|shows|say|says|"
            r"indicate|indicates|report|reports|confirm|confirms)\b|according to (?:the )?metrics|^\W*(?:from|per) the "
            r"(?:metrics?|dashboards?|graphs?)\b|指标(?:显示|表明)|监控(?:显示|表明)|从(?:指标|监控)(?:上|里|数据)?(?:来)?看",
            re.I,
        ),
    ),
    (
        Family.TRACES,
        re.compile(
            r"\b(?:the )?(?:traces?|tracing|spans?) (?:show|shows|indicate|indicates|reveal|"
            r"reveals|confirm|confirms)\b|链路(?:显示|追踪显示)",
            re.I,
        ),
    ),
    (
        Family.KNOWLEDGE,
        re.compile(
            r"\b(?:the )?(?:runbook|knowledge base|kb|documentation|docs|guide|playbook|sop)"
            r" (?:says|say|states|explains|notes|recommends|suggests|advises|shows|describes)\b|according to the "
            r"(?:runbook|documentation|docs|guide|knowledge base)|(?:知识库|文档|手册|运行手册|预案)"
            r"(?:显示|表明|指出|说明|中|里|提到|建议|推荐)",
            re.I,
        ),
    ),
)


def _cited_family(text: str) -> Optional[Family]:
    for family, pattern in _CITATION:
        if pattern.search(text):
            return family
    return None


_CELL_NUMBER = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*$")


def cell_numbers(text: str) -> tuple[Fact, ...]:
    """The bare numbers of a table row's cells, each a fact of the row."""
    found = []
    for cell in text.split(" | "):
        m = _CELL_NUMBER.match(cell)
        if m:
            number = m.group(1)
            decimals = len(number.split(".")[1]) if "." in number else 0
            found.append(
                Fact(  # a figure of three digits or more alone in its cell ("| 20875 |", a job's id, a size) is
                    # as bare as a plain number in prose (bare_numbers.py); a small one ("| 9 |") is in too many texts
                    FactKind.QUANTITY,
                    number,
                    number,
                    quantity=Quantity(Dimension.NUMBER, float(number), 1.0, decimals),
                    bare=len(number.split(".")[0].lstrip("-")) >= 3,
                )
            )
    return tuple(found)


@dataclasses.dataclass(frozen=True)
class Match:
    unit: Unit
    units: tuple[Unit, ...] = ()


class Evidence:
    """The units of a session's rows, built lazily per row. only: when a claim cites its source ("the logs
    show"), the rows of that family; None for all rows."""

    def __init__(self, rows: Sequence[EvidenceRow], zones: EvidenceZones = NO_ZONES, question: str = "") -> None:
        self.asked = question.lower()  # the user's question: its names are given, not invented
        self._rows = list(rows)
        self._zones = zones
        self._units: dict[int, list[Unit]] = {}
        self._readings: dict[int, Reading] = {}
        self._mentions: dict[str, bool] = {}
        self._only: Optional[Family] = None
        self._families: list[Family] = []
        # Memos of one check_draft call (the rows never change under it); shared with cited() copies.
        self._candidates: dict[tuple, _Replay] = {}
        self._named: dict[tuple, list[Unit]] = {}
        self._memo: dict[tuple, object] = {}

    def cited(self, text: str) -> "Evidence":
        """This evidence, narrowed to the family of tools the claim cites, if it cites one."""
        family = _cited_family(text)
        if family is None:
            return self
        narrowed = Evidence.__new__(Evidence)
        narrowed.__dict__.update(self.__dict__)
        narrowed._only = family
        return narrowed

    @property
    def only(self) -> Optional[Family]:
        return self._only  # the family of tools the claim cites (cited()), or None for all rows

    def rows(self) -> Iterable[int]:
        if self._only is None:
            return range(len(self._rows))
        if len(self._families) != len(self._rows):  # each call's family, read once (the list is shared with
            self._families[:] = [call_family(row.tool_name, row.params) for row in self._rows]  # cited() copies)
        return [i for i, family in enumerate(self._families) if family == self._only]

    def row(self, index: int) -> EvidenceRow:
        return self._rows[index]

    def reading(self, index: int) -> Reading:
        """What is read of the row (row_readings.py): built once per row content, across checks."""
        found = self._readings.get(index)
        if found is None:
            found = reading_of(self._rows[index])
            self._readings[index] = found
        return found

    def units(self, index: int) -> list[Unit]:
        found = self._units.get(index)
        if found is None:
            row = self._rows[index]
            found = self.reading(index).units(self._zones.offset(row))
            self._units[index] = found
        return found

    def raw(self, index: int) -> str:
        """The row's output, parameters and error as one lower-cased text."""
        return self.reading(index).raw()

    def mentions(self, key: str, suffix: bool = False) -> bool:
        """Whether any row's output, parameters or error names `key` (a whole token)."""
        found = self._mentions.get(key)
        if found is None:
            found = any(contains(self.raw(index), key, suffix) for index in range(len(self._rows)))
            self._mentions[key] = found
        return found

    def mentions_any(self, forms: Sequence[str]) -> bool:
        """Whether any row says one of the forms (as a substring: "evicted", "OOMKilled")."""
        return any(form in self.raw(index) for index in range(len(self._rows)) for form in forms)

    def names_setting(self, key: str) -> bool:
        """Whether any row names the setting (so its value must be the one next to the name)."""
        patterns = [setting_pattern(n) for n in setting_names(key)]
        return any(p.search(self.raw(index)) for index in range(len(self._rows)) for p in patterns)

    def question(self, index: int) -> Optional[Unit]:
        """The row's QUESTION unit (what the call asked), or None."""
        units = self.units(index)
        return units[-1] if units and units[-1].strength == Strength.QUESTION else None

    def named(self, index: int, entities: Sequence[Fact], asked: bool) -> list[Unit]:
        """may_name() of the row's units, with its question when `asked`: the same list for the same
        entity names, read once per row."""
        memo = (index, asked, tuple((f.key, f.is_entity) for f in entities))
        found = self._named.get(memo)
        if found is None:
            units = self.units(index)
            found = may_name(units, self.question(index) if asked else None, entities)
            self._named[memo] = found
        return found

    def remember(self, key: tuple, compute: Callable[[], _T]) -> _T:
        """compute(), once per key for this evidence: a search's derived data (the key names the search)."""
        if key in self._memo:
            return self._memo[key]  # type: ignore[return-value]
        found = compute()
        self._memo[key] = found
        return found

    def candidates(self, facts: Sequence[Fact]) -> Iterable[int]:
        """Rows that may hold every fact: they mention each entity, id and status, and hold a
        number that some reading of each quantity could match. A cheap filter on the raw text
        before any unit is parsed: it never drops a row a unit of which would match. Computed
        once per set of facts and narrowing."""
        memo = (self._only, tuple(facts))
        found = self._candidates.get(memo)
        if found is None:
            found = _Replay(self._candidates_of(facts))
            self._candidates[memo] = found
        return found

    def _candidates_of(self, facts: Sequence[Fact]) -> Iterator[int]:
        keys = [
            filter_key(f)
            for f in facts  # (an ID "4/4" may stand in a READY and a DESIRED column: numbered_names.py)
            if f.kind != FactKind.ID or "/" not in f.key
            if (f.is_entity and (f.kind != FactKind.IDENTIFIER or "/" not in f.key) and not spaced_form(f.key))
            or f.kind in (FactKind.ID, FactKind.HTTP_STATUS)
        ]
        windows = [
            (w, f.quantity.dimension == Dimension.TIME)
            for f in facts
            if f.kind in (FactKind.QUANTITY, FactKind.SETTING) and f.quantity is not None and not f.alternatives
            for w in [_windows(f)]
            if w is not None
        ]
        settings = [
            [setting_pattern(n) for n in setting_names(f.key)]
            for f in facts
            if f.kind == FactKind.SETTING and re.search(r"[_.]|[a-z][A-Z]", f.text)
        ]  # a plain name may go unnamed
        forms = [(key, *CODE_FORMS.get(key, ())) for key in keys]  # "oom" as OutOfMemoryError too
        for index in self.rows():
            raw = self.raw(index)
            if not all(any(form in raw for form in options) for options in forms):
                continue
            if settings and not all(any(p.search(raw) for p in names) for names in settings):
                continue
            values = self.values(index) if windows else []
            if not all(_any_in(values, w) or (timed and _derives_durations(raw)) for w, timed in windows):
                continue
            yield index

    def values(self, index: int) -> list[float]:
        """Every number in a row's raw text, sorted."""
        return self.reading(index).values()


class _Replay:
    """An iterator's items, read from it only as far as some consumer has gone, and replayed to the next
    consumer: a search that stops at its first match reads no further rows than it did alone."""

    def __init__(self, source: Iterator[int]) -> None:
        self._source: Optional[Iterator[int]] = source
        self._seen: list[int] = []

    def __iter__(self) -> Iterator[int]:
        seen = self._seen
        i = 0
        while True:
            if i < len(seen):
                yield seen[i]
                i += 1
                continue
            if self._source is None:
                return
            item = next(self._source, None)
            if item is None:
                self._source = None
                return
            seen.append(item)


# Every factor by which a stated number can be read against a number in the text, per dimension.
_FACTORS = {
    Dimension.TIME: (1e-6, 1e-3, 1.0, 1000.0, 60000.0, 3.6e6, 8.64e7),
    Dimension.BYTES: (1.0, 1e3, 1e6, 1e9, 1e12, 1024.0, 1024.0**2, 1024.0**3, 1024.0**4),
    Dimension.RATIO: (0.01, 1.0),
    Dimension.RATE: (1.0, 1 / 60),
    # 1e-3: CPU cores stated, millicores written ("1.87 cores", "1873m"); 1e3, 1e6: "1.2k", "4.8M" written so
    Dimension.NUMBER: (1.0, 1e-3, 1e3, 1e6),
}


_ISO_STAMP = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}")


def _derives_durations(raw: str) -> bool:
    """Whether a row's durations may be in no raw number of it: a unit derives one from two timestamps (a
    window's start and end) or from curl's cumulative timings (curl_phases.py)."""
    return len(_ISO_STAMP.findall(raw, 0, 4096)) >= 2 or CURL_TIMINGS.search(raw) is not None


def _windows(fact: Fact) -> Optional[list[tuple[float, float]]]:
    """Intervals one of which a raw number must fall in for the quantity to be matchable; None
    when any number might do (a comparison)."""
    q = fact.quantity
    if q is None or q.comparison not in (Comparison.EQUAL, Comparison.ABOUT):
        return None
    slack = max(10**-q.decimals, abs(q.value) * 0.06) + 1e-9
    lo, hi = (q.value - slack), (q.value + slack)
    factors = set(_FACTORS.get(q.dimension, (1.0,))) | {1.0, q.factor, *q.alternative_factors}
    out = []
    for unit_factor in (q.factor, *q.alternative_factors):
        for f in factors:
            a, b = lo * unit_factor / f, hi * unit_factor / f
            out.append((min(a, b), max(a, b)))
    if q.dimension == Dimension.RATIO:
        out += [(lo, hi), (lo / 100, hi / 100)]
    return out


def _any_in(values: list[float], windows: list[tuple[float, float]]) -> bool:
    for lo, hi in windows:
        i = bisect.bisect_left(values, lo)
        if i < len(values) and values[i] <= hi:
            return True
    return False


_SETTING_ZH = {
    "阈值": "threshold",
    "上限": "limit",
    "限额": "limit",
    "超时": "timeout",
    "超时时间": "timeout",
    "间隔": "interval",
    "副本数": "replicas",
    "最大副本数": "max replicas",
    "池大小": "pool size",
}


def setting_names(key: str) -> list[str]:
    """The names a setting may go by in a unit: as written, its English name, and its head noun
    ("pool size" -> "size": "QueuePool limit of size 10")."""
    names = [key] + ([_SETTING_ZH[key]] if key in _SETTING_ZH else [])
    heads = [n.split()[-1] for n in names if " " in n]
    return names + [h for h in heads if h not in names]


@functools.lru_cache(maxsize=512)
def setting_pattern(name: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in name.split()]
    return re.compile(r"[ _\-]?".join(words) + r"[a-z]*")


def spaced_form(key: str) -> str:
    """ "flood stage" for "flood-stage": a hyphenated name of plain words, as prose writes it; else ""."""
    parts = key.split("-")
    return " ".join(parts) if len(parts) in (2, 3) and all(p.isalpha() for p in parts) else ""


def address_tail(key: str) -> bool:
    """Whether a name is an address by its last part (".40", "`.31`"), as a draft shortens one."""
    return key[:1] == "." and key[1:].isdigit()


def contains(lowered: str, key: str, suffix: bool = False) -> bool:
    """Whether `key` is a whole token of `lowered`; with `suffix`, also the last parts of a
    snake_case name ("threads_connected" in "mysql_global_status_threads_connected"). A key that opens
    with "-", "/" or "?" is the tail of a name, a path or a URL ("-zz8tk" of a pod, "/ready", "?status=SHIPPED"):
    it may follow anything; one that ends with "@" is a mailbox's local part ("noreply@"): its domain follows."""
    if address_tail(key):  # ".40": the last part of an address ("10.8.4.40")
        return (
            re.search(rf"(?<![0-9.])[0-9]{{1,3}}\.[0-9]{{1,3}}\.[0-9]{{1,3}}{re.escape(key)}(?![0-9.])", lowered)
            is not None
        )
    start = lowered.find(key)
    tail = key[:1] in ("-", "/", "?")
    head = key[-1:] == "@"  # "noreply@": a mailbox's local part, its domain left out
    dotted = "." in key.strip(".")
    while start >= 0:
        before = " " if tail or not start else lowered[start - 1]
        end = start + len(key)
        after = " " if head or end >= len(lowered) else lowered[end]
        # a dotted name goes on past a dot ("order.created" is not "order.created.retry")
        longer = dotted and after == "." and lowered[end + 1 : end + 2].isalnum()
        if not (before.isalnum() or (before == "_" and not suffix)) and not (after.isalnum() or after == "_" or longer):
            return True
        start = lowered.find(key, start + 1)
    return False


def may_name(units: Sequence[Unit], question: Optional[Unit], entities: Sequence[Fact]) -> list[Unit]:
    """The units that may show every entity (in their own text, or in what their call asked): a substring
    test of each entity's loosest forms, so it never drops a unit that matches() would accept."""
    asked = question.lowered if question is not None else ""
    wanted = [forms for forms in (_loose_forms(f) for f in entities) if not any(form in asked for form in forms)]
    if not wanted:
        return list(units)  # the call was about every one of them: any of its units may show the claim
    return [u for u in units if all(any(form in u.lowered for form in forms) for forms in wanted)]


def name_forms(fact: Fact) -> tuple[str, ...]:
    """The forms an entity's name may take in evidence: as written, as prose spells a hyphenated name
    ("flood stage"), the host of a host:port, and the singular of a plural ("NullPointerExceptions")."""
    key = fact.key
    spaced = spaced_form(key)  # and glued, as a key writes it ("blockcache" of blockCacheHitPercent)
    forms = [key, spaced, spaced.replace(" ", ""), *CODE_FORMS.get(key, ())]
    host, _, port = key.rpartition(":")
    if host and port.isdigit():
        forms.append(host)
    if fact.is_entity and key.endswith("s") and len(key) > 4:
        forms.append(key[:-1])
    return tuple(form for form in forms if form)


def _loose_forms(fact: Fact) -> tuple[str, ...]:
    """name_forms, the last part of a path (a gRPC method labelled by its method name alone) and a schema's table
    (row_keys.filter_key)."""
    if "/" not in fact.key:
        return (*name_forms(fact), filter_key(fact))
    return (*name_forms(fact), fact.key.rstrip("/").rsplit("/", 1)[-1])


def value_windows(facts: Sequence[Fact]) -> list[list[tuple[float, float]]]:
    """For each quantity or count a unit itself must show (scope RESULT, an equality), the intervals one
    of which a raw number of the unit must fall in (see _windows)."""
    return [
        w
        for w in (
            _windows(f)
            for f in facts
            if f.kind in (FactKind.QUANTITY, FactKind.COUNT)
            and f.scope == Scope.RESULT
            and f.quantity is not None
            and not f.alternatives
        )
        if w is not None
    ]


def may_show_values(unit: Unit, windows: Sequence[list[tuple[float, float]]]) -> bool:
    """Whether some raw number of the unit falls in each quantity's windows (never false for a unit
    matches_all would accept)."""
    return not windows or all(_any_in(unit.raw_values, w) for w in windows)
