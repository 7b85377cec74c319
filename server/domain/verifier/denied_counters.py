"""A kind of thing said not to have happened ("there are no write failures", "no sync errors", "没有写入失败") is read
against the counters the subject's records keep of it: a numeric field whose name holds every denied word
(`doc_write_failures: 23`, `syncErrors=4`) above zero contradicts the claim. A field of a limit or a setting
(`max_write_failures`, `write_failure_threshold`) counts nothing, and a counter at zero agrees.

The denied words are the two or three words right after "no", "zero", "without any", or a Chinese 写入/读取/复制/同步/
推送 with 失败/重试/…  after "没有", "无", "零", read as tools name their counters (写入 write, 失败 failure, 重试
retry, 错误 error). One word alone ("no restarts", "0 errors") is read by the other checks. The subject is the
claim's names: a record must name each of them (or its call have asked it); a claim that names none ("the other
two have no write failures") decides nothing here.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import Fact
from evidence_trace.server.domain.verifier.subject_binding import names_subject
from evidence_trace.server.domain.verifier.units import Strength, Unit

_DENIED = re.compile(
    r"\b(?:no|zero|without(?:[ \t]+any)?|none\b[^.;:]{0,40}?\b(?:has|have|had|shows?|reports?)[ \t]+any)[ \t]+"
    r"((?:[a-z][a-z-]*[ \t]+){1,3}[a-z][a-z-]*s)\b"
    r"|(?:没有|无|零)(?:任何)?[ \t]*((?:写入|读取|复制|同步|推送)(?:失败|重试|重启|错误|超时|丢弃|拒绝)"
    r"|(?:重新分配|重新映射|重映射|待映射|待处理)的?扇区)",
    re.I,
)
_ZH_WORDS = {
    "写入": "write",
    "读取": "read",
    "复制": "replication",
    "同步": "sync",
    "推送": "push",
    "失败": "failure",
    "重试": "retry",
    "重启": "restart",
    "错误": "error",
    "超时": "timeout",
    "丢弃": "drop",
    "拒绝": "reject",
    "重新分配": "reallocat",  # a disk's SMART attributes (Reallocated_Sector_Ct, Current_Pending_Sector)
    "重新映射": "reallocat",
    "重映射": "reallocat",
    "待映射": "pending",
    "待处理": "pending",
    "扇区": "sector",
}
_NOT_DENIED = frozenset("any more new other such further recent".split())
_LIMIT = frozenset("max min maximum minimum limit threshold allowed budget retention tolerance".split())
_COUNTER = re.compile(r"[\"']?([A-Za-z][A-Za-z0-9_.]*)[\"']?[ \t]*[:=][ \t]*\"?([0-9]+)(?![0-9.])")
# a row of `smartctl -A`: ID, ATTRIBUTE_NAME, FLAG, VALUE, WORST, THRESH, TYPE, UPDATED, WHEN_FAILED, then RAW_VALUE
_SMART_ROW = re.compile(
    r"^[ \t]*[0-9]{1,3}[ \t]+([A-Za-z][A-Za-z0-9_-]+)[ \t]+0x[0-9a-fA-F]{4}(?:[ \t]+\S+){6}[ \t]+([0-9]+)", re.M
)


def _stem(word: str) -> str:
    word = word.lower()
    for ending, base in (("ies", "y"), ("ures", "ure"), ("ed", ""), ("s", "")):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            return word[: -len(ending)] + base
    return word


def _words(key: str) -> list[str]:
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", key)
    return [_stem(w) for w in re.split(r"[^A-Za-z0-9]+", spaced) if w]


def denied_words(text: str) -> list[list[str]]:
    """The stemmed words of each thing the claim says did not happen."""
    found = []
    for m in _DENIED.finditer(text):
        if m.group(1):
            # "reallocated or pending sectors": each kind with the noun; "errors or warnings": two nouns, each alone
            *kinds, last = re.split(r"[ \t]+(?:or|and)[ \t]+", m.group(1))
            noun = [] if any(k.endswith("s") for k in kinds) else last.split()[-1:]
            for phrase in (*(f"{k} {' '.join(noun)}" for k in kinds), last):
                words = [_stem(w) for w in phrase.split() if w.lower() not in _NOT_DENIED]
                if len(words) >= 2:  # a kind of a thing ("write failures"); "no restarts" is read elsewhere
                    found.append(words)
        else:
            phrase = m.group(2)
            found.append(
                [_ZH_WORDS[z] for z in _ZH_WORDS if z in phrase and not (z == "重映射" and "重新映射" in phrase)]
            )
    return found


def counter_rival(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A record of the claim's subject whose counter of a thing the claim denies is above zero, or None."""
    denied = denied_words(text)
    if not denied:
        return None
    names = [f for f in facts if f.is_entity]
    if not names:
        return None  # no subject named: "the other two have no write failures" is of records it does not name
    for index in evidence.rows():
        question = evidence.question(index)
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or unit.kind == "input":
                continue
            if not names_subject(names, unit, question):
                continue
            for key, value in _COUNTER.findall(unit.text) + _SMART_ROW.findall(unit.text):
                words = _words(key)
                if int(value) > 0 and not _LIMIT & set(words) and any(set(d) <= set(words) for d in denied):
                    return unit
    return None
