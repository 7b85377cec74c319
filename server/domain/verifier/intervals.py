"""A duration a claim derives from times it states: "02:58:40 to 03:01:12 (about two and a half minutes)",
"about 17 minutes before the lag alert (02:41 vs 02:58 UTC)", "... at 08:30:09, about 2.8 s later".

Such a duration is what the stated times imply: it holds when it equals the gap between two of them (the
claim's own, or the one the claim before it stated, for "later" / "之后"), at the precision it is stated
in. Then it is not a fact of its own (the times are checked); when it equals no gap, it stays a fact and
must be shown like any other.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.dated_gaps import call_minutes, counts_from_now, dated_gaps
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import at_time, circular_distance, matches, states_time
from evidence_trace.server.domain.verifier.fact_model import Comparison, Dimension, Fact, FactKind, normalize
from evidence_trace.server.domain.verifier.fact_patterns import LAST_FEW
from evidence_trace.server.domain.verifier.name_ranges import named_siblings
from evidence_trace.server.domain.verifier.numerals import arabic
from evidence_trace.server.domain.verifier.record_families import attributes
from evidence_trace.server.domain.verifier.series_spans import series_spans
from evidence_trace.server.domain.verifier.subject_clauses import clause_end
from evidence_trace.server.domain.verifier.unit_model import Strength, Unit

_RELATIVE = re.compile(
    r"\b(?:later|after|afterwards|before|earlier|apart|between|since|gap|span|lasted|lasting|took|elapsed)\b"
    r"|之后|以后|后|之前|以前|前|早了|晚了|提前|随后|相差|间隔|持续|过了|历时|用了|耗时|花了|存活|跨度|到|至"
    # a span told by its ends ("19:41:01 开始、19:47:12 结束（约 6 分钟）", "ended at …", "距查询时 …")
    r"|开始|结束|距|\b(?:started|began|ended)\b"
    r"|→|->|[0-9][ \t]*[–~][ \t]*[0-9]",  # "02:14:07 → 02:31:55", "10:14–10:31"
    re.I,
)
_WINDOW_BEFORE = re.compile(r"(?:\b(?:whole|entire|full|last|past)|整个|全程|过去|最近)[ \t]*$", re.I)
_SECONDS = re.compile(r"([0-2]?[0-9]):([0-5][0-9]):([0-5][0-9])(?:[.,]([0-9]{1,6}))?")
_DAY = 24 * 3600
_ANCHORED_MS = 120_000  # gaps anchored on the subject's units: up to two minutes


def seconds_of(fact: Fact, written: bool = False) -> tuple[float, bool]:
    """A time fact's UTC time of day in seconds (with its fraction: "08:14:02.113"), and whether it states
    seconds; written: the time of day as written, in whatever zone."""
    utc_minutes = int(fact.key.split(",")[0 if written else 1])
    stated = _SECONDS.search(fact.text)
    if stated is None:
        return utc_minutes * 60.0, False
    fraction = float("0." + stated.group(4)) if stated.group(4) else 0.0
    return utc_minutes * 60 + int(stated.group(3)) + fraction, True


def _apart(a: float, b: float) -> float:
    """Seconds between two times of day, the shorter way round midnight."""
    return circular_distance(a, b, _DAY)


def derived_durations(
    text: str,
    facts: Sequence[Fact],
    before: Sequence[Fact] = (),
    anchors: Sequence[float] = (),
    earlier: Sequence[Fact] = (),
    evidence: Optional[Evidence] = None,
) -> set[int]:
    """The indexes of the claim's durations that equal a gap between two times it states (or the claim
    before it stated), when the claim speaks of a gap ("later", "before", "持续", "相差" ...). anchors: the
    times, in seconds, of the units about the claim's subject: "at 02:41:22 the breaker opened, and 8
    seconds later ... failed" gives the second time by the event it names; a gap of seconds to a time the
    claim states to the second may end at one of them."""
    own_times = {seconds_of(f)[0] for f in facts if f.kind == FactKind.TIME}  # (09:12:04 and 09:12:09 are two)
    checked = (
        call_minutes(evidence) if evidence is not None and counts_from_now(text) else ()
    )  # "41 days after this check"
    clocks = [int(seconds_of(f)[0] // 60) for f in (*facts, *before) if f.kind == FactKind.TIME] if checked else []
    spanned = _exact_gaps(text, facts, earlier) | dated_gaps(text, facts, checked, clocks)  # across days
    spanned |= series_spans(text, facts, evidence)  # "grew by 2,315 s in 25 minutes": the samples' span
    if not _RELATIVE.search(text) and len(own_times) != 2:
        return spanned  # without a word of a gap, only a claim of two times ("started 13:55:31, ended 13:57:48")
    if not _RELATIVE.search(text):
        before = ()
    stated = [f for f in (*facts, *before) if f.kind == FactKind.TIME]
    times = [seconds_of(f) for f in stated]
    own = {  # (gap in seconds, both ends stated to the second) between two times the claims state
        (_apart(a, b), exact_a and exact_b)
        for clock in (times, [seconds_of(f, written=True) for f in stated])  # in UTC, or both as written
        for i, (a, exact_a) in enumerate(clock)
        for (b, exact_b) in clock[i + 1 :]
        if a != b
    }
    gaps = own | {(_apart(a, b), True) for a, exact in times if exact for b in anchors if a != b}
    if not gaps:
        return spanned
    derived = set(spanned)
    for index, fact in enumerate(facts):
        quantity = fact.quantity
        if fact.kind != FactKind.QUANTITY or quantity is None or quantity.dimension != Dimension.TIME:
            continue
        at = text.find(fact.text)
        if at > 0 and _WINDOW_BEFORE.search(text, max(0, at - 24), at):
            continue  # "for the whole 15 minutes, from 10:00 to 10:15": a window, checked as one
        for gap, exact in gaps:
            stated_ms = quantity.value * quantity.factor
            if exact and anchors and stated_ms > _ANCHORED_MS and (gap, exact) not in own:
                continue  # a subject's unit anchors gaps of seconds only: minutes apart, too much matches
            # times to the minute leave a minute either way; to the second, the gap at the claim's precision
            if quantity.matches(gap * 1000.0) or (not exact and abs(stated_ms - gap * 1000.0) <= 60_000 <= stated_ms):
                derived.add(index)
                break
    return derived


def _exact_gaps(text: str, facts: Sequence[Fact], earlier: Sequence[Fact]) -> set[int]:
    """Durations stated to the second ("ran for 1h17m39s", "26 seconds after the rollout finished") that equal,
    at that precision, the gap between two times to the second the draft stated in grounded claims (or one
    of them and a time this claim states): the writer's subtraction, not a fact of its own."""
    if not earlier:
        return set()
    times = sorted({seconds_of(f)[0] for f in (*earlier, *facts) if f.kind == FactKind.TIME and seconds_of(f)[1]})
    gaps = {_apart(a, b) for i, a in enumerate(times) for b in times[i + 1 :]}
    found = set()
    for index, fact in enumerate(facts):
        quantity = fact.quantity
        if fact.kind != FactKind.QUANTITY or quantity is None or quantity.dimension != Dimension.TIME:
            continue
        if quantity.factor > 1000.0 or quantity.comparison not in (Comparison.EQUAL, Comparison.ABOUT):
            continue  # stated in minutes or hours: too coarse to tell one gap of many from another
        if any(quantity.matches(gap * 1000.0) for gap in gaps if gap > 0):
            found.add(index)
    return found


