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
"$(dirname "$0")/apt-install.sh" install-browser chromium
command -v chromium
