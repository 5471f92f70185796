#!/usr/bin/env bash
# Print the first interpreter among the arguments that is Python 3.11 or newer and can make a
# venv; `python3` when none can. The Makefile builds .venv on it (see PYTHON there).
for candidate in "$@"; do
  if "$candidate" -c 'import ensurepip, sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1; then
    echo "$candidate"
    exit 0
  fi
done
echo python3
