"""Values a command prints by a template of its own, read under the names the template gives them.

    curl -s -o /dev/null -w '%{http_code} %{time_total}\\n' http://127.0.0.1:9090/healthz      →  200 0.004121
    docker ps --format '{{.Names}}\\t{{.Status}}'                                              →  api-1  Up 3 hours

The output names nothing: the template does. A line the template printed (the whole line, literal parts and all)
is read with cells that name each value by its placeholder ("http_code=200; time_total=0.004121"), as a line that
labels its values is read: curl's `time_*` are seconds (unit_numbers reads them so), and its cumulative timings give
each phase's length (curl_phases.py). The templates are those of curl's `-w`/`--write-out` and of Go templates
(`--format`, `-f`, `-o go-template=`: docker, podman, kubectl, nomad, consul), found in the call's parameters or in
a command the output echoes (`$ curl …`). Each line of a template is matched on its own, and a line with no
literal text between its placeholders save spaces needs two placeholders or more: a lone number is any line's.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Optional, Sequence

# curl -w '…' / --write-out "…" / -w@-less inline forms; docker … --format '{{…}}' / -f / -o go-template='…'
_CURL = re.compile(r"""\bcurl\b[^\n|;&]*?(?:-w|--write-out)[ \t=]*(?:'([^']*)'|"((?:[^"\\]|\\.)*)")""")
_GO = re.compile(
    r"""(?:--format|-f|-o[ \t]*go-template|--template)[ \t=]*(?:'([^']*\{\{[^']*)'|"((?:[^"\\]|\\.)*\{\{(?:[^"\\]|\\.)*)")"""
)
_CURL_VAR = re.compile(r"%(?:header)?\{([A-Za-z_.\-]+)\}")
_GO_VAR = re.compile(r"\{\{-?[ \t]*\.((?:[A-Za-z_][A-Za-z0-9_]*)(?:\.[A-Za-z_][A-Za-z0-9_]*)*)[ \t]*-?\}\}")
_NUMBER = r"-?[0-9]+(?:\.[0-9]+)?"
_TYPED = {"http_code": r"[0-9]{3}", "response_code": r"[0-9]{3}", "exitcode": r"[0-9]+"}
_NUMERIC = re.compile(r"(?:time|size|speed|num)_", re.I)
MAX_TEMPLATES = 8

Template = tuple[re.Pattern[str], tuple[str, ...]]


def templates(params: dict[str, Any], preview: str) -> tuple[Template, ...]:
    """The line templates of the commands a call ran: in its parameters, or echoed in its output."""
    echoed = [line for line in preview.splitlines()[:400] if line.startswith("$ ")] if "$ " in preview else []
    texts = [*_strings(params), *echoed]
    found: list[Template] = []
    for text in texts:
        for m in (*_CURL.finditer(text), *_GO.finditer(text)):
            body = m.group(1) if m.group(1) is not None else m.group(2)
            go = m.re is _GO
            for piece in re.split(r"\\n|\n", body):
                template = _line(piece, go)
                if template is not None and template[1] not in [t[1] for t in found]:
                    found.append(template)
    return tuple(found[:MAX_TEMPLATES])


def printed_cells(line: str, known: Sequence[Template]) -> str:
    """The cells of a line one of the templates printed ("http_code=200; time_total=0.004121"), else ""."""
    stripped = line.strip(" \r\n")
    for pattern, names in known:
        m = pattern.fullmatch(stripped)
        if m is not None:
            return "; ".join(f"{name}={value.strip()}" for name, value in zip(names, m.groups()))
    return ""


def _line(piece: str, go: bool) -> Optional[Template]:
    var = _GO_VAR if go else _CURL_VAR
    piece = piece.replace("\\t", "\t").strip(" ")
    names = tuple(m.group(1).rsplit(".", 1)[-1].lower() for m in var.finditer(piece))
    if not names:
        return None
    literal = [piece[a:b] for a, b in _gaps(piece, var)]
    if len(names) < 2 and not any(part.strip() for part in literal):
        return None  # "%{http_code}" alone: a bare figure on a line of its own could be any line's
    if go and re.search(r"\{\{(?!-?[ \t]*\.[A-Za-z_])", piece):
        return None  # a range, an if, a function: not a line of fields
    out, at = [], 0
    for i, m in enumerate(var.finditer(piece)):
        out.append(_literal(piece[at : m.start()]))
        name = names[i]
        following = piece[m.end() : m.end() + 1]
        if name in _TYPED:
            out.append(f"({_TYPED[name]})")
        elif _NUMERIC.match(m.group(1)):
            out.append(f"({_NUMBER})")
        elif following == "\t":
            out.append(r"([^\t]*)")
        elif following in ("", " "):
            out.append(r"(\S+)" if following == " " else r"(.*)")
        else:
            out.append(r"(.+?)")
        at = m.end()
    out.append(_literal(piece[at:]))
    return re.compile("".join(out)), names


def _gaps(piece: str, var: re.Pattern[str]) -> Iterable[tuple[int, int]]:
    at = 0
    for m in var.finditer(piece):
        yield at, m.start()
        at = m.end()
    yield at, len(piece)


def _literal(text: str) -> str:
    """A literal part of a template: a tab as printed, spaces as any run of them (a line may be re-aligned)."""
    return "".join(
        ("\t" if "\t" in part else r"[ \t]+") if part.isspace() else re.escape(part)
        for part in re.split(r"([ \t]+)", text)
        if part
    )


def _strings(value: Any, depth: int = 0) -> Iterable[str]:
    if depth > 4:
        return
    if isinstance(value, str):
        if "curl" in value or "{{" in value:
            yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item, depth + 1)
    elif isinstance(value, list):
        for item in value[:20]:
            yield from _strings(item, depth + 1)
