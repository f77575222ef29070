#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of the fresh-1 blind-labelled evaluation set onto this
# machine: PyPI sdists and one wheel through pip, one crate through cargo, and two public
# GitHub repositories from a bare mirror.
#
#   bash eval/fresh-1/fetch.sh                  # corpus goes to /tmp/offsetlint-fresh1
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-1/fetch.sh
#
# Every artifact is pinned to one version and one file, sha256-checked, and unpacked
# (archive top folder stripped) to $CACHE/<name>-<version>/; labels.tsv names files as
# <name>-<version>/<path inside the artifact>. Idempotent: an unpacked artifact (marker file
# present) is left alone and a download already in $CACHE/.downloads is reused when its hash
# matches. Progress goes to stderr; the only line on stdout is the corpus root.
#
# GitHub repositories (kind "github") are not downloaded by this script: it reads a bare
# mirror at $OFFSETLINT_GITHUB_MIRRORS/<owner>+<name>/repo (default /work/.mirror), which the
# session's search tool creates with `fetch github:<owner>/<name>`. The pinned commit must be
# in the mirror; the check is the sha256 of `git ls-tree -r --full-tree <commit>` (it pins
# every path and blob id), and the tree is unpacked with `git archive`.
#
# Needs: bash, python3 + pip, cargo, git, sha256sum, tar.
# No third-party code is kept in this repository: only this script and the labels.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh1}"
MIRRORS="${OFFSETLINT_GITHUB_MIRRORS:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
CARGO="${CARGO:-cargo}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# kind  name  version  file  sha256
#   sdist: pip download --no-binary NAME (sdists keep examples/ and tests/)
#   wheel: pip download --only-binary :all: (the package publishes no sdist)
#   crate: cargo fetch in a throwaway project, .crate taken from cargo's cache
#   github: file is owner/name@commit; sha256 is that of the commit's `git ls-tree -r --full-tree`
PACKAGES=$(cat <<'LIST'
sdist ddkafka                         0.1.2   ddkafka-0.1.2.tar.gz                          a2cc71505035a4011d36736982b92a38ce08321d568f7fbb8047f9f6234c734d
sdist evkafka                         0.7.0   evkafka-0.7.0.tar.gz                          5e29bdf6448043b623ae3255f2b51a8af5ac1b8812fea3c7062e4640defd9a6f
sdist heizer                          0.2.0   heizer-0.2.0.tar.gz                           d89c8722a2a9d664ec19d82fdcb5a20013f3e9ca9d43bdca816747231a24606f
sdist kafka-client-decorator          1.8     kafka_client_decorator-1.8.tar.gz             ad6be76cf21f057cda12b222a28b66c665061446ef7c9330a223584c21fa9c0e
sdist kafka-pubsub                    1.1.1   kafka_pubsub-1.1.1.tar.gz                     5f763c070c74530157dc2f6f4228cffcf93615fbddcc39aef9c158575af807b3
sdist kafka-framework                 0.1.4   kafka_framework-0.1.4.tar.gz                  1db5c416b3c7a137a693593bafd99b804bad121641ca2df3f845316f84fac386
sdist microservice-kafka-lib          0.1.0   microservice_kafka_lib-0.1.0.tar.gz           6ccd44c585e4675e03420d444b55328200d086d15a59e97db3e2d88d93e49d1d
sdist citizenk                        0.1.67  citizenk-0.1.67.tar.gz                        dad748b5e86691bd6e837d27b2e2b0c96a136ef13760fb4d9c7a3af439e0e5f5
sdist kafka-di                        0.2.0   kafka_di-0.2.0.tar.gz                         aa428d0f82d0e60bc8947ca9d0a6532d095a0302a4ba4e36c69bc7cf2deea0fe
sdist kafklient                       0.7.0   kafklient-0.7.0.tar.gz                        0f5b97dd0ca496b121ce9b160ba90a487db46d0839a79d5f334a6f47b459a1f0
sdist akatsuki-kafka                  0.1.1   akatsuki_kafka-0.1.1.tar.gz                   c6e556df9c347c4aaf88931a12aa5e85aee2c4fcedc7e908f7eb272a44887ff0
sdist flask-and-kafka                 0.0.4   flask-and-kafka-0.0.4.tar.gz                  95a4ead48eca6dce660e0d21b0dd1cc124948613946a3800c5a210dc981f9b95
sdist kafkawrapper                    1.0.4   kafkawrapper-1.0.4.tar.gz                     181cf1fdbe8681b30cd1e947852f8f46df9216fe9af3e276928abfe569e58b40
sdist django-kafka-wrapper            0.1.7   django-kafka-wrapper-0.1.7.tar.gz             1dc7927956208b5dea9cdd1626a9ac3ea913253191cb5482af79a739d880f1e5
sdist aioworkers-kafka                0.2.0   aioworkers_kafka-0.2.0.tar.gz                 453d9a1039182692b9ba38f8c904b4fe7cd185fdb4ca352ae653130603ba22ed
sdist kafka-component                 0.2.0   kafka_component-0.2.0.tar.gz                  e90f47b8c1bc363d86e88bf97c69dfb7b811e8a7c37537dabe343d6de411cf72
sdist kafka-manager                   0.0.3   kafka_manager-0.0.3.tar.gz                    cc8318480a9edc902aed077bf34766235c74a5cf1eaac6c005c753bf37e2bb8b
sdist kafka-avro-helper               0.1.9   kafka-avro-helper-0.1.9.tar.gz                c9f0a1e1793679fd2e80e9bbf3862dbdcb1058ebb7250e8cf9490618354c4c3e
sdist generic-producer                0.0.1   generic_producer-0.0.1.tar.gz                 4aeb8eafa41d4809cdd78c323b0c473574248411f64917109cb0567807dcec72
sdist kafkaproducerconsumer-confluent 0.0.7   kafkaproducerconsumer_confluent-0.0.7.tar.gz  567f01cd0133331dc816d732d49fea321f67007302cf8ee51a2992dc9c99c972
sdist kafka-plugin                    1.0.1   kafka_plugin-1.0.1.tar.gz                     abbaf460d94f889a599111a7ad05b77367e82581bd146037b020263a232d42e9
sdist aio-confluent-kafka             0.0.1   aio_confluent_kafka-0.0.1.tar.gz              eb72404c6446f0770979d6952583f21cc1e7cd49d1088e9e63d70975ac21b97f
sdist fastapi-kafka                   0.1.5   fastapi_kafka-0.1.5.tar.gz                    660b46f92311d6ae582e4a0060b3f744ff2846cad4a08bfa433631051f3173ef
sdist kaflow                          0.2.2   kaflow-0.2.2.tar.gz                           a8dd0b54b3ef24260077d4a6509463a13cc5cd1ca14db91569dcde242035409c
wheel chio-streaming                  0.1.0   chio_streaming-0.1.0-py3-none-any.whl         140936489f2f1f3cf0095e834f50f369c64da30641f1063883ca3098c3d8e586
crate pipekafka                       0.2.3   pipekafka-0.2.3.crate                         679c393c00fd8cba81457489167d73a1f4b37655b100bab130de22f936c2d76d
github rust-ms                        797b068 krystianity/rust-ms@797b0680fe27ae4a5a72274e8e31fbc796f9a5f7  93e0c0df721afd7a4cd3bd834aa0301f8267ae4ec2a0d53b8510f59f7e45bb62
github kafka-rust-example             9970fa6 ansrivas/kafka-rust-example@9970fa69f84c53b3874519b3716e3c53d23ccdd5  121d3939297d8e90eefc5aad27469a5a43a8bf6fc4c344f2ceaadc2a70d9a3ae
LIST
)

