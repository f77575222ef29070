#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of eval/fresh-3 (a blind-labelled set of real Kafka client
# code, issue 32) onto this machine.
#
#   root=$(bash eval/fresh-3/fetch.sh)          # corpus goes to /tmp/offsetlint-fresh3
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-3/fetch.sh
#
# Two kinds of artifact:
#   sdist  PyPI source distributions, downloaded by name with pip, sha256 checked, unpacked with
#          the archive's top folder stripped to $CACHE/<name>-<version>/.
#   github public GitHub repositories pinned by commit and by that commit's tree id. pip cannot
#          bring them: fetch each one first with the search tool's `fetch` (source
#          github:<owner>/<name>), which leaves a bare mirror at
#          $OFFSETLINT_MIRRORS/<owner>+<name>/repo (default /work/.mirror). This script checks
#          that the pinned commit is there with the pinned tree id and writes its files to
#          $CACHE/<owner>+<name>-<first 8 hex of the commit>/. Blobs the mirror lacks (large
#          binaries such as a demo .gif) are left out and listed on stderr; directories named
#          venv/ or node_modules/ (a committed virtualenv holds a copy of kafka-python) are left
#          out on purpose. No labelled file is in either.
# labels.tsv names files as <package_dir>/<path inside the artifact>.
# Idempotent: an artifact already unpacked (marker file present) is left alone and a download
# already in $CACHE/.downloads is reused when its hash matches.
# Progress goes to stderr; the only line on stdout is the corpus root.
#
# Needs: bash, python3 + pip, git, sha256sum, tar.
# No third-party code is kept in this repository: only this script and the labels.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh3}"
MIRRORS="${OFFSETLINT_MIRRORS:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# sdist  name  version  file  sha256
# github owner/name  commit  tree
ARTIFACTS=$(cat <<'LIST'
sdist kafka-broker            0.4.10 kafka_broker-0.4.10.tar.gz            5e0747445e535865b8496b529c2e354a0fc1fb64a5717a65ec41359248a8fd7a
sdist kafka-async             0.0.4  kafka_async-0.0.4.tar.gz              b58ad8af81bc24bd54ed3bd108bb143ac9e21068f1100338e54baca372409048
sdist dgkafka                 1.0.1  dgkafka-1.0.1.tar.gz                  06f727c8bccd795e8eaed28cbfffcfcadcada4991d720876c3710a9726e725f7
sdist kafka-scrapy-connect    2.5.0  kafka-scrapy-connect-2.5.0.tar.gz    56f02963f0318b3495a9b31d497f16163d1b3b736cfac8a24b0c3282900418fb
sdist kafka-paperboy          0.4.1  kafka_paperboy-0.4.1.tar.gz           2374d8e15d6f16c84a89f49b04d5ebbc3a10602620ac263a36bc602477557d40
sdist batching-kafka-consumer 0.0.5  batching-kafka-consumer-0.0.5.tar.gz  863d93784cb911409f492712c799423a297b0c0aa7a3fcb413dbe7ccbc720163
sdist kafka-republisher       1.0.0  kafka_republisher-1.0.0.tar.gz        c5c5de441553ba9d77fd07d8fb03dd1cc47d93af127feb3dec684f43e095a6ae
sdist kafka-rpc-pubsub        1.0.1  kafka_rpc_pubsub-1.0.1.tar.gz         ff50bcfa8924016da42f92d3914844137b667f59e5c32fee90091369b12f740a
sdist aiokafka-foundation-kit 0.2.0  aiokafka_foundation_kit-0.2.0.tar.gz  575a87a9951941d1f06f7cbf5073ef0cd49ce980770eb73c018f8a9a968f4cd2
sdist eventcore-kafka         0.3.3  eventcore-kafka-0.3.3.tar.gz          49520724ec0279205223327e425ca856fb60d3cba5dbe9d4703d0c22f0f5e67c
sdist kaf                     0.2.3  kaf-0.2.3.tar.gz                      d900ada4f7e8eeccd31d3bff9c38003b3a27d80c9b01318a9979bad67a63bba0
sdist elyadata-mq             0.0.1  elyadata_mq-0.0.1.tar.gz              58df751af752451305e9e8a909361bc32bdcd221a68463378df95b87562a235d
sdist dramatiq-kafka          0.1.9  dramatiq_kafka-0.1.9.tar.gz           18da14beb4012fdbe7f8db3b605dbe4d2fc51c41a06309beacf313d8fa45f24d
sdist kafka-connector         0.0.7  kafka_connector-0.0.7.tar.gz          cffe0d943d337e365e47eb11c86c461619aec749fcfddce05f0f6d17035dd8e2
sdist adc-streaming           2.7.1  adc_streaming-2.7.1.tar.gz            04fcfcc15884cbfbe03cedb5f824a2793ad444c323bf5c652160b0b2d95c5b7f
github bogdancstrike/kafka-workers                        b4c145a38addc163ef354d815aa15f32a1f72cd5 7516b4f1a548eaaf38f04f6e4420ae45468962ff
github ifnesi/python-kafka-microservices                  506301a8437d1a5df7e1e1346bfdde7a9d59d144 3a768f344e1aabd3accae52c74e76374a029566e
github geometry-labs/icon-kafka-worker                    9800cf8dd414c640c7ed75444e4d0150f8cbaf3d 201b315fc02549a3bc2f24fc3147787c59b821c6
github resonatehq-examples/example-kafka-worker-py        723724c34a52e96b4dcaede5ea4e29d2864af9ab 8470adbcd1bcf874669862f729f57298486cde99
github fpaschos/rust-kafka-debezium-demo                  69532e257b8fd0676033c3c105658dd123ac27ec 7edc8a82235f68f83071f46055b4731d33e2d7a8
github andriantp/rust-kafka_eos                           e465460c61ad051be4fc22a29d24450ae8a10ae8 23d234516901e24a9d83dc6015d93747bd31c8f7
github ChrisChan1117/Rust-Kafka-Inference                 92be2f6ad495180e07ba65ca283a6266a79a00ed 75f9b77fb48ddb50a243569537ffae2fbb1c7491
github nicflores/rust-kafka-service                       73ca514d3f7da9623503fc447a9c3d8f8be83b90 30bb49c28395b64ee63527ab8a3154e40eb3b9a2
github fernandomarca/rust-Kafka-microservices-simulador   3efa58cc814de168c7a7a8cb0f2d76361c3a6dfe caa09f155c4d2a957862881a078e02db7f7a6389
github fernandomarca/rust-gRPC-Kafka-microservices-codepix 4f41f79a474406591ea5aca2158510ef2ea0ef81 c3b10b4eaedf70c33f8cceb6ffd5b9a5ceb26973
LIST
)

