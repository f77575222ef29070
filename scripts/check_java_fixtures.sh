#!/usr/bin/env bash
# Compiles every Java file under testdata/ (single-file fixtures and the Java fixture projects)
# and every `java` block of the rule documents (rules/*.md, and rules/java/*.md while the Java
# sections wait there) against the real kafka-clients, spring-kafka, langchain4j and Spring AI
# jars, with the Maven project scripts/java-fixtures/pom.xml (and spring-kafka-2/pom.xml beside
# it for the spring-kafka 2.x fixture project): a fixture or an example that does not compile is
# not one.
#
#   scripts/check_java_fixtures.sh [--offline]
#
# The jars come through Maven by their coordinates into its local repository (~/.m2, or
# MAVEN_REPO_LOCAL=DIR): the first run needs Maven Central, later runs work with --offline.
# Build output goes to scripts/.work/java-fixtures/ (git-ignored). Nothing is run or packaged.
# The last line is "java-fixtures: N passed, M failed", N the files (fixtures and examples)
# that compiled, M those javac reported errors in (every file counts as failed when Maven fails
# before javac runs).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "${SCRIPT_DIR}")"
POM="${SCRIPT_DIR}/java-fixtures/pom.xml"
LOG_DIR="${SCRIPT_DIR}/.work/java-fixtures"

# spring-kafka 2.x's fixture project compiles against its own jars (ListenableFuture).
POM_SPRING2="${SCRIPT_DIR}/java-fixtures/spring-kafka-2/pom.xml"
mvn_args=(-B -q)
for arg in "$@"; do
  case "${arg}" in
    --offline) mvn_args+=(--offline) ;;
    *) echo "usage: $0 [--offline]" >&2; exit 2 ;;
  esac
done
if [[ -n "${MAVEN_REPO_LOCAL:-}" ]]; then mvn_args+=("-Dmaven.repo.local=${MAVEN_REPO_LOCAL}"); fi

command -v mvn >/dev/null || { echo "check_java_fixtures: mvn not found" >&2; exit 2; }
mapfile -t files < <(cd "${ROOT}" && find testdata -name '*.java' -type f | LC_ALL=C sort)
if [[ ${#files[@]} -eq 0 ]]; then
  echo "check_java_fixtures: no Java files under testdata/" >&2
  echo "java-fixtures: 0 passed, 1 failed"
  exit 1
fi
mkdir -p "${LOG_DIR}"
# The pom's second source root.
shopt -s nullglob
docs=("${ROOT}"/rules/*.md "${ROOT}"/rules/java/*.md)
shopt -u nullglob
examples=$(python3 "${SCRIPT_DIR}/java_doc_examples.py" "${LOG_DIR}/doc-examples" "${docs[@]}")
total=$((${#files[@]} + examples))
echo "compiling ${#files[@]} Java files under testdata/ and ${examples} java blocks of rules/ with $(mvn -v 2>/dev/null | head -1 | sed 's/\x1b\[[0-9;]*m//g')"

log="${LOG_DIR}/compile.log"
# clean: a file deleted from testdata must not survive as a stale class.
status=0
mvn "${mvn_args[@]}" -f "${POM}" clean compile >"${log}" 2>&1 || status=$?
mvn "${mvn_args[@]}" -f "${POM_SPRING2}" clean compile >>"${log}" 2>&1 || status=$?
# javac runs with -Werror (pom.xml): its warnings fail the build too.
if [[ ${status} -ne 0 ]]; then
  cat "${log}"
  mapfile -t bad < <(grep -oE '^\[ERROR\] [^ ]+\.java' "${log}" | sed -E 's/^\[ERROR\] //' | LC_ALL=C sort -u)
  failed=${#bad[@]}
  if [[ ${failed} -eq 0 ]]; then failed=${total}; fi
  echo "check_java_fixtures: ${failed} file(s) do not compile (maven exit ${status})" >&2
  echo "java-fixtures: $((total - failed)) passed, ${failed} failed"
  exit 1
fi
echo "java-fixtures: ${total} passed, 0 failed"
