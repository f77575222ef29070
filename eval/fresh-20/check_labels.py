#!/usr/bin/env python3
"""Check eval/fresh-20/labels.tsv against a freshly unpacked corpus.

    python3 eval/fresh-20/check_labels.py eval/fresh-20/labels.tsv "$(bash eval/fresh-20/fetch.sh)"

For every row: the file exists, the line exists, and the snippet equals the stripped source line;
verdicts and rule codes are well formed; no (dir, path, line, rule) appears twice.
Prints counts per rule and verdict and per artifact; exits 1 on any mismatch.
"""
import collections
import sys

VERDICTS = {"positive", "negative", "ambiguous"}
HEADER = ["package_dir", "relative_path", "line", "rule_code", "verdict", "snippet", "reason"]


def main(labels, root):
    bad = 0
    seen = set()
    counts = collections.Counter()
    per_dir = collections.Counter()
    with open(labels, encoding="utf-8") as fh:
        rows = [line.rstrip("\n").split("\t") for line in fh]
    if rows[0] != HEADER:
        print("bad header:", rows[0])
        return 1
    for n, row in enumerate(rows[1:], start=2):
        if len(row) != 7:
            print(f"row {n}: {len(row)} columns")
            bad += 1
            continue
        d, path, line, rule, verdict, snippet, reason = row
        key = (d, path, line, rule)
        if key in seen:
            print(f"row {n}: duplicate {key}")
            bad += 1
        seen.add(key)
        if verdict not in VERDICTS or (verdict == "negative") != (rule == "none") or not reason:
            print(f"row {n}: bad verdict/rule/reason {verdict} {rule}")
            bad += 1
        try:
            with open(f"{root}/{d}/{path}", encoding="utf-8", errors="replace") as src:
                text = src.read().split("\n")
            actual = text[int(line) - 1].strip()
        except (OSError, IndexError, ValueError) as e:
            print(f"row {n}: {d}/{path}:{line}: {e}")
            bad += 1
            continue
        if actual != snippet:
            print(f"row {n}: {d}/{path}:{line}: snippet {snippet!r} != {actual!r}")
            bad += 1
        counts[(rule, verdict)] += 1
        if verdict == "positive":
            per_dir[d] += 1
    for (rule, verdict), c in sorted(counts.items()):
        print(f"{rule}\t{verdict}\t{c}")
    total_pos = sum(per_dir.values())
    print(f"rows {len(rows) - 1}, positives {total_pos}")
    for d, c in per_dir.most_common(3):
        print(f"  most positives: {d} {c} ({100 * c / total_pos:.1f}%)")
    print("OK" if not bad else f"{bad} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
