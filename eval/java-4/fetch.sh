#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of the java-4 blind-labelled Java evaluation set onto this
# machine: Maven Central sources jars (through mvn, by coordinates) and bare mirrors of public
# GitHub repositories.
#
#   bash eval/java-4/fetch.sh                  # corpus goes to /tmp/offsetlint-java4
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/java-4/fetch.sh
#
# Every artifact is pinned and sha256-checked, then unpacked to $CACHE/<name>-<version>/;
# labels.tsv names files as <name>-<version>/<path inside the jar or repository>. Idempotent:
# an unpacked artifact (marker file present) is left alone. Progress goes to stderr; the only
# line on stdout is the corpus root.
#
# maven:  `mvn dependency:get -Dartifact=G:A:V:jar:sources -Dtransitive=false` into
#         $MAVEN_REPO (default ~/.m2/repository); the sha256 is that of the sources jar.
# github: this script does not download them. It reads a bare mirror at
#         $OFFSETLINT_GITHUB_MIRRORS/<owner>+<name>/repo (default /work/.mirror), which the
#         session's search tool creates with `fetch github:<owner>/<name>`. The sha256 is that
#         of `git ls-tree -r --full-tree <commit>` (it pins every path and blob id); the tree
#         is unpacked with `git archive`. A spec owner/name@commit:pathspec[,pathspec...]
#         unpacks only those paths: the microservice-online-book-store mirror lacks the blobs
#         of two data files (products.txt), so its pathspecs leave them out, and only the Kafka
#         package and the config of Impilo-vNext's costing engine are unpacked (a 20,000-file
#         tree; pinned to 907865c, the commit before the project's own fix "money events retry +
#         dead-letter to costa.money.dlq instead of ack-drop"). git may print a harmless
#         "invalid object" line for a file outside the pathspecs and exits 0.
#
# Needs: bash, python3, git, sha256sum, tar, and mvn for the maven rows.
# No third-party code is kept in this repository: only this script and the labels.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-java4}"
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
maven  hazelcast-jet-kafka             5.3.0        com.hazelcast.jet:hazelcast-jet-kafka   195709353479e1541db6ce362c631cc550bf78a9dd7d492f6e17f52cdfb19a78
maven  pulsar-io-kafka                 2.10.0       org.apache.pulsar:pulsar-io-kafka       c706f399ac3ff4d7bcba1e93675990903c6777a9ddce596d50dc5a9f4de7bf80
maven  debezium-server-kafka           2.5.0.Final  io.debezium:debezium-server-kafka       ad5fe4e975eedc0d15b207e081f1d4e94c827826709e7ded59e1f34d5cf70e5f
maven  kafka-junit                     3.6.0        net.mguenther.kafka:kafka-junit         477077d147483abaf606a7a818665c08378a7049f8f57033d992e4cc58102149
github microservice-online-book-store  2ed5b3a      metao1/microservice-online-book-store@2ed5b3abcdc470ded18cb5b8db6bfb653c144d4d:build.gradle,shared-kernel,shared-kafka,shared-test,order-microservice/build.gradle,order-microservice/src/main/java,order-microservice/src/test,order-microservice/src/main/resources/application.yml,order-microservice/src/main/resources/application-local.yml,inventory-microservice/build.gradle,inventory-microservice/src/main/java,inventory-microservice/src/test,inventory-microservice/src/main/resources/application.yml,inventory-microservice/src/main/resources/application-local.yml  b66320c02f1a6b712e5d3b998da678566180ea4ebe3a134fb2ca99851a34674b
github sample-spring-kafka-microservices 4e1ed6b    piomin/sample-spring-kafka-microservices@4e1ed6b436fcaf6f2f9aedf7c6b18d68903f1751  f0e2f502037f32fcf5bafd7736d58912abb1d2dd5ea3ca85a983044e6419d8d9
github distributed-ledger-payments     a13cf0e      Mirellawanessa/distributed-ledger-payments@a13cf0e7f1e4ba26a8a081d7e1762137f3b7f4fc  c90af40e41a89f6b9b4bc1df9e82a5cf8c27fedba11226131aae690bff6186c9
github NucleoDB                        f73b00c      NucleoTeam/NucleoDB@f73b00ccb8021f2accbd9e6a62e387e70e56fab3  9d8c96874d76ddd3258b5d48d7eab056cb09a63641d6daf36dd98ecef74b91b4
github SilverPotion-BE                 8cc6e6f      leejaeseok-98/be11-fin-3team-SilverPotion-BE@8cc6e6fef640865c63fd8ecfbee4141c9c2c9402  6536c1e4c2894424d978f7303d8505509f4772769943bfcf3cf4169d8757bff7
github firehose                        9a118de      raystack/firehose@9a118de508b4a56ef0b9df1b426e065ec92a1027  55a160926ccc14efb7c078d280d6e53b01f7ba50259d9f47744f8008d5b9373c
github Impilo-vNext                    907865c      rtgongora/Impilo-vNext@907865c1d849f685bfe64e84ca0afba7ded1ab31:services/costing-engine-service/src/main/java/zw/gov/mohcc/impilo/costa/kafka,services/costing-engine-service/src/main/resources/application.yml  2ae4f5d6d9a1605583fb316db799eb3fac475ce9f941d58eaabd397352e0b77d
github dailyfeed-kafka-support         867640a      alpha3002025/dailyfeed-kafka-support@867640ac573fe4f4f19134f6c48c67716b160aed  e6bc2090d15c95cb41c91df5713f098039f899ff3419817a44e7834347593644
github dailyfeed-activity              961c4b8      alpha3002025/dailyfeed-activity@961c4b81e56a6b772d912fc2b9cc433d506ac60f  47f213e4eef63157c633e939c211ba4800ca327192120d56db4c933a464f90a6
github auction-event-driven-system     ab66091      WeiGuang-2099/High-concurrency-Distributed-Event-Driven-System@ab660919828890f9afbc5b0987d92d87b1764653  c1251bf7310a3858f2b1ab10e776bd45b9b16dc67e0b016ca1a6239c1e47c244
github order-processing-platform       14810fb      VyacheslavKravchuk/Event-Driven-Order-Processing-Platform-@14810fbad8a8fcef2adf6374495cff203ea6744f  3edce2bccc5dfe387ce0b75366d0813021d7abc5df30042a4811171224126065
github garmadon                        ea8ca34      criteo/garmadon@ea8ca347445f02a348ca0d943a445f0380e93e84  2c28426929e66d8b08dae5f4d17b0fc68161d55eb07f82f7b027700092f3d0cd
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
