#!/usr/bin/env bash
# Download the real-code corpus used by scripts/real_code.sh. (scripts/bench.sh builds its own
# corpus, but sources this file for its helpers verify_sha256 and unpack; main runs only when
# this file is executed, not when it is sourced.)
#
#   scripts/fetch_corpus.sh [python] [rust] [bench] [precision-python] [precision-rust] [java]
#                                                       (default: all six groups)
#
# Layout (everything under scripts/.work/, which is git-ignored; never commit it):
#   scripts/.work/downloads/<group>/                         the original archives (.tar.gz/.whl/.crate)
#   scripts/.work/corpus/python/<name>-<version>/            PyPI packages that use a Kafka client
#   scripts/.work/corpus/rust/<name>-<version>/              crates that use rdkafka
#   scripts/.work/corpus/bench/<name>-<version>/             big general Python code (sdists; not used by bench.sh)
#   scripts/.work/corpus/precision-python/<name>-<version>/  PyPI packages WITHOUT Kafka that are
#                                                            full of commit/flush/send/consumer names
#   scripts/.work/corpus/precision-rust/<name>-<version>/    crates WITHOUT Kafka, same idea
#   scripts/.work/corpus/java/<artifact>-<version>/          Maven sources jars: Apache Kafka's
#                                                            clients, streams, connect, ... and
#                                                            spring-kafka (*.java only; the Java
#                                                            line of scripts/bench.sh)
#
# Choices:
# - Every package is pinned to an exact version AND to the sha256 of the exact file, so the
#   corpus is byte-for-byte reproducible and results can be compared across runs.
# - PyPI: `pip download --no-deps` (the ordinary client). Sdists are preferred because they
#   often ship tests/ and examples/; quixstreams publishes wheels only, so it uses its wheel.
#   Note: pip prepares sdist metadata in an isolated build env, which runs the package's build
#   backend; nothing of it is installed or imported afterwards.
# - The crate registry: through cargo, its ordinary client, by name and exact version: a
#   throwaway project under .work/ depends on `name = "=version"` and `cargo fetch` downloads
#   it (with its dependencies) into a private CARGO_HOME under .work/, whose registry cache
#   then holds the `.crate` archive. The sha256 pinned below is the `cksum` the registry's
#   index publishes for that version, which is the sha256 of that archive.
# - Maven Central: through mvn, its ordinary client, by coordinates and exact version: the
#   dependency plugin's `copy` goal fetches the `sources` jar into a private local repository
#   under .work/ (so the user's ~/.m2 is neither needed nor touched) and copies it out; the
#   sha256 pinned below is that of the jar. Only the *.java files are kept.
# - Idempotent: a package whose directory holds the `.corpus-ok` marker is skipped; unpacking
#   goes to a `.partial` directory that is renamed only when complete.
# - Each package was checked to really contain Kafka client usage (`import confluent_kafka`,
#   `aiokafka`, `kafka` / `rdkafka::`); the closing table re-checks that on every run and the
#   script fails if a Kafka package has no Kafka import at all.
# - The precision groups are the opposite check: popular database, message-queue (AMQP, MQTT,
#   NATS, Redis) and I/O libraries whose own `commit()`, `flush()`, `send()`, consumer and
#   producer code is NOT Kafka, so every offsetlint finding in them is a false positive. The
#   closing table fails if one of them does use a Kafka client (then it is no precision test).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
WORK="${SCRIPT_DIR}/.work"
DOWNLOADS="${WORK}/downloads"
CORPUS="${WORK}/corpus"
PYTHON="${PYTHON:-python3}"

