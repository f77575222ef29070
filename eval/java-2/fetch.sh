#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of the java-2 blind-labelled Java evaluation set onto this
# machine: Maven sources jars through mvn, and public GitHub repositories from bare mirrors.
#
#   bash eval/java-2/fetch.sh                  # corpus goes to /tmp/offsetlint-java2
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/java-2/fetch.sh
#
# Every artifact is pinned to one version and one file (or one commit), sha256-checked, and
# unpacked to $CACHE/<name>-<version>/; labels.tsv names files as <name>-<version>/<path
# inside the artifact>. Idempotent: an unpacked artifact (marker file present) is left alone
# and a jar already in $CACHE/.downloads is reused when its hash matches. Progress goes to
# stderr; the only line on stdout is the corpus root.
#
# Maven artifacts (kind "maven") are fetched with
#   mvn dependency:get -Dartifact=G:A:V:jar:sources -Dtransitive=false
# into the local repository ($MAVEN_REPO, default ~/.m2/repository; a jar already there with the
# pinned sha256 is used as is), copied to $CACHE/.downloads and unzipped as they are (a sources
# jar has no top folder).
#
# GitHub repositories (kind "github") are not downloaded by this script: it reads a bare
# mirror at $OFFSETLINT_GITHUB_MIRRORS/<owner>+<name>/repo (default /work/.mirror), which the
# session's search tool creates with `fetch github:<owner>/<name>`. The pinned commit must be
# in the mirror; the check is the sha256 of `git ls-tree -r --full-tree <commit>` (it pins
# every path and blob id), and the tree is unpacked with `git archive`. A spec of the form
# owner/name@commit:pathspec[,pathspec...] unpacks only those paths (kept where they are),
# for a repository whose Kafka layer is a small part of a large tree, or whose mirror lacks
# the blobs of some large binary files (mmj-cloud: only its *.java and *.yml files; git then
# prints one harmless "invalid object" line for the absent font file and exits 0).
#
# Needs: bash, mvn (Maven 3), python3, git, sha256sum, tar.
# No third-party code is kept in this repository: only this script and the labels.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-java2}"
MIRRORS="${OFFSETLINT_GITHUB_MIRRORS:-/work/.mirror}"
MAVEN_REPO="${MAVEN_REPO:-$HOME/.m2/repository}"
MVN="${MVN:-mvn}"
DL="$CACHE/.downloads"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# kind  name  version  file  sha256
#   maven:  file is group:artifact (the jar is <artifact>-<version>-sources.jar)
#   github: file is owner/name@commit[:pathspec,...]; sha256 is that of the commit's
#           `git ls-tree -r --full-tree`; version is the commit's first 7 hex digits
PACKAGES=$(cat <<'LIST'
maven  vertx-kafka-client                        5.0.7           io.vertx:vertx-kafka-client                                      6415c891f56a6643e6f7245436e3633de98c780b6e176586183f749fa34e9796
maven  debezium-storage-kafka                    3.0.0.Final     io.debezium:debezium-storage-kafka                               3105e0be9871f09162b31980336373d3343909490df5c5fa3c9a855bb766e298
maven  logback-kafka-appender                    0.2.0-RC2       com.github.danielwegener:logback-kafka-appender                  521643a49f92f800ea6490ae46fbd087cf63b76a3203b91b2f3e8d97fa2df928
maven  beam-sdks-java-io-kafka                   2.60.0          org.apache.beam:beam-sdks-java-io-kafka                          8f238ead38e7a5469e4171667f148e0209e67fd57bfad10ac6a9bb6198f4b5ba
maven  conductor-kafka                           3.13.8          com.netflix.conductor:conductor-kafka                            555ab5b0dcc72080a12cf75433f3c1e7b6865de38fde12d0329fb80710613932
maven  spring-cloud-stream-binder-kafka          4.3.0           org.springframework.cloud:spring-cloud-stream-binder-kafka       d878d3ee4626c18b3c890d927cd1379c50eeb6622e23055d3fb3e6d173b0268b
maven  smallrye-reactive-messaging-kafka         4.24.0          io.smallrye.reactive:smallrye-reactive-messaging-kafka           6e631918d98c6c161194095cb7f94f45e95f1de4a42474de0587b74f06a37702
maven  connector-kafka                           2.3.8           org.apache.seatunnel:connector-kafka                             d442c97e14e9047b34f8fcbc9f25a9fc5ba6fc28273c24ae76d2e9b260c2a8e0
maven  openlineage-java                          1.23.0          io.openlineage:openlineage-java                                  7ec5ca60d532004d7a8ef235033914be64e2831b1029377b37e8becf241690b6
maven  zeebe-kafka-exporter                      3.1.1           io.zeebe:zeebe-kafka-exporter                                    0c7c1a80ff2edd72f32789ff9e1095a2fb35c38dd4d10658018ff60167f8a653
maven  kafka-consumer                            2.1.33          com.networknt:kafka-consumer                                     f18932f1d875fe716cc3e90c87527dbc2818757c0bd1a10c908d03d193edf38c
maven  kafka-producer                            2.1.33          com.networknt:kafka-producer                                     a7fc078d5e63def10a6fd6e3e0bb024b747ead41760866d03b82a1a13924ce97
maven  kcache                                    5.0.0           io.kcache:kcache                                                 7a33d995159d64b41b5411bcd563fb1f2f4ec3f2f80be23ca670453b073e22d5
maven  atlas-notification                        2.3.0           org.apache.atlas:atlas-notification                              37edd7cdd07175990402e756639c75b2ddd2436d1588885ff0c0c2b26e89316c
maven  eventuate-messaging-kafka-basic-consumer  0.18.0.RELEASE  io.eventuate.messaging.kafka:eventuate-messaging-kafka-basic-consumer  f7c3e8b19c1d355edd40715cd59b52b1d0dbf2c54e51cf625b400f66585e392b
maven  ignite-kafka                              2.8.1           org.apache.ignite:ignite-kafka                                   7c5a5c29c9ae2727e81c96db5efd58bd89df32a370a530074a6e15ecfb52d782
maven  malhar-kafka                              3.8.0           org.apache.apex:malhar-kafka                                     ddda7bc328195e92e3b928367331815bb245404e3533b0e27b8e5df3f52fe39c
github Swiss-Re                                  f0bf227         A-n-s-h-u-l/Swiss-Re@f0bf22759a7595827887bb2806995f0e1cdf833b    03184e0b60c59dd2cce81d14b5d457d2083b72afd87311bb7bf07d9ca12ca71a
github audit-lib                                 632fbb5         AlKl1M/audit-lib@632fbb59590a718107adf373ce8fe083346b6e11        9632d1145413f29df46aa5053baff8c9557c019d0b89c9820a55883f1e2874d8
github high_throughput_kafka_data_streaming_service 72ff006      danlepham-latest/high_throughput_kafka_data_streaming_service@72ff006785f8abb85fa88dbc66e1dcd74b613ad7  6f3b576b9f803ac22ffc3514a7e5a89d4169a2a006b459e55a3fd2fbebe9f022
github RADAR-Backend                             36e8ae2         RADAR-base/RADAR-Backend@36e8ae2abcdd4f39e712984fbb1dd9cc9a636e02  e4f7a9f33e1f5c2a2b41ca885d4540fd635fc39c0415539e014a38268fac236a
github spring-boot-kafka-quickstarts             14e0572         loicgreffier/spring-boot-kafka-quickstarts@14e0572d77a2cd6bdc53ccbfb064a9bf0e960d59  76cf8b004f6a6c2a633f5b108a08a6fa1707b9888e7d6c8950da5d6ac7b9d23f
github thingsboard                               dfe65d5         thingsboard/thingsboard@dfe65d5abc3aa959aaa853952d74943fbd6867bd:common/queue  644cb0dc509f8e602bf2f9de608bccf387fef032f584452ed902982ae716fa32
github devon4j                                   600e432         devonfw/devon4j@600e432bc81baf2f8723d95e2167d165f2a37b3e:modules/kafka  9840e525b4fccb72ddf1249b6022665ac001b4cffe24b324879553fa7e999ad8
github mmj-cloud                                 de4bcb3         cenbow/mmj-cloud@de4bcb35db509ce929d516d83de765fdc2afdac5::(glob)**/*.java,:(glob)**/*.yml  15a3e618695581eef88d97059bb296e3873754f275e8b98e62835ac8a7aab625
github customer-manager-react-spring-boot        facc42c         AndersonElit/customer-manager-react-spring-boot@facc42c935a119c6c3cadc48386c38b10100a6ee:backend  456271a90446ac3ea13e3673898e8bacff4db70af7d91d5cd29b80a2116dce79
github spring-ecommerce                          39b2a8f         RohanKotian/spring-ecommerce@39b2a8f36abfa12feca84c8c69f25b5f32182e9d  185d14698d75ef155717a98bb37271e5b2e7c82020903e468d44ba56fb429c68
github java-damero                               6e42205         Samoreilly/java-damero@6e42205b26bc16d11d1ceed9ec5e7eefa34c1c17  ccd368ce9ddfd34404b6e5fda6743cf59a7888e65b45319118d609f5816392f9
github spring-boot-saga-pattern                  95e78b9         smokeInCloud060201/spring-boot-saga-pattern@95e78b991d85178fd981fc0bb8417e906a69e4d6  197af7572a36b5f4e0894fcd42b9bef386b7a29b88a8ffac03f3423edeeee685
LIST
)

