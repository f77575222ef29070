#!/usr/bin/env bash
# Time offsetlint against ruff on the same Python directories.
#
#   scripts/bench.sh [--no-fetch] [--no-build]
#
# Targets: the whole Kafka Python corpus (scripts/.work/corpus/python, all packages in one
# run) and each big general-purpose package of scripts/.work/corpus/bench (django,
# sqlalchemy, requests). For each target three commands are timed:
#   ruff-all      ruff check --no-cache --isolated --select ALL --exit-zero -q DIR
#   ruff-default  ruff check --no-cache --isolated --exit-zero -q DIR
#   offsetlint    target/release/offsetlint check --exit-zero --quiet DIR
# and the .py files each tool sees are counted (find; `ruff check --show-files`;
# `offsetlint check --show-files` if the linter supports it).
#
# Choices:
# - ruff is pinned (RUFF_VERSION) and installed into scripts/.work/venv, so the comparison
#   does not depend on whatever ruff is on PATH.
# - --isolated: the unpacked sdists carry their own pyproject.toml/ruff.toml; without it ruff
#   would apply each project's rule selection and excludes (or fail on settings unknown to
#   the pinned version), so "default" would not mean ruff's defaults.
# - --no-cache: every run does the full work, as offsetlint (no cache) does.
# - -q still prints diagnostics; hyperfine (and the fallback) discard stdout, so the cost of
#   formatting diagnostics is included but not the cost of a terminal.
# - hyperfine is used when present; as root the script tries `apt-get install -y hyperfine`
#   (Debian has it) unless BENCH_NO_APT=1. Otherwise scripts/bench_timing.py does the same:
#   warmup, N interleaved runs, median.
# - The machine has 2 cores; both tools use all of them by default.
#
# Environment: BENCH_RUNS (default 5), BENCH_WARMUP (default 1), OFFSETLINT=/path/to/binary,
# RUFF_VERSION (default pinned below), BENCH_NO_APT=1 (do not apt-get hyperfine),
# BENCH_NO_HYPERFINE=1 (use the Python fallback even if hyperfine is installed).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "${SCRIPT_DIR}")"
WORK="${SCRIPT_DIR}/.work"
CORPUS="${WORK}/corpus"
OUT="${WORK}/results/bench"
VENV="${WORK}/venv"
RUFF_VERSION="${RUFF_VERSION:-0.17.6}"
RUNS="${BENCH_RUNS:-5}"
WARMUP="${BENCH_WARMUP:-1}"
BIN="${OFFSETLINT:-${ROOT}/target/release/offsetlint}"

fetch=1
build=1
for arg in "$@"; do
  case "${arg}" in
    --no-fetch) fetch=0 ;;
    --no-build) build=0 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "bench.sh: unknown argument '${arg}'" >&2; exit 2 ;;
  esac
done

log() { printf '[bench] %s\n' "$*" >&2; }

# --- corpus ------------------------------------------------------------------------------------
if [[ ${fetch} -eq 1 ]]; then
  "${SCRIPT_DIR}/fetch_corpus.sh" python bench
fi

# --- ruff in a private venv ----------------------------------------------------------------------
RUFF="${VENV}/bin/ruff"
if [[ ! -x "${RUFF}" ]] || [[ "$("${RUFF}" --version 2>/dev/null)" != "ruff ${RUFF_VERSION}" ]]; then
  log "installing ruff==${RUFF_VERSION} into ${VENV}"
  python3 -m venv "${VENV}"
  "${VENV}/bin/python" -m pip install --quiet --disable-pip-version-check "ruff==${RUFF_VERSION}"
fi

# --- hyperfine, or the Python fallback -------------------------------------------------------
have_hyperfine=0
if [[ "${BENCH_NO_HYPERFINE:-0}" == "1" ]]; then
  :  # forced fallback (also a way to test bench_timing.py)
elif command -v hyperfine >/dev/null 2>&1; then
  have_hyperfine=1
