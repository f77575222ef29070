#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of the java-5 blind-labelled Java evaluation set onto this
# machine, from Maven sources jars and from bare mirrors of public GitHub repositories.
#
#   bash eval/java-5/fetch.sh                  # corpus goes to /tmp/offsetlint-java5
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/java-5/fetch.sh
#
# Every artifact is pinned and sha256-checked, then unpacked to $CACHE/<name>-<version>/;
# labels.tsv names files as <name>-<version>/<path inside the jar or repository>. Idempotent: an
# unpacked artifact (marker file present) is left alone. Progress goes to stderr; the only line
# on stdout is the corpus root.
#
# Kinds:
#   maven   file is group:artifact; the sources jar <artifact>-<version>-sources.jar is fetched
#           with `mvn dependency:get -Dartifact=G:A:V:jar:sources -Dtransitive=false` into
#           $MAVEN_REPO (default ~/.m2/repository) and checked against the pinned sha256.
#   github  file is owner/name@commit[:pathspec,...]. Not downloaded here: the script reads a
#           bare mirror at $OFFSETLINT_GITHUB_MIRRORS/<owner>+<name>/repo (default /work/.mirror),
#           which the session's search tool creates with `fetch github:<owner>/<name>`. The check
#           is the sha256 of `git ls-tree -r --full-tree <commit>` (it pins every path and blob
#           id); the tree is unpacked with `git archive`, limited to the pathspecs when given
#           (the mirror of apache/metron lacks the blob of one large sample file outside them).
#           version is the commit's first 7 hex digits.
#
# Needs: bash, python3, git, sha256sum, tar, and mvn for the maven rows.
# No third-party code is kept in this repository: only this script, the labels and the README.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-java5}"
MIRRORS="${OFFSETLINT_GITHUB_MIRRORS:-/work/.mirror}"
MAVEN_REPO="${MAVEN_REPO:-$HOME/.m2/repository}"
MVN="${MVN:-mvn}"
DL="$CACHE/.downloads"
MARK=".offsetlint-unpacked"

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# kind  name  version  file  sha256
PACKAGES=$(cat <<'LIST'
maven  ranger-plugins-audit   2.6.0    org.apache.ranger:ranger-plugins-audit    c5d4fc0144e45b1c2717d9419c52500859e47fd9103a3642133fff749af8f55b
maven  log4j-core             2.24.3   org.apache.logging.log4j:log4j-core       909158f99135ee7d3cb583e00eac314a22d873aca87440a2a0f20c7e3dc85440
maven  zerocode-tdd           1.3.45   org.jsmart:zerocode-tdd                   8087467623f9dca1b58e0ab76d6a7c945885a668d78aeb33dbd5ac788f25926f
maven  trino-kafka            454      io.trino:trino-kafka                      af31182f3c856e4aa46b76c7721279b51427667310e4eb62e1335f81a269a4e4
github cps                    ea66bb8  onap/cps@ea66bb8a7bb4178710f4e432df308731caf37bce  faa8b343e5ae970ac74eff51a5b800148e94d6e23c4b5c4822b9baab69f597c7
github cps-ncmp-dmi-plugin    560e678  onap/cps-ncmp-dmi-plugin@560e6785bd868ec5cca151100e23ef49e111aabf  bea43d56a3bf6b3214a1db8eebb9c0a118e8d689322647aba9c215c7d452f485
github fineract               4198b0b  apache/fineract@4198b0bcf9a94e1c7aa0f386317ba71f40ceb1d9:fineract-provider/src/main/java/org/apache/fineract/infrastructure/event/external,fineract-provider/src/main/java/org/apache/fineract/infrastructure/springbatch/messagehandler/kafka,fineract-provider/src/main/resources/application.properties  0267154d044f20fed61e98107f38dc902cabd14b4d883eb90cea697e6f87115d
github iceberg-kafka-connect  066bb79  tabular-io/iceberg-kafka-connect@066bb7993de1d2e8edfd6302d16cb50e52df5f19  5e321c7999ec43a0b46759540fe35e70720e510ebbcfceb1b9ebbc9ce11de37a
github psc                    ab09b1e  pinterest/psc@ab09b1e7412fd1e08901cbe52fe8bdb987da11f9  df483370585a314a08dc2b66ff4c0a241e99b5c5c29a28b8b4967b80be808236
github KnowStreaming          33524ea  didi/KnowStreaming@33524eaaaf8d539cb71f36a36e2b47688fff7591:km-common/src/main/java,km-biz/src/main/java,km-core/src/main/java,km-persistence/src/main/java,km-rest/src/main/resources  649c2eb1554d5f3bd5c9d808c9e6956139af3f67cfa750affdfba0f90610cff3
github metron                 1252573  apache/metron@1252573eab087e87fb2938f8651c5b0b393aca9e:pom.xml,metron-platform/metron-management/src/main/java/org/apache/metron/management/KafkaFunctions.java,metron-interface/metron-rest/src/main,metron-platform/metron-writer/metron-writer-common/src/main/java/org/apache/metron/writer/kafka,metron-contrib/metron-performance/src/main,metron-platform/metron-test-utilities/src/main/java/org/apache/metron/test/utils/KafkaLoader.java  39dca54b464f6f731f5c07e99e8bb8fb745c9136ce86948151707304c10e5a68
github hbase-connectors       267b6dc  apache/hbase-connectors@267b6dc9bfe6e7a0e42ed7411c976dd7019f8576  d30ec5c2dbcb74d3dc4827eb2666acfd63f336d477289d3337380e2aace3e0d7
github Java-Spring-Apache-Kafka-Bootcamp---Basic-to-Complete 9801ed6  javaHelper/Java-Spring-Apache-Kafka-Bootcamp---Basic-to-Complete@9801ed6f999839917117f224b00f5ac60142ec53  85adf151e6ea059b05098ea79dba8ca27b8d018eafc04fa74e2303fdfa6a630a
github kafka-assu10           89f1f1a  assu10/kafka@89f1f1ac8e905a9e9f64c2d915ca9503fffc2534  7c8291ff03aaec24d48f564a2416b0c9b6556cc3871ad1b2c2d8463b0ee461a1
github siddhi-io-kafka        0453381  siddhi-io/siddhi-io-kafka@0453381b4ba6d6453358597eb2243d5fa10c5f02  7117becc1c061dfba3a3612e9d2037426c176ff232b6e968485277c3c80c19e5
github plugin-kafka           a2469d7  kestra-io/plugin-kafka@a2469d79fbdfbb02187a4cd41f392f0c099a1c07  425595637267c491bee7c97fe09d40203040d30689fe3a8db214db76c23e369d
github eid-log-event          0961bf6  felleslosninger/eid-log-event@0961bf6082f053c3af4bf9e6ff4384558b9571dc  5e8269ab1e82d6f20d5c184a4cf3ef43d0ce68ef004631f50f32d4dae1edefef
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
  local repo=${1%%@*}
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
  [ -d "$git" ] || die "no mirror of ${spec%%@*} at $git: fetch it first (search tool: fetch github:${spec%%@*})"
  git --git-dir="$git" cat-file -e "$commit^{commit}" 2>/dev/null \
    || die "commit $commit not in the mirror $git (fetch the repository again)"
  [ "$(git --git-dir="$git" ls-tree -r --full-tree "$commit" | sha256sum | cut -d' ' -f1)" = "$sha" ] \
    || die "tree of ${spec%%:*} does not match the pinned sha256"
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
