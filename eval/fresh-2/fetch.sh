#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of the fresh-2 blind-labelled set (labels.tsv beside this
# script) onto this machine.
#
#   bash eval/fresh-2/fetch.sh                  # corpus goes to /tmp/offsetlint-fresh2
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/fresh-2/fetch.sh
#   OFFSETLINT_MIRRORS=DIR bash eval/fresh-2/fetch.sh   # where the repository snapshots are
#
# Two kinds of artifact:
#   sdist   a PyPI source distribution, downloaded by name and version with pip, sha256 checked.
#   github  a public repository at one pinned commit. This machine reaches no code host, so the
#           script does not download these: the lead brings each snapshot once with the search
#           tool's fetch (source "github:OWNER/NAME"), which leaves a bare git directory at
#           $OFFSETLINT_MIRRORS/OWNER+NAME/repo (default /work/.mirror). The script then checks
#           that the pinned commit is there and that its root tree id is the pinned one (a git
#           tree id is a hash of the whole content), and exports that commit with git archive.
#           A repository whose snapshot lacks some large blobs (the snapshot omits files of
#           4 MiB and more) lists the top-level entries to leave out in the last column.
#
# Every artifact is unpacked, with its archive's top folder stripped, to
# $CACHE/<name>-<version>/ (for github: <repo name>-<first 7 hex digits of the commit>/).
# labels.tsv names files as <package_dir>/<path inside it>.
# Idempotent: an artifact already unpacked (marker file present) is left alone and a download
# already in $CACHE/.downloads is reused when its hash matches.
# Progress goes to stderr; the only line on stdout is the corpus root.
#
# Needs: bash, python3 + pip, git, sha256sum, tar.
# No third-party code is kept in this repository: only this script, the labels and the README.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-fresh2}"
MIRRORS="${OFFSETLINT_MIRRORS:-/work/.mirror}"
DL="$CACHE/.downloads"
PIP="${PIP:-python3 -m pip}"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# sdist   name                               version  file                                        sha256
# github  owner/name                         commit                                    tree                                      exclude(top-level, comma-separated, or -)
PACKAGES=$(cat <<'EOF'
sdist  bluesky-kafka                      0.10.0  bluesky-kafka-0.10.0.tar.gz                      5aab55d4d47261327d0ab6c7f76d2b079f93f625917ee118dd9e638b94f1929f
sdist  kafka-messaging                    1.1.1   kafka_messaging-1.1.1.tar.gz                     766b13e810be42b583964da2872315f4b734b596607dec14bb5926a09f93da9f
sdist  kafka-handler                      1.0.4   kafka_handler-1.0.4.tar.gz                       65017ea34ab084da5622595d5e9f3f4c94a655966bd5927c6136980a4d69c329
sdist  kafka-python-app                   0.3.7   kafka_python_app-0.3.7.tar.gz                    07274c453ee1a7e99efd8ff853d34f82b67e36f6fe93669f2915b11b5c2ddeff
sdist  kafkaloghandler                    0.9.0   kafkaloghandler-0.9.0.tar.gz                     cdca2ba180616f806ee713184587efdfa105d4cd96b581fc424e1228a3eb7f42
sdist  kafka-smart-producer               0.0.1   kafka_smart_producer-0.0.1.tar.gz                316e8b3f790059a5a1e090fd29fe34185d150f755c6e0af3748d2b2d3752ebf9
sdist  clean-confluent-kafka              0.6.1   clean_confluent_kafka-0.6.1.tar.gz               8b5fef465c2edfc523626bec3f95773f738426f8e786768ad3dfce0489d1f0fb
sdist  confluent-kafka-producers-wrapper  0.0.6   confluent_kafka_producers_wrapper-0.0.6.tar.gz   99407df1afa3f0b9c38cdf5201c3d956e0034394210bb4b309149dbc382345d4
github RedHatInsights/insights-puptoo               8adf7f2b469d10f7b1fbb5e11885fd1e3fe2df29  1cdd34a1227ef98ad7d7f91214ab3024206fde4f  -
github RedHatInsights/insights-storage-broker       7dac382a8dfc2fa24e1be89a83bf89a39ed2b82c  892926696c721cd3719de3be14bde97ef9290453  -
github RedHatInsights/ros-backend                   e6883ed915554ddc3c9d02910ebda64ff614d433  554249284e83476e33aa34e5669f9aa101fa0b22  sample-files
github bilalmk/online_store                         c21f51a535cdafb1c9046eba8368aa186ddddabb  ca37a9998f87c7d7783a831bda0c5ba43f17dc8f  -
github drogue-iot/drogue-cloud                      8aa49b2482442bb13d54d97a308a16f476ace203  16191f04e9e552b06be2a240e87e2933b71436eb  -
github Dark-Vinci/mel                               6ccee739cae27a054508a2e269ec6c8538cf3fda  3bdcaf0d3861315da24e5213857b1b0a55ec8c97  -
github fede1024/kafka-view                          6dfb045117ed5f0f571ccb7e8e7f99f1950ffc95  2ec66ae9bdc80a0e74b77a8ad049bd3ab06a1673  -
github sourabpramanik/eda-kafka-rust-go-surrealdb   d06fd99e112fe3652f7bc6a1ad107f927e827171  a6da7021598ad2532f5d3e52574d5f2919f00273  -
github octopus-network/octopus-near-indexer-kafka   446bdd718cbbe74cc535bbc08927be430f0c8bbb  0ae4c3fda5307229e024a90f9d7a7ae7a5f8ce9f  -
github gridgentoo/vivaz-vistoria-api                0deabb69dc868cc3a2fe39ccecb69897af6984a7  d4b42136d03b2a04db8c79154e5b0916f5f60ff8  -
github joseamolina/anomally_detection_techniques_rust 63d3982a323e28f21a59840323d6ce40c05b0527 a605abc097371bc15f7cd1eaca9380a7f01c2f1d -
github boom-astro/boom                              8ebd463d63b56ba841061c5b9f81e142941227a8  14dfd523c964e51e83bfc30128f2eb25a9006ea7  -
EOF
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
  local name=$1 version=$2 file=$3 dest="$CACHE/$1-$2" tmp
  [ -f "$dest/$MARK" ] && return 0
  tmp="$CACHE/.tmp-$name-$version"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  tar -xzf "$DL/pypi/$file" -C "$tmp" --strip-components=1 --no-same-owner
  printf '%s %s %s\n' "$name" "$version" "$file" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $name-$version"
}

