#!/usr/bin/env bash
# fetch.sh: bring the pinned artifacts of the blind-labelled set eval/fresh-11 onto this machine.
#
#   root=$(bash eval/fresh-11/fetch.sh)                 # corpus goes to /tmp/offsetlint-fresh11
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-11/fetch.sh
#
# Two kinds of artifact:
#   sdist:  a PyPI source distribution, downloaded by name and version with pip
#           (pip download --no-deps --no-binary NAME), sha256 checked.
#   github: a public repository at a pinned commit. pip and cargo cannot bring these: bring each
#           one first with the search tool's `fetch` (source github:OWNER/NAME), which leaves a
#           bare mirror at $OFFSETLINT_MIRROR_ROOT/OWNER+NAME/repo (default /work/.mirror). This
#           script checks that the pinned commit is in the mirror and that its tree id is the
#           pinned one (git ids are content hashes: the tree id pins every file), then unpacks
#           that commit with `git archive`. A missing mirror is reported with the fetch to run.
# Every artifact is unpacked to $CACHE/<dir>/ (an sdist's top folder stripped):
# <name>-<version> for sdists, <repository name>-<first 8 hex of the commit> for repositories.
# labels.tsv names files as <dir>/<path inside the artifact>.
# Idempotent: an artifact already unpacked (marker file present) is left alone, and a download
# already in $CACHE/.downloads is reused when its hash matches.
# Progress goes to stderr; the only line on stdout is the corpus root (printed last).
#
# Needs: bash, python3 + pip, git, sha256sum, tar.
# No third-party code is kept in this repository: only this script and the labels.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh11}"
MIRRORS="${OFFSETLINT_MIRROR_ROOT:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# sdist  name  version  file  sha256
# github owner/name  commit  dir  tree-id-of-the-commit
PACKAGES=$(cat <<'LIST'
sdist  kser                         0.8.27     kser-0.8.27.tar.gz                           2deb7f93c3927528812c69a7509ac8f2234d183fa9293f0fd098727a0844b490
sdist  ess-message-consumer         0.1.3      ess-message-consumer-0.1.3.tar.gz            2996c293b0e950b71552e1a0dee7e1516852ce056fbe9a515132a9c5c1256a62
sdist  wkafka                       1.4.2      wkafka-1.4.2.tar.gz                          0f92951e8f886889a70db82b9a3327a008ddc733cade480858d2368ab54c8eb4
sdist  websites-metrics-consumer    0.0.3      websites_metrics_consumer-0.0.3.tar.gz       aa5470fdcc687b04deab0db3c5936974f5a56dee28b9f2b9dcf592fb4f52eb52
sdist  syslogng-kafka               0.1.11     syslogng_kafka-0.1.11.tar.gz                 d23599c3d5dd26dc9ca8a8acb81b1442b442f9f5d19b2a36dec9677661b22289
sdist  web-monitor-aiven            0.2.1      web_monitor_aiven-0.2.1.tar.gz               10e31cdb3d2fb79b9049162e099e315f6b945a8089a5d105d6e36b861c6f6bb5
sdist  gcn-kafka                    0.3.4      gcn_kafka-0.3.4.tar.gz                       47ed3dbc94d1d981374e7e573a05ecc17356e577409a363f32a9891b1a7ad2be
sdist  multiprocess-kafka-consumer  0.1.14     multiprocess_kafka_consumer-0.1.14.tar.gz    c3668650ea2c885fb774ed68b68bea5aad3554cb4d10649bc8db8fe8ab941495
sdist  ampel-kafka                  0.10.0a4   ampel_kafka-0.10.0a4.tar.gz                  9b255499bfc93ba4202f7f853618c0a731f8a1de1e3d1d42eae6d80c4c2f3acd
sdist  kafkahelpers                 0.3.3      kafkahelpers-0.3.3.tar.gz                    c00959278a760db45ce18499ec07212fcd3b1d67d12a33e3647d70d95c6bacd4
sdist  kafkaplus                    0.0.1      kafkaplus-0.0.1.tar.gz                       1ab0625dcc74b95f79ad79711772ed6c85c8cfe1f97ac7dd893b2b7d3af849f2
sdist  knada-kafka-consumer         0.1.11     knada-kafka-consumer-0.1.11.tar.gz           57a3fd3600c3a870cc582b3473116650ca085d27e50788aa24114d4a9b34aaa9
sdist  reliable-ai-streams          1.0.1      reliable_ai_streams-1.0.1.tar.gz             95823cd3afba35f02ec1e8ed356883a9ad12bbe4c6d6f6ed606ec2ccba24e3d3
sdist  pyrallel-consumer            1.0.0      pyrallel_consumer-1.0.0.tar.gz               87f0cd4d70aab574e9a2a66daecacac2ee5610b5ea2474b2442ebe8cc1fa3c1f
sdist  aiokafka-agent               0.1.8      aiokafka_agent-0.1.8.tar.gz                  7ceba6c6788ad96ebe426bb6c96d0904434e10de0fba56c7e953f505e844d02d
sdist  pronto-kafka                 0.0.1      pronto_kafka-0.0.1.tar.gz                    e04930194110c3f435d7051366b43e80280294f31fd7bcc14dda0d7fb22d5698
sdist  shore-kafka                  2022.1.10  shore-kafka-2022.1.10.tar.gz                 6b3a529644cab843522298c3131aaac5d9ed6f5fef8c4cf013c2b23467bfeaad
sdist  signalation                  1.0.0      signalation-1.0.0.tar.gz                     a8c1c0c54e5e302e25df74af6fd0c1f64b117574908b3a3df8709b75cd0c3bbf
sdist  zip2kafka                    0.1.0      zip2kafka-0.1.0.tar.gz                       5444c0a19b91f340baec8c8b011384d129f03853e1e47f70934f6f79941240cd
sdist  dtpyfw                       1.81       dtpyfw-1.81.tar.gz                           5b6b03dcf98d3537f16a2e2ea8c8a1bf16b4ec1fe40d8c3af416777456fbb28f
github mr-carleone/rust-kafka-consumer-example          8fe0ebc330e7ab0b90f3947fedaed606b302d5fa  rust-kafka-consumer-example-8fe0ebc3          e52b5f7988247091896021e7015d3288b3322861
github jdilla52/mqtt-kafka-rust-bridge                  78ac1baab9b09f2351ed4bdec6cfa8feb4eb96c6  mqtt-kafka-rust-bridge-78ac1baa               a9f65a2f7df1fb98f59372c468d79f2947f97556
github kayhannay/rust-kafka-lambda                      224c4eee389af973349c71b4309269a18bff785c  rust-kafka-lambda-224c4eee                    9504e637e6d46347a44eff6e44dbe9cdde26c83f
github diz-unimr/adt-to-fhir                            6d30aa33ae54441b59ef31baf925b6a4fefae92c  adt-to-fhir-6d30aa33                          37242946d0817856848b3a4f8f85b4a69c0da85c
github KavindaSandamal/Kafka-Based-Order-Processing-System 3162d1db97ba0e9a2f42fef734ce2135a01ea82a  Kafka-Based-Order-Processing-System-3162d1db  54750de98b4b6394a6d42e3ca52d78f0e852a448
github Norskeaksel/FederatedLearningWithKafka           5bdba8371220a6229916044b1ca7a93b6d1f5145  FederatedLearningWithKafka-5bdba837           35c27d9806cfb1f53b53932fe44d600bee201098
github 977ADAM/realtime-recsys-project                 f6e3daf143131ae86f859d9c9f8a2b4c0f89abe2  realtime-recsys-project-f6e3daf1              6544e7d5697967b570282639fadfb295af71b46f
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
  # --no-binary for this package only: its build backend may come as a wheel.
  $PIP download --disable-pip-version-check --no-deps --no-binary "$name" \
    --ignore-requires-python -d "$out" "$name==$version" >&2
  hash_ok "$out/$file" "$sha" || die "$file missing or sha256 mismatch after download"
}