_NAMED_KINDS = (FactKind.INSTANCE, FactKind.SERVICE, FactKind.ALERT, FactKind.IDENTIFIER, FactKind.ID)


def enumerated_counts(text: str, facts: Sequence[Fact]) -> set[int]:
    """The indexes of counts that only say how many names the claim then lists: "two instances (10.8.3.21
    and 10.8.3.22)", "3 个副本（4xk2p、9wqzr、tt7lm）". The names are checked; the count is their number."""
    counted = set()
    text = arabic(normalize(text))  # as the facts were read: "两个" is "2个"
    for index, fact in enumerate(facts):
        at = text.find(fact.text) if fact.quantity is not None else -1
        # "2 of the 24 targets are down: A and B": the bare figure before "of the 24 …" counts the names
        some = fact.kind == FactKind.QUANTITY and fact.bare and OF_ALL.match(text, at + len(fact.text))
        if (fact.kind != FactKind.COUNT and not some) or at < 0:
            continue
        after = text[at + len(fact.text) : at + len(fact.text) + 160]
        # "…: A (gpu-node-04) and B": a parenthesis after a listed name gives another name of it
        aside = _ASIDE.sub(lambda m: " " * len(m.group(0)), after) if some else after
        aside = aside[: clause_end(aside, facts)]  # "3 replies (a, b, c), and d did not": d is not one of them
        enclosed = _ENCLOSED.match(aside)  # "2 个 provider（a、b）都打满了，所以 c 重试…": the parenthesis is the list
        if enclosed and not some and sum(f.kind in _NAMED_KINDS and f.text in enclosed.group(0) for f in facts) >= 2:
            aside = aside[: enclosed.end()]
        names = [
            f
            for f in facts
            if f.kind in _NAMED_KINDS and not f.text.startswith(("(", "（")) and 0 <= aside.find(f.text) < 120
        ]  # a bare number in parentheses ("分区 1（123644）") is a value of the name before it, not a name
        names = list({f.text: f for f in names}.values())  # a name read as two kinds is one name
        if some:  # the names after the list's colon or dash: "…: A and B", "… — A, B"
            colon = _LIST_MARK.search(aside, 0, 80)
            names = [f for f in names if colon is not None and aside.find(f.text) >= colon.end()]
        first = min((aside.find(f.text) for f in names), default=-1)
        # "(a and b)", ": a, b", or the names right after the count's noun: "两个 pod m8zrt、p5wvn"
        colon = None if some else re.search(r"[:：](?![0-9A-Za-z])", aside[:80])  # "5 PRs on acme/base: #412, …":
        names = [f for f in names if not (colon and 0 <= aside.find(f.text) < colon.start() and _held(aside, f))]
        listed = some or _LISTED.match(after) or (0 <= first <= 16 and _NOUN_ONLY.fullmatch(after[:first]))
        apposed = 0 <= first <= 16 and _APPOSED.fullmatch(after[:first])
        run = _joined_run(aside, names) if apposed else []  # "2 台服务器 a 和 b 都是 hostAlive=true": the list
        names = run if len(run) >= 2 else names  # ends where its list marks do, before the names said of it
        # a range names every name between its ends: "5 nodes (cb-node-1 through cb-node-5)" lists five, and so
        # does "pay-w-01 到 pay-w-04 共 4 个节点" right before its count; ranges alike are one set named twice
        before, value = text[max(0, at - 80) : at], fact.quantity.value if fact.quantity else 0  # (names, addresses)
        sizes = [len(names) for span, names in named_siblings(aside[:120]) if span[0] < 40]
        ranged = sizes[0] if len(set(sizes)) == 1 < len(sizes) and sizes[0] == value else sum(sizes)
        ranged = ranged or sum(len(names) for span, names in named_siblings(before) if span[1] >= len(before) - 8)
        if fact.quantity is not None and (
            (names and max(len(names), ranged) == fact.quantity.value and listed) or 2 <= ranged == fact.quantity.value
        ):
            counted.add(index)
        elif (
            fact.kind == FactKind.COUNT
            and fact.quantity is not None
            and _listed_before(text, at, facts) == fact.quantity.value >= 2
            and any(not f.is_entity and f.kind != FactKind.COUNT for f in facts)
        ):  # "A、B、C 三个区域都正常，200": the names are checked, each with what the claim says of them; a claim of
            # names and their number only ("A 和 B 两个 pod 都出现了这个 panic") keeps its count, a fact to show
            counted.add(index)
    return counted


