#!/usr/bin/env bash
# fetch.sh: bring the pinned corpus of the java-10 blind-labelled Java evaluation set
# onto this machine.
#
#   bash eval/java-10/fetch.sh                  # corpus goes to /tmp/offsetlint-java10
#   OFFSETLINT_EVAL_CACHE=DIR bash eval/java-10/fetch.sh
#
# Every artifact is pinned and sha256-checked, then unpacked to $CACHE/<name>-<version>/;
# labels.tsv names files as <name>-<version>/<path inside the artifact>. Idempotent: an
# unpacked artifact (marker file present) is left alone. Progress goes to stderr; the only
# line on stdout is the corpus root.
#
# Two kinds of artifact are supported (java-10 lists only github ones; the maven path is kept
# from java-9's script so a sources jar can be added without changing the code):
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

CACHE="${OFFSETLINT_EVAL_CACHE:-/tmp/offsetlint-java10}"
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
github udemy-kafka                      bcf3fd7c  michalkutyla/udemy-kafka@bcf3fd7c565d6b06363acc93cbbb2770f9a3d01e:kafkaexamples/src/main/java,kafkaexamples/pom.xml  decaf72ada4550b5b821d935367cf37784b56a590fe61b780dc35b1713362780
github kafkademos                       89afc722  gopinathankm/kafkademos@89afc72288869e6d28d5f2b75d2bf6cba17def83:EOS/src/main/java/com/gopi/kafka/consumer/AtLeastOnceConsumer.java,EOS/src/main/java/com/gopi/kafka/consumer/AtMostOnceConsumer.java,EOS/src/main/java/com/gopi/kafka/consumer/ExactlyOnceDynamicConsumer.java,EOS/src/main/java/com/gopi/kafka/producer/ProducerExample.java,EOS/src/main/java/com/gopi/kafka/producer/TransactionalMessageProducer.java,EOS/pom.xml,MyKafkaProjects/multi_threaded_kafka_consumer/src/main/java/com/gopi/kafka/multithreadconsumer/single_consumer_multiple_worker_processing_threads/NotificationConsumer.java,ZMartApp/src/main/java/com/gopi/zmart/consumer/ThreadedConsumer.java  9e8334d38565c439a6c5dc1f65a3be68b30e6eae4558df53e07fa84522f9c2c0
github kafka-demo                       eac7d789  elearic/kafka-demo@eac7d7891dc8819cfbb0679d2053449d6b86f065:src/main/java/net/eric/kafka/demo/common,src/main/java/net/eric/kafka/demo/consumer/BaseConsumer.java,src/main/java/net/eric/kafka/demo/consumer/ConsumerAsyncCallBackCommit.java,src/main/java/net/eric/kafka/demo/consumer/ConsumerAutoCommit.java,src/main/java/net/eric/kafka/demo/consumer/ConsumerOffsetCommit.java,src/main/java/net/eric/kafka/demo/consumer/ConsumerSyncAndAsyncCommit.java,src/main/java/net/eric/kafka/demo/consumer/ConsumerSyncCommit.java,src/main/java/net/eric/kafka/demo/consumer/ExecutorConsumer.java,src/main/java/net/eric/kafka/demo/producer,src/main/java/net/eric/kafka/demo/pojo/Message.java,pom.xml  7a94be0788897ca57681ede451672243e4b90bc625157bf3a981f615b3da6f3a
github sensor                           ecaf07c9  zafer-sevim/sensor@ecaf07c97795240885dfc22f65d1aaf457175d95:proje/KafkaProducer/src,proje/KafkaProducer/pom.xml,proje/Sensor/src,proje/Sensor/pom.xml  076986502bfa18bfe5590d09d293611d134d1ce637c3d3c1a47f5bab8c0daf5e
github springKafkaTutorial              ea16c880  JinheeC/springKafkaTutorial@ea16c88082a15ddf7d857f7cb87bb4f8a5abf5a0:src/main,build.gradle  9749dd6a8614b72cf621e9aaa09b5e19a9d1d8c73b28c779553168bb07960285
github wf-jan-kafka                     247ac722  mohitsethi/wf-jan-kafka@247ac7228afc6ad5b7679f219c59527c505d7680:demo-service/src/main/java,demo-service/pom.xml  5d478daf9779e55e1ce514bca3f85eea52751f615c908d03b01437263d99e8ff
github testspring2                      18ce1f2d  AmolBhople/testspring2@18ce1f2d34cf4eb7228348b7cd0923f6b73acd32:demo/src/main/java/com/example/demo/kafkaconsumer,demo/src/main/java/com/example/demo/kafkaproducer,demo/pom.xml,spring.kafka.template/src/main,spring.kafka.template/pom.xml,spring3Junit/src/main/java/com/junitexample/spring3Junit/kafka,spring3Junit/pom.xml  846e9290ac05e1c3a0b6e461031962830bb7e875f6f1adafa51f40316efa76d8
github NewsServiceAlpha                 f7ece9a4  fioleqd/NewsServiceAlpha@f7ece9a4a2a6769c83b94cff7df67254548f3d89:src/main/java/com/fiole/newsservicealpha/kafka,src/main/resources/application-dev.properties,src/main/resources/application-cloud.properties,pom.xml  1c54c6fcd54326910dea290067c137e2f4b6620b7b880c213933d1ee285bcf19
github kafka-as-persistent-cache        38690140  ignatenko-denis/kafka-as-persistent-cache@386901407c2492b08d5d28871bfa379f0705b378:src/main,pom.xml  1fe44b1cdd16208932d450def29a0ecfa99e51a9136baf9286f6ad5821bfd99d
github spring-kafka-sample              74fdf6a3  opklnm102/spring-kafka-sample@74fdf6a3543d11c2eb55a22f754372b7d4c17dc0:multi-kafka-consumer/src/main,multi-kafka-consumer/build.gradle,multi-kafka-producer/src/main,multi-kafka-producer/build.gradle,simple-kafka-consumer/src/main,simple-kafka-consumer/build.gradle,simple-kafka-producer/src/main,simple-kafka-producer/build.gradle,simple-kafka/src/main,simple-kafka/build.gradle  3ce536d26bde935fc3ce8db4a4a48f055e9499234cf3ace13f93942bf0ce9f03
github java25-springboot-sample         ea65a4ed  insanezindol/java25-springboot-sample@ea65a4edfd688a567d3da525b42c1de0351c84df:src/main/java/com/example/sample/controller/KafkaController.java,src/main/java/com/example/sample/service/KafkaConsumerService.java,src/main/java/com/example/sample/service/KafkaProducerService.java,src/main/resources/application.yml,build.gradle  d1fcada6744940ceb1eb13388c6593d0a363abc93e6b9990d3c4b2afdd4e06ae
github RedpineTradingPost               718cf3eb  redpine42/RedpineTradingPost@718cf3ebb080c4bfe721d7527f51719a4b7b518a:java/TradeDataMessages/src/main/java/com/redpine/TradeDataMessages/PriceData/KafkaConsumer,java/TradeDataMessages/pom.xml  774f379dec59c12f620d9e974d859e085e5d34350849f7df4d9a528ca79eb30e
github kafka-vanilla-spring-boot-demo   d5cadc00  jeanlouisboudart/kafka-vanilla-spring-boot-demo@d5cadc002ef536b8c222386cc9f4c14a4a7fd34a:src/main/java/com/example/demo/config/KafkaLoaderConfiguration.java,src/main/java/com/example/demo/config/KafkaConfig.java,src/main/java/com/example/demo/kafka/consumers,src/main/java/com/example/demo/services/PaymentPublisher.java,src/main/java/com/example/demo/services/PaymentReceiver.java,src/main/java/com/example/demo/controllers/MyEndpointResource.java,src/main/resources/application.yml,pom.xml  ee4e7575dd0197ce8654ef27050d79ffbb1717a126bfe591e87329007914f603
github springboot-kafka-service         6e0dae02  MrNerdyPants/springboot-kafka-service@6e0dae02d14bbe43568fafa6d0b5b418af012c1c:src/main,pom.xml  526aa8d3c8fb9441092e1c34c928a3bb7d2e11d451c7ee181dc9deb3a8ce492c
github JavaCodeBase                     069e06b2  papilong123/JavaCodeBase@069e06b21980b8a3df0c32f0e46e2d21f985e07a:kafka/src/main,kafka/pom.xml  f8e97af26cc025048e9ddb83cb82eb3380d85b79b39639e81d89baa57f074f05
github Kafka-SpringBoot                 5ed72b7e  hemanthkumar77/Kafka-SpringBoot@5ed72b7edb45e09e7f14b15ede08e02417c27074:Kafka-Core-basics/src/main/java/com/data/Producer/MessageProducer.java,Kafka-Core-basics/src/main/java/com/pack/consumer/ConsumerMessage.java,Kafka-Core-basics/pom.xml,Kafka-ExceptionHandling/Kafka-Consumer-Exception/src/main/java/com/data/Consumer/ConsumerRetry.java,Kafka-ExceptionHandling/Kafka-Consumer-Exception/src/main/java/com/data/config/Config.java,Kafka-ExceptionHandling/Kafka-Consumer-Exception/src/main/java/com/data/global/GlobalErrorHandler.java,Kafka-ExceptionHandling/Kafka-Consumer-Exception/src/main/resources/application.yml,Kafka-ExceptionHandling/Kafka-Consumer-Exception/pom.xml,Kafka-ExceptionHandling/Kafka-Producer-Employee/src/main/java/com/data/Producer/ProducerMessage.java,Kafka-ExceptionHandling/Kafka-Producer-Employee/pom.xml  0670777655f84b3ca41d239860deb51b16376feb9472474672560a8053e4f493
github SpringBootKafkaProject           040cc02e  chocochip1986/SpringBootKafkaProject@040cc02e593cff667d0cc93b2c5c37ff08a4448d:multi-thread-consumer/src/main/java/multi/thread/consumption/configs/KafkaConsumerConfigs.java,multi-thread-consumer/src/main/java/multi/thread/consumption/configs/KafkaProducerConfigs.java,multi-thread-consumer/src/main/java/multi/thread/consumption/consumers,multi-thread-consumer/src/main/java/multi/thread/consumption/producers,multi-thread-consumer/src/main/java/multi/thread/consumption/controllers,multi-thread-consumer/src/main/java/multi/thread/consumption/functions,multi-thread-consumer/pom.xml,pom.xml  5d47f506427cc950851ba27b84d5565f5fc50c69ddf9b9082204309bbed195de
github java-demo                        f7ab2499  huaminglin/java-demo@f7ab24990870ce1ee04815ad9ea86f085722a18e:mq-demo/kafka-demo/kafka-consumer-demo/src/main,mq-demo/kafka-demo/kafka-consumer-demo/pom.xml,mq-demo/kafka-demo/kafka-producer-demo/src/main,mq-demo/kafka-demo/kafka-producer-demo/pom.xml,mq-demo/kafka-demo/spring-kafka-container-demo/src/main/java/huaminglin/demo/spring/kafka/container/MyKafkaConsumerConfig.java,mq-demo/kafka-demo/spring-kafka-container-demo/src/main/java/huaminglin/demo/spring/kafka/container/MyKafkaProducerConfig.java,mq-demo/kafka-demo/spring-kafka-container-demo/pom.xml,mq-demo/kafka-demo/spring-kafka-standalone-demo/src/main,mq-demo/kafka-demo/spring-kafka-standalone-demo/pom.xml  8075eff376af7b8031fef65b4f1aa6e9ee28d9838c445b0e0cd74587f10eefb1
github EmailServiceFunctionality        a3569391  ParthModi293/EmailServiceFunctionality@a3569391e044e75dc0cc55cfd247d432ff3121b7:src/main/java/com/example/emailservice/KafkaConsumer,src/main/java/com/example/emailservice/KafkaProducer,src/main/java/com/example/emailservice/kafka,src/main/java/com/example/emailservice/service/EmailService.java,src/main/java/com/example/emailservice/EmailServiceApplication.java,src/main/resources/application.properties,pom.xml  692f2ff266dfcbde928184fbbb7627ec96e93666793ba5b9a076046868754a1a
github kafka-compacted-topic            08f3208c  AstarothAst/kafka-compacted-topic@08f3208c391b99584d279391c3244c7ddce78d57:src/main,pom.xml  29b9fafcb9ced85179e216d67beda90218f840fd5298fda7861757f6018ea122
github spring-examples-2                f71f7b62  yingzhuo/spring-examples-2@f71f7b62e9ecf2e7b337964640be03b99cdcefe3:spring-examples-kafka/src/main,spring-examples-kafka/pom.xml  9cae8bd0d894f8cac3ad65670aa6b7bbe1320ffb340fe94ff1231cc64441b294
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

mirror_of() { # owner/name@commit[:pathspecs] -> git dir (bare repo/, or repo/.git when the
  local repo=${1%@*} base         # mirror was left with a work tree)
  base="$MIRRORS/${repo%/*}+${repo#*/}/repo"
  if [ -d "$base/.git" ]; then printf '%s/.git' "$base"; else printf '%s' "$base"; fi
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