elif [[ "${BENCH_NO_APT:-0}" != "1" && "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
  log "hyperfine not found; trying apt-get install -y hyperfine"
  export DEBIAN_FRONTEND=noninteractive
  if apt-get install -y -qq hyperfine >/dev/null 2>&1 \
     || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq hyperfine >/dev/null 2>&1; }; then
    have_hyperfine=1
  fi
fi
if [[ ${have_hyperfine} -eq 1 ]] && command -v hyperfine >/dev/null 2>&1 && [[ "${BENCH_NO_HYPERFINE:-0}" != "1" ]]; then
  log "timing with $(hyperfine --version)"
else
  have_hyperfine=0
  log "hyperfine unavailable; timing with scripts/bench_timing.py (median of ${RUNS} runs)"
fi

# --- offsetlint ------------------------------------------------------------------------------------
have_ol=1
if [[ ${build} -eq 1 && -z "${OFFSETLINT:-}" ]]; then
  log "cargo build --release"
  if ! (cd "${ROOT}" && cargo build --release); then
    log "WARNING: 'cargo build --release' failed; benchmarking ruff only."
    have_ol=0
  fi
fi
if [[ ${have_ol} -eq 1 && ! -x "${BIN}" ]]; then
  log "WARNING: offsetlint binary not found at ${BIN}; benchmarking ruff only."
  have_ol=0
fi
if [[ ${have_ol} -eq 1 ]]; then
  # Guard against a stale or stub binary: it must lint a trivial file and print a JSON array.
  smoke_dir="$(mktemp -d)"
  printf 'x = 1\n' >"${smoke_dir}/smoke.py"
  if ! "${BIN}" check --format json "${smoke_dir}/smoke.py" 2>/dev/null \
      | python3 -c 'import json, sys; assert isinstance(json.load(sys.stdin), list)' 2>/dev/null; then
    log "WARNING: '${BIN} check --format json FILE' does not print a JSON array (stale build or"
    log "         CLI not implemented yet); benchmarking ruff only."
    have_ol=0
  fi
  rm -rf "${smoke_dir}"
fi

ruff_all=("${RUFF}" check --no-cache --isolated --select ALL --exit-zero -q)
ruff_default=("${RUFF}" check --no-cache --isolated --exit-zero -q)
ol_cmd=("${BIN}" check --exit-zero --quiet)

# --- targets ------------------------------------------------------------------------------------
targets=()   # "label<TAB>dir"
if [[ -d "${CORPUS}/python" ]]; then targets+=("kafka-python-corpus	${CORPUS}/python"); fi
for d in "${CORPUS}/bench"/*/; do
  [[ -d "${d}" ]] || continue
  d="${d%/}"
  case "$(basename "${d}")" in *.partial) continue ;; esac
  targets+=("$(basename "${d}")	${d}")
done
if [[ ${#targets[@]} -eq 0 ]]; then
  log "ERROR: no corpus under ${CORPUS}; run scripts/fetch_corpus.sh first"
  exit 1
fi

mkdir -p "${OUT}"
manifest="${OUT}/manifest.tsv"
printf 'label\tdir\tpy_find\tpy_ruff\tpy_offsetlint\tjson\n' >"${manifest}"

log "machine: $(nproc) cores; $("${RUFF}" --version); runs=${RUNS} warmup=${WARMUP}"
if [[ ${have_ol} -eq 1 ]]; then
  log "offsetlint: ${BIN} ($("${BIN}" --version 2>/dev/null || echo 'no --version'))"
fi

for entry in "${targets[@]}"; do
  label="${entry%%	*}"
  dir="${entry#*	}"
  echo
  log "== ${label} (${dir})"

  # .py files: the plain count (hidden directories and __pycache__ skipped, like both tools)
  py_find="$(find "${dir}" \( -name '.*' -o -name __pycache__ \) -prune -o -type f -name '*.py' -print | wc -l)"
  py_ruff="$("${RUFF}" check --no-cache --isolated --show-files "${dir}" 2>/dev/null | grep -c '\.py$' || true)"
  py_ol="n/a"
  target_ol=0
  if [[ ${have_ol} -eq 1 ]]; then
    # Preflight: the exact timed command must run and exit 0 with --exit-zero.
    rc=0
    "${ol_cmd[@]}" "${dir}" >/dev/null 2>"${OUT}/${label}.offsetlint.stderr" || rc=$?
    if [[ ${rc} -eq 0 ]]; then
      target_ol=1
      show_rc=0
      show_out="$("${BIN}" check --show-files "${dir}" 2>/dev/null)" || show_rc=$?
      # Only trust output that lists source files (an unknown flag, or a JSON "[]", is n/a).
      if [[ ${show_rc} -eq 0 || ${show_rc} -eq 1 ]] && grep -qE '\.(py|rs)$' <<<"${show_out}"; then
        py_ol="$(grep -c '\.py$' <<<"${show_out}" || true)"
      fi
    else
      log "WARNING: '${ol_cmd[*]} ${dir}' exited ${rc}; offsetlint not timed here:"
      head -n 5 "${OUT}/${label}.offsetlint.stderr" >&2 || true
    fi
  fi
  log ".py files: find=${py_find} ruff=${py_ruff} offsetlint=${py_ol}"

  json="${OUT}/${label}.json"
  names=(-n ruff-all -n ruff-default)
  cmds=("${ruff_all[*]} ${dir}" "${ruff_default[*]} ${dir}")
  if [[ ${target_ol} -eq 1 ]]; then
    names+=(-n offsetlint)
    cmds+=("${ol_cmd[*]} ${dir}")
  fi
  if [[ ${have_hyperfine} -eq 1 ]]; then
    # --shell=none: no shell start-up in the numbers (paths here have no spaces).
    hyperfine --shell=none --style basic --warmup "${WARMUP}" --runs "${RUNS}" \
      --export-json "${json}" "${names[@]}" "${cmds[@]}"
  else
    # bench_timing.py takes "-n NAME" pairs before the commands, like hyperfine.
    python3 "${SCRIPT_DIR}/bench_timing.py" --runs "${RUNS}" --warmup "${WARMUP}" \
      --export-json "${json}" "${names[@]}" "${cmds[@]}"
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "${label}" "${dir}" "${py_find}" "${py_ruff}" "${py_ol}" "${json}" >>"${manifest}"
done

echo
python3 "${SCRIPT_DIR}/bench_report.py" "${manifest}" | tee "${OUT}/summary.txt"
if [[ ${have_ol} -eq 0 ]]; then
  echo
  echo "NOTE: offsetlint was not benchmarked (binary missing or build failed); see messages above."
fi