hash_ok() { # file sha256
  [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]
}

fetch_pypi() { # kind name version file sha
  local kind=$1 name=$2 version=$3 file=$4 sha=$5 out="$DL/pypi"
  mkdir -p "$out"
  if hash_ok "$out/$file" "$sha"; then return 0; fi
  rm -f "$out/$file"
  log "pip download $name==$version ($kind)"
  if [ "$kind" = sdist ]; then
    $PIP download --disable-pip-version-check --no-deps --no-binary "$name" \
      --ignore-requires-python -d "$out" "$name==$version" >&2
  else
    $PIP download --disable-pip-version-check --no-deps --only-binary :all: \
      --ignore-requires-python -d "$out" "$name==$version" >&2
  fi
  hash_ok "$out/$file" "$sha" || die "$file missing or sha256 mismatch after download"
}

fetch_crate() { # name version file sha
  local name=$1 version=$2 file=$3 sha=$4 out="$DL/crates"
  mkdir -p "$out"
  if hash_ok "$out/$file" "$sha"; then return 0; fi
  local proj="$DL/cargo-project-$name"
  rm -rf "$proj"; mkdir -p "$proj/src"
  printf 'fn main() {}\n' > "$proj/src/main.rs"
  cat > "$proj/Cargo.toml" <<TOML
[package]
name = "offsetlint-eval-fetch"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
"$name" = { version = "=$version", default-features = false }

[workspace]
TOML
  log "cargo fetch $name==$version"
  (cd "$proj" && $CARGO fetch >&2)
  local home="${CARGO_HOME:-$HOME/.cargo}" found=""
  for f in "$home"/registry/cache/*/"$file"; do
    if hash_ok "$f" "$sha"; then found=$f; break; fi
  done
  [ -n "$found" ] || die "$file not found in $home/registry/cache with the pinned sha256"
  cp "$found" "$out/$file"
  rm -rf "$proj"
}

mirror_of() { # owner/name@commit -> git dir
  local spec=$1 repo=${1%@*}
  printf '%s/%s+%s/repo' "$MIRRORS" "${repo%/*}" "${repo#*/}"
}

