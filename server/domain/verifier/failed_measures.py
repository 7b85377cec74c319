"""What a claim says of a measure only a failed call was asked for: "CPU stayed flat before the restart" where the
one CPU call (`cloudwatch get-metric-statistics --metric-name CPUUtilization`) timed out.

A measure word the claim states (CPU, memory, disk, IOPS, latency, throughput, network; CPU、内存、磁盘、延迟、吞吐、
网络) that some failed call of the session asked about, and that no other call asked about or shows, is told from
nothing: the claim's other facts may ground (the restart another call shows), but what it says of that measure
rests on a call that returned nothing. Such a claim is not grounded. A claim that tells the failure itself ("the
CPU query timed out", "CPU 指标没拿到") is a finding about the call, not about the measure, and is left to the
gap and failure checks.

So is a denial of errors said of a subject whose only log search failed: "order-sync-01 is running (state code
16), and order-sync logged no errors between 01:50 and 02:30" grounds its values on the instance's state, but no
search of order-sync's logs answered, so its "no errors" is told from nothing. And so is a thing said to be absent
by its noun ("OnCall has no alert group for it", "没有 es-data-4 的 alert group") where the one call that asked for
that noun (`GET /api/v1/alert_groups/`, its params or its error's URL) failed and no other call shows or asks it;
said plainly too ("No IP addresses are allocated", "目前没有任何 IP 地址分配记录": a Chinese noun by its English stem).
"""

from __future__ import annotations

import json
import re
from typing import Sequence

from evidence_trace.server.domain.model import Outcome
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches
from evidence_trace.server.domain.verifier.fact_model import Fact
from evidence_trace.server.domain.verifier.special_checks import NEGATED_ERRORS
from evidence_trace.server.domain.verifier.units import Family, family_of

# a measure as a claim writes it, and the stems a call's question or output spells it with
_MEASURES: dict[str, tuple[str, ...]] = {
    r"\bCPU\b": ("cpu",),
    r"\bmemory\b|内存": ("memory", "mem_", "heap"),
    r"\bdisk\b|磁盘": ("disk", "volume", "filesystem"),
    r"\bIOPS\b": ("iops", "readops", "writeops"),
    r"\blatency\b|延迟|时延": ("latency", "duration", "response_time", "p99", "p95"),
    r"\bthroughput\b|吞吐": ("throughput", "bytes", "rate"),
    r"\bnetwork\b|网络流量": ("network", "bytes", "packets"),
}
_PATTERNS = tuple((re.compile(p, re.I), stems) for p, stems in _MEASURES.items())
# the claim tells the failure ("timed out", "could not be read", "没拿到"): a finding about the call
_FAILURE_TOLD = re.compile(
    r"\b(?:time[sd]?[ -]?out|timing out|fail(?:s|ed|ing)?|error(?:ed)?|unavailable|could ?n[o']t|"
    r"can ?n[o']t|cannot|unable|no data|not (?:available|checked|captured|read))\b"
    r"|超时|失败|报错|出错|没拿到|拿不到|无法|没有数据|无数据|未能|不可用|没查到",
    re.I,
)

# "没有报错", "未见 ERROR", "无异常": a Chinese denial of errors
_ZH_NO_ERRORS = re.compile(r"(?:没有|没|无|未见|未发现|不存在)[^，。；,;]{0,6}?(?:报错|错误|异常|ERROR)")


def failed_measure(text: str, evidence: Evidence, facts: Sequence[Fact] = ()) -> str:
    """Why a grounded claim's measure, or its denial of errors, rests on a failed call only; "" when neither does."""
    if _FAILURE_TOLD.search(text):
        return ""
    if NEGATED_ERRORS.search(text) or _ZH_NO_ERRORS.search(text):
        search = _failed_search([f for f in facts if f.is_entity], evidence)
        if search:
            return f"its denial of errors rests only on a log search that failed ({search})"
    denied, chinese = _DENIED_THING.search(text), _ZH_DENIED.search(text)
    said = (denied.group(1) or denied.group(2)) if denied else ""  # "OnCall has no alert group for it"
    said = said or (f"{chinese.group(1) or ''} {_ZH_NOUNS[chinese.group(2)]}" if chinese else "")  # "没有任何快照"
    if said:
        words = _PREPOSITION.split(said.lower())[0].split()  # ("alert group" for it)
        joined = ("_".join(words), "-".join(words), "".join(words), " ".join(words))
        failed, shown = _asked_by(joined, evidence)
        if failed and not shown:
            return f"its denial of {' '.join(words)} rests only on a call that failed ({failed[0]})"
    keys = [key for key in _KEYED_FIGURE.findall(text) if key.lower() not in _PLAIN_KEYS]  # ("HTTP 503": no key)
    for key in keys:  # "the queue is empty (LLEN 0)" where the one `LLEN` call failed
        failed, shown = _asked_by((key.lower(),), evidence, whole=True)
        if failed and not shown:
            return f"its {key} figure rests only on a call that failed ({failed[0]})"
    for pattern, stems in _PATTERNS:
        said = pattern.search(text)
        if said is None:
            continue
        failed, shown = _asked_by(stems, evidence)
        if failed and not shown:
            return f"what it says of {said.group(0)} rests only on a call that failed ({failed[0]})"
    return ""


