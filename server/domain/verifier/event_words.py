"""The events a claim can say happened ("restarted", "回滚", "went offline", "重试"), each with the forms a
unit may show it in, and the words that name them in both languages (vocabulary as data: adding an event
is a line in EVENT_FORMS, its words in _EVENT and, for Chinese or irregular forms, _EVENT_STEM).
"""

from __future__ import annotations

import re

# Events a claim can say happened; each with the forms a unit may show it in.
EVENT_FORMS = {
    "abort": ("abort", "中止"),
    "evict": ("evict", "驱逐"),
    "restart": ("restart", "重启", "backoff"),
    "crash": ("crash", "崩溃", "panic", "fatal", "out of memory", "exit", "oom", "sigkill", "sigsegv"),
    "kill": ("kill", "杀死", "oom", "sigkill", "137"),
    "reject": ("reject", "拒绝", "refus", "denied", "not permit", "notpermitted", "429", "409", "403"),
    "throttl": ("throttl", "限流", "rate limit", "ratelimit", "429"),
    "deadlock": ("deadlock", "死锁"),
    "rollback": ("roll back", "rolled back", "rollback", "回滚", "revert", "undo"),
    "failover": ("failover", "fail over", "切换"),
    "retry": ("retry", "retried", "retries", "retrying", "重试"),
    "offline": (
        "offline",
        "下线",
        "went down",
        "shut down",
        "shutdown",
        "fenced",
        "node failed",
        "node left",
        "left the",
        "left topology",
        "dropped out",
        "dropped from",
        "掉线",
        "脱离",
    ),
    "migrat": ("migrat", "迁移", "moved", "reassign", "elect"),
}
# Only events whose words a unit would use itself (a crash or a rejection goes by many names).
_EVENT = re.compile(
    r"\b(abort(?:ed|s|ing)?|evict(?:ed|s|ion|ing)?|restart(?:ed|s|ing)?|deadlock(?:ed|s)?|roll(?:ed)? back|rollback|"
    r"fail(?:ed)? over(?![ \t]+(?:the|a|an|last|past|[0-9]))|failover|retr(?:y|ied|ies|ying)|(?:went|taken|gone|go) offline|migrat(?:ed|ion|ing|es|e))\b"
    # a member dropping out of its cluster: "dropped out of the topology", "left the ring", "从集群中掉线"
    r"|\b(?:dropped out|dropped off|fell out|left)(?=[ \t]+(?:of[ \t]+)?the[ \t]+(?:cluster|topology|ring|quorum|group|pool)\b)"
    r"|(中止|驱逐|重启|死锁|回滚|重试|下线|迁移|掉线)",
    re.I,
)
_EVENT_STEM = {
    "中止": "abort",
    "驱逐": "evict",
    "重启": "restart",
    "崩溃": "crash",
    "杀死": "kill",
    "拒绝": "reject",
    "限流": "throttl",
    "死锁": "deadlock",
    "回滚": "rollback",
    "重试": "retry",
    "retried": "retry",
    "retries": "retry",
    "retrying": "retry",
    "went offline": "offline",
    "taken offline": "offline",
    "gone offline": "offline",
    "go offline": "offline",
    "下线": "offline",
    "掉线": "offline",
    "dropped out": "offline",
    "dropped off": "offline",
    "fell out": "offline",
    "left": "offline",
    "迁移": "migrat",
}


# Error codes a unit writes in several forms (vocabulary as data): a claim's "OOM" is shown by any of them.
CODE_FORMS = {
    "oom": ("oom", "oomkilled", "outofmemoryerror", "out of memory", "oom-kill", "oom_kill", "oom-killer", "内存不足"),
    "oomkilled": ("oomkilled", "oom-kill", "oom_kill", "oom-killer", "out of memory: killed process"),
    "outofmemoryerror": ("outofmemoryerror", "out of memory"),
    "timeout": ("timeout", "timed out", "超时"),
    "econnrefused": ("econnrefused", "connection refused"),
    "econnreset": ("econnreset", "connection reset"),
    "nxdomain": ("nxdomain", "no such host", "name or service not known"),
}