hash_ok() { # file sha256
  [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]
}

jar_name() { # group:artifact version
  printf '%s-%s-sources.jar' "${1#*:}" "$2"
}

fetch_maven() { # name version ga sha
  local name=$1 version=$2 ga=$3 sha=$4 out="$DL/maven" jar group artifact local_jar
  mkdir -p "$out"
  jar=$(jar_name "$ga" "$version")
  if hash_ok "$out/$jar" "$sha"; then return 0; fi
  rm -f "$out/$jar"
  group=${ga%%:*}; artifact=${ga#*:}
  local_jar="$MAVEN_REPO/${group//.//}/$artifact/$version/$jar"
  if ! hash_ok "$local_jar" "$sha"; then
    log "mvn dependency:get $ga:$version:jar:sources"
    $MVN -q -B dependency:get -Dartifact="$ga:$version:jar:sources" -Dtransitive=false \
      -Dmaven.repo.local="$MAVEN_REPO" >&2 || die "mvn could not fetch $ga:$version sources"
  fi
  hash_ok "$local_jar" "$sha" || die "$jar missing from $MAVEN_REPO or sha256 mismatch"
  cp "$local_jar" "$out/$jar"
}

mirror_of() { # owner/name@commit[:pathspecs] -> git dir
  local repo=${1%@*}
  printf '%s/%s+%s/repo' "$MIRRORS" "${repo%/*}" "${repo#*/}"
}

commit_of() { # owner/name@commit[:pathspecs] -> commit
  local rest=${1#*@}
  printf '%s' "${rest%%:*}"
}

subdir_of() { # owner/name@commit[:pathspecs] -> pathspecs (comma-separated) or empty
  local rest=${1#*@}
  case "$rest" in *:*) printf '%s' "${rest#*:}" ;; *) printf '' ;; esac
}

check_github() { # spec sha
  local spec=$1 sha=$2 commit git
  commit=$(commit_of "$spec")
  git=$(mirror_of "$spec")
  [ -d "$git" ] || die "no mirror of ${spec%@*} at $git: fetch it first (search tool: fetch github:${spec%@*})"
  git --git-dir="$git" cat-file -e "$commit^{commit}" 2>/dev/null \
    || die "commit $commit not in the mirror $git (fetch the repository again)"
  [ "$(git --git-dir="$git" ls-tree -r --full-tree "$commit" | sha256sum | cut -d' ' -f1)" = "$sha" ] \
    || die "tree of ${spec} does not match the pinned sha256"
}

unpack() { # kind name version file
  local kind=$1 name=$2 version=$3 file=$4 dest="$CACHE/$2-$3" tmp sub
  [ -f "$dest/$MARK" ] && return 0
  tmp="$CACHE/.tmp-$name-$version"
  rm -rf "$tmp" "$dest"; mkdir -p "$tmp"
  case "$kind" in
    maven) python3 -m zipfile -e "$DL/maven/$(jar_name "$file" "$version")" "$tmp" ;;
    github)
      sub=$(subdir_of "$file")
      if [ -n "$sub" ]; then
        local -a specs
        IFS=, read -r -a specs <<< "$sub"
        git --git-dir="$(mirror_of "$file")" archive --format=tar "$(commit_of "$file")" -- "${specs[@]}" | tar -xf - -C "$tmp"
      else
        git --git-dir="$(mirror_of "$file")" archive --format=tar "$(commit_of "$file")" | tar -xf - -C "$tmp"
      fi ;;
    *) die "unknown kind $kind" ;;
  esac
  printf '%s %s %s\n' "$name" "$version" "$file" > "$tmp/$MARK"
  mv "$tmp" "$dest"
  log "unpacked $name-$version"
}

mkdir -p "$CACHE" "$DL"
while read -r kind name version file sha; do
  [ -n "$kind" ] || continue
  case "$kind" in
    maven) fetch_maven "$name" "$version" "$file" "$sha" ;;
    github) check_github "$file" "$sha" ;;
    *) die "unknown kind $kind" ;;
  esac
  unpack "$kind" "$name" "$version" "$file"
done <<< "$PACKAGES"

echo "$CACHE"
