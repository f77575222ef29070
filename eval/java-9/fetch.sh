#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of the java-9 blind-labelled Java evaluation set
# onto this machine.
#
#   bash eval/java-9/fetch.sh                  # corpus goes to /tmp/offsetlint-java9
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/java-9/fetch.sh
#
# Every artifact is pinned and sha256-checked, then unpacked to $CACHE/<name>-<version>/;
# labels.tsv names files as <name>-<version>/<path inside the artifact>. Idempotent: an
# unpacked artifact (marker file present) is left alone. Progress goes to stderr; the only
# line on stdout is the corpus root.
#
# Two kinds of artifact are supported (java-9 lists only github ones; the maven path is kept
# from java-8's script so a sources jar can be added without changing the code):
#   maven:  a sources jar fetched by coordinates through
#           `mvn dependency:get -Dartifact=G:A:V:jar:sources -Dtransitive=false` (Maven's
#           configured repository), sha256 of the jar checked, unzipped.
#   github: a public GitHub repository read from a bare mirror at
#           $OFFSETLINT_GITHUB_MIRRORS/<owner>+<name>/repo (default /work/.mirror), which the
#           session's search tool creates with `fetch github:<owner>/<name>`. The pinned commit
#           must be in the mirror; the check is the sha256 of `git ls-tree -r --full-tree
#           <commit>` (it pins every path and blob id), and the listed paths are unpacked with
#           `git archive` (kept where they are in the repository).
#
# Needs: bash, python3, git, sha256sum, tar (mvn only for maven rows).
# No third-party code is kept in this repository: only this script and the labels.
set -euo pipefail

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-java9}"
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
github recoverable-kafka-producer   9c21838  hevoio/recoverable-kafka-producer@9c21838ebe6f843876b75117ee8446ac72fe0d2a:src/main,pom.xml  aebb02156b947e2e6504b0a70ca9242d985604783922eba3dba3225e15ae95c2
github fint-kafka                   063231e  FINTLabs/fint-kafka@063231e17b5fee447daafd7a3e8250fd61320f79:src/main,build.gradle.kts  680508b0defed90dd7c82228c1e385baab85631954dd9b63d3338ebb8087afc7
github lightstreamer-kafka-connector c6cf311  Lightstreamer/Lightstreamer-kafka-connector@c6cf31183533f5da1cc8fba6a328219c3f9c7e67:kafka-connector-project/kafka-connector/src/main/java/com/lightstreamer/kafka/adapters,kafka-connector-project/kafka-connector/build.gradle,kafka-connector-project/gradle.properties  42852f3f9f5a0f7caa4c5a17c4d53e7f567a707e86e5e73e63c33b5dd55bf873
github middleware                   3b05a92  zhaoxugithub/middleware@3b05a922039e27f5d94238afe22b908ff1a91e15:kafka/src/main/java/com/serendipity/kafka/config,kafka/src/main/java/com/serendipity/kafka/base/consumer,kafka/src/main/java/com/serendipity/kafka/base/producer,kafka/src/main/java/com/serendipity/kafka/base/package02,kafka/pom.xml,pom.xml  39a9f1e55ff3ccb653ec080c8e80a7e2ed3d97c6383e7b4c1547b93066a81919
github concurrent-kafka-event-consumer ea15287  zhelev/concurrent-kafka-event-consumer@ea1528772c1749e4b69c2232040bd6d29ced5282:src/main,build.gradle  5513d9064ace1d7c85cc510b56d20825e80914974bf5d8702bbbbf60fbc82063
github wooenrico-sdk                f210ebc  wooEnrico/SDK@f210ebc4a121600a822fd02c9f9eca0c402c3cec:kafka/src/main,kafka/pom.xml,pom.xml  94333e9ba2c26323cc427072cef49cddbd6ba263ba45043dffb6677612423b72
github product-command-microservice 824ab4d  tamitkumar/product-command-microservice@824ab4db70e8a63655a8a8f74eef9e1ef3a7bc96:order-poller/src/main,order-poller/build.gradle,build.gradle  6228724d6902e70979b50f45a5ed238ff7be715c6355542ae97b66b4e08b1eec
github spring-outbox-tutorial       2f4ee0d  OrcunColak/spring-outbox-tutorial@2f4ee0de3a5bd81a596cf6235e08fcb9220e924d:src/main,pom.xml  af47a14cf97d4ad54f455e635c22479fb5e82da215100697a11dd842a58d813b
github study-kafka                  b73b95a  YoungChulShin/study-kafka@b73b95af188a9efe4dd4ed17df424ba112616937:kafka-client-consumer2/src/main,kafka-client-consumer2/build.gradle,kafka-client-producer2/src/main,kafka-client-producer2/build.gradle,kafka-spring-consumer2/batch-consumer/src,kafka-spring-consumer2/record-consumer/src,kafka-spring-consumer2/build.gradle,kafka-spring-producer2/custom-template-producer/src,kafka-spring-producer2/default-template-producer/src,kafka-spring-producer2/build.gradle  3a7f65642e771ecca34dd1a41272cb25ab76dce32c90e0b9f844a44923b09c28
github mod-inn-reach                5cb5e22  folio-org/mod-inn-reach@5cb5e220deff81b0360587a45164a14d24c88bd5:src/main/java/org/folio/innreach/batch/KafkaItemReader.java,src/main/java/org/folio/innreach/batch/contribution/IterationEventReaderFactory.java,src/main/java/org/folio/innreach/batch/contribution/InitialContributionJobConsumerContainer.java,src/main/java/org/folio/innreach/config/KafkaListenerConfiguration.java,src/main/java/org/folio/innreach/domain/listener,src/main/java/org/folio/innreach/domain/service/impl/BatchDomainEventProcessor.java,src/main/java/org/folio/innreach/domain/service/impl/KafkaEventProcessorServiceImpl.java,src/main/resources/application.yml,pom.xml  184fc0ced668b3e42ed515bd435b849b5b0ac3a7a1f8bd2e9f4665045f360191
github mod-tlr                      530987f  folio-org/mod-tlr@530987f6ddbf2b164f33769bfefefc4dda061f6f:src/main/java/org/folio/config/KafkaConsumerConfig.java,src/main/java/org/folio/listener/kafka,src/main/resources/application.yml,pom.xml  22af7c3151558d4a931236baf5a1392cb02ebb26062b9a8bd1554fc6bb892f97
github kafka-webview                0e93249  SourceLabOrg/kafka-webview@0e93249927d874996d19e694fbd06c1a9ade1268:dev-cluster/src/main/java/org/sourcelab/kafka/devcluster/DevCluster.java,dev-cluster/pom.xml  cee80c43aab82ac7871214f0e0fc8d87c139c06f7959001a953781f75c3f4626
github kpipe                        a948886  eschizoid/kpipe@a948886ce266202b1b1862b14159bd4f5bc76518:lib/kpipe-consumer/src/main/java/io/github/eschizoid/kpipe/consumer/KPipeConsumer.java,lib/kpipe-consumer/src/main/java/io/github/eschizoid/kpipe/consumer/KafkaOffsetManager.java,lib/kpipe-consumer/src/main/java/io/github/eschizoid/kpipe/consumer/RecordProcessor.java,lib/kpipe-consumer/src/main/java/io/github/eschizoid/kpipe/consumer/CommitExecutor.java,lib/kpipe-producer/src/main/java/io/github/eschizoid/kpipe/producer/KPipeProducer.java,lib/kpipe-producer/src/main/java/io/github/eschizoid/kpipe/producer/sink/KafkaMessageSink.java,gradle/libs.versions.toml  126a31296b20ab8a870289a9a2f671e6af57a21327ff1a8ccbc96de808947601
github kafka-retryable-consumer     977fbb7  michelin/kafka-retryable-consumer@977fbb7463077fb15acb716285c85d96acae7b79:retryable-consumer-core/src/main/java/com/michelin/kafka/AbstractRetryableConsumer.java,retryable-consumer-core/src/main/java/com/michelin/kafka/RetryableConsumer.java,retryable-consumer-core/src/main/java/com/michelin/kafka/RetryableConsumerRebalanceListener.java,retryable-consumer-core/src/main/java/com/michelin/kafka/error/DeadLetterProducer.java,retryable-consumer-core/src/main/java/com/michelin/kafka/error/DefaultErrorProcessor.java,pom.xml  86668f484456a8dbe54ede9c06e89da4e1645012637b7a75c329ff7e23ee6c6b
github spring-guides                44d8f56  ashishnitw/spring-guides@44d8f56cc87e7c8dac2bbbc731fca72b713ee4dd:kafka-spring-boot/src/main/java/com/ashishnitw/kafkajava/ConsumerDemoThreads.java,kafka-spring-boot/src/main/java/com/ashishnitw/kafkajava/ConsumerDemoAssignSeek.java,kafka-spring-boot/src/main/java/com/ashishnitw/kafkajava/ProducerDemoWithCallback.java,kafka-spring-boot/src/main/java/com/ashishnitw/kafkajava/simpledemo/ProducerDemo.java,kafka-spring-boot/src/main/java/com/ashishnitw/kafkajava/Constants.java,kafka-spring-boot/pom.xml,spring-boot-kafka/src/main/java/com/ashishnitw/springbootkafka/consumer,spring-boot-kafka/src/main/java/com/ashishnitw/springbootkafka/producer,spring-boot-kafka/src/main/java/com/ashishnitw/springbootkafka/service,spring-boot-kafka/src/main/resources/application.yml,spring-boot-kafka/pom.xml  c17fc1ee09c7ab25546873be72a24c71169ada4ddeb0de2e0be139db00f5d891
github kafka-study2                 9b4f6d9  yichengjie/kafka-study2@9b4f6d93951fcaf00b8fa817d014fd1347986fc9:hdk-kafka-showcase/src/main/java,hdk-kafka-showcase/pom.xml  6e78410676333834001f2f4f0a2093471b13dba556fdacc1fdc00b9032fc8949
github technologies-in-action       2256538  YunfengGao/technologies-in-action@2256538397db5a939114faa61b9490ea1d382db8:kafka/src/main,kafka/pom.xml,kafka-springboot/src/main,kafka-springboot/pom.xml  27510de2c176f6b8956763640cf50e6af0f8cb40c91558b376316cc391c1202e
github kafka-retry-with-delay       c227c21  lydtechconsulting/kafka-retry-with-delay@c227c216b1c7e6bc904ee3c07d599ab421fc80a6:demo-service/src/main/java/demo/DemoConfiguration.java,demo-service/src/main/java/demo/consumer,demo-service/src/main/java/demo/lib,demo-service/src/main/java/demo/service/ItemService.java,messaging-retry/src/main/java/messaging/retry/consumer,messaging-retry/src/main/java/messaging/retry/lib/MessagingRetryKafkaClient.java,messaging-retry/src/main/java/messaging/retry/service,demo-service/pom.xml  c242b0d94e1b129a85735a80b520194ab0c25efc3226259366e9c8ccc2857de4
github payment-kafka-provider       6074c95  Beckoning/practice@6074c95b8ef2941fdffa727e4efb9842f446f966:payment-kafka-provider/src/main,payment-kafka-provider/pom.xml  3d6de16ee0d2f62abcf7d45fc5ef94b7c47396db1d79bb9c42b84e1e015e6ea7
github ecom-platform                cdc311c  gitanjsheth/EcomPlatform@cdc311c3ef4a49f3f468b157e1defbf18309fc6d:PaymentService/src/main/java/com/gitanjsheth/paymentservice/config/KafkaConfig.java,PaymentService/src/main/java/com/gitanjsheth/paymentservice/messaging,PaymentService/src/main/resources/application.properties,PaymentService/pom.xml,OrderManagementService/src/main/java/com/gitanjsheth/ordermanagementservice/config/KafkaConfig.java,OrderManagementService/src/main/java/com/gitanjsheth/ordermanagementservice/messaging/OrderEventPublisher.java,OrderManagementService/pom.xml  7de4ac6f52f25f258c04825bf855ce6e0e01408cedf510212897cc044766f8f8
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
