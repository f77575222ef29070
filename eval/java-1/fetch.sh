#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of the java-1 blind-labelled evaluation set onto this
# machine: Java sources jars of Maven artifacts through Maven, and eight public GitHub
# repositories from a bare mirror.
#
#   bash eval/java-1/fetch.sh                  # corpus goes to /tmp/offsetlint-java1
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/java-1/fetch.sh
#
# Every artifact is pinned to one version and one file, sha256-checked, and unpacked to
# $CACHE/<name>-<version>/; labels.tsv names files as <name>-<version>/<path inside the
# artifact>. Idempotent: an unpacked artifact (marker file present) is left alone and a
# download already in $CACHE/.downloads is reused when its hash matches. Progress goes to
# stderr; the only line on stdout is the corpus root.
#
# Maven artifacts (kind "maven"): `mvn dependency:get -Dartifact=G:A:V:jar:sources
# -Dtransitive=false` puts the sources jar in the local Maven repository ($M2_REPO, default
# ~/.m2/repository); the jar is copied from there, checked and unzipped (a sources jar has
# no top folder).
#
# GitHub repositories (kind "github") are not downloaded by this script: it reads a bare
# mirror at $OFFSETLINT_GITHUB_MIRRORS/<owner>+<name>/repo (default /work/.mirror), which the
# session's search tool creates with `fetch github:<owner>/<name>`. The pinned commit must be
# in the mirror; the check is the sha256 of `git ls-tree -r --full-tree <commit>` (it pins
# every path and blob id), and the tree is unpacked with `git archive`.
#
# Needs: bash, mvn (and a JDK), python3, git, sha256sum, tar.
# No third-party code is kept in this repository: only this script and the labels.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-java1}"
MIRRORS="${OFFSETLINT_GITHUB_MIRRORS:-/work/.mirror}"
M2_REPO="${M2_REPO:-$HOME/.m2/repository}"
MVN="${MVN:-mvn}"
DL="$CACHE/.downloads"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# kind  name  version  file  sha256
#   maven: file is groupId:artifactId:version (the sources jar of it)
#   github: file is owner/name@commit; sha256 is that of the commit's `git ls-tree -r --full-tree`;
#     an optional sixth field exclude=PATH[,PATH] leaves those paths out of the unpacked tree
#     (large data files the mirror may hold as listed-but-absent blobs; no label points there)
#     git archive may still print "invalid object" for an excluded absent blob; it exits 0.
PACKAGES=$(cat <<'LIST'
maven  flume-kafka-source          1.11.0   org.apache.flume.flume-ng-sources:flume-kafka-source:1.11.0        40f16bf74e288655f7363380ade124a2954ce56ced38388996ce90ff3e8106d1
maven  flume-ng-kafka-sink         1.11.0   org.apache.flume.flume-ng-sinks:flume-ng-kafka-sink:1.11.0         979c97a8dd7b3c8b9313c78315d2efcd80d2f49368f6f3ae092d157bb7dcaf0d
maven  flume-kafka-channel         1.11.0   org.apache.flume.flume-ng-channels:flume-kafka-channel:1.11.0      24bc946851b8ec3d0bf44127c55f4dd0d986e3ace245728162ac72a1d08e2081
maven  storm-kafka-client          2.6.4    org.apache.storm:storm-kafka-client:2.6.4                          8f5f3188904634c3b384369d800f994c835028abde939698bd17eaa48d3350d0
maven  zipkin-sender-kafka         3.5.1    io.zipkin.reporter2:zipkin-sender-kafka:3.5.1                      273c03f8fa5f203f78e964c706e08e9b90ff42692412e37fb6c35a4e64a05109
maven  spring-integration-kafka    7.1.2    org.springframework.integration:spring-integration-kafka:7.1.2     f0630d318f913b3c901dd3fc91a9893fb3c2ac806c5065d1088a6b1b9173a773
maven  camel-kafka                 4.22.0   org.apache.camel:camel-kafka:4.22.0                                a4a3844d376a69890bc8b8f773228aa46c68df3a8cde1a343ded1cc35b135054
github kafka-starter               b030377  hgs-study/kafka-starter@b030377baf24d946d43ad5c195e2ce4875fdf4b7                  a81db28f0302577245765fa16470fc690e1a2c5b219d25e25294239557b8ec11
github kafka-course-java           6b2386c  hello-world-capitanes/kafka-course-java@6b2386c30329ea1c8d602b2f7315f9340896bb4a  a456694a506e634e89506393add97a2f6a2ae261b4b99af3db10679f2556354d
github kafka-teste                 c6e2a74  joaovbrocchi/kafka-teste@c6e2a74b631f3baf4ef734100be0b10af1cdc302                 cd4d38daceff9b3120f02be30af1adbe15163a859db1a3adf41163c7377bcb26
github kafka-java-consumer         f227199  leancloud/kafka-java-consumer@f22719995c57eb66a411b98b1ed71e2dbad940f9            40a8fb0b2b97e35b38a7c3d2aa689bc577b11a639c232df2af1ed44e7b70dcbf
github kafka-exactly-once-tutorial c4ee306 ankitaluthra1/kafka-exactly-once-tutorial@c4ee3068617f1706a9f20ddc2b8176c150680091  6c3ff49dad9f92f64a2d1a7b256c165a8d42b60b7ea8344b4994adef94933dd0
github KafkaStreamsInAction2ndEdition 43503d3 bbejeck/KafkaStreamsInAction2ndEdition@43503d3517c4f0b6bf70a66d3b14c1d291adc219  f4f574d165d17a32e86e4297d6f91f44007d2f051097d0329714212abc9ebbc7
github t1-aop                     84eee66  Denec32/t1-aop@84eee66a28b9b94be96bd5d17d221c4044338928                          d463f072f0b77231230ece40e5cb08b54db9e5ac3738b5882f1de7484980da43
github ocr-service                59e5711  albertogce/ocr-service@59e5711a41fc977fd675c8c16a8bef72350138ff                  0f55bd30f3166be7838391f675b551e2884354b43f7867f6a2702863457ee3db  exclude=services/ocr-service/src/main/resources/tessdata
LIST
)

