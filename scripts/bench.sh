#!/usr/bin/env bash
# Benchmark offsetlint against a peer tool on three pinned corpora, with paired runs.
#
#   scripts/bench.sh [--no-fetch] [--no-build] [--runs N] [--warmup W] [--precommit-runs M]
#                    [--no-python] [--no-rust] [--no-java] [--no-linearity] [--no-precommit]
#                    [--stdlib local|debian]
#
# What is timed (scripts/bench_timing.py does the timing, scripts/bench_report.py the table):
#   python   offsetlint check --exit-zero --quiet --select ALL --isolated DIR
#            vs ruff check --no-cache --isolated --select RUF006 --exit-zero DIR
#   rust     offsetlint check --exit-zero --quiet --select ALL --isolated DIR
#            vs ast-grep run --pattern '$C.commit()' --lang rust DIR
#   java     offsetlint check --exit-zero --quiet --select ALL --isolated DIR
#            vs ast-grep run --pattern '$C.commitSync()' --lang java DIR
#            (skipped, and said so, while `offsetlint check --show-files` lists no .java file:
#            an offsetlint without the Java front end)
#   linearity  offsetlint on the Python corpus and on two copies of it: x2/x1 <= 2.1
#   precommit  offsetlint on 5 named files of a synthetic 10,000-file project: median
#              well under 100 ms
# The Rust pattern matches nowhere in its corpus (rdkafka's commits take arguments), so
# ast-grep exits 1 ("no match") after parsing every file; 0 and 1 are both accepted from it.
# The Java pattern matches a few calls in the Kafka sources (javadoc examples are comments,
# not matched).
# For each: W warm-up rounds, then N rounds of (offsetlint, peer), the order swapped every
# other round; median wall time, CPU time (user+sys) and peak RSS of each child process
# (os.wait4), the ratio offsetlint/peer, exit codes, and the file count each tool sees.
# offsetlint must exit 0 or 1: exit 2 (tool error) is printed, kept in the results, and makes
# this script exit 3 after the table.
#
# Output: raw results in scripts/.work/results/bench/results.json (and a timestamped copy),
# the stderr of each tool's last run (*.stderr), and the Markdown table for docs/benchmarks.md in
# summary.md, which is also printed.
#
# The corpora (built under scripts/.work/, git-ignored, never committed):
#   .work/corpus/bench-python/      the CPython 3.11 standard library plus the site-packages of
#                                   the pinned wheels below: 3,367 .py files, 47.3 MiB (with
#                                   --stdlib local on Python 3.11.7; 3,288 with --stdlib debian)
#   .work/corpus/bench-python-x2/   two copies of it (copy-1/, copy-2/), for linearity
#   .work/corpus/bench-rust/        tokio, syn, serde, regex, rdkafka and their dependencies
#                                   (Linux x86_64), all pinned below: 56 crates, 2,491 .rs
#                                   files, 29.0 MiB
#   .work/corpus/java/              the Java corpus of scripts/fetch_corpus.sh (group java):
#                                   Maven sources jars of Apache Kafka 3.9.1's Java modules and
#                                   spring-kafka 3.3.10, pinned there: 22 jars, 3,815 .java
#                                   files, 761,236 lines, 30.6 MiB
#   .work/corpus/bench-precommit/   the synthetic project (bench_corpus.py precommit; seeded)
# Only *.py files are kept in the Python corpus, only *.rs files in the Rust one and only *.java
# files in the Java one, so every tool sees the same files and no configuration or ignore file
# from a package applies.
#
# Choices:
# - CPython standard library. Default --stdlib local: the *.py files of the standard library
#   of the machine's Python 3.11 (python3.11, or python3 if that is 3.11, or
#   BENCH_STDLIB_PYTHON=/path/to/python), tests included, site-packages left out. Its exact
#   version, path and a digest of the copied files are recorded in the results; a digest other
#   than STDLIB_LOCAL_DIGEST below (Python 3.11.7 as installed on the project's machines) is
#   reported as a warning. Why not the Debian packages by default: Debian keeps only the
#   current revision of a package in its archive, so a pinned revision disappears at the
#   next point or security release and the default run would then fail; the interpreter
#   on the machine stays put. --stdlib debian takes the standard library from the pinned
#   Debian packages instead (apt-get download by name and exact version, checked against
#   sha256; tkinter and idlelib included, dist-packages left out); it works as long as
#   apt-get can still download those revisions, or their .deb files are already in
#   .work/downloads/bench-python/.
# - Site-packages: `pip download --no-deps --only-binary :all:` of each pinned wheel for
#   CPython 3.11 on manylinux x86_64 (so the host's Python does not change which file is
#   chosen), checked against its sha256, unpacked as pip would install it (the wheel's
#   contents are the site-packages layout). No dependencies: only the five packages.
# - Crates: `cargo fetch --target x86_64-unknown-linux-gnu` in a throwaway project
#   (.work/bench-cargo/) with a private CARGO_HOME (.work/cargo-home, shared with
#   fetch_corpus.sh). Its manifest depends on every crate of RUST_CRATES with an `=` version
#   (the five top crates with their usual features, the others with default-features = false,
#   renamed), so the resolution cannot drift; `cargo metadata` then checks that the resolved
#   Linux package set is exactly RUST_CRATES, and each `.crate` archive is checked against
#   the sha256 pinned here (the `cksum` of the crate registry's index) before unpacking.
# - ruff and ast-grep: pinned versions from PyPI (`ast-grep-cli` ships the ast-grep binary),
#   installed with `pip install --require-hashes` into .work/venv-bench.
# - Runs start in an empty directory (.work/results/bench/cwd) with absolute paths; stdout
#   goes to /dev/null (formatting findings is measured, a terminal is not).
# - The machine has 2 cores; every tool uses all of them (their defaults).
#
# Environment: OFFSETLINT=/path/to/binary (skips the build), BENCH_RUNS (default 10),
# BENCH_WARMUP (default 1), BENCH_PRECOMMIT_RUNS (default 20), BENCH_STDLIB_PYTHON,
# BENCH_TIMEOUT (seconds per run, default 1800).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "${SCRIPT_DIR}")"
# verify_sha256, unpack, WORK, DOWNLOADS, CORPUS, PYTHON (main does not run when sourced)
# shellcheck source=fetch_corpus.sh
source "${SCRIPT_DIR}/fetch_corpus.sh"
OUT="${WORK}/results/bench"
VENV="${WORK}/venv-bench"
CARGO_PROJ="${WORK}/bench-cargo"
PY_CORPUS="${CORPUS}/bench-python"
PY_CORPUS_X2="${CORPUS}/bench-python-x2"
RS_CORPUS="${CORPUS}/bench-rust"
JAVA_CORPUS="${CORPUS}/java"
PC_DIR="${CORPUS}/bench-precommit"
PC_META="${CORPUS}/bench-precommit.json"
BIN="${OFFSETLINT:-${ROOT}/target/release/offsetlint}"
HELPER="${SCRIPT_DIR}/bench_corpus.py"

