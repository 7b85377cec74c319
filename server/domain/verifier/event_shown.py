"""Whether a record says an event happened: what a denial of it ("has not restarted", "没有死锁") is read against."""

from __future__ import annotations

import re

# the event as a condition or a prospect, not an occurrence: "will not recover until manually restarted",
# "must be restarted", "needs to be failed over", "直到手动重启", "需要重启"
_UNREALIZED = re.compile(
    r"(?:\b(?:until|unless|will|would|must|should|needs?[ \t]+to|can|could|to[ \t]+be)\b(?:[ \t]+[a-z]+){0,2}[ \t]*"
    r"|(?:直到|除非|需要|必须|才能|才会)[^。；，,;\n]{0,6})$"
)


def shows_event(lowered: str, form: str, series: bool = False) -> bool:
    """Whether a unit says the event happened: "evicted", "restarting", "死锁"; a noun of the same stem
    ("eviction ranking", "eviction-hard") names the mechanism, not an occurrence, as a field it is inside of
    does (`master_failover_state`; a series named for it, `…_restarts_total`, is read by its samples), and a
    value that denies it (`:no-failover`, "no restart", a condition's `KernelDeadlock False`, `KernelHasNoDeadlock`)
    shows none; nor does the event as a condition or a prospect ("will not recover until manually restarted").
    """
    if not form.isascii():
        return any(
            not _UNREALIZED.search(lowered, max(0, m.start() - 40), m.start())
            for m in re.finditer(re.escape(form), lowered)
        )
    inside = "" if series else r"(?<![a-z0-9]_)"
    found = re.finditer(
        rf"(?<!no-)(?<!no_)(?<!no )(?<!non-)(?<!not )(?<!hasno){inside}{re.escape(form)}"
        # (nor inside a setting's kebab-case name: `throttle-additional-flag-file: …`; a value may be one:
        # `failover-in-progress`)
        # nor a field of its time (`RestartTime: Thursday, 03-Sep-2026 …`, `"restart_at": …`): when, not that, it was
        r"(?!ion|-hard|-soft|[ _-]?(?:threshold|policy|ranking|order|limit)|[a-z]*(?:-[a-z]+){2,}[\"']?[ \t]*[:=]"
        r"|[ _-]?(?:time|timestamp|date|at)[\"']?[ \t]*[:=]"
        r"|[a-z]*[\"']?[ \t]*[:=;,]?[ \t]*(?:[\"']?status[\"']?[ \t]*[:=][ \t]*)?[\"']?false\b)",
        lowered,
    )
    found = (
        m
        for m in found
        if not _in_path(lowered, m.start()) and not _UNREALIZED.search(lowered, max(0, m.start() - 40), m.start())
    )
    # a field named for the event counts it (`evicted_keys:977`, `"timeouts": 0`): shown by a count above zero
    counts = (_COUNTED_BY_FIELD.match(lowered, m.start()) for m in found)
    return any(count is None or float(count.group(1)) > 0 for count in counts)


_PATH_START = re.compile(r"[`'\"(]?~?/")


def _in_path(lowered: str, at: int) -> bool:
    """Whether the word at `at` is part of a path (`/tmp/gh-ost.throttle`): it names a file, no event."""
    start = max(lowered.rfind(c, 0, at) for c in " \t\n") + 1
    return _PATH_START.match(lowered, start) is not None


_COUNTED_BY_FIELD = re.compile(r"[a-z_]*[\"']?[ \t]*[:=][ \t]*[\"']?([0-9]+(?:\.[0-9]+)?)(?![0-9.])")
