"""Secret redaction: what is never written, logged, or shown to a verifier.

The recorder passes every free-text field and every JSON value a client sends
(preview, error message, topic domain, retrieval layer, dedup reason and
details, input_params keys and values, step name and detail) through one
`Redactor` before the row is hashed, classified, stored or logged; the Chat use
case passes the question, the draft, the verifier's output and its reasons
through it before the verifier sees them or they are stored. Identifiers (ids,
tool names) are keys, not text: one that holds a secret is refused
(`key_violations`), never stored rewritten. docs/security.md lists the rules.

Every text the redactor returns is also storable (`storable`): NUL and lone
UTF-16 surrogates become U+FFFD, so what is hashed, echoed and stored is the
same valid UTF-8 on every backend.

Two kinds of rule:

- **keys**: in JSON objects (`input_params`, `retrieval.details`, nested at any
  depth, inside lists too), the value of a key that names a secret is replaced
  by MARKER whatever its type. A key names a secret when one of its words, or
  two adjacent words joined, is in the key list (words split at `_ - . space`
  and camelCase, compared lower-case): `password`, `db_password`, `apiKey`,
  `X-Api-Key`, `aws_secret_access_key` match; `max_tokens`, `tokenizer`,
  `author` do not.
- **patterns** (DEFAULT_TEXT_RULES): in text (previews, error messages, step
  details, dedup reasons, Chat question, draft and verifier output, and every
  JSON string value), bearer credentials, well-known API-key shapes, JWTs,
  private-key PEM blocks, URL passwords and `password=...`-style pairs are
  replaced by MARKER; the key or scheme before a value is kept, so the text
  still reads.

Redaction is deterministic, so a resend of the same call hashes the same and
stays a DUPLICATE. It is on the hot path: every pattern is compiled once and
starts with a literal (the regex engine skips
ahead to the literal); case-insensitive rules match the text's lower-case form,
which keeps that true for them too. A kilobyte with no secret takes a few
microseconds (`python -m bench` measures it in its redaction stage).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Iterable, Pattern

from evidence_trace.server.domain.errors import Violation
from evidence_trace.server.domain.model import AgentStep, Invocation, Verdict

MARKER = "[REDACTED]"

#: Characters no backend stores: NUL (PostgreSQL text cannot hold it) and lone
#: UTF-16 surrogates (not UTF-8; JSON escapes such as "\ud800" produce them).
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def storable(text: str) -> str:
    """text as every backend stores it: NUL and lone surrogates become U+FFFD.

    Returns the very same object when there is nothing to replace.
    """
    if "\x00" not in text:
        try:
            text.encode()  # C speed; only a lone surrogate makes it fail
            return text
        except UnicodeEncodeError:
            pass
    return _UNSTORABLE.sub("\ufffd", text)


#: Key words that name a secret, lower-case without separators. A JSON key
#: matches when one of its words, or two adjacent words joined, is in this set.
DEFAULT_SECRET_KEYS: frozenset[str] = frozenset(
    {
        "password",
        "passwd",
        "pwd",
        "passphrase",
        "secret",
        "secrets",
        "token",
        "apikey",
        "authorization",
        "auth",
        "credential",
        "credentials",
        "privatekey",
        "accesskey",
        "secretkey",
        "clientsecret",
        "sessionkey",
        "cookie",
        "setcookie",
        "signature",
        "bearer",
    }
)

# After a secret's key word in text: an optional closing quote, `:` or `=`, an
# optional auth scheme, then the value (quoted, or up to a delimiter).
_PAIR_TAIL = (
    r"[\"']?\s*[:=]\s*(?:(?:bearer|basic|digest|token)\s+)?"
    r"(?:(?P<q>[\"']))?(?P<secret>(?(q)[^\"'\n]*|(?:"
    r"(?:\$?\{\{[^}\n]{0,80}\}\}|\$\{[^}\n]{0,80}\}|\$\([^)\n]{0,80}\))(?![^\s,;&\"'`).}\]])|[^\s,;&\"'}\]]+)))"
)
# A reference to a secret, not a secret: a template's placeholder in braces or parentheses (`{{ CART_API_TOKEN }}`,
# `${{ secrets.DB_PASSWORD }}`, `${DB_PASSWORD}`, `$(GH_TOKEN)`), after an optional auth scheme. It is kept, so an
# auditor (and the verifier) sees which variable a call used. A bare `$NAME` is not one: a password may start so.
# Markdown's emphasis after a key word ("**Token:** expired", "password: ****"): markup or a mask, no secret
_MARKUP_ONLY = re.compile(r"[*_~]+")
_REFERENCE = re.compile(
    r"(?:(?:bearer|basic|digest|token)\s+)?"
    r"(?:\$?\{\{\s*[\w.-]+\s*\}\}|\$\{\s*[\w.:-]+\s*\}|\$\(\s*[\w.-]+\s*\))",
    re.IGNORECASE,
)
# Nor is an exception's qualified class name after a secret's name ("Failed to load secret db-password:
# com.google.api.gax.rpc.PermissionDeniedException: …"): what went wrong, which the log must keep.
_EXCEPTION_CLASS = re.compile(r"(?:[a-z][a-z0-9_]*\.){2,}[A-Z][A-Za-z0-9_$]*(?:Exception|Error):?")


@dataclasses.dataclass(frozen=True)
class TextRule:
    """One text rule.

    pattern: a regular expression that starts with a literal (the regex engine
        then skips ahead to it, which keeps a text with no secret cheap). The
        group `secret`, or the whole match when there is none, is replaced.
    ignore_case: match the text's lower-case form (the pattern is written in
        lower case).
    word_start: the match counts only when it does not follow a letter or digit.
    """

    name: str
    pattern: str
    ignore_case: bool = False
    word_start: bool = False


def _pair(name: str, key: str) -> TextRule:
    return TextRule(f'`{name}=...` or `"{name}": ...`', key + _PAIR_TAIL, ignore_case=True)


DEFAULT_TEXT_RULES: tuple[TextRule, ...] = (
    TextRule(
        "private-key PEM block",
        r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----(?:.*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----|.*)",
    ),
    TextRule("bearer credential", r"bearer\s+(?P<secret>[a-z0-9._~+/=-]{8,})", ignore_case=True, word_start=True),
    _pair("password", r"pass(?:word|wd|phrase)"),
    _pair("pwd", r"pwd"),
    _pair("secret", r"secret(?:[_-]?key)?"),
    _pair("token", r"token"),
    _pair("api_key", r"api[_-]?key"),
    _pair("access_key", r"access[_-]?key"),
    _pair("private_key", r"private[_-]?key"),
    _pair("authorization", r"authorization"),
    _pair("credentials", r"credentials?"),
    TextRule("URL password", r"://[^\s:/@]+:(?P<secret>[^\s@/]+)@"),
    TextRule(
        "OpenAI, Anthropic or Stripe key",
        r"sk(?:-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}|_(?:live|test)_[A-Za-z0-9]{16,})",
        word_start=True,
    ),
    TextRule(
        "AWS access key id or Google API key",
        r"A(?:KIA[0-9A-Z]{16}|SIA[0-9A-Z]{16}|Iza[0-9A-Za-z_-]{35})",
        word_start=True,
    ),
    TextRule("GitHub token", r"gh(?:[pousr]_[A-Za-z0-9]{30,}|ithub_pat_[A-Za-z0-9_]{22,})", word_start=True),
    TextRule("GitLab token", r"glpat-[A-Za-z0-9_-]{20,}", word_start=True),
    TextRule("Slack token", r"xox[abposr]-[A-Za-z0-9-]{10,}", word_start=True),
    TextRule("JSON Web Token", r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}", word_start=True),
)

#: The leading literals of DEFAULT_TEXT_RULES, in lower case, as one pattern
#: that finds something in a text's lower-case form wherever any rule can
#: match. Searched first, so a text with no trigger costs one search, not one
#: per rule. Written as a trie by first letter: the regex engine then tries one
#: branch per position, which measured 2x faster than the flat alternation.
#: A new rule's literal must be added here (a property test compares against
#: running every rule).
_TRIGGER = re.compile(
    r"p(?:ass|wd|rivate[_-]?key)|s(?:ecret|k[-_])|token|a(?:pi[_-]?key|ccess[_-]?key|uthorization|kia|sia|iza)"
    r"|credential|bearer|://|-----begin |g(?:h[pousr]_|ithub_pat_|lpat-)|xox[abposr]-|eyj"
)

_WORD_SPLIT = re.compile(r"[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])")


@dataclasses.dataclass(frozen=True)
class _Compiled:
    pattern: Pattern[str]  # on the original text, or on its lower-case form when ignore_case
    fallback: Pattern[str]  # IGNORECASE, for the rare text whose lower-case form has another length
    ignore_case: bool
    word_start: bool


class Redactor:
    """Replaces secrets in text and JSON values with MARKER.

    extra_keys adds key words (matched like the defaults; `api_key` and `apiKey`
    both mean `apikey`); extra_patterns adds regular expressions whose whole
    match is replaced. Extra patterns have no pre-check: they run on every text.
    """

    def __init__(self, extra_keys: Iterable[str] = (), extra_patterns: Iterable[str] = ()) -> None:
        self._keys = DEFAULT_SECRET_KEYS | {_normalize_key(k) for k in extra_keys if k.strip()}
        self._rules = tuple(
            _Compiled(
                re.compile(r.pattern, re.DOTALL),
                re.compile(r.pattern, re.DOTALL | re.IGNORECASE),
                r.ignore_case,
                r.word_start,
            )
            for r in DEFAULT_TEXT_RULES
        )
        self._trigger = _TRIGGER
        self._extra: tuple[Pattern[str], ...] = tuple(re.compile(p) for p in extra_patterns)
        self._key_cache: dict[str, bool] = {}
        self._key_text_cache: dict[str, str] = {}

    # -- text ----------------------------------------------------------------
    def text(self, value: str) -> str:
        """`value` with every secret the text rules find replaced by MARKER.

        Returns the very same object when nothing was redacted.
        """
        if not value:
            return value
        value = storable(value)
        lowered = value.lower()
        same_length = len(lowered) == len(value)
        spans: list[tuple[int, int]] = []
        # Texts whose lower-case form has another length take the IGNORECASE
        # fallback below, which can match case variants lower() keeps apart.
        rules = self._rules if not same_length or self._trigger.search(lowered) else ()
        for rule in rules:
            if rule.ignore_case:
                subject, pattern = (lowered, rule.pattern) if same_length else (value, rule.fallback)
            else:
                subject, pattern = value, rule.pattern
            first = pattern.search(subject)  # cheaper than an iterator when, as usual, nothing matches
            if first is None:
                continue
            for match in pattern.finditer(subject, first.start()):
                start = match.start()
                if rule.word_start and start and subject[start - 1].isalnum():
                    continue  # inside a longer word: "task-..." is not an "sk-..." key
                span = match.span("secret") if "secret" in pattern.groupindex else match.span()
                if (
                    span[1] > span[0]
                    and not _REFERENCE.fullmatch(value, *span)
                    and not _EXCEPTION_CLASS.fullmatch(value, *span)
                    and not _MARKUP_ONLY.fullmatch(value, *span)
                ):
                    spans.append(span)
        for pattern in self._extra:
            spans.extend(m.span() for m in pattern.finditer(value) if m.end() > m.start())
        return _replace_spans(value, spans) if spans else value

    # -- JSON values ----------------------------------------------------------
    def is_secret_key(self, key: str) -> bool:
        """True when a JSON object key names a secret."""
        found = self._key_cache.get(key)
        if found is None:
            words = [w.lower() for w in _WORD_SPLIT.split(key) if w]
            found = any(w in self._keys for w in words) or any(a + b in self._keys for a, b in zip(words, words[1:]))
            if len(self._key_cache) < 4096:
                self._key_cache[key] = found
        return found

    def _key_text(self, key: str) -> str:
        """A JSON object key, redacted like text (keys repeat across calls: cached)."""
        found = self._key_text_cache.get(key)
        if found is None:
            found = self.text(key)
            if len(self._key_text_cache) < 4096:
                self._key_text_cache[key] = found
        return found

    def value(self, value: Any) -> Any:
        """A JSON value with secret keys' values and secrets in strings replaced.

        Returns the very same object when nothing was redacted, so the common
        case copies nothing.
        """
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            if self._flat_and_clean(value):
                return value
            out: dict[str, Any] = {}
            changed = False
            for k, v in value.items():
                reference = isinstance(v, str) and _REFERENCE.fullmatch(v.strip()) is not None
                new = MARKER if self.is_secret_key(k) and not reference else self.value(v)
                key = self._key_text(k)
                changed = changed or new is not v or key != k
                out[key] = new
            return out if changed else value
        if isinstance(value, list):
            items = [self.value(v) for v in value]
            return items if any(a is not b for a, b in zip(items, value)) else value
        return value

    def _flat_and_clean(self, mapping: dict[str, Any]) -> bool:
        """Whether a flat JSON object (no nested value) surely holds nothing to redact.

        The usual input_params: one check over all its keys and texts joined,
        instead of one per text. Any doubt (nesting, a secret key, extra
        patterns, a text that is not plainly storable) says False, and the
        caller redacts value by value.
        """
        if self._extra:
            return False
        texts = []
        for k, v in mapping.items():
            if isinstance(v, str):
                texts.append(v)
            elif isinstance(v, (dict, list)):
                return False
            if self.is_secret_key(k):
                return False
            texts.append(k)
        joined = "\n".join(texts)
        if storable(joined) is not joined:
            return False
        lowered = joined.lower()
        return len(lowered) == len(joined) and self._trigger.search(lowered) is None

    # -- domain objects ---------------------------------------------------------
    def invocation(self, inv: Invocation, preview_chars: int) -> Invocation:
        """`inv` with its params, preview, error and retrieval fields redacted.

        Only the first `preview_chars` characters of the preview are kept (and
        the preview is then flagged truncated): the recorder cuts it to its
        byte bound afterwards anyway, and this bounds the work. Redacting
        before that cut means a secret straddling the bound is still seen whole.
        """
        return inv.with_changes(changes) if (changes := self.invocation_changes(inv, preview_chars)) else inv

    def invocation_changes(self, inv: Invocation, preview_chars: int) -> dict[str, Any]:
        """What `invocation` would change in `inv`, field by field; empty when nothing is redacted or cut.

        The recorder merges these with its own normalization into one copy of
        the invocation.
        """
        changes: dict[str, Any] = {}
        preview = inv.output_preview
        if len(preview) > preview_chars:
            preview = preview[:preview_chars]
            changes["output_truncated"] = True
        r = inv.retrieval
        if r is not None and (r.layer or r.dedup_reason or r.details):
            layer, reason, details = self.text(r.layer), self.text(r.dedup_reason), self.value(r.details)
            if layer is not r.layer or reason is not r.dedup_reason or details is not r.details:
                changes["retrieval"] = dataclasses.replace(r, layer=layer, dedup_reason=reason, details=details)
        for name, before, after in (
            ("input_params", inv.input_params, self.value(inv.input_params)),
            ("output_preview", inv.output_preview, self.text(preview)),
            ("error_message", inv.error_message, self.text(inv.error_message)),
            ("topic_domain", inv.topic_domain, self.text(inv.topic_domain)),
        ):
            if after is not before:
                changes[name] = after
        return changes

    def step(self, step: AgentStep, detail_chars: int) -> AgentStep:
        """`step` with its detail (first `detail_chars` characters kept) and error redacted."""
        detail, truncated = step.detail, step.detail_truncated
        if len(detail) > detail_chars:
            detail, truncated = detail[:detail_chars], True
        return dataclasses.replace(
            step,
            name=self.text(step.name),
            detail=self.text(detail),
            detail_truncated=truncated,
            error_message=self.text(step.error_message),
        )

    def key_violations(self, **keys: str) -> list[Violation]:
        """A violation for each identifier (an id, a tool name) that holds a secret.

        Identifiers are keys: replacing a secret in one by MARKER would merge
        distinct ids and leave a row no request can name, so the call is refused
        instead, and the secret is neither stored nor logged.
        """
        joined = "\n".join(keys.values())
        if self.text(joined) is joined:  # the usual case: one pass over all of them
            return []
        return [
            Violation(field, "must not hold a secret (it matches a redaction rule, docs/security.md)")
            for field, value in keys.items()
            if value and self.text(value) is not value
        ]

    def verdict(self, verdict: Verdict) -> Verdict:
        """`verdict` with the verifier's reasons and raw output redacted."""
        return dataclasses.replace(
            verdict, reasons=tuple(self.text(r) for r in verdict.reasons), raw_output=self.text(verdict.raw_output)
        )


def _replace_spans(value: str, spans: list[tuple[int, int]]) -> str:
    """`value` with each span (overlapping or touching ones merged) replaced by MARKER."""
    out: list[str] = []
    position = 0
    end = -1
    for start, stop in sorted(spans):
        if start <= end:  # overlaps or touches the previous span: extend it
            end = max(end, stop)
            continue
        if end >= 0:
            out.append(MARKER)
            position = end
        out.append(value[position:start])
        end = stop
    out.append(MARKER)
    out.append(value[end:])
    return "".join(out)


def _normalize_key(key: str) -> str:
    return "".join(w.lower() for w in _WORD_SPLIT.split(key) if w)


#: The redactor with the default rules only.
DEFAULT_REDACTOR = Redactor()