check_github() { # spec sha
  local spec=$1 sha=$2 commit=${1#*@} git
  git=$(mirror_of "$spec")
  [ -d "$git" ] || die "no mirror of ${spec%@*} at $git: fetch it first (search tool: fetch github:${spec%@*})"
  git --git-dir="$git" cat-file -e "$commit^{commit}" 2>/dev/null \
    || die "commit $commit not in the mirror $git (fetch the repository again)"
  [ "$(git --git-dir="$git" ls-tree -r --full-tree "$commit" | sha256sum | cut -d' ' -f1)" = "$sha" ] \
    || die "tree of ${spec} does not match the pinned sha256"
}

unpack() { # kind name version file
  local kind=$1 name=$2 version=$3 file=$4 dest="$CACHE/$2-$3" tmp
  [ -f "$dest/$MARK" ] && return 0
  tmp="$CACHE/.tmp-$name-$version"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  case "$kind" in
    sdist) tar -xzf "$DL/pypi/$file" -C "$tmp" --strip-components=1 --no-same-owner ;;
    wheel) python3 -m zipfile -e "$DL/pypi/$file" "$tmp" ;;
    crate) tar -xzf "$DL/crates/$file" -C "$tmp" --strip-components=1 --no-same-owner ;;
    github) git --git-dir="$(mirror_of "$file")" archive --format=tar "${file#*@}" | tar -xf - -C "$tmp" ;;
    *) die "unknown kind $kind" ;;
  esac
  printf '%s %s %s\n' "$name" "$version" "$file" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $name-$version"
}

mkdir -p "$CACHE" "$DL"
while read -r kind name version file sha; do
  [ -n "$kind" ] || continue
  case "$kind" in
    sdist|wheel) fetch_pypi "$kind" "$name" "$version" "$file" "$sha" ;;
    crate) fetch_crate "$name" "$version" "$file" "$sha" ;;
    github) check_github "$file" "$sha" ;;
    *) die "unknown kind $kind" ;;
  esac
  unpack "$kind" "$name" "$version" "$file"
done <<< "$PACKAGES"

echo "$CACHE"
