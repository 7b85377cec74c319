"""The key a fact is sought by in a row's raw text, before any unit is read (Evidence.candidates): the filter
must never drop a row a unit of which would match the fact."""

from __future__ import annotations

import re

from evidence_trace.server.domain.verifier.fact_model import Fact, FactKind

_HOST_OF_PORT = re.compile(r":[0-9]{1,5}$")
_PLURAL_NAME = re.compile(r"[a-z][A-Z][a-z]+s$")


def plural_name(fact: Fact) -> bool:
    """A CamelCase name in the plural ("3 NullPointerExceptions", "two OOMKills"): the name, counted."""
    return fact.is_entity and _PLURAL_NAME.search(fact.text) is not None


def filter_key(fact: Fact) -> str:
    """The fact's key, or the part of it a row must hold: the host of "admin.example.com:443" (a table may give
    host and port in columns of their own), the name of a plural ("OOMKills"), the table of a schema's table
    ("crm.orders", which a row may give as OWNER and TABLE_NAME: encoded_names.in_two_cells)."""
    if fact.kind == FactKind.INSTANCE:
        return _HOST_OF_PORT.sub("", fact.key)
    if plural_name(fact):
        return fact.key[:-1]
    if fact.kind == FactKind.IDENTIFIER and fact.key.count(".") == 1:
        return fact.key.partition(".")[2]
    return fact.key
