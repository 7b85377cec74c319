"""A cache's verdict on one request: HIT, MISS, BYPASS, EXPIRED, STALE or DYNAMIC, as a CDN or a reverse proxy
prints it in a response header and as drafts say it.

    x-cache: Miss from cloudfront        cf-cache-status: DYNAMIC        x-cache-status: MISS
    "the request was served from the CDN cache"     "这次请求命中了缓存"     "缓存未命中，回源了"

A draft's words give a state (CACHE_STATES, both languages; a negated hit is a miss, and "hit ratio" or
"命中率" is a metric, no state). A unit shows the states its cache headers give (shown_states); another
state there and not the claim's contradicts it (rivals.py). The keys ("Cache:HIT") are no text's words:
a unit shows a state only through its headers or the draft's own words.
"""

from __future__ import annotations

import re

_WHERE = r"(?:(?:the|its|a|an)[ \t]+)?(?:(?:CDN|edge|proxy|Varnish|nginx|CloudFront|Cloudflare)(?:'s)?[ \t]+)?"
# "hit ratio", "命中率", "cache miss logs", "99.8% cache hit": a metric or a name, no state of one request
_NOT_A_METRIC = r"(?![ \t]*(?:rates?|ratios?|%|percent|percentage|counts?|metrics?|logs?|events?|率|日志|次数|数))"
_NOT_A_SHARE = r"(?<!%)(?<!% )"
_NOT_A_KEY = r"(?![\w-]*[\"']?[ \t]*[:=])"  # `x-cache-hits: 0` is a field, no verdict
# a cache's verdict as tools print it: `x-cache: MISS`, `cf-cache-status: HIT`, nginx's `cache=MISS`,
# `upstream_cache_status=HIT` (a header, a logfmt pair, a JSON field)
_KEYS = r"(?<![\w.-])(?:[a-z]+[-_])?cache(?:[-_](?:status|result|lookup))?"
_SAID = _KEYS + r"[\"']?[ \t]*[:=][ \t]*[\"']?"
_HEADER_STATE = re.compile(_SAID + r"([A-Za-z_]+(?:[ \t]+from[ \t]+cloudfront)?(?:[ \t]*,[ \t]*[A-Za-z_]+)*)", re.I)
# a span's or a record's flag: `cache.hit=false`, `"cache_hit": true`
_FLAG = re.compile(r"(?<![\w.-])cache[._-]?hit[\"']?[ \t]*[:=][ \t]*[\"']?(true|false)\b", re.I)
_HEADER_WORDS = {  # what a header's value says, read word by word ("MISS, HIT": a shield's and an edge's)
    "hit": "Cache:HIT",
    "tcp_hit": "Cache:HIT",
    "tcp_mem_hit": "Cache:HIT",
    "refresh_hit": "Cache:HIT",
    "revalidated": "Cache:HIT",
    "miss": "Cache:MISS",
    "tcp_miss": "Cache:MISS",
    "expired": "Cache:EXPIRED",
    "stale": "Cache:STALE",
    "updating": "Cache:STALE",
    "bypass": "Cache:BYPASS",
    "dynamic": "Cache:DYNAMIC",
}
CACHE_STATES: dict[str, tuple[str, ...]] = {
    "Cache:HIT": (
        rf"{_NOT_A_SHARE}(?<![\w.-])cache[ \t-]+hits?\b{_NOT_A_KEY}{_NOT_A_METRIC}",
        rf"\b(?:served|answered|returned|came)[ \t]+(?:it[ \t]+)?(?:from|out[ \t]+of|by)[ \t]+{_WHERE}cache\b",
        rf"\bhit[ \t]+{_WHERE}cache\b{_NOT_A_METRIC}",
        r"\bhit[ \t]+from[ \t]+cloudfront\b",
        _SAID + r"(?:tcp_|refresh_)?hit\b",
        _FLAG.pattern.replace("(true|false)", "true"),
        rf"(?<![未没不])(?<!没有)命中了?{_WHERE}[ \t]*(?:CDN|边缘|节点)?[ \t]*(?:的)?缓存(?!率)(?![ \t]*(?:时|的时候|后))",
        rf"缓存命中{_NOT_A_METRIC}",
        r"走了?(?:CDN[ \t]*)?缓存",
    ),
    "Cache:MISS": (
        rf"{_NOT_A_SHARE}(?<![\w.-])cache[ \t-]+miss(?:es|ed)?\b{_NOT_A_KEY}{_NOT_A_METRIC}",
        rf"\bmissed[ \t]+{_WHERE}cache\b",
        rf"\bnot[ \t]+(?:served[ \t]+)?(?:from|out[ \t]+of)[ \t]+{_WHERE}cache\b",
        r"\bmiss[ \t]+from[ \t]+cloudfront\b",
        _SAID + r"(?:tcp_)?miss\b",
        _FLAG.pattern.replace("(true|false)", "false"),
        r"(?:未|没有|没)命中(?:了)?(?:CDN|边缘|节点)?(?:的)?缓存?(?!率)",
        rf"缓存未命中{_NOT_A_METRIC}",
    ),
    "Cache:BYPASS": (
        rf"\bbypass(?:es|ed|ing)?[ \t]+{_WHERE}cache\b",
        _SAID + r"bypass\b",
        r"绕过了?(?:CDN[ \t]*)?缓存",
    ),
    "Cache:EXPIRED": (_SAID + r"expired\b",),
    "Cache:DYNAMIC": (_SAID + r"dynamic\b",),
}


def shown_states(text: str) -> frozenset[str]:
    """The cache states a unit's cache headers give ("x-cache: MISS, HIT" gives both)."""
    states = set()
    for m in _HEADER_STATE.finditer(text):
        for word in re.split(r"[ \t,]+", m.group(1).lower()):
            if word in _HEADER_WORDS:
                states.add(_HEADER_WORDS[word])
    for m in _FLAG.finditer(text):
        states.add("Cache:HIT" if m.group(1).lower() == "true" else "Cache:MISS")
    return frozenset(states)


def cache_rival(key: str, text: str) -> str:
    """Another cache state the unit's headers give, when none of them is the claim's; else ""."""
    shown = shown_states(text)
    if not shown or key in shown:
        return ""
    return f"cache state {sorted(shown)[0].split(':')[1]}"
