#!/usr/bin/env bash
# fetch.sh: bring the pinned artifacts of the blind-labelled set eval/fresh-12 onto this machine.
#
#   root=$(bash eval/fresh-12/fetch.sh)                 # corpus goes to /tmp/offsetlint-fresh12
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-12/fetch.sh
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

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh12}"
MIRRORS="${OFFSETLINT_MIRROR_ROOT:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# sdist  name  version  file  sha256
# github owner/name  commit  dir  tree-id-of-the-commit
PACKAGES=$(cat <<'LIST'
sdist  flask-kafka                  0.1.0      flask-kafka-0.1.0.tar.gz                       1a0b84ec4eb099be56c8bfde0a79957db818ae56f0485413c0cd94e3943f5f7f
sdist  ilens-kafka-publisher        0.4.2.1    ilens-kafka-publisher-0.4.2.1.tar.gz           aaae1aa9943cdd8aea90c77520d9dd3e6f181ae5c619d4af530b0f12f05d3517
sdist  kafka-collector              1.0.0      kafka_collector-1.0.0.tar.gz                   08538829d679c8aa7e0d9547e6d2633e3e497f29dbf6dd370afd70057cbf9ce3
sdist  kafka-job-scheduler          1.2.1      kafka_job_scheduler-1.2.1.tar.gz               c44dd2dead57bf031aa4a6009572d510f3df6a18d912e843c34ca2b6d1a50459
sdist  mccode-to-kafka              0.5.0      mccode_to_kafka-0.5.0.tar.gz                   7bc1f7fe86d17d79ae33174ccec9a4ec1436bfef8dc49c1a93d49a28628a6a74
sdist  trading-common               0.2.5      trading_common-0.2.5.tar.gz                    a8494cfaa6abd91c8b6e967bfeb64db5cfdabfb12d085628e35a7e0fffad6225
sdist  us-kafka                     0.0.1      us_kafka-0.0.1.tar.gz                          6ec8ffd96afbd44b67a401468459229d58e627f584233343624f66b3c653ca29
sdist  vox-kafka                    0.2.3      vox-kafka-0.2.3.tar.gz                         8268f6a9b01faecacfd958808cb6c914e23cb20034a9da1cb741469ae4578e62
sdist  worklet                      0.1.7      worklet-0.1.7.tar.gz                           efbfe5c397c71c88a6c25b875034464af78924327e465fc9157438d5fa4649ef
sdist  warren                       0.6.3      warren-0.6.3.tar.gz                            685a4aa68a919537f8999b44754cd6a1377695910b4a9834018da4f45c9197c1
sdist  varco-kafka                  3.2.0      varco_kafka-3.2.0.tar.gz                       55d6927f8f3c3df0f2c4fa9f9e7dd28474f2aa991b62a8d8a6dd3e2555f2e790
sdist  kstreams                     0.34.6     kstreams-0.34.6.tar.gz                         ca547b03ce4b6a48e05e7a2ebd766e8cd97ab9cd57adf2c942a63f79671827df
sdist  django-kafka                 5.1.2      django_kafka-5.1.2.tar.gz                      0e9ca12f936da376babffb5557b578b3710555b32762a15ecf827ccfd1dfb26e
sdist  wunderkafka                  0.23.0     wunderkafka-0.23.0.tar.gz                      f11ebd00bcd1270590d5ac3de057ab26f45725bab9563effd894c5366cdb2f29
sdist  kafka-client-new             0.4.dev2   kafka_client_new-0.4.dev2.tar.gz               488f0c9d9290199a45b061545d6522b8235328bf563a20e262fbe935fd94aeb0
sdist  kafka-connection             0.1        kafka_connection-0.1.tar.gz                    a952c164491396a157c53804655f0929dc988512a0538ddcad53b676019c6b98
sdist  workerpy                     1.1.0      Workerpy-1.1.0.tar.gz                          e2ff97c47de9c9f72b131841672970b302fca6f96ffc9f4af8bb580337e6990f
sdist  kafkaesque                   1.0        kafkaesque-1.0.tar.gz                          8ceeebdf31dfb11019e6d80d263be0ad2a1bdffc3b88fd94382e2a7896764936
sdist  nops-kafka                   0.2.1      nops-kafka-0.2.1.tar.gz                        2f17813cfb7956580f0d259dbb25072967a5b071a16c58024e1719d68e086897
sdist  metrobus                     0.0.23     metrobus-0.0.23.tar.gz                         85d9bd709c05b5ef698f7c4963b07b1947a204fe88f4b90c7fcc51c182201d17
sdist  kafka-avro-binary-consumer   0.0.0.2    kafka_avro_binary_consumer-0.0.0.2.tar.gz      95143731211d388f10df1da3b010c105b54f7a044efc80a969ceda665520f7de
sdist  pbus                         1.5.0      pbus-1.5.0.tar.gz                              70aef78cb301a6abb501178da43dea76a55759bfcb8ba790c9381e165a0c00df
sdist  django-kafka-consumer        2.0.0      django-kafka-consumer-2.0.0.tar.gz             f0084715d0cb854038c9f4eebcbc8824b1c22d41e945623e64714a48578d019a
sdist  kafka-replayer               1.0.1      kafka_replayer-1.0.1.tar.gz                    0eb6f679e3ac9b61f54958b46a3d0563ecc770d345843a251eb9f684d34e2585
sdist  flowodm                      0.3.1      flowodm-0.3.1.tar.gz                           ec4b8092ba2a32751ee00dba3766d40c54020bbf16559af19c4c29ac169e5c21
github jay-johnson/rust-kafka-threadpool        ba3f57030ce9e57bef2ff791cf5af8e00ad51f04  rust-kafka-threadpool-ba3f5703     2129c15557b48e8eaaadf4d2a1efb67f81167cad
github baoyachi/rdkafka-wrap                    013c036f91da69d98e88f8ff3b0d758657c231eb  rdkafka-wrap-013c036f              ba0df971b6b7248fb29113c00190e60b6c77dc66
github jroddev/reqres-kafka-rs                  c28070588a5e478bf6df51447f92fedb7297807a  reqres-kafka-rs-c2807058           5f250d9fa8291b91b281163013d8932d3e8d4ecf
github innovabinaria/rust-kafka-apps            e2d888bbd42a4c9b4a6f5df0682bbb0b4dbcf480  rust-kafka-apps-e2d888bb           be1f3f2cd28aaf960c3aaf4c3e461587de4c9233
github nicflores/rust-kafka-redis               19b03792c0f751c270ecb69f3882baa338973b7d  rust-kafka-redis-19b03792          3f1d8ddb2417872c7bf46b6a9af8f5c59d0e5ec0
github Parnishkaspb/MLops                       d0d97c9e17c49996b75b2f0d9a4b3a57f6a1cf94  MLops-d0d97c9e                     57ef6c49f220e5cf06487568f066eaf4cf480cd5
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
