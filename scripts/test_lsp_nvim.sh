#!/usr/bin/env bash
# End-to-end check of `offsetlint server` with a real editor's client: headless Neovim (its
# built-in LSP client, 0.7 or later, Debian's package) opens a fixture with a finding, waits
# for the diagnostics, checks hover and the code actions, applies the suppression and waits
# for the finding to clear (scripts/lsp_nvim/test.lua). Prints what it saw; exit 0 when all
# passed. OFFSETLINT names the binary (default: target/debug/offsetlint, built if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v nvim >/dev/null || { echo "error: nvim not found (apt-get install -y neovim)" >&2; exit 2; }
nvim --version | head -1
binary=${OFFSETLINT:-target/debug/offsetlint}
[ -x "$binary" ] || cargo build --locked
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '[project]\nname = "nvim-fixture"\n' > "$work/pyproject.toml"
cat > "$work/app.py" <<'PY'
from confluent_kafka import Consumer

consumer = Consumer({"group.id": "g", "enable.auto.commit": False})


def run():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        consumer.commit()
PY
status=0
# No user configuration or plugins (-u NONE); the session's own files go under $work.
XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data XDG_STATE_HOME=$work/state \
  XDG_CACHE_HOME=$work/cache OFFSETLINT=$binary FIXTURE=$work/app.py \
  timeout 180 nvim --headless -u NONE -i NONE -n -c "luafile scripts/lsp_nvim/test.lua" \
  || status=$?
if [ "$status" -eq 0 ]; then
  echo "lsp-nvim: 1 passed, 0 failed"
else
  echo "lsp-nvim: 0 passed, 1 failed (exit $status)"
fi
exit "$status"
