#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of offsetlint's fresh-4 blind evaluation set onto this machine.
#
#   root=$(bash eval/fresh-4/fetch.sh)              # corpus goes to /tmp/offsetlint-fresh4
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-4/fetch.sh
#
# Three kinds of artifact, each pinned and checked:
#   sdist: pip download --no-deps --no-binary NAME NAME==VERSION; sha256 of the file checked.
#   crate: cargo fetch in a throwaway project (dependency "=VERSION"); sha256 of the .crate checked.
#   github: a public repository at a pinned commit. pip and cargo cannot bring these: the lead
#           brings each one with the search tool's `fetch` (github:OWNER/NAME), which leaves a bare
#           mirror at $OFFSETLINT_MIRROR_ROOT/OWNER+NAME/repo (default /work/.mirror). This script
#           then checks that the pinned commit is there and that its tree id is the pinned one (git
#           object ids are content hashes: the tree id pins every file), and unpacks that commit
#           with `git archive` (or, when the mirror lacks some large data blobs, file by file,
#           skipping the absent blobs, none of which is labelled). A missing mirror is reported
#           with the fetch to run, and the script fails.
# Every artifact is unpacked to $CACHE/<dir>/ (an sdist's or crate's top folder stripped):
# <name>-<version> for sdists and crates, <name>-<first 8 hex of the commit> for repositories.
# labels.tsv names files as <dir>/<path inside the artifact>.
# Idempotent: an artifact already unpacked (marker file present) is left alone, and a download
# already in $CACHE/.downloads is reused when its hash matches.
# Progress goes to stderr; the only line on stdout is the corpus root.
#
# Needs: bash, python3 + pip, cargo, git, sha256sum, tar.
# No third-party code is kept in this repository: only this script, the labels and the README.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh4}"
MIRRORS="${OFFSETLINT_MIRROR_ROOT:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
CARGO="${CARGO:-cargo}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# sdist  name                   version  file                                   sha256
# crate  name                   version  file                                   sha256
# github owner/name             commit   dir                                    tree id of the commit
PACKAGES=$(cat <<'LIST'
sdist  m-kafka-sdk              0.1.6    m-kafka-sdk-0.1.6.tar.gz               4bbd3c273d0f61064a3a336d9e8b134ae1b1f91ad794e91f350fbed347c85213
sdist  resistant-kafka          0.8      resistant_kafka-0.8.tar.gz             ae8fed7b8ca496a91bd70a77c581b8fa699655c67c6cded265ebb89497ad7c71
sdist  kafka-processor          0.0.7    kafka_processor-0.0.7.tar.gz           b48c0824362196b5a467e5a94c97f2b65da425fbdfeb39e6dc6572fb542db3dc
sdist  pepsales-retry-lib       1.0.3    pepsales_retry_lib-1.0.3.tar.gz        425054f3214f58dd405302f50596bffe260c22dfe997411bd17628c31a0fd899
sdist  simpl-kafka-wrapper      0.2.3    simpl_kafka_wrapper-0.2.3.tar.gz       bc432d85095410b3eba0194c71181c40991809660baafffe784fc04e4d91b022
sdist  netbox-kafka-consumer    1.0.16   netbox-kafka-consumer-1.0.16.tar.gz    370ef7b15ab5b18e3ec02c113b89848fdc83c1cf900e61ede495c49b4c572923
sdist  easy-kafka               0.0.4    easy_kafka-0.0.4.tar.gz                36275bbc21c0d0d76be70de3e2abd4d007be5e77699c1cf11a066bb851d0f8f5
sdist  cb-kafka-consumer        0.1.6    cb_kafka_consumer-0.1.6.tar.gz         ee9d0f7fe60cb49bedf8ea538d941b7c5572d643d2557154a10d2b24488f9a9a
sdist  pyxi-kafka-client        0.0.6    pyxi_kafka_client-0.0.6.tar.gz         e2fd35aa66cd9c07555903153cd3abd5d3d0c4659d0f0a1c95c98d16d9ca5105
sdist  relaybus-kafka           0.1.0    relaybus_kafka-0.1.0.tar.gz            0672d55dc2ca3da1c5a73d638f86833538ed77416d3b0b0c3e6a664e8ee0a6a2
sdist  omnixys-kafka            4.0.0    omnixys_kafka-4.0.0.tar.gz             aa59fb6ac574d0d926a2b8189f65607da9ae4789c86f1e5ad03b00dd08701e2a
sdist  archipy-kafka            5.21.2   archipy_kafka-5.21.2.tar.gz            271d9136acf30cfa5596a96e44f5cded827bc1eb9998df042bfa804587c31a72
sdist  onestep-kafka            0.1.3    onestep_kafka-0.1.3.tar.gz             2a87b06036b119fe5e480dc43a6532cae6772c44a9b927cb319b782ff9c5aa04
sdist  django-kafka-streamer    1.4.1    django_kafka_streamer-1.4.1.tar.gz     20c043e6f9d865ea32ef9ef9182e07e7be167e8cc28121fb8ca311cfb5e50167
crate  novax-rdkafka            0.0.1    novax-rdkafka-0.0.1.crate              b03290e11823b1dd0e1945c94b11feb5fe3276adbac8ae7c390fcf1757776d44
github Informasjonsforvaltning/fdk-rdf-postman     ecdc7dbf543770a0365f09fcaafcbb5dcebe2b76  fdk-rdf-postman-ecdc7dbf      7dcff3f2805d9e966f814ad70173a6f39723c900
github Informasjonsforvaltning/fdk-mqa-url-checker e61fe5d553a7445e65501e95f86764b99ded1e2f  fdk-mqa-url-checker-e61fe5d5  adc395abb42cac75739446dd622bb6e2fc98baaa
github Informasjonsforvaltning/fdk-mqa-assmentator 8f27e9c017b7710e1f04e354a8d667fe35ccd2ef  fdk-mqa-assmentator-8f27e9c0  3f921f7ac727b5a41d807e94f0793dfcc23e192a
github BQClean/staff                               7049579614d94bfaac99e4494f01f59848976efb  staff-70495796                51d6c48dcf4822e1cd3e49014afcb4494889d7ae
github painkillergodsw/PROJECT_RAZGROM             a79c95a1cbdb0b2cb9d2e45cb51d32ab29480c9b  PROJECT_RAZGROM-a79c95a1      c9c28108be922a68839083cf871f60fbd71ce18a
github Alexey-Koltsov/microservices                fafcbe0cc32afb9b0f6a350b8ea4f22f367829c5  microservices-fafcbe0c        9d4ab99add459d49988b990e930d2470f0bff2c2
github egor-hramkov/fastApiOrders                  21c79d211024deb8c3f284f09b1e83a089a1bf68  fastApiOrders-21c79d21        9a365b4d4a01fe1c377317b4f6cb4538edb3963c
github Ariel-Yu/kafka-palyground                   c58f2453ae7a6304e3cec8ccbc57b7f004906842  kafka-palyground-c58f2453     e94bd2a27ec4d1d94f45f5fa775584c482119342
github kartikgurnani/AI-FraudProtection-Service  11d61f3beabee7d885609eafc93ae409ee8dd70b  AI-FraudProtection-Service-11d61f3b  5c9a650bde3a38959090e607363e914a68da9416
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

fetch_crate() { # name version file sha
  local name=$1 version=$2 file=$3 sha=$4 out="$DL/crates"
  mkdir -p "$out"
  if hash_ok "$out/$file" "$sha"; then return 0; fi
  local proj="$DL/cargo-project-$name"
  rm -rf "$proj"; mkdir -p "$proj/src"
  printf 'fn main() {}\n' > "$proj/src/main.rs"
  cat > "$proj/Cargo.toml" <<TOML
[package]
name = "offsetlint-eval-fetch"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
"$name" = { version = "=$version", default-features = false }

[workspace]
TOML
  log "cargo fetch $name==$version"
  (cd "$proj" && $CARGO fetch >&2)
  local home="${CARGO_HOME:-$HOME/.cargo}" found=""
  for f in "$home"/registry/cache/*/"$file"; do
    if hash_ok "$f" "$sha"; then found=$f; break; fi
  done
  [ -n "$found" ] || die "$file not found in $home/registry/cache with the pinned sha256"
  cp "$found" "$out/$file"
  rm -rf "$proj"
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
  if ! git --git-dir="$gd" archive --format=tar -o "$CACHE/.tmp-$dir.tar" "$commit" 2>/dev/null; then
    # The mirror may lack its largest blobs (data files of 4 MiB and more): write the files
    # blob by blob and skip the absent ones (the labels name none of them).
    rm -f "$CACHE/.tmp-$dir.tar"
    local mode type oid path
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
      fetch_sdist "$a" "$b" "$c" "$d"; unpack_archive "$a-$b" "$DL/pypi/$c" ;;
    crate)
      [ -f "$CACHE/$a-$b/$MARK" ] && continue
      fetch_crate "$a" "$b" "$c" "$d"; unpack_archive "$a-$b" "$DL/crates/$c" ;;
    github)
      [ -f "$CACHE/$c/$MARK" ] && continue
      unpack_github "$a" "$b" "$c" "$d" ;;
    *) die "unknown kind $kind" ;;
  esac
done <<< "$PACKAGES"

echo "$CACHE"