# --- PyPI packages that use Kafka clients: "name version kind sha256" ------------------------
# kind: sdist | wheel
PYTHON_PACKAGES=(
  # the three client libraries themselves (their own code, tests and verifiable clients)
  "confluent-kafka 2.16.1 sdist ec1474347615b9dd1bd0e269d37e31fa442782e67c4942661751e81b09d9f0c8"
  "aiokafka 0.14.0 sdist 8ffdc945798ba4d3d132b705d4244d0a1f493925efb57c637a2ca88ee82794e1"
  "kafka-python 3.0.12 sdist 4ccda3616b9aa5c353d74a97f2770d6cd1b950890d77ab0e8890e09a48eeed65"
  # stream-processing frameworks built on the clients
  "faust-streaming 0.15.3 sdist 51d6de8d7984c1e47ce961ba4c066e82a6b69d7b02d6bc27129677c4bfb1235f"
  "quixstreams 3.28.1 wheel abe2f430e68c67d8354ef8b648f54e6330b1c2970e96ebd5ad73e1abd45222ac"
  "faststream 0.7.8 sdist 9e367d9ba8b59eeafad19f46641b11f20d23a7ed75ea27b2503856a8ae0c075a"
  "sentry-arroyo 2.48.0 sdist 8e8b4196acf3713cf9f640dee85ed964eecb201b2fa9a07b3f0864e7d5c393c1"
  "kstreams 0.34.6 sdist ca547b03ce4b6a48e05e7a2ebd766e8cd97ab9cd57adf2c942a63f79671827df"
  "wunderkafka 0.23.0 sdist f11ebd00bcd1270590d5ac3de057ab26f45725bab9563effd894c5366cdb2f29"
  "django-kafka 5.1.2 sdist 0e9ca12f936da376babffb5557b578b3710555b32762a15ecf827ccfd1dfb26e"
  # integrations: orchestrators, ops tools, tracing instrumentations
  "apache-airflow-providers-apache-kafka 2.1.0 sdist fdc5b11885e3fba9736fb7eb17f93cc1b8746dc3cae1d81bad66c71752d780f8"
  "dagster-kafka 1.3.1 sdist 0d189c9a6041bb2ba86dc3159da927e585a66997277da064c8418159c13d4b8a"
  "kafka-utils 4.1.0 sdist bd74de6cf5c48740a9bd3899a9de1b41ffd6a8e06963f7fccf9d52b1d62e1f17"
  "opentelemetry-instrumentation-confluent-kafka 0.66b1 sdist 834ae99cd024695946e7b72ce8f8060e0cc6b015c125b310f79ccd3069c585f4"
  "opentelemetry-instrumentation-aiokafka 0.66b1 sdist 185e18196d52f13db75910bc5fa1900ff858dc3743c473e6bf4d57c712125448"
  "opentelemetry-instrumentation-kafka-python 0.66b1 sdist 68574ccc6984be59b8856dea9546ad83d15cf6c2582a674d0e7bdd7d3952a1f4"
  # mostly non-Kafka code with one Kafka module each: a false-positive check
  "kombu 5.7.0 sdist 31e62fdfd2381caa3422f8e02b84a491d9a2180ddda74507b57f4cb1e1c2c2c9"
  "streamz 0.6.6 sdist b72e55177bcd3c46608a0bcfb630bff43485ac6f1c0550586d2b5ead23901f10"
)

# --- crates that use rdkafka: "name version sha256" -------------------------------------------
RUST_CRATES=(
  # rdkafka itself: examples/ and tests/ are real consumer/producer code
  "rdkafka 0.39.0 d7956f9ac12b5712e50372d9749a3102f4810a8d42481c5eae3748d36d585bcf"
  # normal dependency on rdkafka
  "sentry_arroyo 2.49.0 fb0a3d013238e9248cce3c6a98e9cd7b9d13b47e121ccba85414da1e2dc17903"
  "callysto 0.1.11 b943f8ae8d72abfe8b5599de7faec49c06c8ac37354fa84486c553996be2c11d"
  "rdkafka-wrap 0.1.12 83adc549efb154cf04b8f9dfa51aa59120a0d485a1802c8612694f9016ad7451"
  "kafka-threadpool 1.0.12 fa70ab2decc15b148cc2f27c818ec816db22e021dc00882b6241c2a6ecefd54f"
  "high-level-kafka 1.0.0 21f69c8c6cd757066c21cb88041dd4822e2a863c6d2a1f3e99094ca1b1e18b3b"
  "kafcat 0.1.3 7f9ff40152273082189c267c9c2562861db37057f912d96776f3b1427c8c721b"
  "skywalking 0.10.0 bc5118ba77d80fdf16c3846aae8967c59182c05d7f9f4a1503bd60b6819055ae"
  # rdkafka as a dev-dependency (tests/benches) or feature-gated module
  "testcontainers-modules 0.15.0 e5985fde5befe4ffa77a052e035e16c2da86e8bae301baa9f9904ad3c494d357"
  "schema_registry_converter 6.0.0 f49a1bb385b8c10df239624527d813e01209a230d19ea2c85a9e249a7444b1ec"
  "rskafka 0.6.0 849b87417a191e37e16b8893eba8928bbd10e1989e6b57c4f8531549eaa29bdc"
)

