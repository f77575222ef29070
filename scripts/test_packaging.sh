#!/usr/bin/env bash
# End-to-end test of what users install (README: "Install with pip", "pre-commit"):
#   1. builds the wheels with a pinned maturin and zig (the `ziglang` package) as the linker:
#      `manylinux2014` (glibc 2.17 and later, x86_64) and `musllinux_1_2` (Alpine; the
#      rustup target x86_64-unknown-linux-musl is added when missing), and checks their tags
#      against README and what their binaries need (no glibc symbol newer than 2.17; the musl
#      binary static, and it runs);
#   2. installs it into a fresh virtualenv and runs the installed `offsetlint` on a violating
#      fixture (exit 1, OL101 printed) and on testdata/clean/ (exit 0);
#   3. runs a pinned pre-commit in a temporary git repository, on a violating file (the hook
#      must fail and print the finding) and on a clean one (it must pass), with
#      a. the README's `repo: local` hook, which pip-installs the prebuilt wheel: pip sees only
#         the wheel directory (no index) and cargo is not on PATH, so nothing can compile;
#      b. the README's `language: system` hook, with the `offsetlint` installed in step 2
#         first on PATH (as `cargo install` would put one there) and no cargo; then again with
#         `baseline` in the project's configuration, where the violating file must pass (the
#         README tells hook users to set it);
#      c. this repository's hooks from `.pre-commit-hooks.yaml`, taken from a git snapshot of
#         the working tree: `offsetlint` (language: python; pre-commit's `pip install .` builds
#         the wheel from source with maturin) and `offsetlint-cargo` (language: rust;
#         `cargo install`). The config names the snapshot by path and commit, which is what
#         `pre-commit try-repo` generates too; unlike try-repo (a new store per call) it keeps
#         one pre-commit store, so each hook is built once for both files. With --try-repo, one
#         more run goes through `pre-commit try-repo` itself (offsetlint-cargo, violating
#         file; one more release build, so not by default).
#
# Each checked command's exit code and output (stdout and stderr) are saved under
# $WORK/results/ as NAME.rc and NAME.out; tests/packaging.rs asserts on them. The script checks
# them itself too. Exit 0: all as expected; 1: some check failed; 2: could not set up.
#
# Usage: scripts/test_packaging.sh [--no-cargo-hook] [--try-repo]
# Environment: PYTHON (default python3), OFFSETLINT_PACKAGING_WORK (default
# scripts/.work/packaging, git-ignored). Kept between runs: the tools' virtualenv and the cargo
# target directory; everything else is made anew. Needs network access to PyPI and the crate
# registry (packages by name through pip and cargo).
set -euo pipefail

MATURIN_VERSION=1.16.0    # also pinned in pyproject.toml's [build-system]
PRE_COMMIT_VERSION=4.7.0
ZIGLANG_VERSION=0.13.0    # maturin's --zig: links against old glibc and musl from this machine
MANYLINUX_TAG=manylinux_2_17_x86_64 # the tags README's "Install with pip" promises
MUSLLINUX_TAG=musllinux_1_2_x86_64
MUSL_TARGET=x86_64-unknown-linux-musl
SETUPTOOLS_VERSION=80.9.0 # builds pre-commit's placeholder package when pip sees no index

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${OFFSETLINT_PACKAGING_WORK:-$ROOT/scripts/.work/packaging}
PYTHON=${PYTHON:-python3}
CARGO_HOOK=1
TRY_REPO=0
for arg in "$@"; do
    case $arg in
        --no-cargo-hook) CARGO_HOOK=0 ;;
        --try-repo) TRY_REPO=1 ;;
        *) echo "usage: $0 [--no-cargo-hook] [--try-repo]" >&2; exit 2 ;;
    esac
done

die() { echo "test_packaging: $*" >&2; exit 2; }
command -v "$PYTHON" >/dev/null || die "$PYTHON not found: this test needs CPython >= 3.8 with pip (set PYTHON=...)"
command -v git >/dev/null || die "git not found"
command -v cargo >/dev/null || die "cargo not found"
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE PIP_NO_INDEX PIP_FIND_LINKS PIP_REQUIRE_VIRTUALENV

