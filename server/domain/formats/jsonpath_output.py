"""kubectl's `-o jsonpath=` output, read under the template's own field names.

jsonpath: a call whose command carries one `-o jsonpath=TEMPLATE` (`--output=jsonpath=`, `oc` alike) of two or
more fields, whose output the template reads whole. kubectl prints only the values, one after another, with
the template's literals (`{"\\t"}`, `{"\\n"}`, `=`, a space) between them: `harbor.corp/app:v2.8.3` then `17`
is one Deployment's image and revision, not two lines about nothing. The template names each value (the last
key of its path: `{.spec.template.spec.containers[0].image}` is `image`,
`{.metadata.annotations.deployment\\.kubernetes\\.io/revision}` is `revision`; a key two fields share keeps its
parent: `requests.memory`, `limits.memory`). Fields outside a `{range}` are one record (one object's values);
a `{range …}{end}` that ends each pass with a literal is one record a pass (one pod, one condition, one env
var), each value under its name as a table row's cells are, so a claim of one pass's values is bound to that
pass and never to the next one's. A template with fields both outside and inside a range, nested ranges, a
range with no literal to end its pass, or an output the template does not read whole is left to the other
formats (as lines).
"""

from __future__ import annotations

import re
from typing import Iterator, Optional

from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.formats.tables import Row, table_records

_OPTION = re.compile(r"""(?:-o|--output)[ =]jsonpath=(?:'([^']*)'|"((?:[^"\\]|\\.)*)"|(\{\S*))""")
_BLOCK = re.compile(r"\{((?:[^{}\"']|\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*')*)\}")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "'": "'"}
_FILTER = re.compile(r"\[[^\]]*\]")
_DOT = re.compile(r"(?<!\\)\.")
_SHELL = re.compile(r"[|;`]|&&|\$\(")
_LIMIT = 64  # passes of a range read; a longer listing stays as lines


def _literal(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(0)), text)


def _path_keys(path: str) -> list[str]:
    """The keys of a jsonpath, filters and indexes dropped, escaped dots kept: `.metadata.annotations.a\\.b/c`
    is metadata, annotations, a.b/c."""
    keys = [key.replace("\\.", ".") for key in _DOT.split(_FILTER.sub("", path))]
    return [key for key in keys if key and key not in ("@", "$")]


Token = tuple[str, str]  # ("literal", text) | ("field", path) | ("range", path) | ("end", "")


def _tokens(template: str) -> Optional[list[Token]]:
    tokens: list[Token] = []
    position = 0
    for m in _BLOCK.finditer(template):
        if m.start() > position:
            tokens.append(("literal", _literal(template[position : m.start()])))
        body = m.group(1).strip()
        if body[:1] in ("'", '"') and body[-1:] == body[:1] and len(body) >= 2:
            tokens.append(("literal", _literal(body[1:-1])))
        elif body.startswith("range "):
            tokens.append(("range", body[6:].strip()))
        elif body == "end":
            tokens.append(("end", ""))
        elif body.startswith((".", "@", "$")):
            tokens.append(("field", body))
        else:
            return None  # a function or an expression kubectl evaluates: no field of its own
        position = m.end()
    if template[position:].strip(" "):
        tokens.append(("literal", _literal(template[position:])))
    return tokens


def _names(paths: list[str]) -> Optional[list[str]]:
    """Each field's name: its last key, or its last two when another field ends in the same key."""
    keys = [_path_keys(path) for path in paths]
    if not all(keys):
        return None
    last = [k[-1].rsplit("/", 1)[-1] for k in keys]
    names = [".".join(k[-2:]) if last.count(name) > 1 and len(k) > 1 else name for k, name in zip(keys, last)]
    return names if len(set(names)) == len(names) else None


def _pattern(tokens: list[Token]) -> str:
    return "".join(re.escape(text) if kind == "literal" else "(.*?)" for kind, text in tokens)


