"""What a checkable fact is: its kind (FactKind), where it may be found (Scope), and the
quantity it states (Quantity, with its Dimension and Comparison).

Quantity.matches decides whether a number found in evidence agrees with the one a claim
states. normalize is the text normalisation claims and evidence share.
"""

from __future__ import annotations

import dataclasses
import enum
import unicodedata
from typing import Optional

ABOUT_TOLERANCE = 0.05  # "about 20%" allows 5%; "about 1.9 GiB" at most 0.1 GiB (about_tolerance)


class Scope(enum.Enum):
    """Where a fact may be found.

    RESULT: in the unit itself (what the call found).
    SUBJECT: in the unit, or in the input parameters of the unit's call (what
        the call was about: a service, a metric, a topic).
    QUERY: in the unit or its call's parameters (what the call was asked: a
        threshold, a time range).
    """

    RESULT = "result"
    SUBJECT = "subject"
    QUERY = "query"


class Dimension(enum.Enum):
    TIME = "time"  # base unit: milliseconds
    RATIO = "ratio"  # base unit: a fraction (87% is 0.87)
    BYTES = "bytes"  # base unit: bytes
    RATE = "rate"  # base unit: per second
    NUMBER = "number"  # a plain number


class Comparison(enum.Enum):
    EQUAL = "="  # equal at the precision the draft states
    ABOUT = "~"  # within ABOUT_TOLERANCE
    ABOVE = ">"
    BELOW = "<"
    ALWAYS_ABOVE = ">>"  # "stayed above": every sample of the series
    ALWAYS_BELOW = "<<"
    CHANGE = "+-"  # "grew by 73 MiB", "5 分钟内多了六千多条": a difference of two values, not a value
    BETWEEN = "<>"  # "180–200 ms", "3000.6 ~ 3002.4 ms": a value in the range (Quantity.low to value)


STATED = (Comparison.EQUAL, Comparison.ABOUT)
"""The comparisons of a value said as such: not a bound, a change or a range."""

BOUNDS = (Comparison.ABOVE, Comparison.BELOW, Comparison.ALWAYS_ABOVE, Comparison.ALWAYS_BELOW)
"""The comparisons of a bound, once or over a whole series ("above 80%", "stayed below 1 s")."""


@dataclasses.dataclass(frozen=True)
class Quantity:
    """A number as stated, with its dimension and how it compares.

    value: the number as written (87 for "87%"); factor: base units per
        written unit (0.01 for "%", 1000 for "s"); decimals: the precision the
        text states.
    """

    dimension: Dimension
    value: float
    factor: float
    decimals: int
    comparison: Comparison = Comparison.EQUAL
    alternative_factors: tuple[float, ...] = ()
    low: Optional[float] = None  # the range's lower end, as written (BETWEEN)

    def matches(self, base_value: float) -> bool:
        """Whether a value in base units agrees with this quantity."""
        if self.comparison == Comparison.BETWEEN and self.low is not None:
            step = 0.5 * 10.0**-self.decimals  # each end at the precision it is written to
            return any(
                self.low - step <= base_value / f <= self.value + step for f in (self.factor, *self.alternative_factors)
            )
        for factor in (self.factor, *self.alternative_factors):
            if _agrees(base_value / factor, self.value, self.decimals, self.comparison):
                return True
        return False


def _agrees(found: float, stated: float, decimals: int, comparison: Comparison) -> bool:
    if comparison == Comparison.ALWAYS_ABOVE:
        comparison = Comparison.ABOVE
    elif comparison == Comparison.ALWAYS_BELOW:
        comparison = Comparison.BELOW
    if comparison == Comparison.ABOVE:
        return found > stated or _rounds_to(found, stated, decimals)
    if comparison == Comparison.BELOW:
        return found < stated or _rounds_to(found, stated, decimals)
    if comparison in (Comparison.ABOUT, Comparison.CHANGE):  # a difference the writer computed is rounded
        return abs(found - stated) <= about_tolerance(stated, decimals) + 1e-9
    return _rounds_to(found, stated, decimals)


def about_tolerance(stated: float, decimals: int) -> float:
    """How far "about X" may be from X: ABOUT_TOLERANCE of it, or half its last digit when that is more.
    A number stated to a digit that is not round ("about 8.2 GiB", "约 41.9k") states that digit: at
    most one step of it either way, so 7.6 is not "about 8.2"."""
    step = 10.0**-decimals
    loose = max(0.5 * step, abs(stated) * ABOUT_TOLERANCE)
    if round(abs(stated) / step) % 10 not in (0, 5):
        return min(step, loose)
    return loose


