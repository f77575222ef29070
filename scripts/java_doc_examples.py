#!/usr/bin/env python3
"""Extract the `java` blocks of rule documents as compilable files, for
scripts/check_java_fixtures.sh. Standard library only.

    java_doc_examples.py OUT_DIR DOC.md...

Each fenced block whose info string starts with `java` becomes OUT_DIR/<doc>_<n>/<Name>.java,
Name being the block's public top-level type (javac wants the file named after it), else
`Example<n>`. OUT_DIR is emptied first. Prints the number of blocks written.
"""
from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

PUBLIC_TYPE = re.compile(r"^public\s+(?:(?:final|abstract|sealed)\s+)*(?:class|interface|record|enum)\s+(\w+)",
                         re.MULTILINE)


def blocks(text: str) -> list[str]:
    out, current = [], None
    for line in text.splitlines(keepends=True):
        fence = line.strip()
        if current is None and fence.startswith("```") and fence[3:].split()[:1] == ["java"]:
            current = []
        elif current is not None and fence.startswith("```"):
            out.append("".join(current))
            current = None
        elif current is not None:
            current.append(line)
    if current is not None:
        raise SystemExit("unclosed java fence")
    return out


def main(argv: list[str]) -> int:
    if len(argv) < 1:
        print(__doc__, file=sys.stderr)
        return 2
    out = Path(argv[0])
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    written = 0
    for doc in argv[1:]:
        for n, code in enumerate(blocks(Path(doc).read_text(encoding="utf-8")), 1):
            m = PUBLIC_TYPE.search(code)
            name = m.group(1) if m else f"Example{n}"
            # rules/X.md and rules/java/X.md share a stem: the directory keeps them apart.
            d = out / f"{Path(doc).parent.name}_{Path(doc).stem.replace('-', '_')}_{n}"
            d.mkdir()
            (d / f"{name}.java").write_text(code, encoding="utf-8")
            written += 1
    print(written)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