def _failed_search(names: Sequence[Fact], evidence: Evidence) -> str:
    """The failed log search asked about one of the names, when no log search about them answered; else ""."""
    failed = ""
    for index in evidence.rows():
        row, question = evidence.row(index), evidence.question(index)
        if family_of(row.tool_name) not in (Family.LOGS, Family.TRACES) or question is None:
            continue
        if any(matches(f, question) for f in names):
            if row.outcome != Outcome.FAILED:
                return ""
            failed = failed or row.invocation_id
    return failed


# a thing said to be absent by its noun, in a few plain words: "has no alert group", "returned no matching rules",
# "没有 es-data-4 的 alert group"; the noun is what a call that would list it asked for
_DENIED_THING = re.compile(
    r"(?:\b(?:has|have|had|shows?|showed|returned|returns|lists?|listed|contains?|found)[ \t]+|^[ \t]*(?:there[ \t]+"
    r"(?:are|were|is|was)[ \t]+)?)no[ \t]+((?:[a-z][a-z-]+[ \t]+){0,2}[a-z][a-z-]+?)s?\b(?![ \t]*[0-9])"
    r"|(?:没有|无)[^，。；,;\n]{0,24}?的[ \t]*([A-Za-z][A-Za-z-]+(?:[ \t]+[A-Za-z][A-Za-z-]+){0,2})",
    re.I,
)
# a Chinese noun of a thing a call lists, and the stems a call's path or parameters spell it with ("IP 地址" of
# `/api/ipam/ip-addresses/`): "目前没有任何 IP 地址分配记录", "没有告警"
_ZH_NOUNS = {
    "地址": "address",
    "告警": "alert",
    "事件": "event",
    "快照": "snapshot",
    "备份": "backup",
    "会话": "session",
    "证书": "cert",
    "规则": "rule",
    "镜像": "image",
    "副本": "replica",
    "用户": "user",
}
_ZH_DENIED = re.compile(
    r"(?:没有|不存在|未见)(?:任何|一条|一个)?[ \t]*([A-Za-z][A-Za-z0-9]{0,11})?[ \t]*(" + "|".join(_ZH_NOUNS) + ")"
)

_PREPOSITION = re.compile(r"\b(?:for|on|in|at|of|to|from|with|since|by|after|before|yet|are|is|was|were|ha[sd]|have)\b")


def _asked_by(stems: Sequence[str], evidence: Evidence, whole: bool = False) -> tuple[list[str], bool]:
    """(the failed calls that asked for one of the stems, whether another call shows or asked for one of them);
    whole: a stem the failed call asked as a word of its own (a command's `LLEN`)."""
    failed = []
    for index in evidence.rows():
        row = evidence.row(index)
        if row.outcome == Outcome.FAILED:  # what it asked, its error's URL too (not the words of its error)
            asked = (
                json.dumps(row.params, ensure_ascii=False) + " " + " ".join(_URL.findall(row.error_message))
            ).lower()
            if any(
                re.search(rf"(?<![\w-]){re.escape(stem)}(?![\w-])", asked) if whole else stem in asked for stem in stems
            ):
                failed.append(row.invocation_id)
        elif any(stem in evidence.raw(index) for stem in stems):  # its output and parameters, lower-cased
            return failed, True
    return failed, False


_URL = re.compile(r"https?://\S+")
# a figure keyed by a command or a field as a tool writes it ("LLEN 0", "XLEN=12", "queue_depth: 0")
_KEYED_FIGURE = re.compile(
    r"(?<![\w.-])([A-Z][A-Z]{2,}|[a-z][a-z0-9]*(?:_[a-z0-9]+)+)[ \t]*(?:[:=]|is|为|是)?[ \t]*(?=[0-9])"
)
_PLAIN_KEYS = frozenset("http https utc gmt cst tcp udp pid uid gid".split())