def _template(preview: Preview) -> Optional[str]:
    found = [(m, value) for value in preview.params.values() if isinstance(value, str) for m in _OPTION.finditer(value)]
    if len(found) != 1:
        return None  # none, or two commands' templates over one output
    m, command = found[0]
    if _SHELL.search(command[: m.start()] + " " + command[m.end() :]):
        return None  # another command's output before or after it, or the values piped through a program
    return m.group(1) if m.group(1) is not None else _literal(m.group(2)) if m.group(2) is not None else m.group(3)


def _rows(preview: Preview) -> Optional[tuple[list[str], list[Row]]]:
    """The template's field names and the output's rows under them, or None when the template does not read
    the output whole (read once per preview, as the YAML and XML readers keep theirs)."""
    if "jsonpath" not in preview.memo:
        preview.memo["jsonpath"] = _read(preview)
    found: Optional[tuple[list[str], list[Row]]] = preview.memo["jsonpath"]
    return found


def _read(preview: Preview) -> Optional[tuple[list[str], list[Row]]]:
    template = _template(preview)
    tokens = _tokens(template) if template else None
    if not tokens:
        return None
    kinds = [kind for kind, _ in tokens]
    text = preview.text.rstrip("\n")
    if "range" not in kinds:
        return _one_record(tokens, text)
    if kinds.count("range") != 1 or kinds.count("end") != 1 or kinds.index("end") < kinds.index("range"):
        return None
    start, end = kinds.index("range"), kinds.index("end")
    outside = tokens[:start] + tokens[end + 1 :]
    if any(kind == "field" for kind, _ in outside):
        return None
    return _passes(tokens[:start], tokens[start + 1 : end], tokens[end + 1 :], text)


def _one_record(tokens: list[Token], text: str) -> Optional[tuple[list[str], list[Row]]]:
    tokens = _trimmed(tokens)
    paths = [path for kind, path in tokens if kind == "field"]
    names = _names(paths) if len(paths) >= 2 else None
    m = re.fullmatch(_pattern(tokens), text) if names else None
    if m is None or names is None:
        return None
    return names, [(1, text, list(m.groups()))]


def _passes(
    before: list[Token], body: list[Token], after: list[Token], text: str
) -> Optional[tuple[list[str], list[Row]]]:
    paths = [path for kind, path in body if kind == "field"]
    names = _names(paths) if len(paths) >= 2 and body[-1][0] == "literal" and body[-1][1] else None
    if names is None:
        return None
    head = re.match(_pattern(before), text)
    tail = _pattern(_trimmed(after))
    if head is None:
        return None
    ending = body[-1][1]
    if ending.endswith("\n"):
        text += "\n"  # the last pass's newline, trimmed from the output
    one = re.compile(_pattern(body))
    rows: list[Row] = []
    position = head.end()
    while position < len(text) and len(rows) < _LIMIT:
        if tail and re.fullmatch(tail, text[position:]):
            break
        m = one.match(text, position)
        if m is None or m.end() == position:
            return None
        line = text[position : m.end()].rstrip("\n")
        rows.append((text.count("\n", 0, position) + 1, line, list(m.groups())))
        position = m.end()
    if position < len(text) and not (tail and re.fullmatch(tail, text[position:])):
        return None
    return (names, rows) if rows else None


def _trimmed(tokens: list[Token]) -> list[Token]:
    """The tokens without the newlines that end them (the output's own last newline is trimmed)."""
    tokens = list(tokens)
    while tokens and tokens[-1][0] == "literal" and not tokens[-1][1].strip():
        tokens.pop()
    return tokens


def _is_jsonpath(preview: Preview) -> bool:
    if preview.json is not None and preview.head in ("{", "["):
        return False
    return any(isinstance(v, str) and "jsonpath=" in v for v in preview.params.values()) and _rows(preview) is not None


def _records(preview: Preview) -> Iterator[Record]:
    read = _rows(preview)
    if read is None:
        return
    names, rows = read
    yield from table_records(names, iter(rows))


FORMAT = Format("jsonpath", _is_jsonpath, _records)