unpack_sdist() { # name version file
  local name=$1 version=$2 file=$3 dest="$CACHE/$1-$2" tmp="$CACHE/.tmp-$1-$2"
  [ -f "$dest/$MARK" ] && return 0
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  case "$file" in
    *.tar.gz) tar -xzf "$DL/pypi/$file" -C "$tmp" --strip-components=1 --no-same-owner ;;
    *) die "unknown archive type: $file" ;;
  esac
  printf '%s %s %s\n' "$name" "$version" "$file" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $name-$version"
}

unpack_github() { # owner/name commit dir tree
  local repo=$1 commit=$2 dir=$3 tree=$4 dest="$CACHE/$3" tmp="$CACHE/.tmp-$3"
  [ -f "$dest/$MARK" ] && return 0
  local gd="$MIRRORS/${repo/\//+}/repo"
  [ -d "$gd" ] || die "no mirror of $repo at $gd: bring it with the search tool's fetch (source github:$repo), then run this again"
  git --git-dir="$gd" cat-file -e "$commit^{commit}" 2>/dev/null \
    || die "$repo: commit $commit is not in $gd (fetch github:$repo again)"
  [ "$(git --git-dir="$gd" rev-parse "$commit^{tree}")" = "$tree" ] \
    || die "$repo: tree of $commit is not the pinned $tree"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  git --git-dir="$gd" archive --format=tar "$commit" | tar -xf - -C "$tmp" --no-same-owner
  printf '%s %s\n' "$repo" "$commit" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $repo@${commit:0:8} to $dir"
}

mkdir -p "$CACHE" "$DL"
while read -r kind a b c d; do
  [ -n "$kind" ] || continue
  case "$kind" in
    sdist)
      if [ ! -f "$CACHE/$a-$b/$MARK" ]; then
        fetch_sdist "$a" "$b" "$c" "$d"
        unpack_sdist "$a" "$b" "$c"
      fi ;;
    github)
      unpack_github "$a" "$b" "$c" "$d" ;;
    *) die "unknown kind $kind" ;;
  esac
done <<< "$PACKAGES"

echo "$CACHE"
