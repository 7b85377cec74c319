"""A count of the set a call lists, named by what it lists: "the highest among the five nodes", "One of the
four thumbnailer pods", "cache 命名空间 3 个 PVC 里有 2 个是 Bound", "集群一共 5 个节点", "6 brokers in total".

Such a count is the size of a listing, not a fact a unit states: no row of `kubectl top nodes` says "5".
It holds when one call that asked for that kind of thing (its question names the resource: `get pvc`,
`top nodes`, `/api/v1/targets`) lists exactly that many records, the listing neither cut (a total above
it) nor as long as its limit. A qualifier between the number and the noun ("thumbnailer pods",
"gateway 副本") must be in each record counted, or in the call's question (`-l app=thumbnailer`).

Only a count that stands as the set's size is read so: after "among", "across" or "in" ("among the five
nodes"), before "in total", as "N 个 X 里/中", or "一共 N 个 X" at the end of its clause; and only beside other
facts, which are still checked. "3 pods are Running" counts what holds of them (counted_units'); "2 of the 4
pods", "4 个副本中有 3 个", "3 个节点中只有 A" count a part of the set (counted_units' some-of-all), and "all 3
pods", "5 个节点，全部 Ready" size a universal (quantifiers'): each needs the count, so none is read so. A
listing of another size leaves the count a fact, to be shown.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.complements import complement_counts
from evidence_trace.server.domain.verifier.counted_units import listed_records
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches
from evidence_trace.server.domain.verifier.facts import Comparison, Fact, FactKind
from evidence_trace.server.domain.verifier.listing_limits import LISTED_KINDS, SHOWN, capped_by_limit, listing_is_cut
from evidence_trace.server.domain.verifier.numerals import arabic
from evidence_trace.server.domain.verifier.path_tails import sibling_value

# (the nouns a claim counts the resource by, the words a call's question asks for it with), both languages
_RESOURCES: tuple[tuple[str, str], ...] = (
    (r"pods?|副本|容器组", r"pods?|po"),
    (r"nodes?|节点", r"nodes?|no"),
    (r"pvcs?|persistent ?volume ?claims?|存储卷声明", r"pvcs?|persistentvolumeclaims?"),
    (r"deployments?", r"deploy|deployments?"),
    (r"statefulsets?", r"sts|statefulsets?"),
    (r"(?:scrape )?targets?|抓取目标", r"targets?"),
    (r"brokers?", r"brokers?"),
    (r"shards?|分片", r"shards?"),
    (r"ingress(?:es)?", r"ing|ingress(?:es)?"),
    (r"cron ?jobs?|定时任务", r"cronjobs?|cj"),
    (r"silences?|静默", r"silences?"),
    (r"namespaces?|命名空间", r"namespaces?|ns"),
    (r"consumers?|消费者", r"--members"),  # kafka-consumer-groups --members: one row a consumer
)
# a listing of a group's consumers holds the ones online: "有 4 个消费者在线", "has 4 consumers online"
_ONLINE = re.compile(r"[ \t]*(?:online|connected|在线)", re.I)
_NOUN = "|".join(f"(?:{nouns})" for nouns, _ in _RESOURCES)
_EN_COUNT = re.compile(rf"^(\S+)[ \t]+((?:[a-z][\w.-]*[ \t]+){{0,2}}?)({_NOUN})$", re.I)
_ZH_AFTER = re.compile(rf"[ \t]*((?:[A-Za-z][\w.-]*)?[ \t]*)({_NOUN})", re.I)
# the count stands as the set's size: "among the five nodes", "across the 3 PVCs", "6 brokers in total",
# "3 个 PVC 里", "一共 5 个节点。" (never "of the 4 pods": a part of them, _PART_OR_ALL)
_SET_BEFORE = re.compile(r"\b(?:among|across|in|on|from)[ \t]+(?:the|its|their|these|those)[ \t]+$", re.I)
_SET_AFTER = re.compile(r"[ \t]*(?:\bin[ \t]+(?:total|all)\b|里|中|之中|当中|里面)", re.I)
# a part of the set or a universal over it needs its size: "2 of the 4", "中有 3 个", "只有 A", "all", "都"
_PART_OR_ALL = re.compile(
    r"\b(?:[0-9]+|one|two|three|four|five|six|seven|eight|nine|ten)[ \t]+(?:of|out[ \t]+of)\b"
    r"|\b(?:none|each|every|all|only)\b|(?:中|里)[ \t]*(?:有[ \t]*)?[0-9]"
    r"|都|全部|全都|均|只有|仅|就有",
    re.I,
)
_TOTAL_BEFORE = re.compile(
    r"(?:一共|总共|共有|共计|总计|共|有)[ \t]*(?:有[ \t]*)?$|\b(?:there[ \t]+are|has|have)[ \t]+$", re.I
)
_CLAUSE_END = re.compile(
    r"[ \t]*(?:$|[,.;:!?)，。；：！？）]|\bin[ \t]+(?:the[ \t]+)?[\w-]+[ \t]+(?:namespace|cluster)\b)"
)


def listed_set_counts(text: str, facts: Sequence[Fact], evidence: Evidence) -> set[int]:
    """The indexes of the claim's counts that are the size of a set one call lists: "the other three"
    (complements.py) and "the five nodes" (this module)."""
    return complement_counts(text, facts, evidence) | listing_sizes(text, facts, evidence)


def listing_sizes(text: str, facts: Sequence[Fact], evidence: Evidence) -> set[int]:
    """The indexes of the claim's counts of a listed set (module docstring) that one call's listing holds."""
    written = arabic(text)
    found: set[int] = set()
    if _PART_OR_ALL.search(written) or sum(1 for f in facts if f.kind != FactKind.TIME) < 2:
        return found  # the count is needed, or is all the claim says (then it must be shown)
    for index, fact in enumerate(facts):
        if fact.kind != FactKind.COUNT or fact.quantity is None or fact.quantity.value < 2:
            continue
        named = _named_set(written, fact)
        if named is not None and any(
            _lists(evidence, row, int(fact.quantity.value), *named) for row in evidence.rows()
        ):
            found.add(index)
    return found


def _named_set(written: str, fact: Fact) -> Optional[tuple[str, str]]:
    """(the resource's question words, the qualifier or "") when the count stands as the size of a set of a
    known resource, else None."""
    at = written.find(fact.text)
    if at < 0:
        return None
    end = at + len(fact.text)
    english = _EN_COUNT.match(fact.text)
    if english is not None:
        qualifier, noun = english.group(2), english.group(3)
    else:
        after = _ZH_AFTER.match(written, end)
        if after is None:
            return None
        qualifier, noun, end = after.group(1), after.group(2), after.end()
    before = written[max(0, at - 40) : at]
    asked = next(a for nouns, a in _RESOURCES if re.fullmatch(nouns, noun, re.I))
    online = _ONLINE.match(written, end) if "members" in asked else None
    end = online.end() if online is not None else end
    as_set = _SET_BEFORE.search(before) is not None or _SET_AFTER.match(written, end) is not None
    if not as_set and not (_TOTAL_BEFORE.search(before) and _CLAUSE_END.match(written, end)):
        return None
    return asked, qualifier.strip().lower()


def listing_rival(text: str, facts: Sequence[Fact], evidence: Evidence) -> str:
    """Why a count of a listed set is not shown when the only calls that list that resource, whole, list
    another number of it ("有 4 个消费者在线" where `--members` lists 3); "" otherwise. Not a contradiction:
    the set the claim counts may be narrower than the listing, so the claim is left UNGROUNDED. So is a value a
    sibling record of the listing shows, said of the record a plain word names (path_tails.sibling_value)."""
    sibling = sibling_value(text, facts, evidence)
    if sibling:
        return sibling
    written = arabic(text)
    capped = _total_past_a_limit(written, facts, evidence)
    if capped:
        return capped
    if _ONLY_ONE.search(written):
        return _others_past_the_bound(facts, evidence)
    if _PART_OR_ALL.search(written):
        return ""
    rows: Optional[list[int]] = None
    for fact in facts:
        if fact.kind != FactKind.COUNT or fact.quantity is None or fact.quantity.value < 2:
            continue
        named = _named_set(written, fact)
        if named is None:
            continue
        if rows is None:  # only listings about the claim's subject ("sms.send 有 3 个消费者": that group's)
            rows = [row for row in evidence.rows() if all(_mentions(evidence, row, f) for f in facts if f.is_entity)]
        sizes = {n for n in (_size(evidence, row, *named) for row in rows) if n is not None}
        if sizes and int(fact.quantity.value) not in sizes:
            return f"the calls that list them list {', '.join(str(n) for n in sorted(sizes))}, not {fact.text}"
    return ""


def _mentions(evidence: Evidence, row: int, fact: Fact) -> bool:
    """Whether the row's question or its text (output, parameters, error: already lower-cased) names the fact."""
    question = evidence.question(row)
    key = fact.key.lower()
    return (question is not None and key in question.lowered) or key in evidence.raw(row)


def _lists(evidence: Evidence, row: int, size: int, asked: str, qualifier: str) -> bool:
    """Whether the row's call asked for the resource and lists `size` of it (with the qualifier)."""
    return _size(evidence, row, asked, qualifier) == size


def _size(evidence: Evidence, row: int, asked: str, qualifier: str) -> Optional[int]:
    """How many of the resource the row's call lists (with the qualifier); None when it asked for another
    resource or its listing is cut, capped or empty."""
    question = evidence.question(row)
    if question is None or re.search(rf"(?<![\w-])(?:{asked})(?![\w-])", question.lowered) is None:
        return None
    units = evidence.units(row)
    records = listed_records(units)
    if not records or listing_is_cut(units) or capped_by_limit(units):
        return None
    if qualifier and qualifier not in question.lowered:
        records = [u for u in records if qualifier in u.lowered]
    return len(records)


# "10 sessions are blocked in total", "一共有 10 个会话被阻塞": a count said as the whole of what there is
_TOTAL = re.compile(r"\b(?:in total|in all|altogether|all told|overall)\b|一共|总共|共计|合计|总计", re.I)
_COUNTED = re.compile(r"(?<![\w.:/-])([0-9]+)(?=[ \t]*(?:[A-Za-z]|个|条|次|台|项|张))")


def _total_past_a_limit(written: str, facts: Sequence[Fact], evidence: Evidence) -> str:
    """Why a count said as a total is not shown when a listing of that many records that names the claim's
    subject is as long as the limit its call asked for (`LIMIT 10`, `"size": 10`): the listing may be cut, and
    says nothing of the total. A count of what the call returned ("returned 10 rows in total") is what it
    shows, and is left alone."""
    names = [f for f in facts if f.is_entity or f.kind == FactKind.ID]
    for total in _TOTAL.finditer(written) if names else ():
        near = written[max(0, total.start() - 40) : total.end() + 16]
        if SHOWN.search(near):
            continue
        for number in {int(n) for n in _COUNTED.findall(near) if int(n) >= 2}:
            for row in evidence.rows():
                units = evidence.units(row)
                if (
                    capped_by_limit(units)
                    and sum(1 for u in units if u.kind in LISTED_KINDS) == number
                    and all(_mentions(evidence, row, f) for f in names)
                ):
                    return f"its call's limit cuts the listing at {number}: it cannot show how many there are in all"
    return ""


# one record alone past a bound: "the only filesystem over 90%", "only one pod above 2 GiB", "唯一超过 90% 的分区"
_ONLY_ONE = re.compile(r"\b(?:the only|only one)\b|唯一", re.I)
_BOUNDS = (Comparison.ABOVE, Comparison.BELOW)


def _others_past_the_bound(facts: Sequence[Fact], evidence: Evidence) -> str:
    """Why "the only X over N" is not shown: a listing of the subject holds the one the claim names and
    another record past that bound too; "" otherwise."""
    bounds = [f for f in facts if f.quantity is not None and f.quantity.comparison in _BOUNDS]
    entities = [f for f in facts if f.is_entity]
    if len(bounds) != 1:
        return ""
    for row in evidence.rows():
        if not all(_mentions(evidence, row, f) for f in entities):
            continue
        units = evidence.units(row)
        past = [u for u in listed_records(units) if matches(bounds[0], u)]
        if len(past) > 1 and not listing_is_cut(units):
            return f"{len(past)} records of one listing are past its bound of {bounds[0].text}: {past[0].ref}, {past[1].ref}"
    return ""
