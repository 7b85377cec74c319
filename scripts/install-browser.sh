#!/usr/bin/env bash
# Install Debian's Chromium for the audit page's browser tests (tests/test_audit_page_browser.py).
# A no-op when a chromium binary is already on PATH (or EVIDENCE_TRACE_CHROMIUM points at one).
# Playwright drives this system browser through executable_path; `playwright install` is never run.
set -euo pipefail
if [ -n "${EVIDENCE_TRACE_CHROMIUM:-}" ] && [ -x "${EVIDENCE_TRACE_CHROMIUM}" ]; then
  exit 0
fi
if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo -n)
else
  echo "install-browser: chromium is missing and neither root nor sudo is available; install Debian's chromium package" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends chromium
command -v chromium
