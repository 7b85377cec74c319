"""Inline code a draft quotes (`gp2`, `v2.13.2`, `up=0`): identifiers the unit must show."""

from __future__ import annotations

import dataclasses
import re
from typing import Sequence

from evidence_trace.server.domain.verifier.fact_model import Fact, FactKind, Scope, normalize
from evidence_trace.server.domain.verifier.fact_patterns import CLI_TOOL


def with_code_identifiers(codes: Sequence[str], facts: tuple[Fact, ...]) -> tuple[Fact, ...]:
    """The facts, plus inline code the draft quotes (`gp2`, `find`) as identifiers the unit must show,
    unless a fact already covers them or they are a number. Quoting a value makes it a hard fact."""
    quoted = {normalize(c).lower() for c in codes if not _NAME_ONLY.fullmatch(c)}
    facts = tuple(dataclasses.replace(f, soft=False) if f.soft and f.key in quoted else f for f in facts)
    expressions = [c for c in codes if _EXPRESSION.search(c)]
    # `(probe_ssl_earliest_cert_expiry - time()) / 86400`: a query's own figures are part of what it asked,
    # not results (its names are still shown, by the call's parameters)
    facts = tuple(f for f in facts if f.is_entity or not any(f.text in e for e in expressions))
    # `redis-cli --bigkeys`, `etcdctl endpoint status`: the tool a command runs with is no entity to show
    facts = tuple(dataclasses.replace(f, soft=True) if f.is_entity and CLI_TOOL.fullmatch(f.key) else f for f in facts)
    quoted_ids = [c for c in codes if " " not in c and not _TIMESTAMP.match(c.lower())]
    # a time inside a quoted id is part of its name (Airflow's run `scheduled__2026-09-16T18:00:00+00:00`)
    facts = tuple(
        f for f in facts if f.kind != FactKind.TIME or not any(f.text in c and f.text != c for c in quoted_ids)
    )
    return facts + _code_identifiers(codes, facts)


_EXPRESSION = re.compile(r"[a-z_]+\(|\)[ \t]*[-+*/]|\[[0-9]+[smhdw]\]")  # a function, an operator, a range


def _code_identifiers(codes: Sequence[str], facts: Sequence[Fact]) -> tuple[Fact, ...]:
    known = {f.key for f in facts}
    found = []
    for code in codes:
        if " " in code or code[:1] in "{[":
            # a span with spaces (an expression, a command), or a literal body (`{"ok":true}`, which a call's
            # JSON may hold escaped), reads its names and figures as prose does
            continue
        pair = _PAIR.fullmatch(code)
        if pair is not None:  # `up=0`, `retries: 3`: a name and its value; the name must be shown
            code = pair.group(1)
        if code.endswith("()"):  # `rate()`, `time()`: a function a query or a library names, shown as `rate(`
            code = code[:-2]
        # `b0f4e2a1-…`: the id abbreviated, its prefix is what it names (its text keeps the ellipsis)
        key = normalize(_ABBREVIATED.sub("", code)).lower().lstrip("…").removeprefix("...")  # `…-2xkqp`: a tail
        if "…" in key or "..." in key or ("*" in key and "=" not in key) or _TIMESTAMP.match(key):
            # `increase(...[1h])`, `*phone*`: an expression with a part left out or a pattern is no name to
            # show; `2026-05-19T12:24:51Z` is a time, which the time facts check (to the precision written)
            continue
        if key in known or any(key in k or k in key for k in known if len(k) > 2) or _NUMERIC.fullmatch(key):
            continue
        # A value (`gp2`, `v2.13.2`) must be shown; a variable's name (`limit_maxbytes`) only binds
        # when the evidence names it somewhere.
        soft = _NAME_ONLY.fullmatch(code) is not None and pair is None  # a quoted name=value names it
        soft = soft or _OPTION.fullmatch(code) is not None  # `-c`, `--max-conns`: a command's option, no entity
        found.append(Fact(FactKind.IDENTIFIER, code, key, Scope.SUBJECT, soft=soft))
    return tuple(found)


_ABBREVIATED = re.compile(r"[-_.:]?(?:…|\.\.\.)$")
_PAIR = re.compile(r"([A-Za-z_][\w.\-]*)[ \t]*[=:][ \t]*[\w.\-\"']+")
_OPTION = re.compile(r"--?[A-Za-z][\w-]*")
_NAME_ONLY = re.compile(r"[A-Za-z]+(?:[_][A-Za-z]+)*|[a-z]+(?:[A-Z][a-z]+)+")


# a date-time, or a clock time to the second (`02:14:30.981`, a log line's): a time, which the time facts check
_TIMESTAMP = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}[t ][0-9]{2}:[0-9]{2}|[0-2]?[0-9]:[0-5][0-9]:[0-5][0-9](?:[.,][0-9]{1,9})?(?:z|utc)?$"
)
_NUMERIC = re.compile(r"(?:[=<>!]=?|~)?[0-9.,%]+[a-z]*")  # `=0`, `>=5`: a value and its operator, no name
