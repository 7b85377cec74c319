"""The checkable facts of a claim: entities, numbers tied to a noun, quantities, states.

A fact is what a unit of evidence must show for a claim to be grounded in it.
Extraction reads one claim (a sentence or clause) at a time, in English or
Chinese; what is not a fact (ordinary words, dates, times, versions, years) is
left alone. docs/verifier-protocol.md lists the kinds with examples.
"""
from __future__ import annotations

import dataclasses
import enum
import re
import unicodedata
from typing import Iterator, Optional

MAX_FACT_SEGMENTS = 8  # longer hyphenated names are not checked
ABOUT_TOLERANCE = 0.05  # "about 1.9 GiB" allows 5%


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

    def matches(self, base_value: float) -> bool:
        """Whether a value in base units agrees with this quantity."""
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
    if comparison == Comparison.ABOUT:
        return abs(found - stated) <= max(0.5 * 10 ** -decimals, abs(stated) * ABOUT_TOLERANCE) + 1e-9
    return _rounds_to(found, stated, decimals)


def _rounds_to(found: float, stated: float, decimals: int) -> bool:
    """found, stated at `decimals` places: rounded ("96%" for 96.3) or cut ("2140 ms" for 2140.5)."""
    step = 10 ** -decimals
    tolerance = 1e-9 * max(1.0, abs(stated))
    if abs(found - stated) <= 0.5 * step + tolerance:
        return True
    magnitude = abs(found)
    return abs(stated) <= magnitude + tolerance and magnitude < abs(stated) + step - tolerance and \
        (found >= 0) == (stated >= 0)


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

    @property
    def is_entity(self) -> bool:
        return self.kind in _ENTITY_KINDS

    def describe(self) -> str:
        return f"{self.kind.value}: {self.text}"


_ENTITY_KINDS = frozenset(
    {FactKind.SERVICE, FactKind.INSTANCE, FactKind.IDENTIFIER, FactKind.ALERT, FactKind.ERROR_CODE}
)

_L = r"(?<![A-Za-z0-9_.\-])"
_R = r"(?![A-Za-z0-9_\-]|\.[A-Za-z0-9])"