def uncounted(text: str, facts: tuple[Fact, ...]) -> tuple[Fact, ...]:
    """The facts without the counts that only say how many names the text lists (enumerated_counts): what a
    clause read as a claim of its own checks ("3 peers answered (a, b, c)": the names)."""
    counted = enumerated_counts(text, facts)
    return tuple(f for i, f in enumerate(facts) if i not in counted)


def _joined_run(text: str, names: Sequence[Fact]) -> list[Fact]:
    """The names of `text` from its first one on that list marks join ("a 和 b", "a, b and c"), in order."""
    return _runs(text, names)[0] if names else []


def listed_names(text: str, names: Sequence[Fact]) -> list[Fact]:
    """The longest run of two or more of `names` that list marks join in `text` ("relay-01 和 relay-03 都是 …",
    "both relay-01 and relay-03 are …"); [] when no two stand joined."""
    longest = max(_runs(text, names), key=len, default=[])
    return longest if len(longest) >= 2 else []


def _runs(text: str, names: Sequence[Fact]) -> list[list[Fact]]:
    spans = sorted({(text.find(f.text), f.text): f for f in names if f.text in text}.items())
    runs: list[list[Fact]] = []
    end = -1
    for (start, name), fact in spans:
        if runs and start >= end and _JOIN.fullmatch(_ASIDE.sub("", text[end:start])):
            runs[-1].append(fact)
        else:
            runs.append([fact])
        end = start + len(name)
    return runs


