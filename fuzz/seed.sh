#!/usr/bin/env bash
# Copies seeds for the fuzz targets from the project's test data into fuzz/seeds/ (not
# committed: regenerated from testdata/ at any time).
set -euo pipefail
cd "$(dirname "$0")"
rm -rf seeds && mkdir -p seeds/python seeds/rust seeds/suppress seeds/config seeds/baseline
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
# Every configuration file of the test data (offsetlint.toml, pyproject.toml), flattened.
find ../testdata \( -name offsetlint.toml -o -name .offsetlint.toml -o -name pyproject.toml \) -size -16k |
    while read -r f; do
        rel=${f#../testdata/}
        cp "$f" "seeds/config/${rel//\//_}"
    done
# Baselines: any in the test data, and a few written here (the fuzz target applies them to a
# file with two bare commits, `fuzz/app.py`, function `run`).
find ../testdata -name '*baseline*.json' -size -64k | while read -r f; do
    rel=${f#../testdata/}
    cp "$f" "seeds/baseline/${rel//\//_}"
done
printf '{\n  "version": 1,\n  "entries": [\n    {\n      "code": "OL101",\n      "rule": "bare-commit",\n      "path": "app.py",\n      "function": "run",\n      "hash": "01ef38c70feaf6ef",\n      "count": 2\n    }\n  ]\n}\n' > seeds/baseline/one.json
printf '{"version": 1, "entries": [{"code": "OL101", "rule": "bare-commit", "path": "gone.py", "function": null, "hash": "00", "count": 18446744073709551615}, {"code": "OL101", "rule": "bare-commit", "path": "gone.py", "function": null, "hash": "00", "count": 1}]}\n' > seeds/baseline/saturating.json
printf '{"version": 1, "entries": [{"code": "OL999", "rule": "\\u001b[31m", "path": "a.py", "function": "f", "hash": "x", "count": 1}]}\n' > seeds/baseline/unknown-rule.json
printf '{"version": 2, "entries": []}\n' > seeds/baseline/version.json
printf '{"version": 1, "entries": [], "extra": 0}\n' > seeds/baseline/unknown-field.json
cp ../testdata/hostile/fuzz/config-* seeds/config/ 2>/dev/null || true
cp ../testdata/hostile/fuzz/baseline-* seeds/baseline/ 2>/dev/null || true
echo "seeds: $(ls seeds/python | wc -l) python, $(ls seeds/rust | wc -l) rust, $(ls seeds/config | wc -l) config, $(ls seeds/baseline | wc -l) baseline"