_HTTP_STATUS = re.compile(
    r"(?<![A-Za-z0-9])(?:HTTP(?:/[0-9](?:\.[0-9])?)?|status(?:[ _]code)?|状态码|返回了?|报了?|响应)"
    r"[ \t]*(?:[:=为是][ \t]*)?([1-5][0-9]{2})(?![0-9]|\.[0-9])",
    re.IGNORECASE,
)
# "503 errors", "502 responses", "a 504", "504 Gateway Timeout"
_STATUS_WORDS = re.compile(
    r"(?<![A-Za-z0-9.:/-])([1-5][0-9]{2})[ \t]+(?:errors?|responses?|status(?:es)?|codes?|Bad Gateway|"
    r"Service Unavailable|Gateway Time-?out|Internal Server Error|Not Found|Too Many Requests|错误|响应)",
    re.IGNORECASE,
)
_STATUS_PLURAL = re.compile(r"(?<![A-Za-z0-9.:/-])([1-5][0-9]{2})s(?![A-Za-z0-9])")
_DURATION_BEFORE = re.compile(
    r"\b(?:for|after|took|takes|taking|lasting|lasted|within|in|over|under|about|around|nearly|of|wait(?:ed|ing)?|"
    r"hang(?:s|ing)?|hung|timeout|latency|duration)\s+(?:about\s+|around\s+|nearly\s+|over\s+)?$",
    re.I,
)
_ERROR_CODE = re.compile(
    _L
    + r"(?:[A-Z]{2,5}-[0-9]{3,6}"  # ORA-00001
    r"|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+"  # ERR_CONN_RESET, DEADLINE_EXCEEDED
    r"|[A-Z]{1,3}[0-9]{3,6}"  # E1234
    r"|E(?:CONNREFUSED|CONNRESET|CONNABORTED|TIMEDOUT|HOSTUNREACH|NETUNREACH"
    r"|ADDRINUSE|PIPE|NOENT|ACCES|NOSPC|NOMEM|MFILE|AGAIN)|OOMKilled|OOM)"
    + _R
)
_SERVICE = re.compile(_L + r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+" + _R)
_CAMEL = re.compile(r"(?<![A-Za-z0-9_.\-])[A-Z][A-Za-z0-9]*(?![A-Za-z0-9_\-])")
_LOWER_CAMEL = re.compile(r"(?<![A-Za-z0-9_.\-])[a-z]+(?:[A-Z][a-z0-9]+)+(?![A-Za-z0-9_\-])")
_DOTTED = re.compile(
    r"(?<![A-Za-z0-9_.\-/])(?:[a-z][a-z0-9_-]*(?:\.[a-z][a-z0-9_-]*){2,}(?:\.[A-Z][A-Za-z0-9]*)?"
    r"|[a-z][a-z0-9_-]{2,}\.(?!(?:ya?ml|json|java|py|log|txt|conf|cfg|xml|md|sh|js|ts|go|properties|ini|toml|sql|"
    r"jar|war|gz|zip|csv|html?|com|org|net|io)\b)[a-z][a-z0-9_-]{2,}(?:\.[A-Z][A-Za-z0-9]*)?)(?![A-Za-z0-9_\-]|\.[A-Za-z])")
_HOST_PORT = re.compile(
    r"(?<![A-Za-z0-9_.\-])(?:[a-z][a-z0-9.\-]*[a-z0-9]|[0-9]{1,3}(?:\.[0-9]{1,3}){3}):[0-9]{2,5}(?![0-9]|[:,][0-9]|\s*%|\.[0-9])",
    re.IGNORECASE,
)
_PATH = re.compile(r"(?<![\w.:/-])/[A-Za-z0-9_.\-{}]+(?:/[A-Za-z0-9_.\-{}]*[A-Za-z0-9_\-{}])+/?(?![\w/])")
_REGION = re.compile(r"(?<![\w-])(?:ap|us|eu|cn|sa|ca|me|af|il|na)-[a-z]+(?:-[0-9])?(?![\w-])")
_PAREN_NUMBER = re.compile(r"[（(][ \t]*([0-9]{3,})[ \t]*[)）]")
_IP = re.compile(r"(?<![0-9.])(?:[0-9]{1,3}\.){3}[0-9]{1,3}(?![0-9]|\.[0-9])")
_HUMP = re.compile(r"[A-Z][a-z0-9]+|[A-Z]+(?![a-z])")

_NUMBER = r"[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?|[0-9]+(?:\.[0-9]+)?|\.[0-9]+"
_UNIT_WORDS = {
    # time, to milliseconds
    "ns": (Dimension.TIME, 1e-6), "us": (Dimension.TIME, 1e-3), "μs": (Dimension.TIME, 1e-3),
    "ms": (Dimension.TIME, 1.0), "msec": (Dimension.TIME, 1.0), "millisecond": (Dimension.TIME, 1.0),
    "milliseconds": (Dimension.TIME, 1.0), "毫秒": (Dimension.TIME, 1.0),
    "s": (Dimension.TIME, 1000.0), "sec": (Dimension.TIME, 1000.0), "secs": (Dimension.TIME, 1000.0),
    "second": (Dimension.TIME, 1000.0), "seconds": (Dimension.TIME, 1000.0), "秒": (Dimension.TIME, 1000.0),
    "秒钟": (Dimension.TIME, 1000.0),
    "m": (Dimension.TIME, 60000.0), "min": (Dimension.TIME, 60000.0), "mins": (Dimension.TIME, 60000.0),
    "minute": (Dimension.TIME, 60000.0), "minutes": (Dimension.TIME, 60000.0),
    "分钟": (Dimension.TIME, 60000.0), "分": (Dimension.TIME, 60000.0),
    "h": (Dimension.TIME, 3600000.0), "hr": (Dimension.TIME, 3600000.0), "hrs": (Dimension.TIME, 3600000.0),
    "hour": (Dimension.TIME, 3600000.0), "hours": (Dimension.TIME, 3600000.0), "小时": (Dimension.TIME, 3600000.0),
    "d": (Dimension.TIME, 86400000.0), "day": (Dimension.TIME, 86400000.0), "days": (Dimension.TIME, 86400000.0),
    "天": (Dimension.TIME, 86400000.0),
    # ratios
    "%": (Dimension.RATIO, 0.01), "percent": (Dimension.RATIO, 0.01), "pct": (Dimension.RATIO, 0.01),
    # bytes
    "b": (Dimension.BYTES, 1.0), "bytes": (Dimension.BYTES, 1.0),
    "ki": (Dimension.BYTES, 1024.0), "kib": (Dimension.BYTES, 1024.0),
    "mi": (Dimension.BYTES, 1024.0**2), "mib": (Dimension.BYTES, 1024.0**2),
    "gi": (Dimension.BYTES, 1024.0**3), "gib": (Dimension.BYTES, 1024.0**3),
    "ti": (Dimension.BYTES, 1024.0**4), "tib": (Dimension.BYTES, 1024.0**4),
    "kb": (Dimension.BYTES, 1000.0), "mb": (Dimension.BYTES, 1000.0**2),
    "gb": (Dimension.BYTES, 1000.0**3), "tb": (Dimension.BYTES, 1000.0**4),
    # rates
    "rps": (Dimension.RATE, 1.0), "qps": (Dimension.RATE, 1.0), "tps": (Dimension.RATE, 1.0),
    "req/s": (Dimension.RATE, 1.0), "requests/s": (Dimension.RATE, 1.0), "/s": (Dimension.RATE, 1.0),
    "次/秒": (Dimension.RATE, 1.0), "个/秒": (Dimension.RATE, 1.0), "/sec": (Dimension.RATE, 1.0),
    "rpm": (Dimension.RATE, 1 / 60), "req/min": (Dimension.RATE, 1 / 60), "requests/min": (Dimension.RATE, 1 / 60),
    "/min": (Dimension.RATE, 1 / 60), "次/分钟": (Dimension.RATE, 1 / 60), "次/分": (Dimension.RATE, 1 / 60),
    "个/分钟": (Dimension.RATE, 1 / 60), "/分钟": (Dimension.RATE, 1 / 60),
}
# Decimal byte units are often written for binary ones: "512 MB" may mean 512 MiB.
_DECIMAL_BYTES_ALSO = {"kb": 1024.0, "mb": 1024.0**2, "gb": 1024.0**3, "tb": 1024.0**4}
_UNIT_ALTERNATION = "|".join(
    sorted((re.escape(u) for u in _UNIT_WORDS if u not in ("%", "/s")), key=len, reverse=True)
)
# "1.2k" is 1,200 (stated to the hundred).
_QUANTITY = re.compile(
    r"(?<![A-Za-z0-9_.\-:/#])(?<![0-9],)(" + _NUMBER + r")(k|K)?"
    r"(?:[ \t]?(%|/s)(?![A-Za-z])|[ \t]?(" + _UNIT_ALTERNATION.replace("|m|", "|(?-i:m)|") + r")(?![A-Za-z0-9_]))",
    re.IGNORECASE,
)
# "4.8M docs", "1.2k requests": a count in thousands or millions.
_SCALED_COUNT = re.compile(r"(?<![A-Za-z0-9_.\-:/#])(" + _NUMBER + r")(k|K|M)(?=[ \t]+[A-Za-z\u4e00-\u9fff])")
_ABOVE = re.compile(
    r"(?:over|above|more than|greater than|higher than|exceed(?:s|ed|ing)?|beyond|at least|surpass(?:es|ed)?"
    r"|>=?|≥|远超|超过|高于|大于|超出|以上)[ \t了过]*(?:[^\x00-\x7f0-9]{0,6}?)[ \t]*(?:the[ \t]+|a[ \t]+)?(?:[A-Za-z_ ]{0,24}?threshold[ \t]+of[ \t]+)?$",
    re.IGNORECASE,
)
_BELOW = re.compile(
    r"(?:under|below|less than|lower than|fewer than|at most|<=?|≤|低于|小于|不到|不足|以下)[ \t]*"
    r"(?:[^\x00-\x7f0-9]{0,6}?)[ \t]*(?:the[ \t]+|a[ \t]+)?"
    r"(?:[A-Za-z_ ]{0,24}?threshold[ \t]+of[ \t]+)?$", re.IGNORECASE
)
_ABOUT = re.compile(
    r"(?:about|around|approximately|approx\.?|roughly|nearly|almost|close to|~|≈|约|大约|接近|将近)[ \t]*$",
    re.IGNORECASE,
)
_ALWAYS = re.compile(r"\b(?:always|consistently|throughout|the whole|the entire|all the time|stayed|remained|"
                     r"constantly|continuously)\b|一直|始终|持续|全程|整个|都", re.I)
_ABOVE_AFTER = re.compile(r"^[ \t]*(?:\+|or more|以上|多)")
_ABOUT_AFTER = re.compile(r"^[ \t]*(?:左右|上下|or so)")
_QUERY_CONTEXT = re.compile(
    r"(?:threshold|阈值|last|past|previous|window|range|lookback|within|最近|过去|时间窗口|范围)[^.;,，。]{0,24}$",
    re.IGNORECASE,
)

_COUNT_NOUNS = (
    "restarts?|errors?|exceptions?|timeouts?|failures?|retries|retry|attempts?|entries|entry|lines?|logs?|"
    "alerts?|warnings?|pods?|replicas?|instances?|nodes?|hosts?|containers?|requests?|calls?|connections?|"
    "threads?|workers?|messages?|events?|jobs?|tasks?|times|users?|orders?|transactions?|queries|query|"
    "records?|rows?|hits?|matches|results?|documents?|chunks?|incidents?|crashes|crash|deployments?|"
    "rollbacks?|consumers?|partitions?|brokers?|shards?|sessions?|clients?|servers?|services?|endpoints?|"
    "spikes?|occurrences?|evictions?|oom ?kills?|kills?|panics?|rejections?|refusals?"
)
_QUOTED_WORDS = r"'[^'\n]{1,40}'|\"[^\"\n]{1,40}\"|\u201c[^\u201d\n]{1,40}\u201d"
_COUNT = re.compile(
    r"(?<![A-Za-z0-9_.\-:/#])([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:[ \t]+|-)(?:(?:" + _QUOTED_WORDS
    + r"|(?!(?:of|in|on|at|to|for|from|by|with|the|and|or|a|an)\b)[A-Za-z\-]+)[ \t]+){0,2}?("
    + _COUNT_NOUNS + r")\b",
    re.IGNORECASE,
)
_ZH_COUNT = re.compile(r"(?<![0-9,.])([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)[ \t]*(次|个|条|台|例|项|笔|名|位|轮)")
_NUMBER_WORDS = {
    "zero": 0, "no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20,
}
_WORD_COUNT = re.compile(
    r"\b(no|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty)[ \t]+"
    r"(?:[A-Za-z\-]+[ \t]+){0,2}?(" + _COUNT_NOUNS + r")\b",
    re.IGNORECASE,
)
# Denials are checked as such ("no errors", "no alerts firing"), not as a count of zero.
_DENIAL_NOUNS = re.compile(r"errors?|exceptions?|failures?|alerts?|warnings?|issues?|problems?", re.I)
# "没有未确认消息": none of a counted thing.
_ZH_NONE = re.compile(r"(?:没有|无)(?:任何)?[ \t]*(?![看查做用给发找收跑执行检确])([^\s，。；,.;]{0,8}?"
                      r"(?:消息|请求|连接|任务|记录|副本|节点|实例|重试|重启))")
_ID = re.compile(
    r"(?:\b(?:order|orders|id|request|req|ticket|job|build|pid|transaction|txn|user|account|incident|case|"
    r"trace|batch|invoice|payment|shipment|item|sku|task)|订单|请求|工单|用户|交易|批次)"
    r"[ \t]*(?:#|no\.?|number|id|号)?[ \t]*[:#=]?[ \t]*([0-9]{3,})(?![0-9]|\.[0-9])"
    r"|\b(?:partition|broker|shard|replica|node|worker|port|pid|exit code|code|offset|line|slot|core|cpu|gpu|"
    r"attempt|retry|version|revision|rev|release|generation|epoch|term|shard|db|database|errno|error code)s?"
    r"[ \t]*(?:#|no\.?|number|id)?[ \t]*[:#=]?[ \t]*([0-9]+)(?![0-9]|\.[0-9]|[ \t]*(?:%|ms|s\b))"
    r"|(?:分区|节点|端口|退出码|错误码|状态码|代码|偏移量?|重启次数|次数|编号|号码|行号|版本|修订版本?|第)[ \t]*[:：为是=]?[ \t]*"
    r"([0-9]+)(?![0-9]|\.[0-9])"
    r"|\b(?:part|chunk|segment|page|step|stage|row|column|attempt|batch|shard|slot|index)[ \t]+#?([0-9]+)"
    r"(?![0-9A-Za-z]|\.[0-9])",
    re.IGNORECASE,
)
_SETTING_NOUNS = (
    r"threshold|limit|timeout|interval|replicas|size|capacity|quota|retries|ttl|period|maxconn|concurrency|"
    r"max[_ ]?connections|pool[_ ]?size|max[_ ]?replicas|min[_ ]?replicas|heap[_ ]?size|batch[_ ]?size")
_SETTING = re.compile(
    r"(?<![\w-])((?:(?!(?:raise|raising|increase|increasing|set|setting|keep|keeping|lower|lowering|reduce|reducing|"
    r"bump|bumping|change|changing|the|a|an|its|their|our|to|of|on|for|and|or|with|is|was|has|have|had)\b)"
    r"[A-Za-z]+[ _-]){0,2}?"
    r"(?:" + _SETTING_NOUNS + r"))[ \t]*(?:is|of|=|:|at|to|was|set to)?[ \t]*"
    r"(" + _NUMBER + r")(?:[ \t]?((?:ms|s|m|min|h|%|mb|mib|gb|gib|kb|kib|seconds|minutes))(?![A-Za-z]))?"
    r"(?![\w%]|\.[0-9])",
    re.I)
_ZH_SETTING = re.compile(
    r"(阈值|上限|限额|超时时间|超时|间隔|副本数|最大副本数|连接数上限|池大小)[ \t]*(?:为|是|:|：|=)?[ \t]*(" + _NUMBER
    + r")[ \t]*(毫秒|秒|分钟|%|ms|s|MB|MiB|GB|GiB)?")
# "cart 服务", "the cart service": a service named by a plain word, when the evidence names it.
_NAMED_SERVICE = re.compile(r"(?<![\w-])([a-z][a-z0-9]{2,})\s*(?:服务|service\b)", re.I)
# Status words written in capitals: DOWN, UP, OPEN, CLOSED, READY, RUNNING...
_STATUS_WORD = re.compile(
    r"(?<![\w-])(DOWN|UP|OPEN|CLOSED|HALF_OPEN|READY|NOTREADY|NOT_READY|RUNNING|TERMINATED|EVICTED|"
    r"MAINT|DRAIN|NOLB|SERVING|NOT_SERVING|DEGRADED|HEALTHY|UNHEALTHY|ONLINE|OFFLINE|LEADER|FOLLOWER)(?![\w-])")
# "100,001 tombstones", "4,812 docs": a count of whatever plural noun follows.
_COUNT_ANY = re.compile(
    r"(?<![A-Za-z0-9_.\-:/#])([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)[ \t]+([a-z]{3,}s)\b(?![ \t]*(?:ago|old|long))")
_NOT_COUNT_NOUNS = frozenset("seconds minutes hours days weeks months years millis milliseconds ms times percent "
                             "bytes items was is has does".split())
# Events a claim can say happened; each with the forms a unit may show it in.
EVENT_FORMS = {
    "abort": ("abort", "中止"), "evict": ("evict", "驱逐"), "restart": ("restart", "重启", "backoff"),
    "crash": ("crash", "崩溃", "panic", "fatal", "out of memory", "exit", "oom", "sigkill", "sigsegv"),
    "kill": ("kill", "杀死", "oom", "sigkill", "137"),
    "reject": ("reject", "拒绝", "refus", "denied", "not permit", "notpermitted", "429", "409", "403"),
    "throttl": ("throttl", "限流", "rate limit", "ratelimit", "429"), "deadlock": ("deadlock", "死锁"),
    "rollback": ("roll back", "rolled back", "rollback", "回滚"), "failover": ("failover", "fail over", "切换"),
}
# Only events whose words a unit would use itself (a crash or a rejection goes by many names).
_EVENT = re.compile(
    r"\b(abort(?:ed|s|ing)?|evict(?:ed|s|ion|ing)?|restart(?:ed|s|ing)?|deadlock(?:ed|s)?|roll(?:ed)? back|rollback|"
    r"fail(?:ed)? over|failover)\b"
    r"|(中止|驱逐|重启|死锁|回滚)", re.I)
_EVENT_STEM = {"中止": "abort", "驱逐": "evict", "重启": "restart", "崩溃": "crash", "杀死": "kill", "拒绝": "reject",
               "限流": "throttl", "死锁": "deadlock", "回滚": "rollback"}
# Short codes (FRA1, AMS1, G1, az2): names when the evidence uses them.
_SHORT_CODE = re.compile(r"(?<![\w.\-/:])(?:[A-Z]{2,5}[0-9]{1,3}|[a-z]{2,5}[0-9]{1,2}[a-z]?)(?![\w\-])")
_HASH_ID = re.compile(r"(?<![A-Za-z0-9&])#([0-9]{2,})(?![0-9])")
# Hex ids (0x30001a2b3c4d0012), request ids, hashes: letters and digits mixed, 8+ long.
_TOKEN_ID = re.compile(
    r"(?<![\w.\-/:])(?:0x[0-9a-fA-F]{4,}|(?=[A-Za-z0-9]*[0-9])(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{8,})(?![\w\-])")
_BARE_VALUE = re.compile(
    r"(?:\b(?:is|was|are|were|=|of|at|reached|hit|peaked at|stood at|sits at|set to|equals|from|currently|over|above|"
    r"below|under|exceeded|exceeding|exceeds)|[:=]|为|是|达|达到|到了|升至|降至|有|共|约|超过|高于|低于|大于|小于|接近|从)"
    r"[ \t]*(" + _NUMBER + r")(?![0-9]|[.,][0-9]|[ \t]*(?:[A-Za-z%/]|[次个条台秒分小天毫]))",
    re.IGNORECASE,
)

_STATES = (
    ("firing", re.compile(r"\b(?:firing|fired|fires|triggered|is active|still active)\b|触发|告警中|正在告警", re.I)),
    ("pending", re.compile(r"\bpending\b|待触发|等待中", re.I)),
    ("resolved", re.compile(r"\b(?:resolved|cleared|recovered|no longer firing|stopped firing)\b|已恢复|已解决|已解除|恢复正常", re.I)),
)
_ALERT_CONTEXT = re.compile(r"\balert|\brule\b|告警|报警|规则", re.I)
_NEGATED_BEFORE = re.compile(
    r"(?:\bnot|\bnever|n't|\bno longer|\bnot yet|\bnor)\s+(?:\w+\s+)?$|(?:未|没有|尚未|不再|并未|没)[^\s，。；,]{0,4}\s*$",
    re.I)
_LEVELS = (
    ("ERROR", re.compile(r"\bERROR\b(?![-_])|(?i:\berror[- ](?:level|logs?|entries|entry|lines?)\b)|错误日志|错误级别")),
    ("WARN", re.compile(r"\bWARN(?:ING)?\b(?![-_])|(?i:\bwarn(?:ing)?[- ](?:level|logs?|entries|entry|lines?)\b)|警告日志")),
    ("FATAL", re.compile(r"\bFATAL\b(?![-_])|(?i:\bfatal[- ](?:level|logs?|entries)\b)")),
    ("INFO", re.compile(r"\bINFO\b(?![-_])|(?i:\binfo[- ](?:level|logs?|entries)\b)")),
    ("DEBUG", re.compile(r"\bDEBUG\b(?![-_])")),
)
_LEVEL_CASE = re.compile(r"\b(?:ERROR|WARN|WARNING|FATAL|INFO|DEBUG)\b")

_SERVICE_WORDS = frozenset(
    "service svc srv server api app gateway gw proxy worker db database cache redis mysql "
    "postgres pg mongo kafka queue mq consumer producer scheduler cron job daemon controller "
    "operator backend frontend web bff lb ingress auth broker cluster node pod deployment "
    "replica primary shard storage store registry etl pipeline indexer search nginx envoy "
    "grpc rpc center centre hub engine manager".split()
)
_ADJECTIVE_WORDS = frozenset(
    "side based level wide related driven oriented backed friendly specific like aware "
    "facing bound heavy free only safe style type scoped native first centric time term".split()
)
_ALERT_WORDS = frozenset(
    "high low error errors rate latency down crash crashing looping loop failed failing "
    "failure fail alert memory cpu disk full pressure slow timeout restart restarting oom "
    "killed saturation budget burn unavailable unhealthy unreachable lag backlog throttling "
    "spike usage quota exhausted expiring exception back off backoff".split()
)
_NOT_INSTANCES = frozenset({"utf-8", "utf-16", "sha-1", "sha-256", "sha-512", "iso-8859-1", "x-86", "x86-64", "gpt-4"})
_VERSION = re.compile(r"(?<![A-Za-z0-9])(?:v[0-9]+(?:\.[0-9]+){1,3}|[0-9]+(?:\.[0-9]+){2,3})(?:-[A-Za-z0-9.]+)?(?![0-9])")
_TIME_OR_DATE = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[T ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?(?:Z|[+-][0-9]{2}:?[0-9]{2})?)?"
    r"|(?<![A-Za-z0-9.\-])[0-9]{1,2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?(?:[ \t]*(?:UTC|GMT|CST|[AaPp][Mm]))?"
    r"|[0-9]{1,2}/[0-9]{1,2}(?:/[0-9]{2,4})?"
    r"|[0-9]{4}年(?:[0-9]{1,2}月(?:[0-9]{1,2}日)?)?|[0-9]{1,2}月[0-9]{1,2}日|[0-9]{1,2}[点時时](?:[0-9]{1,2}分?)?"
    r"|\b(?:19|20)[0-9]{2}\b"
)