def _listed_before(text: str, at: int, facts: Sequence[Fact]) -> int:
    """How many names stand listed right before a count ("A、B、C 三个区域", "A, B and C (all three …)"): the
    names joined by list marks, the last of them a few characters before the count."""
    spans = sorted(  # each name where it stands whole ("shop.example.cn" is not the tail of "www.shop.example.cn")
        {m.span() for f in facts if f.kind in _NAMED_KINDS for m in _whole(f.text).finditer(text, 0, at)}
    )
    end, listed = at, 0
    for start, stop in reversed(spans):
        gap = text[stop:end]
        if not (_TAIL.fullmatch(gap) if listed == 0 else _JOIN.fullmatch(gap)):
            break
        listed, end = listed + 1, start
    if listed < 2:  # plain words a Chinese list joins with "、" ("api、db、redis、nginx 四个容器")
        words = _ENUMERATED.search(text, max(0, at - 120), at)
        listed = len(re.split(r"、|和|与|及", words.group(1))) if words else 0
    return listed if listed >= 2 else 0


def _whole(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w.-]){re.escape(name)}(?![\w-])")


_ENUMERATED = re.compile(
    r"((?:[A-Za-z0-9_.\-\u4e00-\u9fff]{1,24}、)+[A-Za-z0-9_.\-\u4e00-\u9fff]{1,24}?"
    r"(?:[ \t]*(?:和|与|及)[ \t]*[A-Za-z0-9_.\-]{1,24})?)[ \t]*$"
)


_TAIL = re.compile(r"[ \t]*(?:[(（][ \t]*)?(?:这|共|all|both|these|the)?[ \t]*", re.I)
_JOIN = re.compile(r"[ \t]*(?:[、,，/]|和|与|及|and|,[ \t]*and)[ \t]*", re.I)


# the list follows the count: "(a and b)", ": a, b", "（a、b）", "—a and b"
_LISTED = re.compile(r"^[^(（:：—\-]{0,40}[(（:：—\-]")
# the name a count's members are in, before the list: "5 open PRs on acme/node-base-image: …", "3 pods in payments:"
_HOLDER = re.compile(r"\b(?:on|in|of|for|from|at|under|across|within)[ \t]+(?:[\w.\-]+/)?$", re.I)


