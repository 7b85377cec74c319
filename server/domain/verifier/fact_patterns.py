"""The vocabulary of fact extraction: unit words, and the regular expressions and word lists
that find facts in a claim, in English and Chinese (statuses, error codes, names, quantities,
counts, ids, settings, events, states, log levels, times and dates).
"""

from __future__ import annotations

import re
from typing import Iterator

from evidence_trace.server.domain.verifier.unit_words import _UNIT_WORDS

_L = r"(?<![A-Za-z0-9_.\-])"
_R = r"(?![A-Za-z0-9_\-]|\.[A-Za-z0-9])"

_ERROR_CODE = re.compile(
    _L + r"(?:[A-Z]{2,5}-[0-9]{3,6}|[A-Z]{2,5}(?:-[0-9]{2,8}){2,3}"  # ORA-00001, CVE-2024-21626, PM-2026-031
    r"|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+"  # ERR_CONN_RESET, DEADLINE_EXCEEDED
    r"|[A-Z]{1,3}[0-9]{3,6}(?:\.[0-9]{3})?"  # E1234; MITRE ATT&CK's T1204.002 (CrowdStrike, Falco, GuardDuty)
    r"|E(?:CONNREFUSED|CONNRESET|CONNABORTED|TIMEDOUT|HOSTUNREACH|NETUNREACH"
    r"|ADDRINUSE|PIPE|NOENT|ACCES|NOSPC|NOMEM|MFILE|AGAIN)|OOMKilled|OOM)" + _R
)
_SERVICE = re.compile(_L + r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+" + _R)
_CAMEL = re.compile(r"(?<![A-Za-z0-9_.\-])[A-Z][A-Za-z0-9]*(?![A-Za-z0-9_\-])")
_LOWER_CAMEL = re.compile(r"(?<![A-Za-z0-9_.\-])[a-z]+(?:[A-Z][a-z0-9]+)+(?![A-Za-z0-9_\-])")
# "what tripped etcdHighNumberOfLeaderChanges", "etcdMembersDown 告警触发": an alert named the way its rule names it
_ALERTED = re.compile(r"\b(?:alerts?|fired|firing|fires|tripped|triggered|paging)\b|告警|报警|触发", re.I)


def camel_soft(text: str, m: re.Match[str]) -> bool:
    """Whether a lowerCamelCase word may be an ordinary name (a variable, a setting) and binds only where the
    session names it; an alert's name (two humps or more, told as alerting) is an identifier to show."""
    humps = sum(1 for ch in m.group(0) if ch.isupper())
    near = text[max(0, m.start() - 32) : m.end() + 32]
    return humps < 2 or _ALERTED.search(near) is None


_DOTTED = re.compile(
    # (an e-mail address whole, "zhao.lei@contoso.com": never its local part alone, which no row writes apart)
    r"(?<![A-Za-z0-9_.\-/])(?:[a-z0-9][a-z0-9._%+-]*@[a-z0-9-]+(?:\.[a-z0-9-]+)+"
    r"|[a-z][a-z0-9_-]*(?:\.[a-z][a-z0-9_-]*){2,}(?:\.[A-Z][A-Za-z0-9]*)?"
    r"|[a-z][a-z0-9_-]{2,}\.(?!(?:ya?ml|json|java|py|log|txt|conf|cfg|xml|md|sh|js|ts|go|properties|ini|toml|sql|"
    r"jar|war|gz|zip|csv|html?|com|org|net|io)\b)[a-z][a-z0-9_-]{2,}(?:\.[A-Z][A-Za-z0-9]*)?"
    # a snake_case name led by its window ("1m_tcp_syn_queue_drops", "10min_cpu_usage": netdata's alarms)
    r"|[0-9]+[a-z]+(?:_[a-z0-9]+){2,}"
    # an upper-case dotted name (IBM MQ's queues "GW.REPLY.CARDS", "SYSTEM.DEAD.LETTER.QUEUE"; topics "ORDERS.IN")
    # (its first part of letters: "IMG_90417.HEIC" is a file's name, which a path may hold)
    r"|[A-Z][A-Z_-]+(?:\.[A-Z0-9][A-Z0-9_-]+)+)(?![A-Za-z0-9_\-]|\.[A-Za-z])"
)
# DNS response codes: what a resolver answered, or what a query asked about (`rcode="SERVFAIL"`)
_DNS_RCODE = re.compile(
    r"(?<![A-Za-z0-9_])(?:NXDOMAIN|SERVFAIL|NOERROR|NOTIMP|FORMERR|NOTAUTH|NXRRSET)(?![A-Za-z0-9_])"
)
_HOST_PORT = re.compile(
    # a name's port may be followed by a colon ("auth-svc.identity.svc:8443：3,120 条"); an IP's may not (a time)
    r"(?<![A-Za-z0-9_.\-])(?!(?:p[0-9]{2,3}|max|min|avg|mean|sum|total|count|errors?|warn(?:ing)?|info|debug|fatal|"
    r"critical|ok|fail(?:ed)?|success):)"
    # ("p50:412", "error：37 条" are a label and a value; a port is never followed by a unit: "containerd：493G")
    r"(?:[a-z][a-z0-9.\-]*[a-z0-9]:[0-9]{2,5}(?![0-9]|,[0-9]|\s*%|\.[0-9]|[A-Za-z]|[ \t](?:[KMGTP]i?B|[kmgtp]b)\b)"
    r"|[0-9]{1,3}(?:\.[0-9]{1,3}){3}:[0-9]{2,5}(?![0-9]|[:,][0-9]|\s*%|\.[0-9]|[A-Za-z]|[ \t](?:[KMGTP]i?B|[kmgtp]b)\b))",
    re.IGNORECASE,
)
# a path of several parts: "/var/lib/docker", "/data/lost+found", Windows' D:\sites\www\static (a drive, folders)
_PATH = re.compile(
    r"(?<![\w.:/-])/[A-Za-z0-9_.\-{}+]+(?:/[A-Za-z0-9_.\-{}+]*[A-Za-z0-9_\-{}+])+/?(?![\w/])"
    r"|(?<![\w\\])[A-Za-z]:\\[A-Za-z0-9_.$\-]+(?:\\[A-Za-z0-9_.$\-]*[A-Za-z0-9_$\-])*\\?(?![\w\\])"
)
# "/data", "/healthz": a path of one part (a mount point, a route), read as a soft name: it binds the claim to
# the units that name it when the session does
_ONE_PART_PATH = re.compile(r"(?<![\w.:/%-])/[A-Za-z][A-Za-z0-9_\-]{1,40}(?![\w/.%-])")
_REGION = re.compile(r"(?<![\w-])(?:ap|us|eu|cn|sa|ca|me|af|il|na)-[a-z]+(?:-[0-9])?(?![\w-])")
_PAREN_NUMBER = re.compile(r"[（(][ \t]*([0-9]{3,})[ \t]*[)）]")
# a host as Windows and Active Directory name them, in capitals with a figure: "ENG-WS-1170", "SRV-BATCH-11",
# "WIN-SQL01" (two parts, the last of letters and figures); "UTF-8", "ORA-00001" and a record's id of figures
# ("CVE-2024-21626", "SO-20260923-118842") are codes (_ERROR_CODE)
_UPPER_HOST = (
    _L
    + r"(?=[A-Z0-9-]*[0-9])[A-Z][A-Z0-9]*-(?:[A-Z0-9]*[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+|(?=[0-9]*[A-Z])(?=[A-Z]*[0-9])[A-Z0-9]+)"
    + _R
)
_IP = re.compile(r"(?<![0-9.])(?:[0-9]{1,3}\.){3}[0-9]{1,3}(?![0-9]|\.[0-9])")
_IP_OR_UPPER_HOST = re.compile(_IP.pattern + "|" + _UPPER_HOST)
_HUMP = re.compile(r"[A-Z][a-z0-9]+|[A-Z]+(?![a-z])")

_NUMBER = r"[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?|[0-9]+(?:\.[0-9]+)?|\.[0-9]+"
# Decimal byte units are often written for binary ones: "512 MB" may mean 512 MiB.
_DECIMAL_BYTES_ALSO = {"kb": 1024.0, "mb": 1024.0**2, "gb": 1024.0**3, "tb": 1024.0**4}
CASED_UNITS = ("g", "t")  # "11.62G", "45G", "1.2T": read only as written, upper-case (never "5g", "3t")
_UNIT_ALTERNATION = "|".join(  # "分" is a minute ("5 分 31 秒"), not "504 分别…", "3 个分片", 分钟's start
    sorted((re.escape(u) for u in _UNIT_WORDS if u not in ("%", "/s", *CASED_UNITS)), key=len, reverse=True)
).replace("|分|", "|分(?![别布析配组片区支成为散摊数享钟])|")
# "05:00 UTC:9.9%", "p99:840ms": a label's colon right before a value with a unit
# (a port, "host:8080", has no unit; a time, "10:05", has a digit before its colon,
# unless the colon follows a whole time: "05:00:9.9%").
_LABEL_COLON = re.compile(
    r"(?:(?<=[^0-9\s:/])|(?<=[0-9]:[0-9]{2}))[:：](?=[0-9][0-9.,]*[ \t]?(?:%|"
    + _UNIT_ALTERNATION
    + r")(?![A-Za-z0-9_]))",
    re.IGNORECASE,
)
# "1.2k" is 1,200 (stated to the hundred).
_QUANTITY = re.compile(
    r"(?<![A-Za-z0-9_.\-:/#])(?<![0-9],)(" + _NUMBER + r")(k|K)?"
    r"(?:[ \t]?(%|/s)(?![A-Za-z])|[ \t]?("
    + _UNIT_ALTERNATION.replace("|m|", "|(?-i:m)|")
    + r"|(?-i:G|T))(?:(?<=[\u4e00-\u9fff])|(?![A-Za-z0-9_])))",  # "15 分钟2个" (两个 as a digit): a CJK unit
    re.IGNORECASE,
)
# "4.8M docs", "1.2k requests": a count in thousands or millions; at a clause's end or before an arrow too ("内存
# 173M。", "1987M → 1979M"), never dropped (the evidence reads "Memory: 17.3M" both as a size and as such a count)
_SCALED_COUNT = re.compile(
    r"(?<![A-Za-z0-9_.\-:/#])(?<![0-9],)(" + _NUMBER + r")[ \t]?(k|K|M)"  # ("4.12 M znodes" too)
    r"(?=[ \t]+[A-Za-z\u4e00-\u9fff]|[ \t]*(?:[,;:，。；：、)）(（/→]|->|\.(?![0-9])|$))"
)
_ABOVE = re.compile(
    # "over 10 users" is more than ten; "spread over 10 users", "across 3 nodes", "over the 10 minutes" say
    # where, not how many (the last is the query's window)
    r"(?:(?<!spread )(?<!distributed )(?<!split )(?<!scattered )over(?![ \t]+the\b)|above|more than|greater than|"
    r"higher than|exceed(?:s|ed|ing)?|beyond|at least|surpass(?:es|ed)?"
    r"|>=?|≥|远超|超过|高于|大于|超出|以上|至少|不少于|不低于|不小于)[ \t了过]*(?:[^\x00-\x7f0-9]{0,6}?)[ \t]*(?:the[ \t]+|a[ \t]+)?(?:[A-Za-z_ ]{0,24}?threshold[ \t]+of[ \t]+)?$",
    re.IGNORECASE,
)
_BELOW = re.compile(
    r"(?:under|below|less than|lower than|fewer than|at most|short of|<=?|≤|低于|小于|不到|不足|以下"
    r"|至多|不超过|不多于|不高于|不大于)[ \t]*"
    r"(?:[^\x00-\x7f0-9]{0,6}?)[ \t]*(?:the[ \t]+|a[ \t]+)?"
    r"(?:[A-Za-z_ ]{0,24}?threshold[ \t]+of[ \t]+)?$",
    re.IGNORECASE,
)
_ABOUT = re.compile(
    r"(?:about|around|approximately|approx\.?|roughly|nearly|almost|close to|~|≈|约|大约|大概|差不多|接近|将近)[ \t]*$"
    # "大约跑了 40 分钟", "大概用了 3 秒", "约有 120 个": the hedge before the verb qualifies its number
    r"|(?:约|大约|大概|差不多)[\u4e00-\u9fff]{1,2}[了过有]?[ \t]*$",
    re.IGNORECASE,
)
_ALWAYS = re.compile(
    r"\b(?:always|consistently|throughout|the whole|the entire|all the time|stayed|remained|"
    r"constantly|continuously)\b|一直|始终|持续|全程|整个|都",
    re.I,
)
_ABOVE_AFTER = re.compile(r"^(?:\+(?![ \t]*[0-9])|[ \t]*(?:or more|以上|多))")  # "10k+", not "1,842 + 155"
_ABOUT_AFTER = re.compile(r"^[ \t]*(?:左右|上下|or so)")
_BELOW_AFTER = re.compile(r"^[ \t]*(?:以下|or less|or below|or under)")  # "都在 300 ms 以下"
_QUERY_CONTEXT = re.compile(
    r"(?:threshold|阈值|last|past|previous|window|range|lookback|within|step|resolution|最近|过去|时间窗口|范围|步长)"
    # (past another figure only when no verb of a result follows it: "最近 5 分钟的 p99 为 0.5 秒" is a result)
    r"(?:[^.;,，。0-9]{0,24}|(?:[^.;,，。]|\.(?=[0-9])){0,24}[0-9](?:(?!\b(?:is|was|are|were|hit|reached)\b|为|是|达到)[^.;,，。0-9]){0,24})$"
    # "近 5 分钟" (the last 5 minutes), right before the number; "接近" / "将近" (nearly) are not windows;
    # "over the 10 minutes to 03:09" (a query's range; "over 10 minutes" is a duration)
    r"|(?<![接将])近[ \t]*$|\bover the[ \t]*$",
    re.IGNORECASE,
)

_COUNT_NOUNS = (
    "restarts?|errors?|exceptions?|timeouts?|failures?|retries|retry|attempts?|entries|entry|lines?|logs?|"
    "alerts?|warnings?|pods?|replicas?|instances?|nodes?|hosts?|containers?|requests?|calls?|connections?|"
    "threads?|workers?|messages?|events?|jobs?|tasks?|times|users?|orders?|transactions?|queries|query|"
    "records?|rows?|hits?|matches|results?|documents?|chunks?|incidents?|crashes|crash|deployments?|"
    "rollbacks?|consumers?|partitions?|brokers?|shards?|sessions?|clients?|servers?|services?|endpoints?|"
    "spikes?|occurrences?|evictions?|oom ?kills?|kills?|panics?|rejections?|refusals?|deploys?|releases?|"
    "rollouts?|upgrades?|builds?|sign-?ins|log-?ins|logons|check-?ins"
)
# "of the last 6", "out of the first 10": the words that say which few a part is of (bare_numbers, intervals, quantifiers)
LAST_FEW = r"(?:last|first|past|latest)"
_QUOTED_WORDS = r"'[^'\n]{1,40}'|\"[^\"\n]{1,40}\"|\u201c[^\u201d\n]{1,40}\u201d"
_COUNT = re.compile(  # not "the 5-minute error ratio": a window, not five errors
    r"(?<![A-Za-z0-9_.\-:/#])([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:[ \t]+|-(?!(?:second|minute|hour|day|week|min|sec)s?\b))(?:(?:"
    + _QUOTED_WORDS
    # up to three words between ("38 MFA verification failed errors": a message quoted in code marks, which
    # the claim's text no longer shows)
    + r"|(?!(?:of|in|on|at|to|for|from|by|with|the|and|or|a|an|seconds?|minutes?|hours?|days?|weeks?|mins?|secs?)\b)"
    + r"[A-Za-z\-]+)[ \t]+){0,3}?("
    + _COUNT_NOUNS
    + r")\b",
    re.IGNORECASE,
)
# "5 of the topic's partitions are lagging", "3 of its brokers": a count of the noun, a part of them (never "4 of the
# 6 lines", whose count is the 6)
_PART_COUNT = re.compile(
    r"(?<![A-Za-z0-9_.\-:/#])([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)[ \t]+of[ \t]+(?:the|its|their|this|these|those)[ \t]+"
    r"(?:[A-Za-z][\w.\-]*'s[ \t]+)?(?:[A-Za-z\-]+[ \t]+){0,2}?(" + _COUNT_NOUNS + r")\b",
    re.IGNORECASE,
)
# "2 errored, 5 skipped and 137 passed", "3 unhealthy": a count of the members in a state, as a run's or a
# probe's summary gives it, the state word standing for its noun (never "3 failed logins", a count of logins)
_STATE_COUNT = re.compile(
    r"(?<![A-Za-z0-9_.\-:/#$€£¥])([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)[ \t]+(passed|failed|skipped|errored|succeeded|"
    r"successful|pending|running|completed|cancell?ed|canceled|timed[ \t]+out|aborted|queued|evicted|unassigned|"
    r"healthy|unhealthy|unavailable|retried|dropped|rejected|throttled|expired|blocked|degraded|offline|online|idle|"
    r"killed|restarted|unreachable|ignored|rescued|changed|unchanged|flaky|stale|inactive)"
    r"(?=[ \t]*(?:[,;:.)\]，。；）]|and\b|or\b|$))",
    re.IGNORECASE,
)
# "the 12th deploy today": an ordinal says how many came before and with it, a count of its noun (the 12th
# deploy is the twelfth of twelve); never the label an id of 12 gives one of them.
_ORDINAL_COUNT = re.compile(
    r"(?<![A-Za-z0-9_.\-:/#])([0-9]+)(?:st|nd|rd|th)[ \t]+(?:[A-Za-z\-]+[ \t]+){0,2}?(" + _COUNT_NOUNS + r")\b",
    re.IGNORECASE,
)
_ZH_COUNT = re.compile(
    r"(?<![0-9,./])([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)[ \t]*(次|个|条|台|例|项|笔|名|位|轮|块|张|颗|家|套|份|批|组)"
)
_NUMBER_WORDS = {
    "zero": 0,
    "no": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "twenty": 20,
    "both": 2,
}
_WORD_COUNT = re.compile(
    r"\b(no|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty"
    # "both of its replicas": two of them, said of the set (never "both pods", which reads as each one's)
    r"|both(?=[ \t]+of[ \t]+(?:its|their|the)[ \t]))[ \t]+"
    r"(?:[A-Za-z\-]+[ \t]+){0,2}?(" + _COUNT_NOUNS + r")\b",
    re.IGNORECASE,
)
# Denials are checked as such ("no errors", "no alerts firing"), not as a count of zero.
_DENIAL_NOUNS = re.compile(r"errors?|exceptions?|failures?|alerts?|warnings?|issues?|problems?", re.I)
# "没有未确认消息": none of a counted thing.
_ZH_NONE = re.compile(
    # (not "没有在记录": "is not recording", the noun a verb right after 在; "没有在运行的任务" still counts)
    r"(?:没有|无)(?:任何)?[ \t]*(?![看查做用给发找收跑执行检确])(?!在(?:记录|重试|重启|连接))([^\s，。；,.;]{0,8}?"
    r"(?:消息|请求|连接|任务|记录|副本|节点|实例|重试|重启))"
)
_ID = re.compile(
    r"(?:\b(?:order|orders|id|request|req|ticket|job|build|pid|transaction|txn|user|account|incident|case|"
    r"trace|batch|invoice|payment|shipment|item|sku|task)|订单|请求|工单|用户|交易|批次)"
    r"[ \t]*(?:#|no\.?|number|id|号)?[ \t]*[:#=]?[ \t]*([0-9]{3,})(?![0-9]|\.[0-9]|,[0-9]{3}(?![0-9])(?=[ \t]*(?:个|条|台|次|[A-Za-z]{3,}s\b)))"
    r"|\b(?:partition|broker|shard|replica|node|worker|port|pid|exit code|code|offset|line|slot|core|cpu|gpu|"
    r"attempt|retry|version|revision|rev|release|generation|epoch|term|shard|db|database|errno|error code)s?"
    # (not the digits that open a hash: "Revision 5c2e9d0a41f7")
    r"[ \t]*(?:#|no\.?|number|id)?[ \t]*[:#=]?[ \t]*([0-9]+)(?![0-9A-Za-z_]|\.[0-9]|,[0-9]{3}(?![0-9])(?=[ \t]*(?:个|条|台|次|[A-Za-z]{3,}s\b))|[ \t]*(?:%|ms|s\b))"
    # "第 3 个分区" names one; "第 12 次发布" (the 12th time) counts them, read as a count (_ZH_COUNT)
    r"|(?:分区|节点|端口|退出码|错误码|状态码|代码|偏移量?|重启次数|次数|编号|号码|行号|版本|修订(?:版本?)?)[ \t]*[:：为是=]?[ \t]*"
    # (a figure "28,232" is no id: "可用端口 28,232 个"; nor the digits that open a hash: "版本 64b9c7f5d")
    r"([0-9]+)(?![0-9A-Za-z_]|\.[0-9]|,[0-9]{3}(?![0-9])(?=[ \t]*(?:个|条|台|次|[A-Za-z]{3,}s\b)))"
    r"|第[ \t]*([0-9]+)(?![0-9]|\.[0-9]|[ \t]*[次回遍])"
    r"|(?<![0-9.])([0-9]+)[ \t]*号[ \t]*(?=分区|节点|机器|实例|副本|分片|broker|worker)"  # "5 号分区": partition 5
    r"|\b(?:part|chunk|segment|page|step|stage|row|column|attempt|batch|shard|slot|index)[ \t]+#?([0-9]+)"
    r"(?![0-9A-Za-z]|\.[0-9])",
    re.IGNORECASE,
)
_SETTING_NOUNS = (
    r"threshold|limit|timeout|interval|replicas|size|capacity|quota|retries|ttl|period|maxconn|concurrency|"
    r"max[_ ]?connections|pool[_ ]?size|max[_ ]?replicas|min[_ ]?replicas|heap[_ ]?size|batch[_ ]?size"
)
_SETTING = re.compile(
    r"(?<![\w-])((?:(?!(?:raise|raising|increase|increasing|set|setting|keep|keeping|lower|lowering|reduce|reducing|"
    r"bump|bumping|change|changing|the|a|an|its|their|our|to|of|on|for|and|or|with|is|was|has|have|had)\b)"
    r"[A-Za-z]+[ _-]){0,2}?"
    r"(?:" + _SETTING_NOUNS + r"))[ \t]*(?:is|of|=|:|at|to|was|set to)?[ \t]*"
    r"(" + _NUMBER + r")(?:[ \t]?((?:ms|s|m|min|h|%|mb|mib|gb|gib|kb|kib|seconds|minutes|hours"
    r"|毫秒|秒|分钟|小时|天))(?![A-Za-z]))?"  # ("default-ttl=2592000 秒")
    r"(?![\w%]|\.[0-9])"
    # a count of times after it is how often, not its value: "crossed that limit two days in a row", "超时 3 次"
    r"(?![ \t]+(?:times|runs|(?:days?|nights?|weeks?)[ \t]+(?:in a row|running|straight))\b)",
    re.I,
)
_ZH_SETTING = re.compile(
    r"(阈值|上限|限额|超时时间|超时|间隔|副本数|最大副本数|连接数上限|池大小)[ \t]*(?:为|是|:|：|=)?[ \t]*("
    + _NUMBER
    + r")(?![0-9.,])[ \t]*(毫秒|秒|分钟|小时|天|%|ms|s|min|h|d|MB|MiB|GB|GiB)?(?![ \t]*(?:次|回|遍))(?![A-Za-z])"
)
# "500/500 条失败", "3/5 pods ready", "4/4 devices active", "3/3 in sync": a fraction of a count (of any plural noun,
# or in a state), stated as written.
_FRACTION = re.compile(
    r"(?<![\w./:-])([0-9]+/[0-9]+)(?=[ \t]*(?:条|个|次|项|笔|台|张|块|副本|节点|成员|成功|失败|就绪|在线|(?:item|request|message|pod|replica|node|task|job|shard|check)s?\b"
    r"|[A-Za-z][a-z\-]*[a-z]s\b|[A-Z]{2,5}s\b|(?:failed|succeeded|ready|healthy|active|up|available|online"
    r"|passing|passed|in[ \t]+sync)\b))",
    re.I,
)
# A JVM memory flag: "-Xmx4g", "-Xms512m", "-Xss1m" (heap, initial heap, thread stack).
_JVM_FLAG = re.compile(r"(?<![\w-])-X(mx|ms|ss|mn)([0-9]+)([kmgt])?(?![\w.])", re.I)
# "cart 服务", "the cart service": a service named by a plain word, when the evidence names it.
_NAMED_SERVICE = re.compile(r"(?<![\w-])([a-z][a-z0-9]{2,})\s*(?:服务|service\b)", re.I)
# Likewise "the frontend pod", "frontend 容器"; never a word that says which ("the new pod", "the failing container").
_NAMED_WORKLOAD = re.compile(
    r"(?<![\w-])(?!(?:new|old|other|same|first|last|next|one|two|three|each|every|any|all|this|that|the|failing|"
    r"failed|crashing|broken|healthy|bad|good|remaining|affected|current|previous|latest|canary|stable|debug|test|"
    r"leader|primary|replica|standby|single|only|whole|entire|own|target|source|app|api|web|main|sidecar|init|"
    r"running|pending|ready|restarted|restarting|evicted|killed|runner|worker|consumer|producer|client|server|its|"
    r"per|their|our|your|his|her|surge|gateway|proxy|agent)\s)"
    r"([a-z][a-z0-9]{2,})\s*(?:pod\b|容器|container\b|deployment\b)",
    re.I,
)
# a count or a quantifier before it: the word is a kind of them ("3 个 consumer pod", "both falco pods")
_COUNTED_BEFORE = re.compile(
    r"(?:[0-9]+|[两几多二三四五六七八九十]|all|both|every|each|two|three|four)\s*(?:个|台)?\s*$", re.I
)


def named_services(text: str) -> Iterator[re.Match[str]]:
    """The plain words a claim names a service or a workload by ("the cart service", "the frontend pod")."""
    yield from _NAMED_SERVICE.finditer(text)
    for m in _NAMED_WORKLOAD.finditer(text):
        if not _COUNTED_BEFORE.search(text, max(0, m.start() - 12), m.start()):
            yield m


# Status words written in capitals: DOWN, UP, OPEN, CLOSED, READY, RUNNING...
_STATUS_WORD = re.compile(
    r"(?<![\w-])(DOWN|UP|OPEN|CLOSED|HALF_OPEN|READY|NOTREADY|NOT_READY|RUNNING|TERMINATED|EVICTED|"
    r"MAINT|DRAIN|NOLB|SERVING|NOT_SERVING|DEGRADED|HEALTHY|UNHEALTHY|ONLINE|OFFLINE|LEADER|FOLLOWER)(?![\w-])"
    r"(?![ \t]*(?:[:=：]|是|为)?[ \t]*[0-9]+/[0-9]+)"  # kubectl's column before its value ("READY 0/1"): no state
)
# "100,001 tombstones", "4,812 docs", "3 PVCs", "5 PRs": a count of whatever plural noun follows.
# ("3 StorageClasses", "2 ReplicaSets": a kind's CamelCase plural; "3 storage classes": one word before the noun)
_COUNT_ANY = re.compile(
    r"(?<![A-Za-z0-9_.\-:/#])([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)[ \t]+"
    # ("20 distinct source IPs": a count of different ones, its adjective before the one word)
    # ("5 open Renovate PRs", "6 EC2 instances", "3 GitHub runners": a name's word before it too)
    r"((?:(?:distinct|unique|different)[ \t]+)?(?:(?!(?:of|in|on|at|to|for|from|by|with|the|and|or|more|than|per|each|out)\b)"
    r"[a-z]{3,}[ \t]+)?(?:(?!(?:The|In|On|At|Of|For|From|By|With|And|Or)\b)[A-Z][A-Za-z0-9]+[ \t]+)?"
    r"(?:[a-z]{3,}s|[A-Z]{2,5}s|[A-Z][a-z]+(?:[A-Z][a-z]*)+s))\b(?![ \t]*(?:ago|old|long))"
)
_NOT_COUNT_NOUNS = frozenset(
    "seconds minutes hours days weeks months years millis milliseconds ms times percent "
    "bytes items was is has does".split()
)
# Short codes (FRA1, AMS1, G1, az2): names when the evidence uses them.
# ("sdb", "xvdf", "vda": a block device by the kernel's name, as iostat and df print it)
_SHORT_CODE = re.compile(
    r"(?<![\w.\-/:])(?:[A-Z]{2,5}[0-9]{1,3}|[a-z]{2,5}[0-9]{1,2}[a-z]?|(?:sd|vd|xvd)[a-z]{1,2}[0-9]?)(?![\w\-])"
)
_HASH_ID = re.compile(r"(?<![A-Za-z0-9&])#([0-9]{2,})(?![0-9])")
# Hex ids (0x30001a2b3c4d0012), request ids, hashes: letters and digits mixed, 8+ long.
_TOKEN_ID = re.compile(
    # (hex values joined by "_" are one range: Pulsar's bundle "0x40000000_0x80000000")
    # (and git's short hash, seven hex digits: "提交 7c0a2f4", "commit 9e4c1a7"; a PostgreSQL LSN, "3A/9F21C0B8")
    r"(?<![\w.\-/:])(?:0x[0-9a-fA-F]{4,}(?:_0x[0-9a-fA-F]{4,})*|(?=[A-Za-z0-9]*[0-9])(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{8,}"
    r"|(?=[0-9a-f]{0,6}[0-9])(?=[0-9a-f]{0,6}[a-f])[0-9a-f]{7}|(?=[0-9A-F/]{3,17}[A-F])[0-9A-F]{1,8}/[0-9A-F]{6,8})"
    r"(?![\w\-])"
)
_FUNCTION_WORDS = (
    r"(?:for|in|on|at|and|or|but|to|from|with|by|of|since|after|before|during|while|across|when|where|which|that|"
    r"the|a|an|so|as|than|then|instead|because|while|out|vs|versus)"
)
_BARE_VALUE = re.compile(
    r"(?:\b(?:is|was|are|were|=|of|at|reached|hit|peaked at|stood at|sits at|set to|equals|from|currently|over|above|"
    r"below|under|exceeded|exceeding|exceeds)|[:=]|为|是|达|达到|到了|升至|降至|有|共|约|超过|高于|低于|大于|小于|接近|从)"
    # not before a unit or a noun ("70 ms", "70 pods": read as such), but before a word that only
    # goes on with the sentence ("a LAG of 70975 for billing-sink", "是 3 and ...")
    r"[ \t]*("
    + _NUMBER
    + r")(?![0-9]|[.,][0-9]|[ \t]*(?:(?!"
    + _FUNCTION_WORDS
    + r"\b)[A-Za-z]|[%/]|[次个条台秒分小天毫]))",
    re.IGNORECASE,
)

_ALERT_CONTEXT = re.compile(r"\balert|\brule\b|\bpag(?:ing|ed)\b|告警|报警|规则", re.I)  # "still paging"
_NEGATED_BEFORE = re.compile(
    # ("nobody has silenced it", "no one acked it": no one did it)
    r"(?:\bnot|\bnever|n't|\bno longer|\bnot yet|\bnor|\bneither|\bnobody|\bno[ -]one)\s+(?:\w+\s+)?$"
    r"|\b(?:neither|not)\s+(?:\w+\s+){0,2}(?:or|nor)\s+$|(?:未|没有|尚未|不再|并未|并非|并不是|没)[^\s，。；,]{0,4}\s*$",
    re.I,
)
# not asserted: denied, or asked ("是否已经恢复", "whether it is Running", "不能说已经恢复"): the state is no fact
_UNASSERTED_BEFORE = re.compile(
    _NEGATED_BEFORE.pattern
    + r"|(?:是否|能否|不能说|无法确认|不确定|\bwhether\b|\bif\b)(?:[^.;,，。；]|\.(?=[0-9])){0,18}$",
    re.I,
)
# "WARN, not ERROR", "是 WARN，不是 ERROR": the level after the contrast is denied.
_CONTRAST_BEFORE = re.compile(
    r"(?:\bnot|\brather than|\binstead of|\bisn't|\bwasn't|而不是|不是|而非|并非)\s*(?:an?\s+)?(?:level\s+)?$", re.I
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
_VERSION = re.compile(
    # (a build "_7", a variant "-rc2", "-beta.1", "-jre", a machine ".el9.x86_64"; no address "13.35.166.x", "10.8.*")
    r"(?<![A-Za-z0-9])(?:v[0-9]+(?:\.[0-9]+){1,3}|[0-9]+(?:\.[0-9]+){2,3})(?:\.(?:Final|RELEASE|GA|SP[0-9]*|CR[0-9]+)\b)?"
    r"(?:_[0-9A-Za-z]+(?![.\w]))?(?:-[A-Za-z0-9]+(?:\.[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*)*)?"  # (never "0.0.0.0_8443.downstream")
    r"(?![0-9]|\.(?:[xX](?![A-Za-z0-9])|\*))"
)
_TIME_OR_DATE = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[T ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?(?:Z|[+-][0-9]{2}:?[0-9]{2})?)?"
    r"|(?<![A-Za-z0-9.\-])[0-9]{1,2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?(?:[ \t]*(?:UTC|GMT|CST|[AaPp][Mm]))?"
    r"|(?<![0-9])[0-9]{1,2}/[0-9]{1,2}(?:/[0-9]{2,4})?(?![0-9])"
    r"|[0-9]{4}[ \t]*年(?:[0-9]{1,2}月(?:[0-9]{1,2}日)?)?|[0-9]{1,2}月[0-9]{1,2}日|[0-9]{1,2}[点時时](?:[0-9]{1,2}分?)?"
    r"|(?<!为)(?<!为 )(?<!到)(?<!到 )(?<!是 )(?<!约 )(?<!共 )\b(?:19|20)[0-9]{2}\b(?!\.[0-9]|[ \t]*(?:[%µμ/]|ms\b|s\b|sec|"  # years,
    r"(?:[a-z]+[ \t]+)?(?:[a-z]+s\b)|个|条|次|台|张|项|毫秒|秒|分钟|小时|字节|倍))"  # never "1906 connected clients", "为 2048"
    # dates in words: "12 月 20 日", "20 日", "22 Dec", "Dec 12th" ("5 号分区" names a partition)
    r"|[0-9]{1,2}[ \t]*月(?:[ \t]*[0-9]{1,2}[ \t]*[日号])?|(?<![0-9.])[0-9]{1,2}[ \t]*日(?![0-9])"
    r"|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?[ \t]+[0-9]{1,2}(?:st|nd|rd|th)?\b"
    r"|\b[0-9]{1,2}(?:st|nd|rd|th)?[ \t]+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\b"
    r"|(?<![\w.\-])(?:0?[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])(?=[ \tT]+[0-2]?[0-9]:[0-5][0-9])"  # "12-20 00:20"
)
# a month and day after a word that dates it: "on 3-17", "日期 12-21" (not "10-20 ms", a range)
_MONTH_DAY = re.compile(
    r"(?:\b(?:on|since|until|date|dated)|日期|于|在|从|到)[ \t]*((?:0?[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01]))(?![\w.])",
    re.I,
)

# A time of day; the zone a draft gives it is read by zones.draft_zone, from zones.ZONE_WORDS.
_CLOCK = re.compile(r"(?<![\w:.\-/])([0-2]?[0-9]):([0-5][0-9])(?::[0-5][0-9](?:\.[0-9]+)?)?(?![0-9])")

# "curl 连的是 .40", "the 502s come from `.31`": an address by its last part (never a figure with a unit)
_ADDRESS_TAIL = re.compile(
    r"(?<![\w.,])\.(?:25[0-5]|2[0-4][0-9]|1?[0-9]{1,2})(?![\w.%])"
    r"(?![ \t]*(?:%|(?:ms|s|secs?|seconds?|m|mins?|h|hours?|kb|mb|gb|kib|mib|gib|x|req/s|qps)\b|秒|分|倍|毫秒))",
    re.I,
)

# the tools a command runs with (`redis-cli -h …`, `etcdctl`, `kubectl`): no entity of the incident
CLI_TOOL = re.compile(
    r"[a-z][a-z0-9]*(?:-cli|ctl)|kubectl|psql|mysql|curl|dig|openssl|nslookup|helm|argocd|jq|aws|gcloud|az"
)


def plain_number(raw: str) -> str:
    """A figure without its thousands separators ("1,204")."""
    return raw.replace(",", "")


def in_quote(text: str, at: int) -> bool:
    """Whether text[at] stands inside a quoted message ("No pods match this VPA object", “…”, 「…」): a tool's words
    the claim copies, which say no count of the claim's own."""
    before = text[:at]
    return (
        before.count('"') % 2 == 1 or before.rfind("“") > before.rfind("”") or before.rfind("「") > before.rfind("」")
    )