hash_ok() { # file sha256
  [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]
}

fetch_sdist() { # name version file sha
  local name=$1 version=$2 file=$3 sha=$4 out="$DL/pypi"
  mkdir -p "$out"
  if hash_ok "$out/$file" "$sha"; then return 0; fi
  rm -f "$out/$file"
  log "pip download $name==$version (sdist)"
  $PIP download --disable-pip-version-check --no-deps --no-binary "$name" \
    --ignore-requires-python -d "$out" "$name==$version" >&2
  hash_ok "$out/$file" "$sha" || die "$file missing or sha256 mismatch after download"
}

unpack_sdist() { # name version file
  local name=$1 version=$2 file=$3 dest="$CACHE/$1-$2" tmp
  [ -f "$dest/$MARK" ] && return 0
  tmp="$CACHE/.tmp-$name-$version"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  tar -xzf "$DL/pypi/$file" -C "$tmp" --strip-components=1 --no-same-owner
  printf '%s %s %s\n' "$name" "$version" "$file" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $name-$version"
}

unpack_github() { # owner/name commit tree
  local repo=$1 commit=$2 tree=$3 slug dest git tmp line meta path type obj
  slug=${repo/\//+}
  dest="$CACHE/$slug-${commit:0:8}"
  [ -f "$dest/$MARK" ] && return 0
  git="$MIRRORS/$slug/repo"
  [ -d "$git" ] || die "no mirror of $repo at $git: fetch github:$repo with the search tool's fetch first (or set OFFSETLINT_MIRRORS)"
  git --git-dir="$git" cat-file -e "$commit^{commit}" 2>/dev/null \
    || die "$repo: commit $commit is not in $git (fetch it again)"
  [ "$(git --git-dir="$git" rev-parse "$commit^{tree}")" = "$tree" ] \
    || die "$repo: commit $commit does not have tree $tree"
  tmp="$CACHE/.tmp-$slug"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  while IFS= read -r -d '' line; do
    meta=${line%%$'\t'*}; path=${line#*$'\t'}
    read -r _ type obj <<< "$meta"
    [ "$type" = blob ] || continue
    case "/$path" in */venv/*|*/node_modules/*) continue ;; esac
    if git --git-dir="$git" cat-file -e "$obj" 2>/dev/null; then
      mkdir -p "$tmp/$(dirname "$path")"
      git --git-dir="$git" cat-file blob "$obj" > "$tmp/$path"
    else
      log "$repo: $path is absent from the mirror, left out"
    fi
  done < <(git --git-dir="$git" ls-tree -r -z "$commit")
  printf '%s %s %s\n' "$repo" "$commit" "$tree" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $repo at ${commit:0:8}"
}

mkdir -p "$CACHE" "$DL"
while read -r kind a b c d; do
  [ -n "$kind" ] || continue
  case "$kind" in
    sdist) fetch_sdist "$a" "$b" "$c" "$d"; unpack_sdist "$a" "$b" "$c" ;;
    github) unpack_github "$a" "$b" "$c" ;;
    *) die "unknown kind $kind" ;;
  esac
done <<< "$ARTIFACTS"

echo "$CACHE"
