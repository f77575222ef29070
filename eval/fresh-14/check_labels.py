#!/usr/bin/env python3
"""Check labels.tsv against a freshly unpacked corpus: every snippet must be the stripped
source line at that line of that file.  Usage: check_labels.py LABELS.tsv CORPUS_ROOT"""
import sys, os
labels, root = sys.argv[1], sys.argv[2]
bad = 0
rows = open(labels, encoding='utf-8').read().split('\n')
header = rows[0].split('\t')
assert header == ['package_dir','relative_path','line','rule_code','verdict','snippet','reason'], header
seen = set()
for n, row in enumerate(rows[1:], 2):
    if not row:
        continue
    f = row.split('\t')
    if len(f) != 7:
        print(f'{n}: {len(f)} columns'); bad += 1; continue
    d, p, line, rule, verdict, snippet, reason = f
    if verdict not in ('positive', 'negative', 'ambiguous'):
        print(f'{n}: bad verdict {verdict}'); bad += 1
    if (verdict == 'negative') != (rule == 'none'):
        print(f'{n}: verdict/rule mismatch {verdict} {rule}'); bad += 1
    key = (d, p, line, rule)
    if key in seen:
        print(f'{n}: duplicate row {key}'); bad += 1
    seen.add(key)
    path = os.path.join(root, d, p)
    try:
        lines = open(path, encoding='utf-8', errors='replace').read().split('\n')
    except OSError as e:
        print(f'{n}: {e}'); bad += 1; continue
    i = int(line)
    actual = lines[i - 1].strip() if 0 < i <= len(lines) else None
    if actual != snippet:
        print(f'{n}: {d}/{p}:{line}: snippet {snippet!r} != {actual!r}'); bad += 1
print(f'{len(seen)} rows checked, {bad} problems')
sys.exit(1 if bad else 0)