unpack_github() { # owner/name commit tree exclude
  local slug=$1 commit=$2 tree=$3 exclude=$4
  local repo=${slug#*/} git_dir="$MIRRORS/${slug/\//+}/repo"
  local dest="$CACHE/$repo-${commit:0:7}" tmp got entries=() e
  [ -f "$dest/$MARK" ] && return 0
  [ -d "$git_dir" ] || die "no snapshot of $slug at $git_dir: bring it with the search tool's fetch (source github:$slug), then run this script again"
  git --git-dir="$git_dir" cat-file -e "$commit^{commit}" 2>/dev/null \
    || die "$slug: commit $commit is not in the snapshot at $git_dir"
  got=$(git --git-dir="$git_dir" rev-parse "$commit^{tree}")
  [ "$got" = "$tree" ] || die "$slug: commit $commit has tree $got, pinned $tree"
  while IFS= read -r e; do
    case ",$exclude," in *",$e,"*) continue ;; esac
    entries+=("$e")
  done < <(git --git-dir="$git_dir" ls-tree --name-only "$commit")
  tmp="$CACHE/.tmp-$repo-${commit:0:7}"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  if [ "$exclude" = - ]; then log "git archive $slug@${commit:0:12}"
  else log "git archive $slug@${commit:0:12} (without $exclude)"; fi
  # git may warn about blobs the snapshot lacks under an excluded entry; the count check decides.
  git --git-dir="$git_dir" archive --format=tar "$commit" -- "${entries[@]}" 2>/dev/null \
    | tar -x -C "$tmp" --no-same-owner
  local want have
  want=$(git --git-dir="$git_dir" ls-tree -r "$commit" -- "${entries[@]}" | awk '$2 == "blob"' | wc -l)
  have=$(cd "$tmp" && find . \( -type f -o -type l \) | wc -l)
  [ "$want" -eq "$have" ] || die "$slug: exported $have files, expected $want"
  printf '%s %s %s\n' "$slug" "$commit" "$tree" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $repo-${commit:0:7}"
}

mkdir -p "$CACHE" "$DL"
while read -r kind a b c d; do
  [ -n "$kind" ] || continue
  case "$kind" in
    sdist) fetch_sdist "$a" "$b" "$c" "$d"; unpack_sdist "$a" "$b" "$c" ;;
    github) unpack_github "$a" "$b" "$c" "${d:--}" ;;
    *) die "unknown kind $kind" ;;
  esac
done <<< "$PACKAGES"

echo "$CACHE"
