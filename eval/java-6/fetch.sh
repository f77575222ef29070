#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of the java-6 blind-labelled Java evaluation set (issue 34)
# onto this machine.
#
#   bash eval/java-6/fetch.sh                  # corpus goes to /tmp/offsetlint-java6
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/java-6/fetch.sh
#
# Every artifact is pinned and sha256-checked, then unpacked to $CACHE/<name>-<version>/;
# labels.tsv names files as <name>-<version>/<path inside the artifact>. Idempotent: an
# unpacked artifact (marker file present) is left alone. Progress goes to stderr; the only
# line on stdout is the corpus root.
#
# Two kinds of artifact:
#   maven:  a sources jar fetched by coordinates through
#           `mvn dependency:get -Dartifact=G:A:V:jar:sources -Dtransitive=false` (Maven's
#           configured repository), sha256 of the jar checked, unzipped.
#   github: a public GitHub repository read from a bare mirror at
#           $OFFSETLINT_GITHUB_MIRRORS/<owner>+<name>/repo (default /work/.mirror), which the
#           session's search tool creates with `fetch github:<owner>/<name>`. The pinned commit
#           must be in the mirror; the check is the sha256 of `git ls-tree -r --full-tree
#           <commit>` (it pins every path and blob id), and the listed paths are unpacked with
#           `git archive` (kept where they are in the repository). Some mirrors lack the blobs
#           of a few large files outside the pathspecs (hop, apicurio-registry,
#           NEDSS-DataIngestion): git then prints one harmless "invalid object" line and exits 0.
#
# Needs: bash, python3, git, sha256sum, tar, mvn.
# No third-party code is kept in this repository: only this script and the labels.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-java6}"
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
maven  connector-kafka          2.3.8    org.apache.seatunnel:connector-kafka  d442c97e14e9047b34f8fcbc9f25a9fc5ba6fc28273c24ae76d2e9b260c2a8e0
maven  kylin-source-kafka       3.1.3    org.apache.kylin:kylin-source-kafka  2e2b7bd90214d04ac542fba75fe5e00811804da9d3b1ae1c23b11ff4cb69ee50
maven  opentracing-kafka-client 0.1.15   io.opentracing.contrib:opentracing-kafka-client  cafd2cdab72fb2edae6427252109f7467a82b9da05a787de452ea00b1395d9b1
github hop                      2a2ba3f  apache/hop@2a2ba3f78c5d7b315c956967ac859fa430802058:plugins/transforms/kafka/src/main,plugins/transforms/kafka/pom.xml  7391330235f6bf0014a4493f4d6635a4a16fcbc022e0827671059a5fc19af7a7
github apicurio-registry        b40e017  Apicurio/apicurio-registry@b40e0173828702a4d9df141c97a32f984fc2eeeb:app/src/main/java/io/apicurio/registry/storage/impl/kafkasql,app/src/main/java/io/apicurio/registry/storage/impl/util,examples/kafka-order-processing,examples/avro-bean,examples/confluent-serdes  7427525a1a6222de40da4294a3a687dfc611d8e5c2186ddcc6bfcde4aa341f8e
github mod-search               ec21a79  folio-org/mod-search@ec21a79b39f58ce70ba598e38f22c80edf8e8a28:src/main,pom.xml  524078a3a8d6c2b7e23e3ecdfb25485b06e0982527a6477a08cc4cb1f202c529
github mod-entities-links       53e823f  folio-org/mod-entities-links@53e823f6c65613b56be4802635558a42afb016f5:src/main,pom.xml  7fa62875db569dba59be01fc13d553187f53aaef7debe84e1bdb748bea2ec889
github kafka-connect-file-pulse  050f1bc  streamthoughts/kafka-connect-file-pulse@050f1bc90329201bf39fd674c5111ca3c5bfd742:connect-file-pulse-api/src/main,connect-file-pulse-plugin/src/main  b76ce883f4b771ae1078166c604a7cfee0257ce62c7f5070d0db94fe49f18ce3
github nedss-dataingestion      d2829b6  CDCgov/NEDSS-DataIngestion@d2829b666067f6bca70a3cd754c1302891a23fcc:data-ingestion-service/src/main/java,data-processing-service/src/main/java,deduplication/src/main/java,data-ingestion-service/src/main/resources/application.yaml,data-processing-service/src/main/resources/application.yaml,deduplication/src/main/resources/application.yaml  ee28d9637893a5657bd054b8fc93cf145039417ff328a40c6285635038b9cf6b
github nedss-datareporting      9779849  CDCgov/NEDSS-DataReporting@97798494f79951fbf2ab9e6e5e54156cda8a5ff4:reporting-pipeline-service/src/main/java,reporting-pipeline-service/src/main/resources/application.yaml  bd65e9ffea2f3c5ff24b6d5c8254f5c26ec1105af52c5fd4be15be8c0b52e540
github li-apache-kafka-clients  b252f7a  linkedin/li-apache-kafka-clients@b252f7a8fa7494773a9c6e88ab3545529fabbe28:li-apache-kafka-clients/src/main  7201e69606e65422cbdecce21b021c787a302f3d0cec3ed758e517738ca1ba8c
github lite-kafka-consumer      511088b  rushsky518/lite-kafka-consumer@511088b9b12fc297ed790b2f8c72a376f7ad19ab:src/main,pom.xml  2ab36d61898f10e647bb66c2295ba87864b78c3c7738c73a260dd42002a2cda3
github openmessaging-benchmark  8559989  openmessaging/benchmark@85599891321cafa2fb7065a63f009b4bb5374288:driver-kafka/src/main,driver-kafka/pom.xml  d8b7763f9942a51d82b06f5ce8bef1264cd52bc29d210ab2cf42ea1e045fc9c1
github distributed-computing-kafka 427ea4e  mpdgr/distributed-computing-kafka@427ea4e880b0267720aa7be56111928f74b9769c  b0de64c0e404f0b89462a564f0deb5b188164f4a5440908f26f73aa276495fcf
github kafka-learning-with-example 08778fb  xChivalrouSx/kafka-learning-with-example@08778fb6a16f9ba0a73b2dfbcdda664f1f7a7b54  8601c136c41bc9d2fa6d333ac67e41932d6f6abd75e72f4c7c7e90cf09a578f8
github CustomStarter            505641c  KiryaLar/CustomStarter@505641cf0ad14b7c0cb6ba334f552f462522c311:synthetic-human-core-starter/src/main,synthetic-human-core-starter/pom.xml  edb3fe7fe24ce684584967c54db274b5140d290f91260eabbdbbb309d6bbdc3a
github hugegraph-toolchain      bc49e66  apache/incubator-hugegraph-toolchain@bc49e6683fcc8f00e32d290cd558a0320c1850a3:hugegraph-loader/src/main/java,hugegraph-loader/pom.xml  4909227fbc7cd7951819e560841b5fe29de0ae170a0a8e52d9402fdda612a4c4
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
