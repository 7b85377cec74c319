"""jenkins_console: a Jenkins Pipeline's console output (`/job/<name>/<n>/consoleText`), which prints each stage
between `[Pipeline] { (<stage>)` and its closing `[Pipeline] }`:

    Started by GitHub push by dmitri-k
    [Pipeline] stage
    [Pipeline] { (Build)
    + npm ci
    ...
    [Pipeline] }
    [Pipeline] { (Test)
    FAIL src/cart/__tests__/promo.test.ts
    ...
    Finished: FAILURE

Recognised when at least two lines open with `[Pipeline] `. Unit: the lines before the first stage
(`preamble`), each stage (`stage Build`, its nested blocks inside it), and the lines after the last one
(`trailer`, "Finished: FAILURE"). Each stage and the trailer end with the job's name (`{job=deploy-web}`,
from the preamble's "Running on … in …/workspace/deploy-web"), as a part of a `kubectl describe` ends with
its object's. A stage or trailer is an ERROR and a problem when one of its lines says the step failed
(`FAIL`, `ERROR:`, "script returned exit code 2", "N failed", `Finished: FAILURE`), so a build stage that
succeeded is never one unit with a test stage that failed.
"""

from __future__ import annotations

import functools
import re
from typing import Iterator

from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.verifier.unit_numbers import _numbers_in_text

STAGE = "stage "
"""How a stage's record is referred to ("stage Build"): its name follows."""
_WORKSPACE = re.compile(r"\bRunning on \S+ in \S*/workspace/([^\s/@]+)")
_PIPELINE = re.compile(r"^\[Pipeline\] ", re.M)
_OPEN = re.compile(r"^\[Pipeline\] \{(?: \((?P<name>[^)]*)\))?\s*$")
_CLOSE = re.compile(r"^\[Pipeline\] \}\s*$")
_FAILED = re.compile(
    r"^(?:FAIL\b|ERROR:|\[ERROR\])|script returned exit code [1-9]|\b[1-9][0-9]* failed\b|^Finished: (?:FAILURE|ABORTED)"
    r"|\bBUILD FAILURE\b",
    re.M,
)


def _recognise(preview: Preview) -> bool:
    return preview.json is None and len(_PIPELINE.findall(preview.text[:20000])) >= 2


def records(preview: Preview) -> Iterator[Record]:
    lines = preview.text.splitlines()
    job = _WORKSPACE.search(preview.text[:4000])
    owner = f" {{job={job.group(1)}}}" if job else ""  # each stage is the job's: it names it, as the preamble does
    part: list[str] = []
    name, depth, seen = "preamble", 0, False
    for line in lines:
        opened = _OPEN.match(line)
        if depth == 0 and opened and opened.group("name"):
            if part:
                yield _record(name, part, owner)
            part, name, depth, seen = [line], STAGE + opened.group("name"), 1, True
            continue
        part.append(line)
        if depth and opened:
            depth += 1
        elif depth and _CLOSE.match(line):
            depth -= 1
            if depth == 0:
                yield _record(name, part, owner)
                part, name = [], "trailer"
    if part and (seen or any(p.strip() for p in part)):
        yield _record(name, part, owner)


def _record(ref: str, part: list[str], owner: str) -> Record:
    text = "\n".join(line for line in part if line.strip())
    failed = _FAILED.search(text)
    return Record(
        ref,
        "log entry" if failed else "item",
        text + (owner if ref != "preamble" else ""),
        level="ERROR" if failed else "",
        subject=ref.removeprefix(STAGE) if ref.startswith(STAGE) else "",
        numbers=functools.partial(_numbers_in_text, text),
        problem=failed.group(0).strip() if failed else "",
    )


FORMAT = Format("jenkins_console", _recognise, records)