# --- pins -------------------------------------------------------------------------------------
# Peer tools (PyPI wheels for manylinux x86_64): "name version sha256"
TOOL_PINS=(
  "ruff 0.17.6 aa3b08254a732acba246891089a152c47c5733dc36b8ecb76ce8602f8326e5e4"
  "ast-grep-cli 0.51.1 f924a19765482f2ec8ce5450b053510b8fb609da4b57d19e332ad7b02584587b"
)

# Site-packages of the Python corpus (PyPI wheels, CPython 3.11, manylinux x86_64).
PY_WHEELS=(
  "django 5.2.19 5965d974a5218a2b68a11dd1276434707f23886525c23f0598eccedaf4f4ca00"
  "sqlalchemy 2.1.9 3a24b459e52b3ac138f6a05e99a4bd0589443a1ae18041a59c1cfdee12134a2b"
  "confluent-kafka 2.16.1 24f613cc81a856b6fbb2d7d11044a9aa770044eecc1f83ff84618688b056be06"
  "aiokafka 0.14.0 ceb49c78b3e08ed3f9ff85350932ae59788596e8b45c6a4ca5d599337ba261e9"
  "kafka-python 3.0.12 67add72052e3ad0c37ed9963ebe2b1696adc7f063c64eaf19862c21b69a64a18"
)
WHEEL_TAGS=(--python-version 3.11 --implementation cp --abi cp311
            --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64
            --platform manylinux2014_x86_64)

# --stdlib local: expected version, and the digest of the copy (bench_corpus.py digest) made
# from Python 3.11.7 as the project's machines have it. A mismatch is a warning only.
STDLIB_LOCAL_VERSION="3.11.7"
STDLIB_LOCAL_DIGEST="5c942dd15b19d8e7ff867a6c27fe68e428bd5e030045d7a969e1950340899c8e"

# --stdlib debian: Debian 12 (bookworm) packages holding /usr/lib/python3.11: "name version sha256"
STDLIB_DEBS=(
  "libpython3.11-minimal 3.11.2-6+deb12u8 f3beaa03994ffedacf73c43a0843d53b062d347115d8af65bee2034552a4e6f9"
  "libpython3.11-stdlib 3.11.2-6+deb12u8 890b3540dad8a1ccc0deeca025db735bcc82629a76adacbe3b50fcc06ed528ca"
  "libpython3.11-testsuite 3.11.2-6+deb12u8 718afaa9807bcc228d16f7e01436f7fdbfc1268f806091c0b83d57f564633fa3"
  "idle-python3.11 3.11.2-6+deb12u8 dfec304fd2dfb8c5aeeb47c9d0fbc151e841d8c82eaf72a8028d85e17ac7e2da"
  "python3-distutils 3.11.2-3 a620b555f301860a08e30534c7e6f7d79818e5e1977bfec39a612e7003074318"
  "python3-lib2to3 3.11.2-3 4e7f5e01e49a0622d10db3d0995666a6ead6a369cd127a996e9a4f9e91696a51"
  "python3-tk 3.11.2-3 33badffb9316204fda015b1a9d331c03bd322dfbb217930de5dd5ca95b6af7d2"
)