_CLOCK = re.compile(
    r"(?<![\w:.\-/])([0-2]?[0-9]):([0-5][0-9])(?::[0-5][0-9](?:\.[0-9]+)?)?(?![0-9])"
    r"(?:\s*[(（]?\s*(UTC|GMT|Z|CST|北京时间|\+08:?00|UTC\+8)\s*[)）]?)?",
    re.I,
)
_UTC8 = ("cst", "北京时间", "+08:00", "+0800", "utc+8")


def normalize(text: str) -> str:
    """NFKC, so full-width digits and letters read as ASCII."""
    return unicodedata.normalize("NFKC", text)


def extract_facts(text: str) -> tuple[Fact, ...]:
    """The checkable facts of one claim, first occurrence first, without repeats."""
    text = normalize(text)
    masked = _mask(text, _TIME_OR_DATE)
    masked = _mask(masked, _VERSION)
    found: dict[tuple[FactKind, str], tuple[int, Fact]] = {}
    taken: list[tuple[int, int]] = []
    for start, end, fact in _facts(text, masked):
        if any(start < t_end and t_start < end for t_start, t_end in taken):
            continue
        taken.append((start, end))
        found.setdefault((fact.kind, fact.key), (start, fact))
    return tuple(fact for _, fact in sorted(found.values(), key=lambda pair: pair[0]))