def _held(aside: str, name: Fact) -> bool:
    """Whether a name before a count's list holds its members (the repository "on" which the PRs are)."""
    return _HOLDER.search(aside, 0, aside.find(name.text)) is not None


_ENCLOSED = re.compile(
    r"(?:[ \tA-Za-z\u4e00-\u9fff]{0,16}|[ \tA-Za-z-]{0,24})[(（][^()（）]*[)）]"
)  # the count's noun (in English, hyphened too: "user-allocated NAT IPs"), then its list in parentheses
_NOUN_ONLY = re.compile(r"[ \tA-Za-z\u4e00-\u9fff]*(?:[,，][ \t]*)?")  # "2 servers, a and b, are up"
# the names in apposition to the count: its noun alone, or a comma ("2 servers, a and b", "两个 NLB 端点 a、b")
_APPOSED = re.compile(r"[ \t]*(?:[A-Za-z]{1,12}[ \t]*)?(?:[\u4e00-\u9fff]{1,6}[ \t]*)?(?:[,，][ \t]*)?")
# "… of the 24", "… of the last 6"
OF_ALL = re.compile(r"[ \t]+(?:of|out of)[ \t]+(?:the[ \t]+|all[ \t]+)?(?:" + LAST_FEW + r"[ \t]+)?([0-9]+)\b", re.I)
N_OF_ALL = re.compile(r"([0-9]+)" + OF_ALL.pattern, re.I)  # "3 of the 42", "3 of 4"
_LIST_MARK = re.compile(r"[:：]|[ \t][—–-][ \t]")
_ASIDE = re.compile(r"(?<=\S)[ \t]*[(（][^()（）]{1,60}[)）]")  # a parenthesis right after a name


def of_all(text: str, fact: Fact) -> bool:
    """Whether a figure is one of an "N of M" ("3 of 3", "2 of the 4"): a count of a set's members."""
    at = text.find(fact.text)
    return at >= 0 and any(m.start() <= at < m.end() for m in N_OF_ALL.finditer(text))


def windows_unread(times: Sequence[Fact], unit: Unit) -> bool:
    """Whether a claim states more times than a window's two ends ("21:00–22:00 和 23:00 以后"), which
    within_window does not read, about a unit that states a time: the unit may fall outside all of them."""
    return len(times) > 2 and bool(unit.minutes)


def within_window(times: Sequence[Fact], unit: Unit) -> bool:
    """Whether a unit falls inside the window a claim's two times bound ("20:00 到 20:15 之间没有报错",
    "no errors between 14:00 and 14:30 UTC"), read in the claim's zone as at_time reads one time; True
    when the claim states no such window or the unit states no time."""
    if len(times) != 2 or not unit.minutes:
        return True
    # in seconds, as stated: "到 20:15" ends at 20:15:00, not at 20:15:59; "09:58:40–09:58:41" is a window too
    (w1, u1), (w2, u2) = ((seconds_of(f, written=True)[0], seconds_of(f)[0]) for f in times)
    shown, in_utc, naive = unit.clock(1)
    zoned = times[0].zoned or times[1].zoned
    spans = [((u1, u2), in_utc), ((w1, w2), naive)] if zoned else [((w1, w2), shown), ((w1, w2), in_utc)]
    return any(min(a, b) <= t <= max(a, b) for (a, b), seen in spans for t in seen)