VERSION=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$ROOT/Cargo.toml" | head -n 1)
[ -n "$VERSION" ] || die "no version in Cargo.toml"

mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
RESULTS=$WORK/results
rm -rf "$RESULTS" "$WORK/wheels" "$WORK/build-deps" "$WORK/user-venv" "$WORK/hookrepo" \
    "$WORK/project" "$WORK/pre-commit-home" "$WORK/git-only"
mkdir -p "$RESULTS"
# One cargo target directory for every build here (maturin, pip's maturin, cargo install),
# apart from the outer `cargo test`'s, so they share compiled dependencies and no lock.
export CARGO_TARGET_DIR=$WORK/target
export PIP_DISABLE_PIP_VERSION_CHECK=1
failures=0
start=$SECONDS

stage() { echo "== $* ($((SECONDS - start)) s)"; }

# record NAME CMD...: runs CMD, saves its exit code and its output.
record() {
    local name=$1
    shift
    set +e
    "$@" >"$RESULTS/$name.out" 2>&1
    echo $? >"$RESULTS/$name.rc"
    set -e
}

# expect NAME CODE [TEXT]...: the recorded exit code is CODE and the output has each TEXT.
expect() {
    local name=$1 want=$2 got text ok=1
    shift 2
    got=$(cat "$RESULTS/$name.rc")
    [ "$got" = "$want" ] || ok=0
    for text in "$@"; do
        grep -qF -- "$text" "$RESULTS/$name.out" || ok=0
    done
    if [ $ok = 1 ]; then
        echo "ok   $name: exit $got"
    else
        echo "FAIL $name: exit $got (expected $want), expected text: $*"
        tail -n 40 "$RESULTS/$name.out" | sed 's/^/   | /'
        failures=$((failures + 1))
    fi
}

# check DESCRIPTION COMMAND...: a check of the script's own (ok when COMMAND succeeds).
check() {
    local description=$1
    shift
    if "$@"; then
        echo "ok   $description"
    else
        echo "FAIL $description"
        failures=$((failures + 1))
    fi
}

stage "tools: maturin $MATURIN_VERSION, pre-commit $PRE_COMMIT_VERSION ($("$PYTHON" --version 2>&1))"
TOOLS=$WORK/tools
[ -x "$TOOLS/bin/python" ] || "$PYTHON" -m venv "$TOOLS" || die "$PYTHON -m venv failed"
"$TOOLS/bin/python" -m pip install --quiet "maturin==$MATURIN_VERSION" "pre-commit==$PRE_COMMIT_VERSION" \
    "ziglang==$ZIGLANG_VERSION" || die "pip install of maturin, pre-commit and ziglang failed"
# maturin finds zig through `python -m ziglang` of the python on PATH.
export PATH=$TOOLS/bin:$PATH