def _mask(text: str, pattern: re.Pattern[str]) -> str:
    return pattern.sub(lambda m: " " * len(m.group(0)), text)


def _facts(text: str, masked: str) -> Iterator[tuple[int, int, Fact]]:
    """Facts in priority order: a later fact overlapping an earlier one is dropped."""
    for pattern in (_SETTING, _ZH_SETTING):
        for m in pattern.finditer(masked):
            fact = _setting(m)
            if fact is not None:
                yield m.start(), m.end(), fact
    for m in _CLOCK.finditer(text):
        hour, minute, zone = int(m.group(1)), int(m.group(2)), (m.group(3) or "").lower()
        if hour < 24:
            # The time as written, and in UTC when the draft names an offset.
            written = hour * 60 + minute
            utc = (written - 480) % (24 * 60) if zone in _UTC8 else written
            yield m.start(), m.end(), Fact(FactKind.TIME, m.group(0).strip(), f"{written},{utc}")
    for m in _HOST_PORT.finditer(text):
        yield m.start(), m.end(), Fact(FactKind.INSTANCE, m.group(0), m.group(0).lower(), Scope.SUBJECT)
    for m in _PATH.finditer(masked):
        yield m.start(), m.end(), Fact(FactKind.IDENTIFIER, m.group(0), m.group(0).lower(), Scope.SUBJECT)
    for m in _REGION.finditer(text):
        yield m.start(), m.end(), Fact(FactKind.INSTANCE, m.group(0), m.group(0), Scope.QUERY)
    for m in _PAREN_NUMBER.finditer(masked):
        yield m.start(1), m.end(1), Fact(FactKind.ID, m.group(0), m.group(1))
    for m in _IP.finditer(text):
        yield m.start(), m.end(), Fact(FactKind.INSTANCE, m.group(0), m.group(0), Scope.SUBJECT)
    for m in _HTTP_STATUS.finditer(masked):
        yield m.start(), m.end(), _status(m.group(0), m.group(1))
    for m in _STATUS_WORDS.finditer(masked):
        yield m.start(1), m.end(1), _status(m.group(0), m.group(1))
    for m in _STATUS_PLURAL.finditer(masked):
        seconds = Fact(FactKind.QUANTITY, m.group(0), m.group(0),
                       quantity=Quantity(Dimension.TIME, float(m.group(1)), 1000.0, 0))
        before = masked[max(0, m.start() - 24):m.start()]
        if _DURATION_BEFORE.search(before):
            yield m.start(), m.end(), seconds
        else:
            yield m.start(), m.end(), dataclasses.replace(_status(m.group(0), m.group(1)), alternatives=(seconds,))
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
            yield m.start(), m.end(), fact
    for m in _CAMEL.finditer(text):
        fact = _alert(m.group(0))
        if fact is not None:
            yield m.start(), m.end(), fact
    for m in _LOWER_CAMEL.finditer(text):
        yield m.start(), m.end(), Fact(FactKind.IDENTIFIER, m.group(0), m.group(0).lower(), Scope.SUBJECT, soft=True)
    for m in _ID.finditer(masked):
        group = next(g for g in (1, 2, 3, 4) if m.group(g))
        yield m.start(group), m.end(group), Fact(FactKind.ID, m.group(0), _plain_number(m.group(group)))
    for m in _SHORT_CODE.finditer(masked):
        yield m.start(), m.end(), Fact(FactKind.IDENTIFIER, m.group(0), m.group(0).lower(), Scope.SUBJECT, soft=True)
    for m in _TOKEN_ID.finditer(masked):
        token = m.group(0)
        digits = sum(ch.isdigit() for ch in token)
        if token.startswith("0x") or (digits >= 2 and digits >= len(token) * 0.2):  # not "Resilience4j"
            yield m.start(), m.end(), Fact(FactKind.IDENTIFIER, token, token.lower(), Scope.SUBJECT)
    for m in _HASH_ID.finditer(masked):
        yield m.start(), m.end(), Fact(FactKind.ID, m.group(0), _plain_number(m.group(1)))
    for m in _SCALED_COUNT.finditer(masked):
        number = m.group(1)
        decimals = len(number.split(".")[1]) if "." in number else 0
        scale, shift = (1e3, 3) if m.group(2) in "kK" else (1e6, 6)
        yield m.start(), m.end(), Fact(FactKind.QUANTITY, m.group(0), m.group(0), quantity=Quantity(
            Dimension.NUMBER, float(_plain_number(number)) * scale, 1.0, decimals - shift,
            _comparison(masked, m.start(), m.end())))
    for m in _NAMED_SERVICE.finditer(masked):
        yield m.start(1), m.end(1), Fact(FactKind.SERVICE, m.group(1), m.group(1).lower(), Scope.SUBJECT, soft=True)
    for m in _EVENT.finditer(text):
        word = m.group(0).lower()
        stem = _EVENT_STEM.get(word) or next(
            (k for k in EVENT_FORMS if word.startswith(k) or word.replace(" ", "").startswith(k.replace(" ", ""))),
            "rollback" if "back" in word else "failover" if "over" in word else word)
        if not _NEGATED_BEFORE.search(text, max(0, m.start() - 16), m.start()):
            yield m.start(), m.end(), Fact(FactKind.EVENT, m.group(0), stem, Scope.SUBJECT, soft=True)
    for m in _STATUS_WORD.finditer(text):
        yield m.start(), m.end(), Fact(FactKind.IDENTIFIER, m.group(0), m.group(0).lower(), Scope.RESULT)
    for m in _COUNT.finditer(masked):
        yield m.start(1), m.end(1), _count(m.group(0), m.group(1), m.group(2), masked, m.start())
    for m in _COUNT_ANY.finditer(masked):
        if m.group(2).lower() not in _NOT_COUNT_NOUNS and m.group(2).lower()[:-1] not in _UNIT_WORDS:
            yield m.start(1), m.end(1), _count(m.group(0), m.group(1), m.group(2), masked, m.start())
    for m in _WORD_COUNT.finditer(masked):
        word, noun = m.group(1).lower(), m.group(2)
        if word in ("no", "zero") and _DENIAL_NOUNS.fullmatch(noun):
            continue
        if word != "one" or noun.lower().endswith("s"):
            number = str(_NUMBER_WORDS[word])
            yield m.start(1), m.end(1), _count(m.group(0), number, noun, masked, m.start())
    for m in _ZH_NONE.finditer(masked):
        yield m.start(), m.end(), _count(m.group(0), "0", m.group(1), masked, m.start())
    for m in _ZH_COUNT.finditer(masked):
        yield m.start(1), m.end(1), _count(m.group(0), m.group(1), m.group(2), masked, m.start())
    for m in _BARE_VALUE.finditer(masked):
        number = m.group(1)
        decimals = len(number.split(".")[1]) if "." in number else 0
        value = float(number.replace(",", ""))
        scope = Scope.QUERY if _QUERY_CONTEXT.search(masked, 0, m.start(1)) else Scope.RESULT
        yield m.start(1), m.end(1), Fact(
            FactKind.QUANTITY, number, number, scope,
            quantity=Quantity(Dimension.NUMBER, value, 1.0, decimals, _comparison(masked, m.start(1), m.end(1))))
    alert_context = _ALERT_CONTEXT.search(text) is not None or any(
        _alert(m.group(0)) is not None for m in _CAMEL.finditer(text))
    for name, pattern in _STATES if alert_context else ():
        for m in pattern.finditer(text):
            negated = _NEGATED_BEFORE.search(text, max(0, m.start() - 16), m.start())
            yield m.start(), m.end(), Fact(FactKind.STATE, m.group(0), "!" + name if negated else name)
    for name, pattern in _LEVELS:
        for m in pattern.finditer(text):
            yield m.start(), m.end(), Fact(FactKind.LEVEL, m.group(0), name)


