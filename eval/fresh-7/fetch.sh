#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of offsetlint's fresh-7 blind evaluation set onto this machine.
#
#   root=$(bash eval/fresh-7/fetch.sh)              # corpus goes to /tmp/offsetlint-fresh7
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-7/fetch.sh
#
# Two kinds of artifact, each pinned and checked:
#   sdist:  pip download --no-deps --no-binary NAME NAME==VERSION; sha256 of the file checked.
#   github: a public repository at a pinned commit. pip and cargo cannot bring these: bring each
#           one with the search tool's `fetch` (source github:OWNER/NAME), which leaves a bare
#           mirror at $OFFSETLINT_MIRROR_ROOT/OWNER+NAME/repo (default /work/.mirror). This script
#           checks that the pinned commit is in the mirror and that its tree id is the pinned one
#           (git object ids are content hashes, so the tree id pins every file), then unpacks that
#           commit with `git archive` (or, when the mirror lacks some large blobs, blob by blob,
#           skipping the absent ones; no label names such a file). A missing mirror or commit is
#           reported with the fetch to run, and the script fails.
# Every artifact is unpacked to $CACHE/<dir>/ (an sdist's top folder stripped):
# <name>-<version> for sdists, <repo name>-<first 8 hex of the commit> for repositories.
# labels.tsv names files as <dir>/<path inside the artifact>.
# Idempotent: an artifact already unpacked (marker file present) is left alone, and a download
# already in $CACHE/.downloads is reused when its hash matches.
# Progress goes to stderr; the only line on stdout is the corpus root.
#
# Needs: bash, python3 + pip, git, sha256sum, tar.
# No third-party code is kept in this repository: only this script, the labels and the README.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh7}"
MIRRORS="${OFFSETLINT_MIRROR_ROOT:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# sdist  name                        version  file                                      sha256
# github owner/name                  commit                                    dir                                     tree id of the commit
PACKAGES=$(cat <<'LIST'
sdist  ag-kafka-utils              0.1.2    ag_kafka_utils-0.1.2.tar.gz               91d6d2ecd05841978ad82a7c6053853618e1a50eeb3147ca0ddb02ddfa502259
sdist  auditx-connector            1.0.2    auditx_connector-1.0.2.tar.gz             126d2fff53d397f88258d5abdc23ea061acd2d49081022e50e25294b89a1f597
sdist  distributed-logger          0.1.13   distributed_logger-0.1.13.tar.gz          6018feb6bc11a9d3063e44dc4aea15faa8b56ab8ecf0f39c45f55d437a64b775
sdist  django-audit-kafkalogger    0.2      django_audit_kafkalogger-0.2.tar.gz       520cbb0d5ed77fe928de597944cd238a75dfa37be699e290fef0c108857cfcdb
sdist  ds-event-stream-python-sdk  0.1.1    ds_event_stream_python_sdk-0.1.1.tar.gz   98654adffd4be0f9b7ecfdf800b0f227dbe86b336e0dbb49b15789682a9e81eb
sdist  flowgate                    0.0.5    flowgate-0.0.5.tar.gz                     724c772bf7e8d542333a19cd1cee5ad8525a094a5ac584e9b63b77ccdb70b98f
sdist  port-ocean                  0.56.2   port_ocean-0.56.2.tar.gz                  9b9570218128231354f85c956a1ce14147ec4bc90b98a426a15dcbf5ea1e3fc5
github kh4n9373/EMOSTAGRAM_chat_service             d0576eb0a8d6cd684904866d91814527937fbdec  EMOSTAGRAM_chat_service-d0576eb0        9e05c5184de1eec3f1e1cf98fbfae973c732b092
github yadavraganu/kafka                            03f6879c62e993e74bc8180e3400569dcc11d74f  kafka-03f6879c                          6d0c82c68f32a3693233db162bec2bce842fd057
github politrons/FunctionalRust                     7313214ebcd8bdc4543f7dd317ac39b0f4acaaa1  FunctionalRust-7313214e                 5a783a410b73da22010ba89b89d04fec136a871f
github ste-script/list-sync                         a8c2e8f15e920432dbf009642be668f93a2bcfdc  list-sync-a8c2e8f1                      7979e55a0ab8127d33d0f8218fecb2976807b9ed
github ytakasugi/kafka-tutorial-with-rust           3c54ee3dd495f4532e6a9e4292624053e4ec2e50  kafka-tutorial-with-rust-3c54ee3d       87f4fe624bfbb259d57a79fe60a2119e709618be
github brave/constellation-processors               e5e2f87df654078f618660e0fbd7a5883e1487b2  constellation-processors-e5e2f87d       8f133bc123ead31d46e21e6f895fcd299b809063
github Qureshihasaan/Online_mart_Project            def7aeb5e39ba32232d41103caa00802c050cf1d  Online_mart_Project-def7aeb5            7bb75fbdc60fca3c15bf5d225ab562653f178a36
github AlexanderLukash/fastapi-websocket-chat-kafka c03b2ee6760db4e2c1af1a8bcca0d5799b53d60f  fastapi-websocket-chat-kafka-c03b2ee6   d6b561d72a51579fe4f1bede27839a45cf7f9926
github artemiuss/kafka-capstone-project             61ca255c3faa2a141e8d9bcf405cfef4f92b57f8  kafka-capstone-project-61ca255c         1e2ed4a2a00a9928a647800bc5cc201a36a74323
github paulhtremblay/data-engineering               039271b21547e3d6fb7c7e1914d65a85b9f7054f  data-engineering-039271b2               1ad3a4e67ce6efca2882e43ce0bf586a2ee3e3af
github teju2707/KAFKA-Custimazion-by-PYTHON         456eb834b88847ea308eab77e21376810a861f44  KAFKA-Custimazion-by-PYTHON-456eb834    f5ccd5267035e4471e34db256827e5cd6d85a3fa
github kruxia/pg-capture                            877cf6c138905319489a7d3ff28548368eaf4d52  pg-capture-877cf6c1                     207af70ece513c9f0ef40a2a29aa2f8d23797267
github Alfex4936/kafka-Studies                      861c4bc0cd3757f61eddea74766b6d22cd4f8f59  kafka-Studies-861c4bc0                  c4f3184a3d0454b5302b01349799378663c7ed97
github Noyonchandrasaha/Kafka-Learning             1c60983589d32de11f491ffd9ec303650e9111d6  Kafka-Learning-1c609835                 da0648d2be6ffb8f44500afad6d40045a3f4d171
github nasarali03/training                          932504eed3b2d383b34d2113247a4957b36d90f9  training-932504ee                       20b1978a6483e4122027fd09ca053e22c17a59c6
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

unpack_archive() { # dir src
  local dest="$CACHE/$1" src=$2 tmp="$CACHE/.tmp-$1"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  tar -xzf "$src" -C "$tmp" --strip-components=1 --no-same-owner
  printf '%s\n' "$(basename "$src")" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $1"
}

unpack_github() { # owner/name commit dir tree
  local repo=$1 commit=$2 dir=$3 tree=$4 dest="$CACHE/$3" tmp="$CACHE/.tmp-$3"
  local gd="$MIRRORS/${repo/\//+}/repo"
  [ -d "$gd" ] || die "no mirror of $repo at $gd: bring it with the search tool's fetch (source github:$repo), then run this again"
  git --git-dir="$gd" cat-file -e "$commit^{commit}" 2>/dev/null \
    || die "$repo: commit $commit is not in $gd (fetch github:$repo again)"
  [ "$(git --git-dir="$gd" rev-parse "$commit^{tree}")" = "$tree" ] \
    || die "$repo: tree of $commit is not the pinned $tree"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  if git --git-dir="$gd" archive --format=tar -o "$CACHE/.tmp-$dir.tar" "$commit" 2>/dev/null; then
    tar -xf "$CACHE/.tmp-$dir.tar" -C "$tmp" --no-same-owner
    rm -f "$CACHE/.tmp-$dir.tar"
  else
    # The mirror may lack its largest blobs: write the files blob by blob, skip absent ones.
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
      fetch_sdist "$a" "$b" "$c" "$d"; unpack_archive "$a-$b" "$DL/pypi/$c" ;;
    github)
      [ -f "$CACHE/$c/$MARK" ] && continue
      unpack_github "$a" "$b" "$c" "$d" ;;
    *) die "unknown kind $kind" ;;
  esac
done <<< "$PACKAGES"

echo "$CACHE"