# --- big general-purpose Python sdists (not Kafka code; bench.sh no longer uses them) ---------
BENCH_PACKAGES=(
  "django 5.2.19 sdist ad03d8abc51dbff95ebf34b27123cf0c26a3b62db7ba0cd520783686362533d1"
  "sqlalchemy 2.1.9 sdist d700a8b2edfb26282a470333d6bc4a454c4acda4d201a3bea7b72fa76c217d28"
  "requests 2.34.2 sdist f288924cae4e29463698d6d60bc6a4da69c89185ad1e0bcc4104f584e960b9ed"
)

# --- precision corpus, PyPI (no Kafka; every finding is a false positive): "name version kind sha256"
# SQLAlchemy (bench) and kombu (python) already cover SQL sessions and a multi-broker
# messaging library, so they are not repeated here.
PRECISION_PYTHON_PACKAGES=(
  "pika 1.4.4 sdist 8cfc8b33a5cb16e733bd60cffca9732c0d1d761ecd80a89f34ed7df2cd38d6d6"         # RabbitMQ: consumers, basic_ack, publish
  "redis 8.1.0 sdist 6e1a19beef9225c83efd689c7e6b7da2d5215b1f42cd13b7fc3714d0a09c7b25"        # redis-py: streams, consumer groups, xack
  "celery 5.7.0 sdist 6a5dfcf6662287204f009a02002b9e66c83d4105e47ebabdc7079108772fc6f0"       # task queue: consumers, producers, acks
  "psycopg 3.3.9 sdist 87c1d85c3e0e88e811d3c0b3808f947bd967c6faf34af6cd86fd021f77793d6c"      # PostgreSQL: commit(), transactions
  "nats-py 2.16.0 sdist 1d137ed7afc9b59033b3199324c6237df2016a5091935871344a787eba6b72fc"     # NATS/JetStream: consumers, ack, flush
  "paho-mqtt 2.2.0 sdist bcf706f03f1f49e0fc3ae166dc7b67ee35463496f8bdfd7c9c36181f6ba635c9"    # MQTT: publish, QoS acks
)

# --- precision corpus, the crate registry (no Kafka; every finding is a false positive): "name version sha256"
PRECISION_RUST_CRATES=(
  "sqlx-core 0.9.0 05b44e85bf579a8eeb4ceaa77a3a523baf2bf0e9bac7e40f405d537b5d2d5ccb"          # transactions: commit()
  "diesel 2.3.14 ebe9f7eaef33febd60290c5a9f3b0571d03c4c04a24739cd64808ce30e65a5d3"           # transactions, connections
  "tokio 1.54.1 b52fd3255258d26fac7264ab5a76b53c13367136dc011d3d6ad4f8ed070396a3"            # AsyncWrite flush, mpsc send
  "reqwest 0.13.5 16a1cfa75cc186dd73d5818e510e042e40927bccc9c236b061cea97e1eb08029"          # RequestBuilder::send()
  "redis 1.8.1 db7f3d75b5a3301746bff39a767bf4c5c42506b08513527308b3875bfb64a031"             # streams, consumer groups, pipelines
  "lapin 4.12.3 3212643cc0031d982f81a62360998106268587237d81d6e8501a0a323e13b656"            # AMQP: consumers, publishers, acks
  "async-nats 0.51.0 a4f92759f418774b78c36ef07885849150ce950c67d9bcdeff8a9c253f57d9a1"       # NATS/JetStream: consumers, ack, flush
  "rumqttc 0.25.1 0feff8d882bff0b2fddaf99355a10336d43dd3ed44204f85ece28cf9626ab519"          # MQTT: publish, acks
  "tokio-postgres 0.7.18 a528f7d280f6d5b9cd149635c8705b0dd049754bc67d81d31fa25169a93809d3"   # transactions: commit()
  "sled 0.34.7 7f96b4737c2ce5987354855aed3797279def4ebf734436c6aa4552cf8e169935"             # embedded DB: flush()
)