def _setting(m: re.Match[str]) -> Optional[Fact]:
    name = " ".join(re.split(r"[ _-]+", m.group(1).strip().lower()))
    number, unit = m.group(2), (m.group(3) or "").lower()
    if unit in ("毫秒",):
        unit = "ms"
    elif unit in ("秒",):
        unit = "s"
    elif unit in ("分钟",):
        unit = "min"
    dimension, factor = _UNIT_WORDS.get(unit, (Dimension.NUMBER, 1.0)) if unit else (Dimension.NUMBER, 1.0)
    decimals = len(number.split(".")[1]) if "." in number else 0
    return Fact(FactKind.SETTING, m.group(0).strip(), name, Scope.SUBJECT,
                quantity=Quantity(dimension, float(_plain_number(number)), factor, decimals))


def _error_rate_context(text: str, end: int) -> bool:
    return re.match(r"[ \t]*(?:rate|ratio|budget|percentage)", text[end:end + 16], re.I) is not None


def _status(text: str, code: str) -> Fact:
    # What a call was about may be a status ("code=\"429\"" in its query): SUBJECT.
    return Fact(FactKind.HTTP_STATUS, text, code, Scope.SUBJECT)


def _service(name: str) -> Optional[Fact]:
    lowered = name.lower()
    if lowered in _NOT_INSTANCES or lowered.count("-") + lowered.count("_") >= MAX_FACT_SEGMENTS:
        return None
    segments = re.split(r"[-_]", lowered)
    if "_" in name:
        # A snake_case name is a metric, a setting or a service: it binds when the evidence names it.
        return Fact(FactKind.IDENTIFIER if lowered.endswith(("_total", "_seconds", "_bytes", "_count", "_sum",
                                                               "_bucket", "_ratio")) else FactKind.SERVICE,
                    name, lowered, Scope.SUBJECT, soft=True)
    if any(re.search(r"[0-9]", s) for s in segments[1:]) and len(segments[0]) >= 2:
        return Fact(FactKind.INSTANCE, name, lowered, Scope.SUBJECT)
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


