"""Vocabulary tables of the facts added for failing closed: actors, unread units and recovery words.

Each is data the patterns are generated from: a new word is a new entry.
"""

from __future__ import annotations

import re

from evidence_trace.server.domain.verifier.fact_patterns import _NUMBER

# "deployed by ci-bot", "rolled back by alice", "由 ci-bot 发布": who did it (an actor the evidence must name).
_ACTOR = re.compile(
    r"\b(?:deployed|released|rolled[ \t]+back|rolled[ \t]+out|pushed|merged|triggered|approved|restarted|scaled|"
    r"applied|changed|started|initiated|executed|run|ran)[ \t]+by[ \t]+@?([A-Za-z][\w.\-@]*[\w])"
    r"|由[ \t]*@?([A-Za-z][\w.\-@]*[\w])[ \t]*(?:发布|部署|回滚|触发|执行|上线|变更|重启|扩容|缩容|发起)"
)
# A number followed by a unit-like word the vocabulary does not know ("3 widgets/s", "12 fps"): unread.
_UNREAD = re.compile(
    r"(?<![A-Za-z0-9_.\-:/#])(" + _NUMBER + r")[ \t]?([A-Za-z]{1,12}(?:/[A-Za-z]{1,12})?)(?![A-Za-z0-9_])"
)
# Recovery, said of anything (an alert's "resolved" is read with the alert states): the evidence must show it.
RECOVERY_WORDS = (
    "resolved",
    "recovered",
    "recovering",
    "back to normal",
    "returned to normal",
    "healthy again",
    "restored",
    "succeeded again",
    "back up",
    "已恢复",
    "恢复正常",
    "已解决",
    "已修复",
    "恢复了",
)
_RECOVERED = re.compile(
    r"\b(?:(?:has|have|had|was|were|is|are|been)[ \t]+(?:been[ \t]+)?)?(?:resolved|recovered|restored)\b"
    r"|\bback to normal\b|\breturned to normal\b|\bhealthy again\b|已恢复|恢复正常|已解决|已修复|恢复了",
    re.I,
)
RECOVERY_IN_UNIT = re.compile("|".join(re.escape(w) for w in RECOVERY_WORDS))
# A rate of any plural noun: "310 docs/s", "312 keys/s", "1,200 rows/min", "40 条/秒" is in the unit table.
NOUN_RATE_PER = {"s": 1.0, "sec": 1.0, "second": 1.0, "min": 1 / 60, "minute": 1 / 60}
NOUN_RATE = re.compile(
    r"(?<![A-Za-z0-9_.\-:/#])("
    + _NUMBER
    + r")(k|K)?[ \t]?([A-Za-z]{2,20}s)[ \t]?/[ \t]?(s|sec|second|min|minute)(?![A-Za-z])"
)

# Workload states (Kubernetes pod phases and container reasons): the canonical spelling the tools print, and
# how drafts write them. A state a unit of the subject shows in its canonical spelling contradicts another.
WORKLOAD_STATES: dict[str, tuple[str, ...]] = {
    "CrashLoopBackOff": (r"CrashLoopBackOff", r"crash[ -]?loop(?:ing|s)?", r"崩溃循环", r"反复崩溃"),
    "ImagePullBackOff": (
        r"ImagePullBackOff",
        r"ErrImagePull",
        r"image[ -]pull (?:back-?off|errors?|fail\w*)",
        r"镜像拉取失败",
    ),
    "Pending": (r"(?<![a-z])Pending(?= (?:state|phase|pods?)|\b)", r"处于 ?Pending", r"一直 ?Pending"),
    "Running": (r"(?<![a-z])Running\b", r"处于 ?Running", r"处于运行状态"),
    "Terminating": (r"(?<![a-z])Terminating\b",),
    "Completed": (r"(?<![a-z])Completed\b",),
    "NotReady": (r"NotReady", r"not ready", r"未就绪"),
}
WORKLOAD_STATE_PATTERNS = {
    name: re.compile("|".join(forms), re.I if name in ("CrashLoopBackOff", "ImagePullBackOff", "NotReady") else 0)
    for name, forms in WORKLOAD_STATES.items()
}