def _rounds_to(found: float, stated: float, decimals: int) -> bool:
    """found, stated at `decimals` places: rounded ("96%" for 96.3) or cut ("2140 ms" for 2140.5)."""
    step = 10**-decimals
    tolerance = 1e-9 * max(1.0, abs(stated))
    if abs(found - stated) <= 0.5 * step + tolerance:
        return True
    magnitude = abs(found)
    return (
        abs(stated) <= magnitude + tolerance
        and magnitude < abs(stated) + step - tolerance
        and (found >= 0) == (stated >= 0)
    )


class FactKind(str, enum.Enum):
    SERVICE = "service"
    INSTANCE = "instance"  # pod, node, host:port, IP
    IDENTIFIER = "identifier"  # a config key, a metric name, a dotted name
    ALERT = "alert"
    ERROR_CODE = "error code"
    HTTP_STATUS = "HTTP status"
    QUANTITY = "quantity"
    COUNT = "count"  # a number tied to a noun: "12 restarts"
    ID = "id"  # a noun's number: "order 5521"
    STATE = "state"  # firing, pending, resolved
    EVENT = "event"  # what happened: aborted, evicted, restarted, OOM-killed, throttled...
    SETTING = "setting"  # a named value: "unhealthy threshold 3", "pool size 20", "阈值 450"
    TIME = "time of day"  # "at 08:10": picks the samples of a series it speaks of
    LEVEL = "log level"  # ERROR, WARN...
    VERSION = "version"  # v3.2.1, 1.27.4: a release the evidence must name
    WORKLOAD_STATE = "workload state"  # CrashLoopBackOff, Running, Pending ... ("a crash loop", "处于 Running")
    ACTOR = "actor"  # who did it: "deployed by ci-bot", "由 alice 回滚"
    UNREAD = "unread"  # a number in a unit the vocabulary does not know: the claim is UNCHECKED, never grounded


@dataclasses.dataclass(frozen=True)
class Fact:
    """One checkable fact of a claim.

    text: the fact as written. key: the lowercase form a unit must contain
        (entities), the state or level (states), the number (counts, ids).
    quantity: for quantities and counts, the number with its unit.
    scope: where it may be found (see Scope).
    alternatives: other readings, any of which grounds the fact ("504s" is
        HTTP 504 responses or 504 seconds).
    noun: for counts, the noun counted ("restarts").
    """

    kind: FactKind
    text: str
    key: str
    scope: Scope = Scope.RESULT
    quantity: Optional[Quantity] = None
    alternatives: tuple["Fact", ...] = ()
    noun: str = ""
    soft: bool = False
    """A name that may be an ordinary word ("finance-reports", "AccessDenied"):
    checked only when the session's evidence mentions it somewhere."""
    zoned: bool = False
    """For a time of day: the draft named its zone, so its key's second value is in UTC."""
    bare: bool = False
    """A number no pattern gave a unit or a noun ("$4,212.35", "**3,485**", "62,256 / 62,436"): checked as a
    plain number (bare_numbers.py)."""
    found: bool = False
    """A value the claim says was found, not a threshold ("is currently 5%", "当前 p99 约 500ms"): a bound an
    evidence unit states ("above 5%") does not show it (threshold_words.py)."""
    window: bool = False
    """A duration the claim gives as the span it speaks of ("in the last 3 hours", "过去 1 小时内"): an age a
    unit states ("5 (3h12m ago)") does not show it (subject_binding.mark_windows)."""

    @property
    def is_entity(self) -> bool:
        return self.kind in _ENTITY_KINDS

    def describe(self) -> str:
        return f"{self.kind.value}: {self.text}"

    @property
    def stated(self) -> tuple["FactKind", str, object]:
        """The fact as the claim states it, for telling repeats apart: two times of one minute ("14:02:11",
        "14:02:45") are two facts, and so are a threshold and the same value found ("over the 500 ms target
        … a p95 of 500 ms": a quantity's scope and comparison)."""
        role = (self.scope, self.quantity.comparison) if self.kind == FactKind.QUANTITY and self.quantity else None
        return (self.kind, self.text if self.kind == FactKind.TIME else self.key, role)

    @property
    def minutes(self) -> tuple[int, ...]:
        """A time's minutes of the day, as written and in UTC (its key); () for any other fact."""
        return tuple(int(v) for v in self.key.split(",")) if self.kind == FactKind.TIME else ()


_ENTITY_KINDS = frozenset(
    {FactKind.SERVICE, FactKind.INSTANCE, FactKind.IDENTIFIER, FactKind.ALERT, FactKind.ERROR_CODE}
)
VERSION_KEY_PREFIX = "v"  # a version's key drops a leading "v": "v3.2.1" and "3.2.1" are one release


def normalize(text: str) -> str:
    """NFKC, so full-width digits and letters read as ASCII. A full-width comma separates ("200，143 ms" is
    two values, never 200,143): it becomes ", ", not a thousands separator."""
    return unicodedata.normalize("NFKC", text.replace("，", ", ") if "，" in text else text)