# The five top crates of the Rust corpus, with the features the throwaway manifest asks for.
RUST_TOP=(
  'tokio = { version = "=1.54.1", features = ["full"] }'
  'syn = { version = "=3.0.10", features = ["full"] }'
  'serde = { version = "=1.0.229", features = ["derive"] }'
  'regex = { version = "=1.13.2" }'
  'rdkafka = { version = "=0.39.0" }'
)
RUST_TOP_PINS=("tokio 1.54.1" "syn 3.0.10" "serde 1.0.229" "regex 1.13.2" "rdkafka 0.39.0")  # same as above
# Every crate `cargo fetch --target x86_64-unknown-linux-gnu` needs for them: "name version sha256"
RUST_CRATES=(
  "aho-corasick 1.1.5 c982642fa9e8606056828ee9a8505737230110bb1099153c79efe865c59d12ba"
  "bytes 1.12.2 776dfebd015e2d8732c684a2c71003674ccb49457b539b9e82151ba38e96dd7c"
  "cc 1.11.3 02f0e023adb368345ce0ca6cdfc0f24a06554468d0e8503e14a0841de79bfa69"
  "cfg-if 1.0.5 4e7648175b45a9a48536d676f68d918270699102aa8dab5496df06904c914600"
  "equivalent 1.0.3 00d174d5400e5e8fd687ad1049e2f578285fa914201b1af7e8b112a4546bd826"
  "errno 0.3.15 e35d6e78f4cebb90e51d543db8fe41528851d6deeef6ef21ebd4bfdc1e784776"
  "find-msvc-tools 0.1.15 1c66915cc5391097de7a2b0b972e8505aa33c0df401fd3a6811dbdb32881ba48"
  "futures-channel 0.3.34 b1f9e3d69d39e4862ffed03ed071a76f9a13ba1d9109d355b0f0aa6b15e393c4"
  "futures-core 0.3.34 92d699e522242e69e3003b94ecc1f960f3a5e015aa7c5d7486e65ad01dd94f5e"
  "futures-task 0.3.34 cd417de3d1d015fc3bfd2b1ea46dfc7bab72ef86f1cc7cc9c78e728b34a6d1fd"
  "futures-util 0.3.34 0d50a92467f8ba5dd6e3ee5d4bd04d73ab2e4e1c44474a0674821dfce14b79bc"
  "hashbrown 0.17.2 735eaa21a6a5ffb2e84362faaeb90c05ba8e19797ca30428478cb6ea3a4921bc"
  "indexmap 2.14.2 cc4e190f5d26ca7051642629da2c52fc03bde85a03197c99408dcd291734c855"
  "itoa 1.0.19 3bd1574e617a9a6c1f8f8181bd7e841e1f20e4277607ef28945765188d6284d4"
  "libc 0.2.191 65cd87c9a6d60536580b316ad985726104730a5151c99845f2490428ef91240a"
  "libz-sys 1.1.33 fee3f59f4321dab0c78d828942e7aa09d0bd8ad6e78a501977e6bf3d02938045"
  "lock_api 0.4.14 224399e74b87b5f3557511d98dff8b14089b3dadafcab6bb93eab67d3aace965"
  "log 0.4.35 5d15f86d12da44cd8d4ec3c73984537eb7f4cadcb9776a575a0a8a05ca11005c"
  "memchr 2.8.3 cf8baf1c55e62ffcace7a9f06f4bd9cd3f0c4beb022d3b367256b91b87513d98"
  "mio 1.2.5 20521a903f02b0a573cd6840e9d0a5a0cc043d361fe924092cd70f8556cc9c4a"
  "num_enum 0.7.6 5d0bca838442ec211fa11de3a8b0e0e8f3a4522575b5c4c06ed722e005036f26"
  "num_enum_derive 0.7.6 680998035259dcfcafe653688bf2aa6d3e2dc05e98be6ab46afb089dc84f1df8"
  "parking_lot 0.12.5 93857453250e3077bd71ff98b6a65ea6621a19bb0f559a85248955ac12c45a1a"
  "parking_lot_core 0.9.12 2621685985a2ebf1c516881c026032ac7deafcda1a2c9b7850dc81e3dfcb64c1"
  "pin-project-lite 0.2.18 c938015719552d665fd0553b90d96cd7ff58e83e4c061ca99e6bb78865a72752"
  "pkg-config 0.3.34 f6b464fbc74e149a392436b17d523f769e057cb6877f6a5c4618bc6f11800548"
  "proc-macro-crate 3.5.0 e67ba7e9b2b56446f1d419b1d807906278ffa1a658a8a5d8a39dcb1f5a78614f"
  "proc-macro2 1.0.107 985e7ec9bb745e6ce6535b544d84d6cd6f7ad8bd711c398938ae983b91a766d9"
  "quote 1.0.47 1fbf4db142a473a8d80c26bbf18454ed458bf8d26c8219c331daecfdbd079001"
  "rdkafka 0.39.0 d7956f9ac12b5712e50372d9749a3102f4810a8d42481c5eae3748d36d585bcf"
  "rdkafka-sys 4.10.0+2.12.1 e234cf318915c1059d4921ef7f75616b5219b10b46e9f3a511a15eb4b56a3f77"
  "regex 1.13.2 9807af0e638c12e753aa1b4e601791bf2a8f71274023c8bbeec12fc149950857"
  "regex-automata 0.4.19 41d60ef07df457506a0a1a2073112eb4aae5733dbd2813c3da77d1b0fd441158"
  "regex-syntax 0.8.12 d902046e6a28a1e4c3cab97258a0ce11e994903f01c2d97a9447a0b3df85f4f6"
  "rustversion 1.0.23 cf54715a573b99ac80df0bc206da022bcd442c974952c7b9720069370852e21f"
  "scopeguard 1.2.0 94143f37725109f92c262ed2cf5e59bce7498c01bcc1502d7b9afe439a4e9f49"
  "serde 1.0.229 4148590afebada386688f18773da617792bf2ef03ffc1e4cbd2b1d45b023e0ba"
  "serde_core 1.0.229 67dca2c9c51e58a4791a4b1ed58308b39c64224d349a935ab5039aa360942a48"
  "serde_derive 1.0.229 e7a5d71263a5a7d47b41f6b3f06ba276f10cc18b0931f1799f710578e2309348"
  "serde_json 1.0.154 e7e9cc8b1b85264074fbcc02a88680c4096b1e47df8f739dceb03bf482f04bd6"
  "shlex 2.0.1 f8fadd59c855ef2080decdef8ff161eb6661b86933c9d82e5ba29dc602a55aba"
  "signal-hook-registry 1.4.8 c4db69cba1110affc0e9f7bcd48bbf87b3f4fc7c61fc9155afd4c469eb3d6c1b"
  "slab 0.4.12 0c790de23124f9ab44544d7ac05d60440adc586479ce501c1d6d7da3cd8c9cf5"
  "smallvec 1.16.6 3244542535d5de959d90ec55d1b5ff0fd2bb7b1310223907d5f11932847f7b59"
  "socket2 0.6.5 c3d1e2c7f27f8d4cb10542a02c49005dbd6e93095799d6f3be745fae9f8fedd4"
  "syn 2.0.119 872831b642d1a07999a962a351ed35b955ea2cfc8f3862091e2a240a84f17297"
  "syn 3.0.10 4ae9ccbea3a7b0b09443036490c8f34a8b1b760fd345e5c0dae0aac718faea79"
  "tokio 1.54.1 b52fd3255258d26fac7264ab5a76b53c13367136dc011d3d6ad4f8ed070396a3"
  "tokio-macros 2.7.2 78773a2a397f451582ce068015985c33193cf6dea8b74d2a639fe457b2f07b0e"
  "toml_datetime 1.1.3+spec-1.1.0 173f25c883cd2176a2d8212155638c0a60d484a9d84546d270866f40f56b6e49"
  "toml_edit 0.25.20+spec-1.1.0 e76360e201d6dbd6583e17795ba71a88f47365a9139c8450a7979c32303b8e73"
  "toml_parser 1.1.6+spec-1.1.0 e6769c452d71ba30696c6b37770c439a9cc9110f47f7d5cdbeda79840ef5ea31"
  "unicode-ident 1.0.27 a2c754d6c33795a1c324727428e5a7dedb5b06195f9890bdbcba760d3e246563"
  "vcpkg 0.2.15 accd4ea62f7bb7a82fe23066fb0957d48ef677f6eeb8215f372f52e48bb32426"
  "winnow 1.0.5 8c3b93199df0ab874cdf0c6a94f0a0dc3423fe41f1cafb62b8bd7b1deb277aef"
  "zmij 1.0.23 29666d0abbfad1e3dc4dcf6144730dd3a3ab225bbbdac83319345b1b44ccfc1b"
)
RUST_TARGET="x86_64-unknown-linux-gnu"

