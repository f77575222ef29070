#!/usr/bin/env bash
# Copies seeds for the fuzz targets from the project's test data into fuzz/seeds/ (not
# committed: regenerated from testdata/ at any time).
set -euo pipefail
cd "$(dirname "$0")"
rm -rf seeds && mkdir -p seeds/python seeds/rust seeds/suppress seeds/config
# Flattened names (OL101_confluent_kafka.py): fixtures of different rules share file names.
for ext in py rs; do
    dest=seeds/python; [ "$ext" = rs ] && dest=seeds/rust
    find ../testdata -name "*.$ext" -size -16k | while read -r f; do
        rel=${f#../testdata/}
        cp "$f" "$dest/${rel//\//_}"
    done
done
cp ../testdata/hostile/fuzz/python-* seeds/python/ 2>/dev/null || true
cp ../testdata/hostile/fuzz/rust-* seeds/rust/ 2>/dev/null || true
printf 'offsetlint: ignore[OL101] reason' > seeds/suppress/ignore
printf 'offsetlint: ignore-file[OL401,bare-commit] generated' > seeds/suppress/file
printf 'noqa: OL101, E501' > seeds/suppress/noqa
printf 'offsetlint: ignored' > seeds/suppress/malformed
printf 'select = ["OL1", "OL202"]\nignore = ["bare-commit"]\nexclude = ["legacy/**"]\ncheckpoint-globs = ["*checkpoint*"]\nheuristic = false\nmax-file-size = "20MB"\n' > seeds/config/full.toml
printf '[tool.offsetlint]\nselect = ["ALL"]\nmax-file-size = 1048576\n\n[tool.ruff]\nline-length = 100\n' > seeds/config/pyproject.toml
printf 'select = ["OL999"]\n' > seeds/config/bad.toml
echo "seeds: $(ls seeds/python | wc -l) python, $(ls seeds/rust | wc -l) rust"