def unbound_time(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Fact]:
    """ "Applied at 11:40:55 by bob.nair, who had committed it at 11:38:50": a claim of who did what at several
    times grounds on a record at one of them, so each of its times (once per instant: "07:45 UTC (15:45
    UTC+8)" is one) that records state must be stated by one that names the actor (the audit row at
    11:40:55 names alice.chen). The time no such record states, or None."""
    actors = [f for f in facts if f.kind == FactKind.ACTOR]
    times = list({f.key.split(",")[1]: f for f in facts if f.kind == FactKind.TIME}.values())
    if len(times) < 2:
        return None
    units = [u for i in evidence.rows() for u in evidence.units(i) if u.kind not in _UNTIMED and u.minutes]
    subjects, listing = actors, set()
    if not actors:
        # the thing the claim times ("logrotate.timer last fired at …, next at …"), when timed records of it exist:
        # its time is read in the calls that list it, and a sibling row there at that time is another thing's
        things = [f for f in facts if f.kind in _TIMED_THINGS and not f.soft]
        shown = [(f, u) for f in things for u in units if matches(f, u)]
        named = list(dict.fromkeys(f for f, _ in shown))
        listing = {u.invocation_id for _, u in shown}
        subjects = named + [f for f in facts if f.kind == FactKind.ID]  # ("java (PID 51377) at …")
        # (of a thing, its instants to the second: the ends of a window bound records of many)
        times = [t for t in times if _TO_SECOND.search(t.text) and not _range_end(text, t) and not _offset(text, t)]
    everything = [u for i in evidence.rows() for u in evidence.units(i)] if subjects and len(times) >= 2 else []
    for time in times if subjects and len(times) >= 2 else ():
        stating = [u for u in units if at_time(time, u) and (actors or u.invocation_id in listing)]
        # (a record names its actor in its tags too: `tags: [{"key": "dagster/schedule_name", "value": …}]`)
        said = any(matches(a, v) for u in stating for v in (u, *attributes(u, everything)) for a in subjects)
        if stating and not said and not _names_a_person(text, stating):
            return time
    return None


_TIMED_THINGS = (FactKind.IDENTIFIER, FactKind.INSTANCE, FactKind.SERVICE)
_TO_SECOND = re.compile(r"[0-9]{1,2}:[0-9]{2}:[0-9]{2}")


def lone_time(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Fact]:
    """A time of a claim no record binds: one no record of its actor states (unbound_time), or one no
    record of the session states at all (unstated_time); None when each is."""
    return unbound_time(text, facts, evidence) or unstated_time(text, facts, evidence)


def unstated_time(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Fact]:
    """ "The dump started at 02:05 UTC and pg_dump failed a second later, at 10:05 UTC": a claim of several
    times grounds on a record at one of them, so each of its times (once per instant) must be one some
    record, series sample or call window of the session states. The ends of a range ("07:50–07:52",
    "06:02 到 06:27") bound records rather than name one, and are not held to it. The time none states,
    or None."""
    times = list({f.key.split(",")[1]: f for f in facts if f.kind == FactKind.TIME}.values())
    times = [f for f in times if not _offset(text, f) and not _range_end(text, f)]
    if len(times) < 2:
        return None
    units = [u for i in evidence.rows() for u in evidence.units(i)]
    return next((t for t in times if not any(_states(t, u) for u in units)), None)


def _offset(text: str, fact: Fact) -> bool:
    """ "+08:00", "12:03:17 +08:00", "UTC-05:00": a zone's offset, not a time."""
    at = text.find(fact.text)
    return fact.text.startswith(("+", "-")) or (
        at > 0 and text[max(0, at - 4) : at].rstrip(" (（").endswith(("+", "-", "UTC", "GMT"))
    )


def _range_end(text: str, fact: Fact) -> bool:
    at = text.find(fact.text)
    end = at + len(fact.text)
    return at >= 0 and bool(_RANGE_ON.match(text, end) or _RANGE_FROM.search(text[max(0, at - 4) : at]))


def _states(time: Fact, unit: Unit) -> bool:
    """A unit's own time, or a sample of its series, at the claim's time (to the minute)."""
    if unit.minutes and states_time(time, unit):
        return True
    if unit.kind != "series":
        return False
    utc = int(time.key.split(",")[1])
    return any(n.minute is not None and circular_distance(n.minute, utc, 1440) <= 1 for n in unit.numbers)


