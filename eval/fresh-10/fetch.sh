#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of offsetlint's fresh-10 blind evaluation set onto this machine.
#
#   root=$(bash eval/fresh-10/fetch.sh)             # corpus goes to /tmp/offsetlint-fresh10
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-10/fetch.sh
#
# Two kinds of artifact, each pinned and checked:
#   sdist:  pip download --no-deps --no-binary NAME NAME==VERSION; the sha256 of the file is checked.
#   github: a public repository at a pinned commit. pip and cargo cannot bring these: bring each
#           one with the search tool's `fetch` (source github:OWNER/NAME), which leaves a bare
#           mirror at $OFFSETLINT_MIRROR_ROOT/OWNER+NAME/repo (default /work/.mirror; a few come
#           as a work tree, whose repo/.git is used). This script
#           checks that the pinned commit is in the mirror and that its tree id is the pinned one
#           (a git tree id is a content hash of every file), then unpacks that commit with
#           `git archive`, or file by file when the mirror lacks some large blobs (absent blobs
#           are skipped and logged; no label names one). A missing mirror or commit is reported
#           with the fetch to run, and the script fails.
# Every artifact is unpacked to $CACHE/<dir>/ (an sdist's top folder stripped): <name>-<version>
# for sdists, <repository name>-<first 8 hex of the commit> for repositories. labels.tsv names
# files as <dir>/<path inside the artifact>.
# Idempotent: an artifact already unpacked (marker file present) is left alone, and a download
# already in $CACHE/.downloads is reused when its hash matches.
# Progress goes to stderr; the only line on stdout is the corpus root.
#
# Needs: bash, python3 + pip, git, sha256sum, tar.
# No third-party code is kept in this repository: only this script, the labels and the README.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh10}"
MIRRORS="${OFFSETLINT_MIRROR_ROOT:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# sdist  name                      version  file                                      sha256
# github owner/name                commit                                    dir                                   tree id of the commit
PACKAGES=$(cat <<'LIST'
sdist  pyramid-kafka             0.4.0    pyramid_kafka-0.4.0.tar.gz                0ec7a7ab9a3b20adfef426fec592184820ca7b041d0a76b7b4a599e3428a6893
sdist  series-kafka              1.0.1    series_kafka-1.0.1.tar.gz                 d6fff725f8beee470920e3ead314fa569d5c0b23f7864bfb4f1511b24f03c78b
sdist  py-kafka-producer-client  0.1.7    py_kafka_producer_client-0.1.7.tar.gz     a8a547de27f3c76af1d8be6951389c33e8fab5faf5d886eff4caa6a1b321ee1e
sdist  rise-broker               0.1.0    rise_broker-0.1.0.tar.gz                  048d5055f73e79a6e0b4b4955a4d2bbb39cb431de570b021fab9e513f6ecc46e
sdist  sb-pubsub-kafka           0.0.6    sb_pubsub_kafka-0.0.6.tar.gz              00bf1fbf7b7889e4ac72e7dcec089309b56860e1258d3694e7dbe65d042ccbae
sdist  monasca-notification      9.0.0    monasca-notification-9.0.0.tar.gz         9c629b3303e420cd216463337c22e1763f46ac64fc38f7ba4aa822d0a31577ac
github RedHatInsights/insights-ccx-messaging       f45a784409d44946ecbe708e454a83a9b0bbf053  insights-ccx-messaging-f45a7844       5f91b3b584fd9f8f0e68f564dbc6eab33fa7a7ff
github RedHatInsights/yuptoo                       712fd998ed566fbb5f182194f28d8c4f2c2f3e72  yuptoo-712fd998                       cb97ec5c5116c747ee411e243017ab1b3c7f7727
github vladmialkin/ugc_sprint_1                    8c157c95914c264eabb92bba7481e48eae51d133  ugc_sprint_1-8c157c95                 f546e7fcdda0a354b96c4196c0630d2e3be3b69e
github RENCI-NRIG/notary-service                   a000a0866aac380e2dab0ae7bd7bb0c5e2f47f0a  notary-service-a000a086               352d42076cf4b82686c839de2ef88a05e6bc7249
github MacaroniMutton/Inventory_Management_System  f382471802abdf1985d06e9add30131f87bd078f  Inventory_Management_System-f3824718  0fbecc171fca1a10bc89c1223234f8f85a7ecf97
github cham207388/python-kafka                     72621ba4e60705e7214f5f6445c2f1c4314be71b  python-kafka-72621ba4                 46d3d0cd0e7f522c0bff09c8ce95a1a831c50d61
github cloudevents/sdk-rust                        54b39e25e80bbbd618faeb918ed0973b2daec256  sdk-rust-54b39e25                     b91090d31b73de252c5572079647cbc092eec8c7
github pathwaycom/pathway                          8e7f101e805aa838506856a6c094c20ebeaf72c3  pathway-8e7f101e                      0eb4cba164cbae5ebbdc30b3433287e6f21f322f
github estuary/connectors                          a9bf95333966bf4bac21c0c152d5e5ac03ec7f6b  connectors-a9bf9533                   ad5c5eb76d2c48c723d8fca168d3bd7fe2221c7a
github edgeandnode/gateway                         45a7a4aa99a8e54ce24ace6126c25f336aeff8ce  gateway-45a7a4aa                      b48f8f5131c41cef8ed8c9bb7c5e96b87d83c05a
github edgeandnode/tap-escrow-manager              90a4e242325392b8a470c40e915efb31192c53c6  tap-escrow-manager-90a4e242           2a5a5ab2369771272fc7dc46ed47faa5d557b718
github demml/scouter-server                        5b157039aafc80ff738c9bf704f12ae1afe830c3  scouter-server-5b157039               1d58ea713fa0d0c33039c4de6f40488f8359ef26
github Lispython/kafka-replicator                  e22a1c2268c07b1af32938a13221f0d7fa1cb9af  kafka-replicator-e22a1c22             94a8e6e97f850354006f0a5e1e06a8637e96e887
github Jet4Team/market-data-ingestor               48efd3a2c4aa14a7b77af52b493e076536d3e7bd  market-data-ingestor-48efd3a2         cec602fae0af303701226bdbbeb24f7825084287
github harlemmuniz/kafka-fastapi-docker            330f794cb95b7c2b99eb78757e7f831200040146  kafka-fastapi-docker-330f794c         2842c668e6df06351504062516b87a6dcf049a30
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

unpack_sdist() { # dir file
  local dest="$CACHE/$1" src="$DL/pypi/$2" tmp="$CACHE/.tmp-$1"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  tar -xzf "$src" -C "$tmp" --strip-components=1 --no-same-owner
  printf '%s\n' "$2" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $1"
}

unpack_github() { # owner/name commit dir tree
  local repo=$1 commit=$2 dir=$3 tree=$4 dest="$CACHE/$3" tmp="$CACHE/.tmp-$3"
  local gd="$MIRRORS/${repo/\//+}/repo"
  # Most mirrors are bare; some come as a work tree whose git directory is repo/.git.
  [ -d "$gd/.git" ] && gd="$gd/.git"
  [ -d "$gd" ] || die "no mirror of $repo at $gd: bring it with the search tool's fetch (source github:$repo), then run this again"
  git --git-dir="$gd" cat-file -e "$commit^{commit}" 2>/dev/null \
    || die "$repo: commit $commit is not in $gd (fetch github:$repo again)"
  [ "$(git --git-dir="$gd" rev-parse "$commit^{tree}")" = "$tree" ] \
    || die "$repo: tree of $commit is not the pinned $tree"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  if ! git --git-dir="$gd" archive --format=tar -o "$CACHE/.tmp-$dir.tar" "$commit" 2>/dev/null; then
    # The mirror may lack its largest blobs: write the files blob by blob, skip the absent ones.
    rm -f "$CACHE/.tmp-$dir.tar"
    local meta mode type oid path
    while IFS=$'\t' read -r meta path; do
      read -r mode type oid <<< "$meta"
      [ "$type" = blob ] || continue
      if ! git --git-dir="$gd" cat-file -e "$oid" 2>/dev/null; then
        log "$repo: $path is absent from the mirror (skipped)"; continue
      fi
      mkdir -p "$tmp/$(dirname "$path")"
      if [ "$mode" = 120000 ]; then
        ln -s "$(git --git-dir="$gd" cat-file blob "$oid")" "$tmp/$path"
      else
        git --git-dir="$gd" cat-file blob "$oid" > "$tmp/$path"
      fi
    done < <(git --git-dir="$gd" ls-tree -r --full-tree "$commit")
  else
    tar -xf "$CACHE/.tmp-$dir.tar" -C "$tmp" --no-same-owner
    rm -f "$CACHE/.tmp-$dir.tar"
  fi
  printf '%s %s %s\n' "$repo" "$commit" "$tree" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $repo@$commit as $dir"
}

mkdir -p "$CACHE" "$DL"
while read -r kind a b c d; do
  [ -n "$kind" ] || continue
  case "$kind" in
    sdist)
      [ -f "$CACHE/$a-$b/$MARK" ] && continue
      fetch_sdist "$a" "$b" "$c" "$d"; unpack_sdist "$a-$b" "$c" ;;
    github)
      [ -f "$CACHE/$c/$MARK" ] && continue
      unpack_github "$a" "$b" "$c" "$d" ;;
    *) die "unknown kind $kind" ;;
  esac
done <<< "$PACKAGES"

echo "$CACHE"
