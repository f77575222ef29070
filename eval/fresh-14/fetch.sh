#!/usr/bin/env bash
# fetch.sh: bring the pinned artifacts of the blind-labelled set eval/fresh-14 onto this machine.
#
#   root=$(bash eval/fresh-14/fetch.sh)                 # corpus goes to /tmp/offsetlint-fresh14
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-14/fetch.sh
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

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh14}"
MIRRORS="${OFFSETLINT_MIRROR_ROOT:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# sdist  name  version  file  sha256
# github owner/name  commit  dir  tree-id-of-the-commit
PACKAGES=$(cat <<'LIST'
sdist  AgentsWorker                 1.0.6      AgentsWorker-1.0.6.tar.gz                    a9cc4aea9e29c5be2b0028c79cb1f1b65a03b30865453871e1b161bfe706cdf5
sdist  aiokafka_service_secretaria  0.0.1      aiokafka_service_secretaria-0.0.1.tar.gz     e360e63bba30f3f17f1d15fdd6abe94afcf2880c998c9bff87815de9069370de
sdist  amba-event-stream            1.0.3      amba-event-stream-1.0.3.tar.gz               ab08c7aec43f88823b9d87e0122ac7bd5554365af9b7624aece3519f3858cc32
sdist  babamul                      0.2.0      babamul-0.2.0.tar.gz                         c13720ff6e3e6adf0e95abdc92250e4c26240ec7f9a969a0f37d5405267fd84b
sdist  cmem_plugin_kafka            3.5.1      cmem_plugin_kafka-3.5.1.tar.gz               5dd0eea17f9e2f82c27aa78c2219c9450845a2c08256337c96dbe24008c31e9a
sdist  comux                        0.2.0      comux-0.2.0.tar.gz                           e98d46443da3045550968ab564f7619ded2d34a8f5361ed8fdc2a79687d7f0a6
sdist  gd-kafka                     0.0.3      gd-kafka-0.0.3.tar.gz                        24e3be5a4aad1b546901eca38d35e83e37c519f47ba2cfe866efab658cd6d189
sdist  inspqkafka                   0.9.1      inspqkafka-0.9.1.tar.gz                      37234c6d462d1c97916b464cb44253e10104add7ccdfa82ba893edfd7b9b79ca
sdist  kafka-connect-dependency     0.1.4      kafka-connect-dependency-0.1.4.tar.gz        07bb511b3fd3d1180cff9d307a1ddf7c81aa79427e99d695bb7dae1988418d99
sdist  kafka-helper-weko            0.0.5      kafka-helper-weko-0.0.5.tar.gz               423e2294dd683354e70599c0ac9648ae9fb5417caab9f1ce8a9b59fb74700176
sdist  kafka-logging-handler        0.2.5      kafka-logging-handler-0.2.5.tar.gz           c35db68bb4f2b1c8799196ab2dcdd19c3f1fd5d08de692def8b30807da27338b
sdist  kafka-scanner                0.3.4      kafka-scanner-0.3.4.tar.gz                   11921fbd1f32e5a2a6849e93c5a37c2ce9cd4a6ec89a87898759d3cef4355a93
sdist  kafka-utils-evcom            0.0.1      kafka-utils-evcom-0.0.1.tar.gz               cfed8ac9450b386879e5be87d88fbb25e9419bc31b551c81d77d8f05f4851749
sdist  kafka-utils-triton           1.0.0      kafka-utils-triton-1.0.0.tar.gz              de495940e7cfe95570a2072920c1c8844997ac5806aa2150aba1e40f38c2705d
sdist  kafka_api                    0.1.1      kafka_api-0.1.1.tar.gz                       42f82e2eb93510cb366576a9efb2186206af0c7d2e6cc57b3fd12fde2ea8b1a7
sdist  kafkaclientveli              1.0.15     kafkaclientveli-1.0.15.tar.gz                ef34b79648efd633f11a1604899c67eba90276785ad26c9d51f221e48a8f8817
sdist  kafkaposted                  0.1.4      kafkaposted-0.1.4.tar.gz                     05cf69f5d3cfc75a2f0d63ccf4fea9eaade157b6373cf6c4ecfc3b4613a5f373
sdist  kp_fraydit                   0.1.15     kp_fraydit-0.1.15.tar.gz                     3b408927bacdbb8c99e12ff64ccc54e4725bc7f62542b1c25889f09113ce5fd5
sdist  matyan_frontier              0.3.0      matyan_frontier-0.3.0.tar.gz                 f85c2c6b25d8f2f2049debd712e9c3dc327485b2ca6ca13f5ad10826b389eecd
sdist  micro-pulse                  1.0.4      micro-pulse-1.0.4.tar.gz                     99941510e8b71109b9ec5a0cd0345454c5e2322c3825f8725afaa2c13ce43b8b
sdist  neonlink_client              0.5.3      neonlink_client-0.5.3.tar.gz                 8824296244ff73124408d2d10c8cb8a5ce80045e3d4af2c6c54fd6ca83c82f96
sdist  platform_ext_utils           0.1.1      platform_ext_utils-0.1.1.tar.gz              56058ee5f35e5597eed26e6f5e2bee2c139304c5ffd228a3d391cc825f667b6f
sdist  py2k                         1.9.1      py2k-1.9.1.tar.gz                            3b724b4adb17e48a5fe4049602d7a5e774322ec9286568015149efff2f455e14
sdist  pyafka                       0.2.0      pyafka-0.2.0.tar.gz                          b6ee75f4aae8acf4c163eba776751149d6a40a66ea02025b5a7e6436c7fcd3a7
sdist  swissbib_kafka_event_hub     2.2.0      swissbib_kafka_event_hub-2.2.0.tar.gz        70c5f12a40ed8f968666cdbb8394151b495ca0957e1af5c26110f8fcee086437
sdist  trell-data-pipeline          0.4.11     trell-data-pipeline-0.4.11.tar.gz            5d353828b87916388359d0ba32aeda272f0bd75ccc596f13ed32a2687a4f5718
sdist  xoskafka                     4.0.4      xoskafka-4.0.4.tar.gz                        d0b8d07925c8fa413547570e8388ba929c9fc865c3bd25e6eb16a2bb8ab0fa83
sdist  youeduc_sdk_messaging        0.10.0     youeduc_sdk_messaging-0.10.0.tar.gz          048cfe522cab56100eb536c5b35e44b11a3463b75484d4fae78dd113a1da2001
sdist  cshark_kafka                 0.0.2      cshark_kafka-0.0.2.tar.gz                    befa9289e3628484fd584144e1695455bb08cf3181cfb1961a32b803188c5202
sdist  kafka_final_package          0.1.4      kafka_final_package-0.1.4.tar.gz             69999b6dbb854774fb18da6ca8ab2d3424dae96e6203c6d6f4616b353edafc1e
github sergiup592/kafka-rs-consumer                    a7169cabbd655be2d66a6b08b3b448cd945965cd  kafka-rs-consumer-a7169cab                  0af83497c0b3af892bd67894b8b720fe138310bb
github keaz/high-level-kafka                           50df13bb5bd1de0456c81eb1a12cde1f554b7cbc  high-level-kafka-50df13bb                   5ca29342119b97ee90a6e79f03fbd742ae867a22
github NathaelB/kafka-rust-message                     54ad3028861737fb8380acf2a0a0d3cb73d2f9ea  kafka-rust-message-54ad3028                 cdcebc3205ec290483b26cf7763003b841931d98
github fabioDMFerreira/rust-events-oriented-arch       229d0271c8462026ff5d05c74a8d89f87c00fa47  rust-events-oriented-arch-229d0271          0477f0ff34d663e4de0ab46474b2cecca4266b3f
github abcen7/fastapi-kafka-service                    6caedfdbdc7df87865e3520665270960f9c0105a  fastapi-kafka-service-6caedfdb              7d2fcb60ef2e5e246572c150c2051ecf35ec04c8
github Dimcheck/pizza-generator-kafka-service          4e12573a76e5a2424038635669b332a89a27496f  pizza-generator-kafka-service-4e12573a      5fe9dbcca694fa406ba8652a133ddf5011cd43ce
github nicolamassarenti/ml-kafka-rust                  dbdfc3297c666b831e1e484710e8c2c91d369152  ml-kafka-rust-dbdfc329                      c8789b37eb8203f19d3d41533e72109eab7c492a
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