def _names_a_person(text: str, units: Sequence[Unit]) -> bool:
    """Whether the records name a person the claim names without an actor's verb ("…，此前 dmitri.k 在
    09:11:40 提交了改动": the record at 09:11:40 is dmitri.k's)."""
    people = {m.group().lower() for m in _PERSON.finditer(text)}
    return any(person in u.lowered for u in units for person in people)


_PERSON = re.compile(r"(?<![\w.@-])[A-Za-z][A-Za-z0-9]*[._][A-Za-z][A-Za-z0-9]*(?![\w@-])")


_UNTIMED = ("series", "input", "header")  # a series' samples are picked by time; a call's window is asked


def misrestated_time(text: str, facts: Sequence[Fact]) -> Optional[Fact]:
    """ "北京时间 08:12:44（UTC 16:12:44）", "18:31 UTC, i.e. 02:31 Beijing time": a time said again right after
    itself in another zone is the same instant, so the two must agree once both are read in UTC (a wrong
    conversion adds the offset instead of taking it away). The restated time that disagrees, or None."""
    times = [f for f in facts if f.kind == FactKind.TIME and f.zoned]
    read = arabic(normalize(text))
    for first, second in zip(times, times[1:]):
        start, end = read.find(first.text), read.find(second.text)
        if start < 0 or end <= start or not _RESTATED.fullmatch(read[start + len(first.text) : end]):
            continue
        if _RANGE_ON.match(read, end + len(second.text)):
            continue  # "07:52–07:54 UTC（北京时间 15:52–15:54）": the ranges' ends pair up, not these two
        if first.text.split()[-1:] == second.text.split()[-1:]:
            continue  # the same zone twice: two times, not one restated
        if circular_distance(int(first.key.split(",")[1]), int(second.key.split(",")[1]), 1440) > 1:
            return second
    return None


_RANGE_ON = re.compile(r"[ \t]*(?:[–~—-]|到|至|to\b)", re.I)
_RANGE_FROM = re.compile(r"(?:[–~—-]|到|至|\bto)[ \t]*$", re.I)  # the second end: "07:50–07:52"
# what lies between a time and itself said again: "（UTC ", ", i.e. ", "，即北京时间 ", " (which is "
_RESTATED = re.compile(
    r"[ \t]*(?:[(（][ \t]*|[,，][ \t]*(?:i\.e\.|that is|which is|即|也就是)?[ \t]*|即[ \t]*|i\.e\.[ \t]*"
    # "18:42:10 UTC 开始触发，也就是北京时间 …", "at 18:42 UTC it fired, i.e. …": a few words, then a restatement
    r"|[^0-9:,，。;；()（）]{1,16}(?:[A-Z][a-z]{2} [0-9]{1,2})?[,，][ \t]*(?:i\.e\.|that is|which is|即|也就是)[ \t]*)"
    r"(?:UTC|GMT|北京时间|上海时间|Beijing time|Shanghai time|[+-][0-9]{2}:?[0-9]{2})?[ \t]*"
    r"(?:[0-9]{1,2}[ \t]*月[ \t]*[0-9]{1,2}[ \t]*日[ \t]*|[A-Z][a-z]{2} [0-9]{1,2},?[ \t]*)?",
    re.I,
)


def subject_seconds(facts: Sequence[Fact], evidence: Evidence) -> tuple[int, ...]:
    """The times, to the second and in UTC where known, of the supporting units that name one of the
    claim's names: where a gap the claim states ("8 seconds later") may end. Only for a claim with a time
    to the second and a duration."""
    names = [f for f in facts if f.is_entity and not f.soft]
    if not names or not any(f.kind == FactKind.TIME and seconds_of(f)[1] for f in facts):
        return ()
    if not any(f.quantity is not None and f.quantity.dimension == Dimension.TIME for f in facts):
        return ()
    found: set[int] = set()
    for index in evidence.candidates(names[:1]):
        for unit in evidence.units(index):
            if unit.strength >= Strength.INDIRECT and any(matches(f, unit) for f in names):
                written, utc, _ = unit.clock(1)
                found.update(utc or written)
    return tuple(sorted(found))
