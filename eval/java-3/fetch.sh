#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of the java-3 blind-labelled Java evaluation set onto this
# machine from bare mirrors of public GitHub repositories.
#
#   bash eval/java-3/fetch.sh                  # corpus goes to /tmp/offsetlint-java3
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/java-3/fetch.sh
#
# Every artifact is pinned to one commit, sha256-checked, and unpacked to
# $CACHE/<name>-<version>/; labels.tsv names files as <name>-<version>/<path inside the
# repository>. Idempotent: an unpacked artifact (marker file present) is left alone. Progress
# goes to stderr; the only line on stdout is the corpus root.
#
# All java-3 artifacts are GitHub repositories (kind "github"). This script does not download
# them: it reads a bare mirror at $OFFSETLINT_GITHUB_MIRRORS/<owner>+<name>/repo (default
# /work/.mirror), which the session's search tool creates with `fetch github:<owner>/<name>`.
# The pinned commit must be in the mirror (student-management-system-microservice- is pinned
# to the tip of its develop/1 branch, not to its default branch); the check is the sha256 of
# `git ls-tree -r --full-tree <commit>` (it pins every path and blob id), and the tree is
# unpacked with `git archive`. A spec of the form owner/name@commit:pathspec[,pathspec...]
# unpacks only those paths (kept where they are), for a repository whose Kafka layer is a small
# part of a large tree, or whose mirror lacks the blobs of some large binary files (kakao,
# kun-scheduler, data-prepper, shenyu, inlong: git then prints one harmless "invalid object"
# line for a file outside the pathspecs and exits 0).
#
# The "maven" kind of eval/java-2/fetch.sh is kept (sources jars through
# `mvn dependency:get -Dartifact=G:A:V:jar:sources -Dtransitive=false`, sha256-checked) but no
# java-3 artifact uses it.
#
# Needs: bash, python3, git, sha256sum, tar (and mvn only for maven rows).
# No third-party code is kept in this repository: only this script and the labels.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-java3}"
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
# kind  name  version  file  sha256
#   github: file is owner/name@commit[:pathspec,...]; sha256 is that of the commit's
#           `git ls-tree -r --full-tree`; version is the commit's first 7 hex digits
#   maven:  file is group:artifact (the jar is <artifact>-<version>-sources.jar)
PACKAGES=$(cat <<'LIST'
github SmartMarket-BE-KLTN                    d2d9b2d  viet3042000/SmartMarket-BE-KLTN@d2d9b2d62ecd4af271556ed947ac6e370bea8852  dd07ddec74095eec7d8770cc962530d5c83977ee7b98d01cd7a2c1325ed5d711
github order-saga-pattern                     cd14d77  cloud4java/order-saga-pattern@cd14d77378d6da94e99abd2828293792fced6919  5a4428d59569a1f3ce9a1cb3b35bfa91e6916213e7083123d1d5804340d82259
github galapagos                              51df70d  HermesGermany/galapagos@51df70d8c14c5bcdc38873cf6fca1feb466a4641  b00e8d9fbe17784ab899099eca4f43eb21201eaeaa109fd1d742f573eee16f16
github kafka-sink-connector                   da676e5  kakao/kafka-sink-connector@da676e541d47b0eae6870a6aed1622a981f1a7c2:src  2a1073ca1bfc250554d34c00402746cfc58f2dc4161baf0b88d627fb9b53f7d1
github common-kafka                           05d875a  cerner/common-kafka@05d875a26e46455698556f8b44eedab9a0a686a5  2a4b0c22b5a1fc777a952cdee16e4cedcc945e792deec621c9ab7b37e6c5e5d4
github streamsx.kafka                         68f1d4f  IBMStreams/streamsx.kafka@68f1d4facbbfe0035afcceb3930d04d044904081  475eb5ab33f1d4860d507c92765f5841d49015c77d3722935fb6f7b1fa43d8d2
github tributary                              865699a  zicat/tributary@865699a16666903f06701b7794a1a61bdeba262f  0426d36c7e140468e103b3bfc579e598dff165db5aa35d96c401547c317f5a93
github kafka-elasticsearch-consumer           f269519  BigDataDevs/kafka-elasticsearch-consumer@f26951981fcf9c651029da0a0e264403c87a055e  b7e67f61e6e3687c438711cb667770f2907570ba1da9753ef6c2968b1cba0671
github GoEats                                 e8f2e9b  ressKim-io/GoEats@e8f2e9b94700a3ff8ff7911340107ff9daa9d50a  788b9e0c3c7cd979a738d8b8c9c2bb2495d3e1218f155cf0379344af73d97119
github secor                                  7b92117  pinterest/secor@7b9211762aa12f7ad48b66447dec8ac1afa09fac  6e74de08cf5e5906a4942c3912c00e101781b0037d9a2dae2cb654df0802a6af
github zipkin                                 878ce2a  openzipkin/zipkin@878ce2a1fad54ca941d17fdcf2e1d924b148eb1f:zipkin-collector/kafka  a8e166ef2ac39ed64f96dc113ad568a4dfbf26be71a1954dabcea0dcd79d0e5f
github maxwell                                b600e51  zendesk/maxwell@b600e5190c3cd6051a498dd443910d30860b78f5  02900e83547b01ed196c5b72267ba3b2fd10e78ced4b42db280d9cea5828a95f
github extensions                             419677e  galasa-dev/extensions@419677ede9ac84ecef33c035df0338da0777f2b7  84045c02598e75088c84518f4edb02e3f9b5b59afbd349035026dfe1c45893cc
github kun-scheduler                          eb11176  miotech/kun-scheduler@eb11176896d3867ea3fa219a1223c8917461927e:kun-workflow/kun-workflow-core,kun-metadata/kun-metadata-databuilder  402d82629c8b96b68e9549931ac64537e1c674b0cca4909d0426a6767d21318e
github student-management-system-microservice df3d7f3  buitrangt/student-management-system-microservice-@df3d7f3e131056870048e6bd08acf59b423505c1  31a8dd27fcc7adfaeb9449c56c1fafa47fb10e31595f047892d0e04a6259163f
github skywalking                             5839d2a  apache/skywalking@5839d2ad4237dca0bf2eed7d8cd3758ef7bef39a:oap-server/exporter/src/main/java/org/apache/skywalking/oap/server/exporter/provider/kafka,oap-server/server-fetcher-plugin/kafka-fetcher-plugin,oap-server/server-receiver-plugin/zipkin-receiver-plugin/src/main/java/org/apache/skywalking/oap/server/receiver/zipkin/kafka  36eaa54dbd7e50b94056291b096a7eff4af6cd66de269852b874c86beac071c9
github streampipes                            a731c89  apache/streampipes@a731c895611080344bd66dda27d1c9a77fea59ca:streampipes-messaging-kafka,streampipes-extensions/streampipes-connectors-kafka  2e001e0fbcf76dee32d6add847b595b27353c1a0e60be1662aa50789772f4b5c
github data-prepper                           4e7f003  opensearch-project/data-prepper@4e7f003d3c6fe73e7bd94165f3df2618080c37f9:data-prepper-plugins/kafka-plugins/src/main,data-prepper-plugins/opensearch-pull-kafka/src/main  2af9057767e34f88d732a3e6551ca9b3aeee2cbe3b02c550be61d5f9f3bc69bc
github TaxiMAX                                524717d  MaxVasylenko90/TaxiMAX@524717d2568a2ec5aa77ae27298e973099ff63fd  de95fa87a7cde379e4685e1fca588081a241a7cc7bf747d8d732dfc10d1c5c6e
github hertzbeat                              f64da5f  apache/hertzbeat@f64da5fcf70c969a333268f0273964cb06bb49d0:hertzbeat-common-spring/src/main/java/org/apache/hertzbeat/common/queue  5630fdd7aee05cf0566a2a29d96577d2e97fff244e4d2d960308d73ed14f6440
github eventmesh                              2527428  apache/eventmesh@2527428788cb8af6104db600dffea5746fb5479f:eventmesh-connectors/eventmesh-connector-kafka,eventmesh-storage-plugin/eventmesh-storage-kafka  5bbac2a519a71df271cfb6ef6998b99d3279a9c34a6213047f2ebe16cc2a1072
github shenyu                                 eb6f1c5  apache/shenyu@eb6f1c5ba0002ea71e6c41dee5806b5c31f2c98d:shenyu-plugin/shenyu-plugin-logging/shenyu-plugin-logging-kafka  5f3734e3e1addfc27fb019f1c90a5d7488cdc47868b36a7e8710d66962693a4e
github inlong                                 a6c7a6a  apache/inlong@a6c7a6a670c3b935c68138d080f82f7d0f925dbc:inlong-agent/agent-plugins/src/main/java/org/apache/inlong/agent/plugin/sources/KafkaSource.java,inlong-agent/agent-plugins/src/main/java/org/apache/inlong/agent/plugin/sinks/KafkaSink.java,inlong-audit/audit-store/src/main/java/org/apache/inlong/audit/store,inlong-manager/manager-service/src/main/java/org/apache/inlong/manager/service/resource/queue/kafka  ac2759c952851584c311b21be20e9b9d6dd9f51993246bd4d5dda13ad878c3a8
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
