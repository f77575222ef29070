#!/usr/bin/env bash
# fetch.sh: bring the pinned artifacts of the blind-labelled set eval/fresh-17 onto this machine.
#
#   root=$(bash eval/fresh-17/fetch.sh)                 # corpus goes to /tmp/offsetlint-fresh17
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-17/fetch.sh
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

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh17}"
MIRRORS="${OFFSETLINT_MIRROR_ROOT:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# sdist  name  version  file  sha256
# github owner/name  commit  dir  tree-id-of-the-commit  [top-level entries left out]
PACKAGES=$(cat <<'LIST'
sdist   Cloud_Kafka_Logger                                                  0.1.7                                     Cloud_Kafka_Logger-0.1.7.tar.gz                          e35f4aee03b0341614ca242cf914342ab883712276ee9d8d7ac20de7afe01b42
sdist   cube_async_w_kafka                                                  0.8                                       cube_async_w_kafka-0.8.tar.gz                            c1ea29d38dea28d079be41cbfc4c33cc2a676303e128ead04894d6fcb03ded17
sdist   desflow                                                             0.25.0                                    desflow-0.25.0.tar.gz                                    63dc68cdf589817d62fbccad040b71b0e332da616c201bc1b8cd638ff335d6f9
sdist   flechtwerk                                                          0.17.0                                    flechtwerk-0.17.0.tar.gz                                 5e0ed1bafdecf6fcefda8522163cae1b7c6c10a6fef1a8a750a989c3e43befd4
sdist   KafkaUnity                                                          1.0.0                                     KafkaUnity-1.0.0.tar.gz                                  03daf764d76c82d5625d56126f436c0d8b32a23194dbeaf610aadf2cea5efc90
sdist   kafka_emulator                                                      1.0.0                                     kafka_emulator-1.0.0.tar.gz                              19d231010a5061e1bd892b1db9549787d961a8b6ff2fad4148aa301d0993b448
sdist   kirby                                                               0.0.1.dev192                              kirby-0.0.1.dev192.tar.gz                                0a1fce8ce7f86a1fae3a9f0a238751edca850e8dd8d1220390805cd22dd10c05
sdist   mcneelat-pyutils                                                    1.9.0                                     mcneelat-pyutils-1.9.0.tar.gz                            4d3779104af8e6f249b11c293a2302282edae00389a89996dd19a1556b910f28
sdist   pydatamining                                                        1.0.6                                     pydatamining-1.0.6.tar.gz                                3a6ef407b5c10736743af728e11cfa298e1dc3d8a3d782e92eeda9d7fcee3aae
sdist   yakh                                                                0.0.5                                     yakh-0.0.5.tar.gz                                        0489f585b76b5b5225cdcedf051623f9d5d32f69896d21ef2c6fe7ca745cb2f3
github  dxfrontiers/rust-microservice-kafka                                 00057a86b6ff2f81380b68de1393329837567f74  rust-microservice-kafka-00057a86                         90a80f3d41ea744c43bdc1b966c926ed79d84dca
github  buoyant-data/hotdog                                                 84e2dd16098869f9699819d77c8720b1a9b66de8  hotdog-84e2dd16                                          67a260da0c32219e57e3503cb443afb20464b07c
github  ToferC/health_rules_engine                                          a1bcce68288fa7d7046fed0684786c2d11c6be75  health_rules_engine-a1bcce68                             e8f52cf7292d4f704dbd4a731379bbe4233c2bd9
github  ava-global/avantis-rust-utilities                                   85c920da61cf48d7da331cbc4b9c831a714c8146  avantis-rust-utilities-85c920da                          93fa89dc8d5fe11a7463753000277e15b0614ab7
github  bgpkit/bgpkit-broker-backend                                        dc8f2ebae16deb1d6517ff82ac6f6d4c00877a91  bgpkit-broker-backend-dc8f2eba                           7c6c8a9c704aef53a19cbbb118a5a62a97a14dd2
github  Razz4780/kafka-splitting                                            924d24379840bd3e58225b099b71a23d9eaf3ae0  kafka-splitting-924d2437                                 d1aad778cb14e127fa7783e42913b64007cb258e
github  fraware/chronoapi                                                   51a305717032e0cf95710b9ec6d736ce8d22e965  chronoapi-51a30571                                       da57644cb317feb4fcab0f6868d8bf8dd44e8807
github  Young-Keun-LEE/realtime-auction-backend                             7f642afd8a4b08deb66ab0b2bb61063db63fe59c  realtime-auction-backend-7f642afd                        56176327e9d460ca08850e5b6e38529127f75cde
github  HSE-COURSEWORK-2025/hse-coursework-backend-data-collection-service  37414a4142ca32e2705b9eb0e619a467908918f7  hse-coursework-backend-data-collection-service-37414a41  93799699096a1254b7da7fd6832378b58ae46d58
github  suyash-hc/oss-ingestion-fastapi                                     f07968a782b0403b28762db4f14541f3c8517351  oss-ingestion-fastapi-f07968a7                           431d5317a462672054039fd97bf57064c087ff4f
github  Brints/FluentMeet                                                   b0daf86749661c37784f48b4336286e7e757fad9  FluentMeet-b0daf867                                      ebaad0725c944a0c3e197cf51dd1694f2dcf55ec
github  PilotDataPlatform/dataset                                           c733b7ad042e7ef69dda83ba4b75a8c1aa2500bc  dataset-c733b7ad                                         0598fe049b0eef78778a6e8b7c9d0988b8ed868b
github  MuneebKhan06/event-ingestion-api                                    024707864bea3539dc87c5faa955c4ab12541613  event-ingestion-api-02470786                             233f057ed05bdca430f83a0180a63cdf8925de21
github  PookieLand/HRMS-Attendance-Management-Service                       fa14496c12fba88d16c6e584aff0102904a75e8e  HRMS-Attendance-Management-Service-fa14496c              499255cec7ec3eb9fcaf586aaeba6b6167cb97e8
github  dhlyf666666/spot-match                                              69c36d2522da3bdf12f7a32cffc261b0aee867ff  spot-match-69c36d25                                      79c1078fbb02cb977bede8dfd8d21fa2110cd756
github  2025-demo-01/svc-matching-engine                                    b18350f638ed6e3980404eea80363a7088dc3433  svc-matching-engine-b18350f6                             6fe29c02b2021818002a350796ef4dc937bc90ae
github  Quetzalcoutl/theragraph-rust                                        1663b5df961f8487b99a24bee159a5599d15fb7e  theragraph-rust-1663b5df                                 d710261518973b4ca7da0609ca0d5367fb21a884                          target_docker
github  CaoKha/etl-rs                                                       87fc8e54ba781437ea425913671abd1916a4ca8c  etl-rs-87fc8e54                                          11ab64697749ab34eda6d08f4c30652465f54769
github  aksmiyazaki/challenge-event-processor                               4e498e1b917070f6db263c0e8bd43656b6768a54  challenge-event-processor-4e498e1b                       b1ca33a8e4cdc2de129ca9577bad4825c2b6b7d9
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

unpack_github() { # owner/name commit dir tree [top-level entries to leave out, comma-separated]
  local repo=$1 commit=$2 dir=$3 tree=$4 skip=${5:-} dest="$CACHE/$3" tmp="$CACHE/.tmp-$3"
  [ -f "$dest/$MARK" ] && return 0
  local gd="$MIRRORS/${repo/\//+}/repo"
  [ -d "$gd" ] || die "no mirror of $repo at $gd: bring it with the search tool's fetch (source github:$repo), then run this again"
  git --git-dir="$gd" cat-file -e "$commit^{commit}" 2>/dev/null \
    || die "$repo: commit $commit is not in $gd (fetch github:$repo again)"
  [ "$(git --git-dir="$gd" rev-parse "$commit^{tree}")" = "$tree" ] \
    || die "$repo: tree of $commit is not the pinned $tree"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  if [ -n "$skip" ]; then
    # Some mirrors lack the blobs of committed build output (absent large files); leave those
    # top-level entries out. The tree id above still pins every file that is unpacked. git may
    # still print "invalid object" for a left-out blob; the archive of the kept entries is whole.
    local -a keep=()
    mapfile -t keep < <(git --git-dir="$gd" ls-tree --name-only "$commit" | grep -vxF -f <(tr ',' '\n' <<<"$skip"))
    git --git-dir="$gd" archive --format=tar "$commit" -- "${keep[@]}" | tar -xf - -C "$tmp" --no-same-owner
  else
    git --git-dir="$gd" archive --format=tar "$commit" | tar -xf - -C "$tmp" --no-same-owner
  fi
  printf '%s %s\n' "$repo" "$commit" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $repo@${commit:0:8} to $dir"
}

mkdir -p "$CACHE" "$DL"
while read -r kind a b c d e; do
  [ -n "$kind" ] || continue
  case "$kind" in
    sdist)
      if [ ! -f "$CACHE/$a-$b/$MARK" ]; then
        fetch_sdist "$a" "$b" "$c" "$d"
        unpack_sdist "$a" "$b" "$c"
      fi ;;
    github)
      unpack_github "$a" "$b" "$c" "$d" "${e:-}" ;;
    *) die "unknown kind $kind" ;;
  esac
done <<< "$PACKAGES"

echo "$CACHE"