# --- arguments ------------------------------------------------------------------------------------
fetch=1
build=1
do_python=1
do_rust=1
do_java=1
do_linearity=1
do_precommit=1
stdlib_mode="local"
RUNS="${BENCH_RUNS:-10}"
WARMUP="${BENCH_WARMUP:-1}"
PC_RUNS="${BENCH_PRECOMMIT_RUNS:-20}"
TIMEOUT_S="${BENCH_TIMEOUT:-1800}"

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; }
need_value() { if [[ $# -lt 2 || -z "$2" ]]; then echo "bench.sh: $1 needs a value" >&2; exit 2; fi; }
while [[ $# -gt 0 ]]; do
  case "$1" in
    --no-fetch) fetch=0 ;;
    --no-build) build=0 ;;
    --no-python) do_python=0 ;;
    --no-rust) do_rust=0 ;;
    --no-java) do_java=0 ;;
    --no-linearity) do_linearity=0 ;;
    --no-precommit) do_precommit=0 ;;
    --runs) need_value "$@"; RUNS="$2"; shift ;;
    --warmup) need_value "$@"; WARMUP="$2"; shift ;;
    --precommit-runs) need_value "$@"; PC_RUNS="$2"; shift ;;
    --stdlib) need_value "$@"; stdlib_mode="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "bench.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
case "${stdlib_mode}" in local|debian) ;; *) echo "bench.sh: --stdlib local|debian" >&2; exit 2 ;; esac
for v in "${RUNS}" "${WARMUP}" "${PC_RUNS}"; do
  [[ "${v}" =~ ^[0-9]+$ ]] || { echo "bench.sh: --runs/--warmup/--precommit-runs take a number" >&2; exit 2; }
done
if [[ ${do_python} -eq 0 ]]; then do_linearity=0; fi