# build_wheel DIR ARGS...: `maturin build --release --locked --zig ARGS` into DIR; prints the
# one wheel's path.
build_wheel() {
    local dir=$1
    shift
    (cd "$ROOT" && maturin build --release --locked --zig "$@" --out "$dir") >"$dir.log" 2>&1 ||
        { tail -n 30 "$dir.log" >&2; die "maturin build $* failed (log: $dir.log)"; }
    local built=("$dir"/*.whl)
    [ ${#built[@]} = 1 ] && [ -f "${built[0]}" ] || die "expected one wheel in $dir"
    echo "${built[0]}"
}

# wheel_check NAME WHEEL: records the wheel's tags (its WHEEL file) and, for its binary, the
# glibc symbol versions it needs and its dynamic dependencies.
wheel_check() {
    local name=$1 wheel=$2
    record "$name-tags" "$TOOLS/bin/python" - "$wheel" "$WORK/$name-bin" <<'PY'
import sys, zipfile
wheel, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    meta = [n for n in z.namelist() if n.endswith(".dist-info/WHEEL")]
    for line in z.read(meta[0]).decode().splitlines():
        if line.startswith("Tag: "):
            print(line)
    binary = [n for n in z.namelist() if n.endswith("/scripts/offsetlint")]
    with open(out, "wb") as f:
        f.write(z.read(binary[0]))
print("file name:", wheel.rsplit("/", 1)[-1])
PY
    chmod +x "$WORK/$name-bin"
    # `readelf -V`'s needed versions (GLIBC_2.x), then the dynamic section's NEEDED libraries.
    record "$name-elf" sh -c "readelf -V -W '$WORK/$name-bin' | grep -o 'Name: GLIBC_[0-9.]*' | sort -u -V; \
        echo needed: \$(readelf -d -W '$WORK/$name-bin' | grep -c NEEDED)"
}

stage "wheel: maturin build --release --locked --zig --compatibility manylinux2014"
WHEEL=$(build_wheel "$WORK/wheels" --compatibility manylinux2014)
basename "$WHEEL" >"$RESULTS/wheel-name.txt"
echo "built $(cat "$RESULTS/wheel-name.txt")"
wheel_check manylinux "$WHEEL"
expect manylinux-tags 0 "Tag: py3-none-$MANYLINUX_TAG" "file name: offsetlint-$VERSION-py3-none-"
# The newest glibc symbol version the binary needs is at most 2.17.
newest=$(grep -o 'GLIBC_[0-9.]*' "$RESULTS/manylinux-elf.out" | sort -V | tail -n 1)
at_most_2_17() { [ -n "$1" ] && [ "$(printf '%s\n' "${1#GLIBC_}" 2.17 | sort -V | tail -n 1)" = 2.17 ]; }
check "manylinux-glibc: newest symbol needed ${newest:-none}, at most GLIBC_2.17" at_most_2_17 "$newest"

stage "musllinux wheel: maturin build --release --locked --zig --target $MUSL_TARGET"
rustup target list --installed 2>/dev/null | grep -qx "$MUSL_TARGET" || rustup target add "$MUSL_TARGET" ||
    die "rustup target add $MUSL_TARGET failed"
MUSL_WHEEL=$(build_wheel "$WORK/musl-wheels" --target "$MUSL_TARGET" --compatibility musllinux_1_2)
basename "$MUSL_WHEEL" >"$RESULTS/musl-wheel-name.txt"
echo "built $(cat "$RESULTS/musl-wheel-name.txt")"
wheel_check musllinux "$MUSL_WHEEL"
expect musllinux-tags 0 "Tag: py3-none-$MUSLLINUX_TAG" "file name: offsetlint-$VERSION-py3-none-$MUSLLINUX_TAG.whl"
# Statically linked: no NEEDED library, no glibc symbol; so it runs here too.
expect musllinux-elf 0 "needed: 0"
no_glibc() { ! grep -q GLIBC "$1"; }
check "musllinux-elf: no glibc symbol" no_glibc "$RESULTS/musllinux-elf.out"
record musllinux-run sh -c "cd '$ROOT' && exec '$WORK/musllinux-bin' check --color never testdata/OL101/confluent_kafka.py"
expect musllinux-run 1 "OL101"
record readme-tags grep -o -e "$MANYLINUX_TAG" -e "$MUSLLINUX_TAG" "$ROOT/README.md"
expect readme-tags 0 "$MANYLINUX_TAG" "$MUSLLINUX_TAG"

stage "pip install of the wheel into a fresh virtualenv"
"$PYTHON" -m venv "$WORK/user-venv" || die "$PYTHON -m venv failed"
record pip-install "$WORK/user-venv/bin/python" -m pip install --no-index --find-links "$WORK/wheels" "offsetlint==$VERSION"
expect pip-install 0 "Successfully installed offsetlint-$VERSION"
OFFSETLINT=$WORK/user-venv/bin/offsetlint
record installed-version "$OFFSETLINT" --version
expect installed-version 0 "offsetlint $VERSION"
# The violating fixture's first finding: its first line annotated `# expect: OL101`.
FIRST=$(grep -n '# expect: OL101' "$ROOT/testdata/OL101/confluent_kafka.py" | head -n 1 | cut -d: -f1)
[ -n "$FIRST" ] || die "testdata/OL101/confluent_kafka.py expects no OL101"
# Relative paths, as a user types them; the findings name the file.
cd "$ROOT"
record installed-violating "$OFFSETLINT" check --color never testdata/OL101/confluent_kafka.py
expect installed-violating 1 "OL101" "testdata/OL101/confluent_kafka.py:$FIRST:"
record installed-clean "$OFFSETLINT" check --color never testdata/clean/
expect installed-clean 0 "no findings"

# The project that uses the hooks: a git repository with a violating and a clean file.
PROJECT=$WORK/project
mkdir -p "$PROJECT"
cp "$ROOT/testdata/OL101/confluent_kafka.py" "$PROJECT/bad.py"
cp "$ROOT/testdata/clean/confluent_kafka_at_least_once.py" "$PROJECT/good.py"
cp "$ROOT/testdata/OL101/rdkafka.rs" "$PROJECT/bad.rs"
cp "$ROOT/testdata/OL101/confluent_kafka.py" "$PROJECT/notes.txt" # not a type the hooks take
git init -q "$PROJECT"
export PRE_COMMIT_HOME=$WORK/pre-commit-home
PRE_COMMIT=$TOOLS/bin/pre-commit

# run_hook NAME HOOK FILE [ENV...]: `pre-commit run HOOK --files FILE` in the project.
run_hook() {
    local name=$1 hook=$2 file=$3
    shift 3
    record "$name" env "$@" "$PRE_COMMIT" run "$hook" --color never --verbose --files "$file"
}

# readme_hook MARKER NAME: the first yaml block after README's
# `<!-- scripts/test_packaging.sh: MARKER -->` becomes the project's pre-commit config (a copy
# goes to $RESULTS/NAME-config.yaml).
readme_hook() {
    local marker=$1 name=$2
    awk -v marker="<!-- scripts/test_packaging.sh: $marker -->" '
         $0 == marker {found = 1; next}
         found && /^```yaml/ {inside = 1; next}
         inside && /^```/ {exit}
         inside {print}' "$ROOT/README.md" >"$PROJECT/.pre-commit-config.yaml"
    grep -q "repo: local" "$PROJECT/.pre-commit-config.yaml" || die "README has no repo: local snippet after its marker \"$marker\""
    cp "$PROJECT/.pre-commit-config.yaml" "$RESULTS/$name-config.yaml"
}

stage "pre-commit, README's repo: local hook (prebuilt wheel, no index, no cargo)"
readme_hook "local hook" local-hook
(cd "$PROJECT" && git add -A && git -c user.name=test -c user.email=test@localhost commit -q -m project)
mkdir -p "$WORK/build-deps" "$WORK/git-only"
"$TOOLS/bin/python" -m pip download --quiet --no-deps --dest "$WORK/build-deps" "setuptools==$SETUPTOOLS_VERSION" ||
    die "pip download of setuptools failed"
ln -s "$(command -v git)" "$WORK/git-only/git"
NO_CARGO_PATH=$TOOLS/bin:$WORK/git-only
record local-hook-path env PATH="$NO_CARGO_PATH" "$TOOLS/bin/python" -c \
    'import shutil; print("cargo on PATH:", shutil.which("cargo")); print("rustc on PATH:", shutil.which("rustc"))'
expect local-hook-path 0 "cargo on PATH: None" "rustc on PATH: None"
cd "$PROJECT"
LOCAL_ENV=(PATH="$NO_CARGO_PATH" PIP_NO_INDEX=1 "PIP_FIND_LINKS=$WORK/wheels $WORK/build-deps")
run_hook local-hook-violating offsetlint bad.py "${LOCAL_ENV[@]}"
expect local-hook-violating 1 "offsetlint" "Failed" "OL101" "bad.py:$FIRST:"
run_hook local-hook-clean offsetlint good.py "${LOCAL_ENV[@]}"
expect local-hook-clean 0 "offsetlint" "Passed" "no findings"
run_hook local-hook-rust offsetlint bad.rs "${LOCAL_ENV[@]}"
expect local-hook-rust 1 "offsetlint" "Failed" "OL101" "bad.rs:"
run_hook local-hook-other-type offsetlint notes.txt "${LOCAL_ENV[@]}"
expect local-hook-other-type 0 "offsetlint" "no files to check" "Skipped"
# The hook's environment holds the wheel's binary, not a build.
record local-hook-env find "$PRE_COMMIT_HOME" -path '*/bin/offsetlint'
expect local-hook-env 0 "/bin/offsetlint"

stage "pre-commit, README's language: system hook (the installed offsetlint on PATH, no cargo)"
readme_hook "system hook" system-hook
grep -q "language: system" "$PROJECT/.pre-commit-config.yaml" || die "README's system hook is not language: system"
SYSTEM_ENV=(PATH="$(dirname "$OFFSETLINT"):$NO_CARGO_PATH")
run_hook system-hook-violating offsetlint bad.py "${SYSTEM_ENV[@]}"
expect system-hook-violating 1 "offsetlint" "Failed" "OL101" "bad.py:$FIRST:"
run_hook system-hook-clean offsetlint good.py "${SYSTEM_ENV[@]}"
expect system-hook-clean 0 "offsetlint" "Passed" "no findings"
# README: hook users set `baseline` in the configuration; the hook passes only the files.
record system-hook-write-baseline "$OFFSETLINT" check --write-baseline .offsetlint-baseline.json bad.py
expect system-hook-write-baseline 0 "to the baseline .offsetlint-baseline.json" "OL101  bare-commit"
echo 'baseline = ".offsetlint-baseline.json"' >.offsetlint.toml
run_hook system-hook-baseline offsetlint bad.py "${SYSTEM_ENV[@]}"
expect system-hook-baseline 0 "offsetlint" "Passed" "hidden by the baseline"
rm .offsetlint.toml .offsetlint-baseline.json

stage "pre-commit, this repository's hooks (from a git snapshot of the working tree)"
HOOKREPO=$WORK/hookrepo
mkdir -p "$HOOKREPO"
# Tracked and untracked files, as they are on disk (not what .gitignore ignores).
(cd "$ROOT" && git ls-files -z --cached --others --exclude-standard |
    tar --null --files-from=- --ignore-failed-read -cf - 2>/dev/null) | tar -xf - -C "$HOOKREPO"
[ -f "$HOOKREPO/.pre-commit-hooks.yaml" ] || die "no .pre-commit-hooks.yaml in the snapshot"
(cd "$HOOKREPO" && git init -q && git add -A && git -c user.name=test -c user.email=test@localhost commit -q -m snapshot)
REV=$(git -C "$HOOKREPO" rev-parse HEAD)
cat >"$PROJECT/.pre-commit-config.yaml" <<EOF
repos:
  - repo: $HOOKREPO
    rev: $REV
    hooks:
      - id: offsetlint
      - id: offsetlint-cargo
EOF
cp "$PROJECT/.pre-commit-config.yaml" "$RESULTS/repo-hooks-config.yaml"

stage "hook offsetlint (language: python, pip install . builds with maturin)"
run_hook python-hook-violating offsetlint bad.py
expect python-hook-violating 1 "offsetlint" "Failed" "OL101" "bad.py:$FIRST:"
run_hook python-hook-clean offsetlint good.py
expect python-hook-clean 0 "offsetlint" "Passed" "no findings"

if [ $CARGO_HOOK = 1 ]; then
    stage "hook offsetlint-cargo (language: rust, cargo install)"
    run_hook cargo-hook-violating offsetlint-cargo bad.py
    expect cargo-hook-violating 1 "offsetlint" "Failed" "OL101" "bad.py:$FIRST:"
    run_hook cargo-hook-clean offsetlint-cargo good.py
    expect cargo-hook-clean 0 "offsetlint" "Passed" "no findings"
    if [ $TRY_REPO = 1 ]; then
        stage "pre-commit try-repo, hook offsetlint-cargo (its own store: one more cargo install)"
        record try-repo-violating "$PRE_COMMIT" try-repo "$HOOKREPO" offsetlint-cargo --color never --files bad.py
        expect try-repo-violating 1 "Using config:" "hookrepo" "Failed" "OL101" "bad.py:$FIRST:"
    fi
else
    echo "skipped: hook offsetlint-cargo (--no-cargo-hook)"
fi

stage "done"
echo "packaging: $failures failed"
[ $failures = 0 ] || exit 1
