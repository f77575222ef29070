package fixtures.ol302;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.RetriableCommitFailedException;
import org.apache.kafka.common.TopicPartition;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.support.Acknowledgment;

import dev.langchain4j.model.chat.ChatModel;

/**
 * OL302 fixture: a commit that model output decides on, by the branch it sits in or by the
 * back-off before a commit retry. Reported at the commit. A model that only writes content,
 * followed by an unconditional commit, is clean.
 */
public class ModelDecidesCommit {
    /** Where summaries go. */
    public interface Store {
        void save(String key, String summary);
    }

    private final KafkaConsumer<String, String> consumer;
    private final ChatClient chatClient;
    private final ChatModel advisor;
    private final org.springframework.ai.chat.model.ChatModel springModel;
    private final Store store;

    public ModelDecidesCommit(KafkaConsumer<String, String> consumer, ChatClient chatClient, ChatModel advisor,
            org.springframework.ai.chat.model.ChatModel springModel, Store store) {
        this.consumer = consumer;
        this.chatClient = chatClient;
        this.advisor = advisor;
        this.springModel = springModel;
        this.store = store;
    }

    public void gated() {
        ConsumerRecords<String, String> batch = consumer.poll(Duration.ofSeconds(1));
        String verdict = chatClient.prompt().user(describe(batch)).call().content();
        if (verdict.contains("SAFE")) {
            consumer.commitSync(offsetsOf(batch)); // expect: OL302
        }
    }

    public void modelTimedRetry(Map<TopicPartition, OffsetAndMetadata> offs) throws InterruptedException {
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                consumer.commitSync(offs); // gap-extra: OL302 the model-timed sleep of one attempt precedes the next attempt's first commit in the loop
                return;
            } catch (RetriableCommitFailedException e) {
                Thread.sleep(Long.parseLong(advisor.chat("backoff ms?").trim()));
                consumer.commitSync(offs); // expect: OL302
            }
        }
    }

    // ---- correct twin ----

    @KafkaListener(topics = "tickets", groupId = "summaries")
    public void summarise(ConsumerRecord<String, String> r, Acknowledgment ack) {
        String summary = springModel.call(r.value());
        store.save(r.key(), summary);
        ack.acknowledge();
    }

    private static String describe(ConsumerRecords<String, String> batch) {
        return "Is this batch safe to skip? " + batch.count() + " records";
    }

    static Map<TopicPartition, OffsetAndMetadata> offsetsOf(ConsumerRecords<String, String> records) {
        Map<TopicPartition, OffsetAndMetadata> out = new HashMap<>();
        for (ConsumerRecord<String, String> r : records) {
            out.put(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
        }
        return out;
    }
}
