#!/usr/bin/env bash
# fetch.sh: bring the pinned artifacts of the blind-labelled set eval/fresh-18 onto this machine.
#
#   root=$(bash eval/fresh-18/fetch.sh)                 # corpus goes to /tmp/offsetlint-fresh18
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-18/fetch.sh
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

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh18}"
MIRRORS="${OFFSETLINT_MIRROR_ROOT:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# sdist  name  version  file  sha256
# github owner/name  commit  dir  tree-id-of-the-commit  [top-level entries left out]
PACKAGES=$(cat <<'LIST'
sdist   diaspora_logger                                       0.0.8                                     diaspora_logger-0.0.8.tar.gz                              245eb4fb127770f8d0edacfb615afe3c3b7275d5fff01d717a42674fe61ee33c
sdist   franz                                                 0.0.11                                    franz-0.0.11.tar.gz                                       5620600b411103b0c79526336b8eaef773b5eb1d8e9e0fb4bdc01ebd6bf9c2a7
sdist   kafka-counter                                         0.0.2                                     kafka-counter-0.0.2.tar.gz                                600f58dc36cab5bf55a4f377255f1567bd0f50b5ddd94526ea2ce008e74939cc
sdist   kafka-python-log-handler                              0.0.1.dev12                               kafka-python-log-handler-0.0.1.dev12.tar.gz               0b748dffcea2a4ce4d1aaba1dded602925ade0a7168d3a096e67ffee7a9589a0
sdist   kafkaesque_pylib                                      0.0.5                                     kafkaesque_pylib-0.0.5.tar.gz                             13f46e42cc79bf06f69f1276242ebc35f7f379f26a157ec87946b43fa4077a12
sdist   kfk_mng                                               1.0.1                                     kfk_mng-1.0.1.tar.gz                                      a5aabbbd79627bca1c0661ca7ff7a65ad140a9538ac784db077a5114c1a39a10
sdist   simpletimer-kafka                                     0.1.9                                     simpletimer-kafka-0.1.9.tar.gz                            5a187aee59b47485f43900c01938b8eee863bd3ae87f55daedbeaf160b753d3b
sdist   kafkaproducerself                                     0.0.5                                     kafkaproducerself-0.0.5.tar.gz                            fbccc7a00b664d769475a6e27e275fef9b490bcd7fce5adc2f1e10c778c3dc52
github  Informasjonsforvaltning/fdk-mqa-property-checker      a5d919e636559e2f7fda0be46ef4195e63d53728  fdk-mqa-property-checker-a5d919e6                         476e6612fb73918044c506bbcfb5924cd8fff998
github  Informasjonsforvaltning/fdk-mqa-scoring-service       74db9b95c8e9daf15dba5bc809886c7f9098b6f2  fdk-mqa-scoring-service-74db9b95                          a5cbe894c6fed897fd80459679e57d8558239c74
github  Informasjonsforvaltning/fdk-dataset-event-publisher   b8e5e9cfef66c2c40588053e6fb7d508b64ab141  fdk-dataset-event-publisher-b8e5e9cf                      85b057b04214d3a7662b2d948241d089376827b2
github  desme-stock-market/match-engine                       5f46e76ba91bea7dca92b2a413a253e04e43eddf  match-engine-5f46e76b                                     841930d0ae19b3b39de0e3179103b643451e6a30
github  ArtRand/kafka-actix-example                           3376bdd267a9399e172a149ce66b921bd672b090  kafka-actix-example-3376bdd2                              1f14f3feeaa3f98407e1e3aa0686a63401cc8d97
github  Elessarov1/rust-kafka-client                          ce47f03d0db41a9483649726ca3637feb6935202  rust-kafka-client-ce47f03d                                ffecadae24000e5921841d64c51625ad4a174566
github  Konippi/kafka-chat-rs                                 d77e629a73d226842e16f75fb53be929a2fab03e  kafka-chat-rs-d77e629a                                    a0d59792b9066775d49f8a214666933fbc4516bc
github  Podcast-service/Media_worker                          a85df600b195eaa5869dbe1b5b489e4e67a401f0  Media_worker-a85df600                                     93787e51b815ce09afb5e8a19f1f1041f7e775ee
github  Mark6482/restaurant-service                           dc7e4a01541fa0ba7cde53e53e719fa55f20bc15  restaurant-service-dc7e4a01                               5ee90d392c7e3d2122cc31c070bd4c472134ee2e
github  MedScheduler/appointments_service                     a4e7cd788fc712e032e8e0d995d2058a68556755  appointments_service-a4e7cd78                             f0f6e2c7bc4b1b96e4d33240bca7d1bdfb630b08
github  Henry-s-Final-Year-Project/data-preprocessing-service 4d2b5213dc6fa05b143124b3dbb8d23bf272d6d6  data-preprocessing-service-4d2b5213                       d18c8be85f3f2c90d693724a422ba78289ec5cb1
github  Th38Th/assetflow                                      0f82f52bf58f57d8aa707a91db3952eb78a2063a  assetflow-0f82f52b                                        478e333edc78f91e0ffd040ab1c8d30ea350652d
github  MrandrewGR/tg_ubot                                    402936f3625933d396db23fc7d245ffc3b3301a3  tg_ubot-402936f3                                          b6afdfc65183179eb3fa0ebe1e42d5808e9bbeaf
github  LeanCore-Banking/acme-order-pipeline                  49833d60c5a9cb64d9e2ddf8b9d64ac6e142c5bb  acme-order-pipeline-49833d60                              d8930d2486ba719a9fa11eb5c6ec7dea508789bd  venv
github  SeptemberInTheDark/Events-service                     acd6026e42efbab2442baa7cf6a448a45bee1919  Events-service-acd6026e                                   1a5fb3e4352c1fbd75c00b586cf2aac4dee17925
github  ES-HomeHarmony/houses-management_microservice         96cd0785a4c3cd1102e7e73645d8ce44e2285567  houses-management_microservice-96cd0785                   5e9697b41cab10a31b07dc310fc9a7fd64d2779c
github  jam089/insuranceCalc_ms                               646d7de84ca49cb430464907c696b5b97849b080  insuranceCalc_ms-646d7de8                                 334c6ede2cd252e59978f3628bf396bbfe9c5623
github  lucassilvasoftware/service-email                      bd345515bbf63901ab27446934c37a812d066ea0  service-email-bd345515                                    8303d9fde43b1d32f832da0b3b98cc2d0ba0fe6a
github  HotDogCoder/aws-msk-confluent-kafka-fastapi           018d9e40c5c94b6a536ff6e5fc2009b224bced13  aws-msk-confluent-kafka-fastapi-018d9e40                  1eb93d395bbc48d275a5a0f98679dcb0174a4f54  venv
github  OmarKhalil2003/Real-Time-Payment-Scoring-Model        66c437d6e0e722b22fd1a609f9b13c58f036ceb4  Real-Time-Payment-Scoring-Model-66c437d6                  607ac6822961e782d803d983c134768fb854ddb6
github  KucingBobok/misp-mataelang-integration                98f88580fb846b08fd983fe5492a32179d99c7ed  misp-mataelang-integration-98f88580                       2af74241a3e343e7e45c3f77c25936799fc02e92
github  X0rD3v1L/payment-backend-service                      265b311bba57c707111517cc9c097266c5b2e609  payment-backend-service-265b311b                          388fd68d645f0ddb15bf9ddc2d80dead6a79f3d1
github  geminislabs/alerts-processor                          364fd2825829866b24a655ef1f945f4895ec75a5  alerts-processor-364fd282                                 179fd34f8b605564e5998df3bdc4aeb57599cf75
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
