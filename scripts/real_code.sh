#!/usr/bin/env bash
# Run offsetlint over real Kafka client code and tabulate the findings per package and rule.
#
#   scripts/real_code.sh [--no-fetch] [--no-build] [--no-precision]
#
# Steps:
#   1. scripts/fetch_corpus.sh python rust precision-python precision-rust
#                                            (pinned PyPI packages and crates; idempotent;
#                                             --no-precision leaves out the last two groups)
#   2. cargo build --release                 (skipped with --no-build)
#   3. for each package directory separately:
#        offsetlint check --format json <pkg>   (run from the group directory, so finding
#                                                paths read "<pkg>/path/to/file.py")
#      raw output under scripts/.work/results/real_code/<group>/<pkg>.{json,stderr,meta}
#   4. scripts/summarize.py prints the table (files, Kafka files, exit code, wall time,
#      findings per rule code, totals) and writes summary.json, summary.txt, findings.txt.
#      The previous run is kept in scripts/.work/results/real_code.prev and per-rule totals are
#      compared with it.
#      The precision groups (popular code WITHOUT Kafka: SQL transactions, AMQP/MQTT/NATS/Redis
#      clients, I/O flush, channel send) are not part of that Kafka table: they get their own
#      section, "precision corpus (no Kafka: every finding is a false positive)", listing every
#      Kafka-rule finding, and their own precision_findings.txt.
#
# Exit code 1 from offsetlint means "findings" and is expected here; only exit codes other
# than 0/1 (tool error, crash, timeout) make this script exit non-zero, after the table.
# Environment: OFFSETLINT=/path/to/binary overrides the binary (implies nothing about
# --no-build); OFFSETLINT_TIMEOUT (seconds per package, default 600).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "${SCRIPT_DIR}")"
WORK="${SCRIPT_DIR}/.work"
CORPUS="${WORK}/corpus"
RESULTS="${WORK}/results/real_code"
BIN="${OFFSETLINT:-${ROOT}/target/release/offsetlint}"
TIMEOUT_S="${OFFSETLINT_TIMEOUT:-600}"

fetch=1
build=1
precision=1
for arg in "$@"; do
  case "${arg}" in
    --no-fetch) fetch=0 ;;
    --no-build) build=0 ;;
    --no-precision) precision=0 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "real_code.sh: unknown argument '${arg}'" >&2; exit 2 ;;
  esac
done

log() { printf '[real_code] %s\n' "$*" >&2; }

groups=(python rust)
if [[ ${precision} -eq 1 ]]; then groups+=(precision-python precision-rust); fi

if [[ ${fetch} -eq 1 ]]; then
  "${SCRIPT_DIR}/fetch_corpus.sh" "${groups[@]}"
fi

if [[ ${build} -eq 1 && -z "${OFFSETLINT:-}" ]]; then
  log "cargo build --release"
  if ! (cd "${ROOT}" && cargo build --release); then
    log "ERROR: 'cargo build --release' failed, so there is no offsetlint binary to run."
    log "       The corpus is ready under ${CORPUS}; fix the build and re-run (--no-fetch)."
    exit 1
  fi
fi

if [[ ! -x "${BIN}" ]]; then
  log "ERROR: offsetlint binary not found at ${BIN}."
  log "       Build it with 'cargo build --release' (or drop --no-build), or set OFFSETLINT=..."
  exit 1
fi

# Smoke test: a binary that cannot even lint a trivial directory is reported once, clearly,
# instead of as one error per package.
# (One trivial clean file, so a linter that refuses an empty input is not misreported.)
smoke_dir="$(mktemp -d)"
trap 'rm -rf "${smoke_dir}"' EXIT
mkdir "${smoke_dir}/src"
printf 'x = 1\n' >"${smoke_dir}/src/smoke.py"
smoke_rc=0
"${BIN}" check --format json "${smoke_dir}/src" >"${smoke_dir}/out" 2>"${smoke_dir}/err" || smoke_rc=$?
if [[ ${smoke_rc} -ne 0 && ${smoke_rc} -ne 1 ]]; then
  log "ERROR: '${BIN} check --format json <dir with one clean file>' exited ${smoke_rc}:"
  head -n 20 "${smoke_dir}/err" >&2 || true
  log "       The linter does not support the expected CLI yet (check [PATHS]... --format json)."
  exit 1
fi
if ! python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert isinstance(d, list)' \
    "${smoke_dir}/out" 2>/dev/null; then
  log "ERROR: '${BIN} check --format json <dir with one clean file>' did not print a JSON array:"
  head -c 300 "${smoke_dir}/out" >&2 || true
  echo >&2
  log "       Is the binary stale or a stub? Rebuild with 'cargo build --release'."
  exit 1
fi

# Keep the previous run for comparison, then start from an empty results directory.
if [[ -d "${RESULTS}" ]]; then
  rm -rf "${RESULTS}.prev"
  mv "${RESULTS}" "${RESULTS}.prev"
fi
mkdir -p "${RESULTS}"

have_timeout=0
if command -v timeout >/dev/null 2>&1; then have_timeout=1; fi

for group in "${groups[@]}"; do
  group_dir="${CORPUS}/${group}"
  [[ -d "${group_dir}" ]] || continue
  mkdir -p "${RESULTS}/${group}"
  for pkg_path in "${group_dir}"/*/; do
    pkg="$(basename "${pkg_path}")"
    case "${pkg}" in .*|*.partial) continue ;; esac
    out="${RESULTS}/${group}/${pkg}"
    cmd=("${BIN}" check --format json "${pkg}")
    if [[ ${have_timeout} -eq 1 ]]; then cmd=(timeout "${TIMEOUT_S}" "${cmd[@]}"); fi
    start_ns="$(date +%s%N)"
    rc=0
    (cd "${group_dir}" && "${cmd[@]}") >"${out}.json" 2>"${out}.stderr" || rc=$?
    end_ns="$(date +%s%N)"
    printf 'rc=%s\nms=%s\n' "${rc}" "$(((end_ns - start_ns) / 1000000))" >"${out}.meta"
    case "${rc}" in
      0|1) log "${group}/${pkg}: exit ${rc}" ;;
      124) log "${group}/${pkg}: TIMEOUT after ${TIMEOUT_S}s" ;;
      *) log "${group}/${pkg}: TOOL ERROR exit ${rc}: $(head -c 300 "${out}.stderr" | tr '\n' ' ')" ;;
    esac
  done
done

echo
summarize_args=("${RESULTS}" "${CORPUS}")
if [[ -f "${RESULTS}.prev/summary.json" ]]; then summarize_args+=(--prev "${RESULTS}.prev"); fi
python3 "${SCRIPT_DIR}/summarize.py" "${summarize_args[@]}"