# --- Maven sources jars (Java), the Java benchmark corpus: "groupId:artifactId version sha256" ---
# Apache Kafka 3.9.1's Java modules (main sources; the jars hold no tests) and spring-kafka
# 3.3.10 (the versions the Java fixtures compile against, scripts/java-fixtures/pom.xml):
# 3,815 .java files, 761,236 lines, 30.6 MiB.
JAVA_SOURCES=(
  "org.apache.kafka:kafka-clients 3.9.1 c211f8a687785adf2629245768c0882934ee713e02b878a32202df5d81bd747c"
  "org.apache.kafka:kafka-streams 3.9.1 dd30841de258c6006446caddf114e0ce40829fce1a82776a6cd35b74eea2fcd0"
  "org.apache.kafka:kafka-streams-test-utils 3.9.1 7118681d23df98d0eac23bac1ce1e5474452d22e481cba9cb39a0aedd73accaf"
  "org.apache.kafka:connect-api 3.9.1 80128ea99ba0e497bb5dd2942145ea3b24c3eea8ce8bd26348681ba18ca4efc9"
  "org.apache.kafka:connect-runtime 3.9.1 e6b3f312f664029f31fddcaf27016fcf91419e07c6d4351c5eebfee03f1e1ede"
  "org.apache.kafka:connect-json 3.9.1 8e3a5f19a649acf695b3707745d7225a4f85a1360be68ddb37618cf5071985d4"
  "org.apache.kafka:connect-transforms 3.9.1 23859cb45d19235cbc5fc85bc78f022e41803cd97b63de73075e16de460b4326"
  "org.apache.kafka:connect-mirror 3.9.1 2d82d34213fe96b717be9d086b812aa3bd00a558e804cdf9fb57ba17c9cc56b8"
  "org.apache.kafka:connect-mirror-client 3.9.1 5b3fa037a280c27c8b5eaaad8d25fa7fd8bd3a16abc187a75b1c66dbd4048a45"
  "org.apache.kafka:kafka-server 3.9.1 a84f3ebedc01cb6e13b7549f6e7ade71b5ed6bae6881d10c9948a8a7fc436b31"
  "org.apache.kafka:kafka-server-common 3.9.1 a5391515a5d9239c06757715fa6f4e61314be8e6152fec6addcd4b14c50c3abe"
  "org.apache.kafka:kafka-metadata 3.9.1 a5df6c3a144fde94e0377911ef64a83c8fedabced517e44f8f6f1bdaceb2fb94"
  "org.apache.kafka:kafka-raft 3.9.1 32df29cc35db2759bd6df53248e90ea0d4366fb750fdc551211195f271cdf620"
  "org.apache.kafka:kafka-group-coordinator 3.9.1 4b14abbfe2f6eeeccf3ae21248157f09c84e1068cc45f7f1364534ddfe1c9e04"
  "org.apache.kafka:kafka-transaction-coordinator 3.9.1 70ab56adfb5916d2e0ad811327cece6bbe0297e4ae09d21eb1af3bc081ff514c"
  "org.apache.kafka:kafka-storage 3.9.1 ef70ba05d45148646f85a5f9b2102fa30320d611706457eee05d052cbdaaa094"
  "org.apache.kafka:kafka-storage-api 3.9.1 40e4ed5df5ed3407d275f986bddf79bf2cc950ee89550a3b770227f8ed3e7793"
  "org.apache.kafka:kafka-tools 3.9.1 27e1f5bca7efae778ceda76d3045a1b3f2a50af92d58da4d2a6abb20ecc65274"
  "org.apache.kafka:kafka-tools-api 3.9.1 fe443fe83b5d36da880c1b71a32c3e2002688070a6d5bcb8a4d675f8cdb209d6"
  "org.apache.kafka:trogdor 3.9.1 6eaeda54b591690716286273c45cce865365deb6ea1ba63700cc780f83d8a4cc"
  "org.springframework.kafka:spring-kafka 3.3.10 5f03158d9c8278ddbcf73928b7646acf2fe611b821a1405c1f7e88ef08957608"
  "org.springframework.kafka:spring-kafka-test 3.3.10 43e3b137b07039636d30646de6b0a5db5007ee353a448f18f0576409a7c4d419"
)
# The dependency plugin that `mvn` runs for the copy, pinned like everything else.
MAVEN_DEPENDENCY_PLUGIN="org.apache.maven.plugins:maven-dependency-plugin:3.8.1"