log() { printf '[bench] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# --- peer tools ---------------------------------------------------------------------------------
install_tools() {
  local want_ruff want_sg
  want_ruff="ruff $(awk '$1 == "ruff" { print $2 }' <<<"$(printf '%s\n' "${TOOL_PINS[@]}")")"
  want_sg="ast-grep $(awk '$1 == "ast-grep-cli" { print $2 }' <<<"$(printf '%s\n' "${TOOL_PINS[@]}")")"
  if [[ -x "${VENV}/bin/ruff" && -x "${VENV}/bin/ast-grep" ]] \
      && [[ "$("${VENV}/bin/ruff" --version 2>/dev/null)" == "${want_ruff}" ]] \
      && [[ "$("${VENV}/bin/ast-grep" --version 2>/dev/null)" == "${want_sg}" ]]; then
    return 0
  fi
  [[ ${fetch} -eq 1 ]] || die "${VENV} lacks ${want_ruff} / ${want_sg}; run without --no-fetch"
  log "installing ${want_ruff} and ${want_sg} (PyPI: ast-grep-cli) into ${VENV}"
  rm -rf "${VENV}"
  "${PYTHON}" -m venv "${VENV}"
  local req="${VENV}/bench-requirements.txt" entry name version sha
  : >"${req}"
  for entry in "${TOOL_PINS[@]}"; do
    read -r name version sha <<<"${entry}"
    printf '%s==%s --hash=sha256:%s\n' "${name}" "${version}" "${sha}" >>"${req}"
  done
  "${VENV}/bin/python" -m pip install --quiet --disable-pip-version-check --no-input \
    --only-binary :all: --require-hashes -r "${req}" >&2 \
    || die "pip install of the pinned peer tools failed (wheel hashes are for manylinux x86_64)"
}

# --- Python corpus ------------------------------------------------------------------------------
fetch_wheel() { # NAME VERSION SHA256
  local name="$1" version="$2" sha="$3"
  local dest="${PY_CORPUS}/${name}-${version}"
  [[ -f "${dest}/${MARKER}" ]] && return 0
  local dl="${DOWNLOADS}/bench-python" archive="${DOWNLOADS}/bench-python/${name}-${version}.whl"
  mkdir -p "${dl}" "${PY_CORPUS}"
  if [[ -f "${archive}" ]] && ! verify_sha256 "${archive}" "${sha}" 2>/dev/null; then
    rm -f "${archive}"
  fi
  if [[ ! -f "${archive}" ]]; then
    log "pip download ${name}==${version} (wheel, CPython 3.11 manylinux x86_64) from PyPI"
    local tmp
    tmp="$(mktemp -d "${dl}/.tmp.XXXXXX")"
    if ! "${PYTHON}" -m pip download --quiet --disable-pip-version-check --no-input --no-deps \
        --only-binary :all: "${WHEEL_TAGS[@]}" --dest "${tmp}" "${name}==${version}" >&2; then
      rm -rf "${tmp}"; die "pip download ${name}==${version} failed"
    fi
    local files=("${tmp}"/*.whl)
    [[ ${#files[@]} -eq 1 && -f "${files[0]}" ]] || { rm -rf "${tmp}"; die "expected one wheel for ${name}==${version}"; }
    verify_sha256 "${files[0]}" "${sha}" || { rm -rf "${tmp}"; die "sha256 mismatch for ${name}==${version}"; }
    mv "${files[0]}" "${archive}"
    rm -rf "${tmp}"
  fi
  unpack "${archive}" "${dest}.unpacked"
  "${PYTHON}" "${HELPER}" keep py "${dest}.unpacked"
  "${PYTHON}" "${HELPER}" source "${dest}.unpacked" "name=${name}" "version=${version}" \
    "source=PyPI wheel $(basename "${archive}" .whl) (sha256 ${sha})" "sha256=${sha}"
  rm -rf "${dest}"
  mv "${dest}.unpacked" "${dest}"
  log "ok   bench-python/${name}-${version}"
}

stdlib_python() { # prints the interpreter for --stdlib local
  local cand
  for cand in "${BENCH_STDLIB_PYTHON:-}" python3.11 python3; do
    [[ -n "${cand}" ]] || continue
    command -v "${cand}" >/dev/null 2>&1 || continue
    if [[ "$("${cand}" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)" == "3.11" ]]; then
      command -v "${cand}"
      return 0
    fi
  done
  return 1
}

build_stdlib_local() {
  local py dest="${PY_CORPUS}/cpython-stdlib"
  py="$(stdlib_python)" || die "no Python 3.11 found (python3.11, python3, BENCH_STDLIB_PYTHON); try --stdlib debian"
  "${py}" "${HELPER}" stdlib-local "${dest}"
  local version digest
  version="$("${py}" -c 'import platform; print(platform.python_version())')"
  digest="$("${PYTHON}" "${HELPER}" digest "${dest}")"
  if [[ "${version}" != "${STDLIB_LOCAL_VERSION}" || "${digest}" != "${STDLIB_LOCAL_DIGEST}" ]]; then
    log "WARNING: the standard library copied from ${py} (Python ${version}, digest ${digest:0:16})"
    log "         is not the pinned one (Python ${STDLIB_LOCAL_VERSION}, digest ${STDLIB_LOCAL_DIGEST:0:16});"
    log "         numbers are comparable only with runs on the same standard library."
  fi
}

build_stdlib_debian() {
  local dl="${DOWNLOADS}/bench-python" entry name version sha deb
  local dest="${PY_CORPUS}/cpython-stdlib" tmp versions=()
  mkdir -p "${dl}" "${PY_CORPUS}"
  tmp="$(mktemp -d "${dl}/.deb.XXXXXX")"
  for entry in "${STDLIB_DEBS[@]}"; do
    read -r name version sha <<<"${entry}"
    deb="$(find "${dl}" -maxdepth 1 -name "${name}_${version//+/?}_*.deb" -print -quit)"
    if [[ -z "${deb}" ]] || ! verify_sha256 "${deb}" "${sha}" 2>/dev/null; then
      log "apt-get download ${name}=${version} (Debian)"
      if ! (cd "${dl}" && apt-get download -qq "${name}=${version}" >&2); then
        rm -rf "${tmp}"
        die "apt-get download ${name}=${version} failed (Debian keeps only current revisions;
         see 'apt-cache policy ${name}', update STDLIB_DEBS, or use --stdlib local)"
      fi
      deb="$(find "${dl}" -maxdepth 1 -name "${name}_${version//+/?}_*.deb" -print -quit)"
      [[ -n "${deb}" ]] || die "apt-get download ${name}=${version}: no .deb file"
      verify_sha256 "${deb}" "${sha}" || die "sha256 mismatch for ${deb}"
    fi
    dpkg-deb -x "${deb}" "${tmp}/root"
    versions+=("${name}=${version}")
  done
  local lib="${tmp}/root/usr/lib/python3.11"
  [[ -d "${lib}" ]] || die "no usr/lib/python3.11 in the Debian packages"
  rm -rf "${lib}/dist-packages" "${lib}/site-packages"
  "${PYTHON}" "${HELPER}" keep py "${lib}"
  "${PYTHON}" "${HELPER}" source "${lib}" "name=cpython-stdlib" "version=3.11.2 (Debian)" \
    "source=Debian packages ${versions[*]}"
  rm -rf "${dest}"
  mv "${lib}" "${dest}"
  rm -rf "${tmp}"
}

build_python_corpus() {
  mkdir -p "${PY_CORPUS}"
  local keep=(cpython-stdlib) entry
  for entry in "${PY_WHEELS[@]}"; do
    keep+=("$(awk '{ print $1 "-" $2 }' <<<"${entry}")")
  done
  "${PYTHON}" "${HELPER}" prune "${PY_CORPUS}" "${keep[@]}"
  local current=""
  if [[ -f "${PY_CORPUS}/cpython-stdlib/.bench-source.json" ]]; then
    current="$("${PYTHON}" -c 'import json,sys; print(json.load(open(sys.argv[1])).get("source", ""))' \
      "${PY_CORPUS}/cpython-stdlib/.bench-source.json")"
  fi
  # The local copy is redone every time (a second or two), so a changed interpreter shows;
  # the Debian one only when it is missing or was the local one.
  if [[ "${stdlib_mode}" == "local" ]]; then
    build_stdlib_local
  elif [[ "${current}" != Debian* ]]; then
    build_stdlib_debian
  fi
  for entry in "${PY_WHEELS[@]}"; do
    # shellcheck disable=SC2086
    fetch_wheel ${entry}
  done
}

# --- Rust corpus ---------------------------------------------------------------------------------
is_top_crate() { # NAME VERSION
  local t
  for t in "${RUST_TOP_PINS[@]}"; do [[ "${t}" == "$1 $2" ]] && return 0; done
  return 1
}

build_rust_corpus() {
  local entry name version sha missing=0 keep=()
  for entry in "${RUST_CRATES[@]}"; do
    keep+=("$(awk '{ print $1 "-" $2 }' <<<"${entry}")")
  done
  "${PYTHON}" "${HELPER}" prune "${RS_CORPUS}" "${keep[@]}"
  for entry in "${RUST_CRATES[@]}"; do
    read -r name version sha <<<"${entry}"
    [[ -f "${RS_CORPUS}/${name}-${version}/${MARKER}" ]] || missing=$((missing + 1))
  done
  [[ ${missing} -eq 0 ]] && return 0
  log "fetching ${#RUST_CRATES[@]} pinned crates with cargo fetch (${missing} missing)"
  # The private CARGO_HOME is set per command: exported, it would reach the `cargo build`
  # of offsetlint below and rebuild everything against another registry cache.
  local cargo_home="${WORK}/cargo-home"
  rm -rf "${CARGO_PROJ}"
  mkdir -p "${CARGO_PROJ}/src" "${RS_CORPUS}"
  : >"${CARGO_PROJ}/src/lib.rs"
  {
    printf '[package]\nname = "bench-corpus-rust"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
    printf '[dependencies]\n'
    printf '%s\n' "${RUST_TOP[@]}"
    printf '# every other crate of the corpus, pinned so the resolution cannot drift\n'
    for entry in "${RUST_CRATES[@]}"; do
      read -r name version sha <<<"${entry}"
      is_top_crate "${name}" "${version}" && continue
      printf 'pin-%s-%s = { package = "%s", version = "=%s", default-features = false }\n' \
        "${name}" "$(tr '.+' '--' <<<"${version}")" "${name}" "${version}"
    done
  } >"${CARGO_PROJ}/Cargo.toml"
  CARGO_HOME="${cargo_home}" cargo fetch --quiet --manifest-path "${CARGO_PROJ}/Cargo.toml" --target "${RUST_TARGET}" >&2 \
    || die "cargo fetch failed (see ${CARGO_PROJ}/Cargo.toml)"
  # The resolved package set for the target must be exactly RUST_CRATES.
  CARGO_HOME="${cargo_home}" cargo metadata --quiet --offline --format-version 1 --manifest-path "${CARGO_PROJ}/Cargo.toml" \
      --filter-platform "${RUST_TARGET}" \
    | "${PYTHON}" -c '
import json, sys
meta = json.load(sys.stdin)
root = meta["resolve"]["root"]
ids = {n["id"] for n in meta["resolve"]["nodes"]} - {root}
got = {(p["name"], p["version"]) for p in meta["packages"] if p["id"] in ids}
want = {tuple(line.split()[:2]) for line in sys.argv[1].splitlines() if line.strip()}
extra, missing = sorted(got - want), sorted(want - got)
if extra or missing:
    print("resolved crates differ from RUST_CRATES: extra %s, missing %s" % (extra, missing), file=sys.stderr)
    sys.exit(1)
' "$(printf '%s\n' "${RUST_CRATES[@]}")" || die "pin the crates above in RUST_CRATES (bench.sh)"
  local top crate
  for entry in "${RUST_CRATES[@]}"; do
    read -r name version sha <<<"${entry}"
    local dest="${RS_CORPUS}/${name}-${version}"
    [[ -f "${dest}/${MARKER}" ]] && continue
    crate="$(find "${cargo_home}/registry/cache" -name "${name}-${version}.crate" -print -quit)"
    [[ -n "${crate}" ]] || die "cargo fetch did not download ${name}-${version}.crate"
    verify_sha256 "${crate}" "${sha}" || die "sha256 mismatch for ${name} ${version}"
    mkdir -p "${DOWNLOADS}/bench-rust"
    cp "${crate}" "${DOWNLOADS}/bench-rust/"
    unpack "${crate}" "${dest}.unpacked"
    "${PYTHON}" "${HELPER}" keep rs "${dest}.unpacked"
    top="dependency"
    if is_top_crate "${name}" "${version}"; then top="top"; fi
    "${PYTHON}" "${HELPER}" source "${dest}.unpacked" "name=${name}" "version=${version}" \
      "source=crate registry via cargo fetch (sha256 ${sha})" "sha256=${sha}" "role=${top}"
    rm -rf "${dest}"
    mv "${dest}.unpacked" "${dest}"
  done
  log "ok   bench-rust (${#RUST_CRATES[@]} crates)"
}

# --- Java corpus ---------------------------------------------------------------------------------
build_java_corpus() { # fetch_corpus.sh's java group, and nothing else in its directory
  local entry keep=()
  for entry in "${JAVA_SOURCES[@]}"; do
    keep+=("$(awk '{ n = $1; sub(/^[^:]*:/, "", n); print n "-" $2 }' <<<"${entry}")")
  done
  "${PYTHON}" "${HELPER}" prune "${JAVA_CORPUS}" "${keep[@]}"
  for entry in "${JAVA_SOURCES[@]}"; do
    # shellcheck disable=SC2086
    fetch_maven java ${entry} || die "fetching ${entry%% *} failed"
  done
}

# --- derived corpora -------------------------------------------------------------------------------
build_x2() { # the Python corpus twice; redone when the corpus digest changed
  local digest
  digest="$("${PYTHON}" -c 'import json,sys; print(json.load(open(sys.argv[1]))["digest"])' "${OUT}/corpus-python.json")"
  if [[ -f "${PY_CORPUS_X2}.source" && "$(cat "${PY_CORPUS_X2}.source")" == "${digest}" && -d "${PY_CORPUS_X2}" ]]; then
    return 0
  fi
  log "copying the Python corpus twice into ${PY_CORPUS_X2}"
  "${PYTHON}" "${HELPER}" duplicate "${PY_CORPUS}" "${PY_CORPUS_X2}"
  printf '%s\n' "${digest}" >"${PY_CORPUS_X2}.source"
}

build_precommit() { # redone when the generator changed
  local want have=""
  want="$("${PYTHON}" "${HELPER}" generator-version)"
  if [[ -f "${PC_META}" && -d "${PC_DIR}" ]]; then
    have="$("${PYTHON}" -c 'import json,sys; print(json.load(open(sys.argv[1]))["generator_version"])' "${PC_META}")"
  fi
  [[ "${have}" == "${want}" ]] && return 0
  log "generating the synthetic pre-commit project in ${PC_DIR}"
  "${PYTHON}" "${HELPER}" precommit "${PC_DIR}" "${PC_META}"
}

# --- main ----------------------------------------------------------------------------------------
mkdir -p "${OUT}" "${CORPUS}"
# Bump CORPUS_LAYOUT when what goes into a corpus directory changes (for example which files
# `bench_corpus.py keep` deletes): the bench-* corpora are then rebuilt from the downloads.
CORPUS_LAYOUT=2
if [[ "$(cat "${CORPUS}/bench-layout" 2>/dev/null || true)" != "${CORPUS_LAYOUT}" ]]; then
  [[ ${fetch} -eq 1 ]] || die "the bench corpora are missing or of an older layout; run without --no-fetch"
  rm -rf "${PY_CORPUS}" "${PY_CORPUS_X2}" "${PY_CORPUS_X2}.source" "${RS_CORPUS}"
  printf '%s\n' "${CORPUS_LAYOUT}" >"${CORPUS}/bench-layout"
fi
install_tools
if [[ ${do_python} -eq 1 ]]; then
  if [[ ${fetch} -eq 1 ]]; then build_python_corpus; fi
  [[ -d "${PY_CORPUS}/cpython-stdlib" ]] || die "no Python corpus in ${PY_CORPUS}; run without --no-fetch"
  "${PYTHON}" "${HELPER}" manifest "${PY_CORPUS}" "${OUT}/corpus-python.json"
fi
if [[ ${do_rust} -eq 1 ]]; then
  if [[ ${fetch} -eq 1 ]]; then build_rust_corpus; fi
  [[ -d "${RS_CORPUS}" ]] || die "no Rust corpus in ${RS_CORPUS}; run without --no-fetch"
  "${PYTHON}" "${HELPER}" manifest "${RS_CORPUS}" "${OUT}/corpus-rust.json"
fi
if [[ ${do_java} -eq 1 ]]; then
  if [[ ${fetch} -eq 1 ]]; then build_java_corpus; fi
  [[ -d "${JAVA_CORPUS}" ]] || die "no Java corpus in ${JAVA_CORPUS}; run without --no-fetch"
  "${PYTHON}" "${HELPER}" manifest "${JAVA_CORPUS}" "${OUT}/corpus-java.json"
fi
if [[ ${do_linearity} -eq 1 ]]; then build_x2; fi
if [[ ${do_precommit} -eq 1 ]]; then build_precommit; fi
# Each corpus is a project of its own, as a checkout a user lints is: without a marker at its
# root, the nearest one above is this repository's (its .git and Cargo.toml), and a run over
# one corpus would take the others (and the repository's own files) as the rest of its project,
# which a run that names only some files of a project reads for their importers. An empty
# setup.cfg is a project marker to offsetlint and nothing to ruff (--isolated) or ast-grep.
for corpus_dir in "${PY_CORPUS}" "${RS_CORPUS}" "${JAVA_CORPUS}" "${PY_CORPUS_X2}"; do
  if [[ -d "${corpus_dir}" && ! -e "${corpus_dir}/setup.cfg" ]]; then : >"${corpus_dir}/setup.cfg"; fi
done

if [[ ${build} -eq 1 && -z "${OFFSETLINT:-}" ]]; then
  log "cargo build --release"
  (cd "${ROOT}" && cargo build --release) || die "cargo build --release failed"
fi
[[ -x "${BIN}" ]] || die "offsetlint binary not found at ${BIN} (build it, or set OFFSETLINT)"

args=(--offsetlint "${BIN}" --out "${OUT}/results.json" --runs "${RUNS}" --warmup "${WARMUP}"
      --precommit-runs "${PC_RUNS}" --timeout "${TIMEOUT_S}" --cwd "${OUT}/cwd")
if [[ ${do_python} -eq 1 ]]; then
  args+=(--python-corpus "${PY_CORPUS}" --ruff "${VENV}/bin/ruff" --meta "corpus-python=${OUT}/corpus-python.json")
fi
if [[ ${do_rust} -eq 1 ]]; then
  args+=(--rust-corpus "${RS_CORPUS}" --ast-grep "${VENV}/bin/ast-grep" --meta "corpus-rust=${OUT}/corpus-rust.json")
fi
if [[ ${do_java} -eq 1 ]]; then
  args+=(--java-corpus "${JAVA_CORPUS}" --ast-grep "${VENV}/bin/ast-grep" --meta "corpus-java=${OUT}/corpus-java.json")
fi
if [[ ${do_linearity} -eq 1 ]]; then args+=(--linearity-corpus "${PY_CORPUS_X2}"); fi
if [[ ${do_precommit} -eq 1 ]]; then args+=(--precommit-meta "${PC_META}"); fi
git_rev="$(git -C "${ROOT}" rev-parse HEAD 2>/dev/null || echo unknown)"
if [[ -n "$(git -C "${ROOT}" status --porcelain -- src Cargo.toml Cargo.lock 2>/dev/null)" ]]; then git_rev+="+dirty"; fi
# stdlib_flag is the --stdlib asked for; with --no-fetch the corpus may hold another one (the
# corpus manifest says which).
printf '{"offsetlint_git": "%s", "stdlib_flag": "%s", "fetch": %s}\n' "${git_rev}" "${stdlib_mode}" "${fetch}" >"${OUT}/run.json"
args+=(--meta "run=${OUT}/run.json")

rc=0
rm -f "${OUT}/results.json"
"${PYTHON}" "${SCRIPT_DIR}/bench_timing.py" "${args[@]}" || rc=$?
if [[ ! -f "${OUT}/results.json" ]]; then die "bench_timing.py wrote no results (exit ${rc})"; fi
echo
"${PYTHON}" "${SCRIPT_DIR}/bench_report.py" "${OUT}/results.json" | tee "${OUT}/summary.md"
exit "${rc}"
