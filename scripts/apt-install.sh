#!/usr/bin/env bash
# Install Debian packages for a CI prerequisite: scripts/apt-install.sh WHO PACKAGE...
# Runs apt-get as root, or through a password-less sudo; WHO names the caller in the error when neither
# is available. The callers decide what is missing and pass only that.
set -euo pipefail
who="$1"
shift
if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo -n)
else
  echo "$who: $* missing and neither root nor sudo is available; install them with apt-get" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "$@"