hash_ok() { # file sha256
  [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]
}

jar_name() { # g:a:v -> a-v-sources.jar
  local gav=$1 rest a v
  rest=${gav#*:}; a=${rest%%:*}; v=${rest#*:}
  printf '%s-%s-sources.jar' "$a" "$v"
}

fetch_maven() { # gav sha
  local gav=$1 sha=$2 out="$DL/maven" g a v rest jar local_jar
  mkdir -p "$out"
  jar=$(jar_name "$gav")
  if hash_ok "$out/$jar" "$sha"; then return 0; fi
  rm -f "$out/$jar"
  g=${gav%%:*}; rest=${gav#*:}; a=${rest%%:*}; v=${rest#*:}
  local_jar="$M2_REPO/${g//.//}/$a/$v/$jar"
  if ! hash_ok "$local_jar" "$sha"; then
    log "mvn dependency:get $gav:jar:sources"
    $MVN -q -B -Dstyle.color=never dependency:get -Dmaven.repo.local="$M2_REPO" \
      -Dartifact="$gav:jar:sources" -Dtransitive=false >&2
  fi
  hash_ok "$local_jar" "$sha" || die "$jar missing in $M2_REPO or sha256 mismatch after download"
  cp "$local_jar" "$out/$jar"
}

mirror_of() { # owner/name@commit -> git dir
  local repo=${1%@*}
  printf '%s/%s+%s/repo' "$MIRRORS" "${repo%/*}" "${repo#*/}"
}

check_github() { # spec sha
  local spec=$1 sha=$2 commit=${1#*@} git
  git=$(mirror_of "$spec")
  [ -d "$git" ] || die "no mirror of ${spec%@*} at $git: fetch it first (search tool: fetch github:${spec%@*})"
  git --git-dir="$git" cat-file -e "$commit^{commit}" 2>/dev/null \
    || die "commit $commit not in the mirror $git (fetch the repository again)"
  [ "$(git --git-dir="$git" ls-tree -r --full-tree "$commit" | sha256sum | cut -d' ' -f1)" = "$sha" ] \
    || die "tree of ${spec} does not match the pinned sha256"
}

unpack() { # kind name version file [exclude=PATH,..]
  local kind=$1 name=$2 version=$3 file=$4 extra=${5:-} dest="$CACHE/$2-$3" tmp p
  local -a spec=() excl=()
  if [ -n "$extra" ]; then
    case "$extra" in exclude=*) ;; *) die "unknown field $extra" ;; esac
    spec=(-- .)
    IFS=, read -r -a excl <<< "${extra#exclude=}"
    for p in "${excl[@]}"; do spec+=(":(exclude)$p"); done
  fi
  [ -f "$dest/$MARK" ] && return 0
  tmp="$CACHE/.tmp-$name-$version"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  case "$kind" in
    maven) python3 -m zipfile -e "$DL/maven/$(jar_name "$file")" "$tmp" ;;
    github) git --git-dir="$(mirror_of "$file")" archive --format=tar "${file#*@}" "${spec[@]}" | tar -xf - -C "$tmp" ;;
    *) die "unknown kind $kind" ;;
  esac
  printf '%s %s %s\n' "$name" "$version" "$file" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $name-$version"
}

mkdir -p "$CACHE" "$DL"
while read -r kind name version file sha extra; do
  [ -n "$kind" ] || continue
  case "$kind" in
    maven) fetch_maven "$file" "$sha" ;;
    github) check_github "$file" "$sha" ;;
    *) die "unknown kind $kind" ;;
  esac
  unpack "$kind" "$name" "$version" "$file" "$extra"
done <<< "$PACKAGES"

echo "$CACHE"
