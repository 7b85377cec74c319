"""ansible-playbook's output: one record a host's result of a task, and one a host's line of the PLAY RECAP.

    TASK [sysctl : Apply kernel tunables] ******************************************
    changed: [kafka-01] => (item={'name': 'vm.swappiness', 'value': '1'})
    ok: [kafka-02]
    fatal: [kafka-05]: FAILED! => {"msg": "…"}
    PLAY RECAP *********************************************************************
    kafka-01                   : ok=3    changed=2    unreachable=0    failed=0    skipped=0

Read as prose, the whole run is one unit, and a claim binds one host's result to another ("kafka-01, kafka-02
and kafka-03 each changed=2" where the recap gives kafka-02 changed=0). Each result line is a record of its host
(`line 7`), its task's name before it; each recap line is a record of its host (`recap kafka-02`), its counts
under their names. Subject: the host. Level and problem: `fatal:` and `failed:` results, `unreachable`, and a
recap line with failed or unreachable above 0, are errors; `[WARNING]:` lines warnings.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Iterator

from evidence_trace.server.domain.formats.lines import line_record
from evidence_trace.server.domain.formats.model import Format, Preview, Record

_BANNER = re.compile(r"^(?:PLAY|TASK|RUNNING HANDLER|PLAY RECAP)\b.*\*{3,}\s*$")
_TASK = re.compile(r"^(?:TASK|RUNNING HANDLER) \[(.+?)\]")
_RESULT = re.compile(r"^(ok|changed|fatal|failed|skipping|unreachable|included): \[([^\]]+)\]")
_RECAP = re.compile(r"^(\S+)\s*:\s*((?:\w+=\d+\s*)+)$")
_BAD = ("fatal", "failed", "unreachable")


def _recognise(preview: Preview) -> bool:
    return preview.json is None and sum(1 for _, line in preview.lines[:400] if _BANNER.match(line)) >= 2


def records(preview: Preview) -> Iterator[Record]:
    task, recap = "", False
    for number, line in preview.lines:
        text = line.strip()
        if not text:
            continue
        if _BANNER.match(text):
            recap = text.startswith("PLAY RECAP")
            found = _TASK.match(text)
            task = found.group(1) if found else ""
            continue
        result = _RESULT.match(text)
        counts = _RECAP.match(text) if recap else None
        if counts is not None:
            host, pairs = counts.group(1), dict(p.split("=") for p in counts.group(2).split())
            bad = [k for k in ("failed", "unreachable") if int(pairs.get(k, 0)) > 0]
            record = line_record(f"recap {host}", f"PLAY RECAP {text}", kind="item", subject=host, states=False)
            yield dataclasses.replace(record, level="ERROR" if bad else "", problem=", ".join(bad))
        elif result is not None:
            status, host = result.groups()
            record = line_record(f"line {number}", f"TASK [{task}] {text}", subject=host, states=False)
            failed = status in _BAD
            yield dataclasses.replace(
                record, level="ERROR" if failed else record.level, problem=status if failed else ""
            )
        else:
            yield line_record(f"line {number}", text, states=False)


FORMAT = Format("ansible_playbook", _recognise, records)
