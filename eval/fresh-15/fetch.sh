#!/usr/bin/env bash
# fetch.sh: bring the pinned artifacts of the blind-labelled set eval/fresh-15 onto this machine.
#
#   root=$(bash eval/fresh-15/fetch.sh)                 # corpus goes to /tmp/offsetlint-fresh15
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-15/fetch.sh
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

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh15}"
MIRRORS="${OFFSETLINT_MIRROR_ROOT:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# sdist  name  version  file  sha256
# github owner/name  commit  dir  tree-id-of-the-commit
PACKAGES=$(cat <<'LIST'
sdist  arrakis_backend_kafka              0.14.0   arrakis_backend_kafka-0.14.0.tar.gz              f6556196662fce17bc3d2f9300b1a6202ba3ae91907ed6e3917ce815a84a2f1f
sdist  bbo_tap                            0.3.0    bbo_tap-0.3.0.tar.gz                             68f5bb7f87cf257c7b217dcee11e10d573491f7df42bdd15b84e67a49eb8e127
sdist  chaostoolkit_kafka                 0.1.3    chaostoolkit_kafka-0.1.3.tar.gz                  11f5d2dc4b8aeeaeedd7e5762c3505da4995fa1b2a6db30f1c9208f80a49de5c
sdist  datafun_streaming                  0.7.0    datafun_streaming-0.7.0.tar.gz                   091dc92e4c02afa207b46faff428c1ab3d076f9de736b6d7311edf9b8234de62
sdist  erpdoo                             0.1.0    erpdoo-0.1.0.tar.gz                              c4439d12a4449e47bbc56b7e3b96e95a94aab70f07627f712fd75228f3f5e196
sdist  firex_blaze                        1.28     firex_blaze-1.28.tar.gz                          f7aad680e647432541ad26bb52a856fef984b5c05dd71b5d057fcb4612798388
sdist  flask-kafka-python                 0.0.2    flask-kafka-python-0.0.2.tar.gz                  eb6abedcb975692d7da205dfd41cc69b7d5152bb9d74db791ab2c6bf6818b56f
sdist  iflib_tools                        0.1.13   iflib_tools-0.1.13.tar.gz                        9814c3de9124d7045b758e0362f5f6bcc1cd5352f54210aba60174001f5b1816
sdist  kaf_s3_connector                   2.0.1    kaf_s3_connector-2.0.1.tar.gz                    3fb50711e834512b244fb8e1eef30513f219bb96001cf718dea6bcc5a491e2d3
sdist  kafka-lmdc                         2.0.5    kafka-lmdc-2.0.5.tar.gz                          7e3979248c1d732560db20aa5e5de6f931ec49a41731a9d712507d33c58340f3
sdist  kafka-package                      0.1.3    kafka-package-0.1.3.tar.gz                       59177c4963a0b5b5165e44be10b13b8c2b15799af70e16176a924606f4564bcd
sdist  kafka-python-with-confluent-kafka  0.2      kafka-python-with-confluent-kafka-0.2.tar.gz     8b89e8e92be61ec23102423cf9ecb1d1be41b5c879d707abeb95ee3121f9dc78
sdist  kafka-utils-netease                1.4.9    kafka-utils-netease-1.4.9.tar.gz                 06e0882bb72ca80e0fe6ada3f6f315aaedb8483a28c942b5c5210da6c0711dd4
sdist  kafka_replay_cli                   0.4.0    kafka_replay_cli-0.4.0.tar.gz                    fba62f56837cb112aac32be5991f0ed6fe9763d17ceb9302f634b495db97cdc0
sdist  ksqlite_py                         0.1.1    ksqlite_py-0.1.1.tar.gz                          7f39a214655c24a881bc82f7dfe624924bb35f414b875c404f6609e884f919f6
sdist  kafkaproxy                         0.0.1    kafkaproxy-0.0.1.tar.gz                          b9cc08ac68d8c69c97e4e21daa80f8c8d32e970d67acc2f3b7529f71fbd5c04f
sdist  knativekafka                       0.4.0    knativekafka-0.4.0.tar.gz                        851220e07629209291098fa5260b7e0e1954762af0273a92b34fccb33f08477e
sdist  m_kafka_sdk_v2                     1.0.6    m_kafka_sdk_v2-1.0.6.tar.gz                      ab243f129b431d4a859700093fd956d1c7d6a567f5e2b5213d3cf724ae18945c
sdist  milabKafkaAPI                      1.1.1    milabKafkaAPI-1.1.1.tar.gz                       476aea346d6bc1a0901219f7a9aeb3e5de1a5866c8368d7298e2ba3d65b1b378
sdist  openhorizontal_kafka_utils         0.2.0    openhorizontal_kafka_utils-0.2.0.tar.gz          5077deeb385002267019276c8183c44d11afc698c66dd40d27d2147164298ebb
sdist  os_scrapy_kafka_pipeline           0.0.15   os_scrapy_kafka_pipeline-0.0.15.tar.gz           2dd80514049c771f5e92a9219aee7b70ec919c3b10f2edd2e043e95b9212ead5
sdist  pip_services3_kafka                3.1.11   pip_services3_kafka-3.1.11.tar.gz                89ad741aabfb734545647a26bb805402614abbe222122f9642acce095eceff8e
sdist  tkati_core                         0.10.0   tkati_core-0.10.0.tar.gz                         cb9f2394407c74ff691255d542729a486e1a471e3345d18cc5e8019e61d01da0
sdist  ul_unipipeline                     3.0.8    ul_unipipeline-3.0.8.tar.gz                      ffabd1e439044b66f7540446f50c8970bb29e46ab9ab8dedb0ffc852c0652acd
github Ashutosh00710/rust-kafka-consumer            dbbedca5c3e840088ad2bd6b50c1fa97e852ddf1  rust-kafka-consumer-dbbedca5             166821fe25ba48fbcfd112239eb79726a81bf388
github gabrielms201/rust-kafka                      ea13d93f45be815aec80810a78973cfe19a28f44  rust-kafka-ea13d93f                      97e2e575faba6da31adda186c280ae74ddfdcbdb
github ahstn/kafka-sink.rs                          1a2279ba408056fdc9b060dc85b6adfb60bf7915  kafka-sink.rs-1a2279ba                   5f11247ea9bf1eb6f5034837d39646a3d92b95e9
github duythien/rust-kafka-transforms               801f3e267c32ff5c7219733ab96f49ccd309dc5c  rust-kafka-transforms-801f3e26           3e4922e94699d1145aa5859ab31c3edfecfdafb7
github shiningflash/kafka-python-messaging-engine   da7e9cb577f968b829ded291188e8cc43e0dec55  kafka-python-messaging-engine-da7e9cb5   20023458c20ff4481dd5615f2c5e713a25cd9164
github M4tt-/kafka-python-postgres-etl              529d952ca69764f9ce9b5dbddbc55f9b4de80bff  kafka-python-postgres-etl-529d952c       2603f40db7939ca47345f2ba3f83f86aba07f1c6
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
