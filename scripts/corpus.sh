#!/usr/bin/env bash
# Rewrite, compile, run and compare every .c file of the given folders, and
# print a Markdown table (see scripts/corpus_report.py and docs/corpus.md).
#   scripts/corpus.sh [--tool PATH] [--timeout S] [--tolerance T] DIR... [-- TOOL-OPTIONS...]
# Exit status 1 when a rewrite differs from the original or does not compile.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
exec python3 "$root/scripts/corpus_report.py" "$@"