def _plain_number(raw: str) -> str:
    return raw.replace(",", "")


def _count(text: str, number: str, noun: str, context: str, start: int) -> Fact:
    value = float(_plain_number(number))
    scope = Scope.QUERY if _QUERY_CONTEXT.search(context, 0, start) else Scope.RESULT
    words = re.findall(r"[A-Za-z]{3,}", text[len(number):])
    return Fact(FactKind.COUNT, text, _plain_number(number), scope,
                quantity=Quantity(Dimension.NUMBER, value, 1.0, 0, _comparison(context, start, start + len(number))),
                noun=" ".join(w.lower() for w in words) or noun.lower())


_QUALIFIER_AFTER = re.compile(r"^[ \t-]*(?:load|rate|average|avg|window|mean|负载|平均|均值|内|窗口)", re.I)


def _quantity_fact(text: str, m: re.Match[str]) -> Optional[Fact]:
    number, thousands, unit = m.group(1), m.group(2), (m.group(3) or m.group(4)).lower()
    if unit not in _UNIT_WORDS:
        return None
    if thousands and unit in ("b", "m", "d", "s"):
        return None  # "5kb" is a unit of its own, "3ks" is not a number
    if _UNIT_WORDS[unit][0] == Dimension.TIME and _QUALIFIER_AFTER.match(text[m.end():m.end() + 8]):
        return None  # "1-minute load", "5m rate": names a series, states nothing
    if unit in ("m", "d", "b") and not re.fullmatch(r"[0-9.]+", number):
        return None
    dimension, factor = _UNIT_WORDS[unit]
    decimals = len(number.split(".")[1]) if "." in number else 0
    value = float(_plain_number(number))
    if thousands:
        value, decimals = value * 1000, decimals - 3
    alternatives = (_DECIMAL_BYTES_ALSO[unit],) if unit in _DECIMAL_BYTES_ALSO else ()
    scope = Scope.QUERY if _QUERY_CONTEXT.search(text, 0, m.start()) else Scope.RESULT
    return Fact(FactKind.QUANTITY, m.group(0), m.group(0).lower(), scope,
                quantity=Quantity(dimension, value, factor, decimals, _comparison(text, m.start(), m.end()),
                                  alternatives))


def _comparison(text: str, start: int, end: int) -> Comparison:
    before = text[max(0, start - 48):start]
    after = text[end:end + 12]
    above = _ABOVE.search(before)
    below = _BELOW.search(before)
    cue = above or below
    if cue is not None:
        negated = _NEGATED_BEFORE.search(before, max(0, cue.start() - 16), cue.start()) is not None
        # "did not exceed 85%" is at most 85%; "not below 2 GiB" at least 2 GiB.
        upward = bool(above) != negated
        if _ALWAYS.search(before):
            return Comparison.ALWAYS_ABOVE if upward else Comparison.ALWAYS_BELOW
        return Comparison.ABOVE if upward else Comparison.BELOW
    if _ABOVE_AFTER.match(after):
        return Comparison.ABOVE
    if _ABOUT.search(before) or _ABOUT_AFTER.match(after):
        return Comparison.ABOUT
    return Comparison.EQUAL
