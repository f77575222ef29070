#!/usr/bin/env bash
# Checks the import scan against parsing on every fetched corpus: for each Python and Rust file
# under scripts/.work/corpus/*, every import entry parsing finds must be among the scan's
# (engine::load::tests::the_scan_finds_every_import_parsing_finds, which also covers
# testdata/ and src/ in every `cargo test`). Run scripts/fetch_corpus.sh or bench.sh first.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dirs=()
for d in "$here"/.work/corpus/*/; do
  [ -d "$d" ] && dirs+=("${d%/}")
done
if [ ${#dirs[@]} -eq 0 ]; then
  echo "scan_check.sh: no corpus under scripts/.work/corpus (run scripts/fetch_corpus.sh)" >&2
  exit 2
fi
echo "scan_check.sh: ${#dirs[@]} corpus directories" >&2
corpus="$(IFS=:; echo "${dirs[*]}")"
cd "$here/.."
OFFSETLINT_SCAN_CORPUS="$corpus" cargo test --release --lib the_scan_finds_every_import_parsing_finds