ALL_GROUPS=(python rust bench precision-python precision-rust java)

MARKER=".corpus-ok"

log() { printf '[fetch_corpus] %s\n' "$*" >&2; }

verify_sha256() { # FILE EXPECTED
  local actual
  actual="$(sha256sum "$1" | cut -d' ' -f1)"
  if [[ "${actual}" != "$2" ]]; then
    log "sha256 mismatch for $1: expected $2, got ${actual}"
    return 1
  fi
}

# Unpack ARCHIVE (tar.gz/.crate with one top directory, or a .whl zip) into DEST atomically.
unpack() { # ARCHIVE DEST
  local archive="$1" dest="$2" partial="$2.partial"
  rm -rf "${partial}"
  mkdir -p "${partial}"
  case "${archive}" in
    *.whl|*.zip|*.jar) "${PYTHON}" -m zipfile -e "${archive}" "${partial}" ;;
    # sdists and crates have exactly one top-level "<name>-<version>/" directory: strip it.
    *) tar -xzf "${archive}" -C "${partial}" --strip-components=1 --no-same-owner ;;
  esac
  touch "${partial}/${MARKER}"
  rm -rf "${dest}"
  mv "${partial}" "${dest}"
}

fetch_pypi() { # GROUP NAME VERSION KIND SHA256
  local group="$1" name="$2" version="$3" kind="$4" sha="$5"
  local dest="${CORPUS}/${group}/${name}-${version}"
  if [[ -f "${dest}/${MARKER}" ]]; then
    log "skip ${group}/${name}-${version} (present)"
    return 0
  fi
  local dl="${DOWNLOADS}/${group}"
  mkdir -p "${dl}" "${CORPUS}/${group}"
  # Reuse an archive from an earlier (interrupted) run if its hash still matches.
  local archive=""
  local f
  for f in "${dl}/${name}-${version}".* ; do
    if [[ -f "${f}" ]] && verify_sha256 "${f}" "${sha}" 2>/dev/null; then archive="${f}"; fi
  done
  if [[ -z "${archive}" ]]; then
    log "download ${name}==${version} (${kind}) from PyPI"
    local tmp
    tmp="$(mktemp -d "${dl}/.tmp.XXXXXX")"
    local format_flag=(--no-binary ":all:")
    if [[ "${kind}" == "wheel" ]]; then format_flag=(--only-binary ":all:"); fi
    if ! "${PYTHON}" -m pip download --quiet --disable-pip-version-check --no-input \
        --no-deps "${format_flag[@]}" --dest "${tmp}" "${name}==${version}" >&2; then
      rm -rf "${tmp}"
      log "ERROR: pip download ${name}==${version} failed"
      return 1
    fi
    local files=("${tmp}"/*)
    if [[ ${#files[@]} -ne 1 ]]; then
      log "ERROR: expected one file for ${name}==${version}, got: ${files[*]}"
      rm -rf "${tmp}"
      return 1
    fi
    verify_sha256 "${files[0]}" "${sha}" || { rm -rf "${tmp}"; return 1; }
    # Keep the archive under a predictable name: <name>-<version>.<original extension>.
    local base ext
    base="$(basename "${files[0]}")"
    case "${base}" in
      *.tar.gz) ext="tar.gz" ;;
      *.whl) ext="whl" ;;
      *.zip) ext="zip" ;;
      *) ext="${base##*.}" ;;
    esac
    archive="${dl}/${name}-${version}.${ext}"
    mv "${files[0]}" "${archive}"
    rm -rf "${tmp}"
  fi
  unpack "${archive}" "${dest}"
  log "ok   ${group}/${name}-${version}"
}

# Fetch one crate with cargo: a throwaway project that depends on exactly NAME VERSION, a
# private CARGO_HOME so the user's cache is neither needed nor touched, then copy the
# `.crate` archive out of that registry cache to OUT.
cargo_fetch_crate() { # NAME VERSION OUT
  local name="$1" version="$2" out="$3"
  local proj="${WORK}/cargo-fetch/${name}-${version}"
  export CARGO_HOME="${WORK}/cargo-home"
  rm -rf "${proj}"
  mkdir -p "${proj}/src"
  printf '[package]\nname = "corpus-fetch"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n[dependencies]\n%s = "=%s"\n' \
    "${name}" "${version}" > "${proj}/Cargo.toml"
  : > "${proj}/src/lib.rs"
  if ! cargo fetch --quiet --manifest-path "${proj}/Cargo.toml" >&2; then
    return 1
  fi
  local found
  found="$(find "${CARGO_HOME}/registry/cache" -name "${name}-${version}.crate" -print -quit 2>/dev/null)"
  [[ -n "${found}" ]] || return 1
  cp "${found}" "${out}"
}

fetch_crate() { # GROUP NAME VERSION SHA256
  local group="$1" name="$2" version="$3" sha="$4"
  local dest="${CORPUS}/${group}/${name}-${version}"
  if [[ -f "${dest}/${MARKER}" ]]; then
    log "skip ${group}/${name}-${version} (present)"
    return 0
  fi
  local dl="${DOWNLOADS}/${group}"
  mkdir -p "${dl}" "${CORPUS}/${group}"
  local archive="${dl}/${name}-${version}.crate"
  if [[ ! -f "${archive}" ]] || ! verify_sha256 "${archive}" "${sha}" 2>/dev/null; then
    log "download ${name} ${version} from the crate registry (cargo fetch)"
    if ! cargo_fetch_crate "${name}" "${version}" "${archive}.tmp"; then
      rm -f "${archive}.tmp"
      log "ERROR: could not download ${name} ${version}"
      return 1
    fi
    verify_sha256 "${archive}.tmp" "${sha}" || { rm -f "${archive}.tmp"; return 1; }
    mv "${archive}.tmp" "${archive}"
  fi
  unpack "${archive}" "${dest}"
  log "ok   ${group}/${name}-${version}"
}

# Fetch the sources jar of GROUP_ID:ARTIFACT VERSION with mvn into OUT (a private local
# repository under .work/, so ~/.m2 is neither needed nor touched).
maven_fetch_sources() { # COORDINATES VERSION OUT
  local coords="$1" version="$2" out="$3"
  local tmp
  tmp="$(mktemp -d "${WORK}/.maven-copy.XXXXXX")"
  if ! mvn -q -B "-Dmaven.repo.local=${WORK}/maven-repo" "${MAVEN_DEPENDENCY_PLUGIN}:copy" \
      "-Dartifact=${coords}:${version}:jar:sources" "-DoutputDirectory=${tmp}" >&2; then
    rm -rf "${tmp}"
    return 1
  fi
  local files=("${tmp}"/*.jar)
  if [[ ${#files[@]} -ne 1 || ! -f "${files[0]}" ]]; then
    rm -rf "${tmp}"
    return 1
  fi
  mv "${files[0]}" "${out}"
  rm -rf "${tmp}"
}

fetch_maven() { # GROUP GROUP_ID:ARTIFACT VERSION SHA256
  local group="$1" coords="$2" version="$3" sha="$4"
  local name="${coords#*:}"
  local dest="${CORPUS}/${group}/${name}-${version}"
  if [[ -f "${dest}/${MARKER}" ]]; then
    log "skip ${group}/${name}-${version} (present)"
    return 0
  fi
  command -v mvn >/dev/null || { log "ERROR: mvn not found (the ${group} group needs Maven)"; return 1; }
  local dl="${DOWNLOADS}/${group}"
  mkdir -p "${dl}" "${CORPUS}/${group}"
  local archive="${dl}/${name}-${version}-sources.jar"
  if [[ ! -f "${archive}" ]] || ! verify_sha256 "${archive}" "${sha}" 2>/dev/null; then
    log "download ${coords}:${version} sources from Maven Central (mvn)"
    if ! maven_fetch_sources "${coords}" "${version}" "${archive}.tmp"; then
      rm -f "${archive}.tmp"
      log "ERROR: could not download ${coords}:${version}:sources"
      return 1
    fi
    verify_sha256 "${archive}.tmp" "${sha}" || { rm -f "${archive}.tmp"; return 1; }
    mv "${archive}.tmp" "${archive}"
  fi
  unpack "${archive}" "${dest}.partial"
  # A sources jar also holds META-INF and resources: only the Java sources are the corpus.
  "${PYTHON}" "${SCRIPT_DIR}/bench_corpus.py" keep java "${dest}.partial"
  "${PYTHON}" "${SCRIPT_DIR}/bench_corpus.py" source "${dest}.partial" "name=${name}" \
    "version=${version}" "source=Maven Central ${coords}:${version}:sources via mvn (sha256 ${sha})" \
    "sha256=${sha}"
  rm -rf "${dest}"
  mv "${dest}.partial" "${dest}"
  log "ok   ${group}/${name}-${version}"
}

main() {
  local groups=("$@")
  if [[ ${#groups[@]} -eq 0 ]]; then groups=("${ALL_GROUPS[@]}"); fi
  local failed=0 group entry
  for group in "${groups[@]}"; do
    case "${group}" in
      python)
        for entry in "${PYTHON_PACKAGES[@]}"; do
          # shellcheck disable=SC2086
          fetch_pypi python ${entry} || failed=$((failed + 1))
        done ;;
      rust)
        for entry in "${RUST_CRATES[@]}"; do
          # shellcheck disable=SC2086
          fetch_crate rust ${entry} || failed=$((failed + 1))
        done ;;
      bench)
        for entry in "${BENCH_PACKAGES[@]}"; do
          # shellcheck disable=SC2086
          fetch_pypi bench ${entry} || failed=$((failed + 1))
        done ;;
      precision-python)
        for entry in "${PRECISION_PYTHON_PACKAGES[@]}"; do
          # shellcheck disable=SC2086
          fetch_pypi precision-python ${entry} || failed=$((failed + 1))
        done ;;
      precision-rust)
        for entry in "${PRECISION_RUST_CRATES[@]}"; do
          # shellcheck disable=SC2086
          fetch_crate precision-rust ${entry} || failed=$((failed + 1))
        done ;;
      java)
        for entry in "${JAVA_SOURCES[@]}"; do
          # shellcheck disable=SC2086
          fetch_maven java ${entry} || failed=$((failed + 1))
        done ;;
      *)
        log "unknown group '${group}' (expected: ${ALL_GROUPS[*]})"
        exit 2 ;;
    esac
  done

  # Per-package file counts and Kafka-import counts; --check fails when a package of the
  # python/rust/java groups has no Kafka import at all (a wrong pick or a broken unpack), or
  # when a package of a precision group does use a Kafka client.
  local stats_groups=()
  for group in "${groups[@]}"; do
    if [[ -d "${CORPUS}/${group}" ]]; then stats_groups+=("${CORPUS}/${group}"); fi
  done
  if [[ ${#stats_groups[@]} -gt 0 ]]; then
    "${PYTHON}" "${SCRIPT_DIR}/corpus_stats.py" --check "${stats_groups[@]}" >&2 || failed=$((failed + 1))
  fi

  if [[ ${failed} -ne 0 ]]; then
    log "${failed} step(s) failed"
    exit 1
  fi
  log "corpus ready under ${CORPUS}"
}

# Run only when executed, not when sourced (scripts/bench.sh sources the helpers above).
if [[ "${BASH_SOURCE[0]}" == "${0}" ]]; then
  main "$@"
fi
