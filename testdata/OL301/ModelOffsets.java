package fixtures.ol301;

import java.time.Duration;
import java.util.Map;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;

import dev.langchain4j.model.chat.ChatModel;

/**
 * OL301 fixture (langchain4j): a value derived from a model's answer reaches an offset sink,
 * a seek or the offsets of a commit. Model text as record content is clean, and so is an
 * offset taken from the record.
 */
public class ModelOffsets {
    private final KafkaConsumer<String, String> consumer;
    private final KafkaProducer<String, String> out;
    private final ChatModel chatModel;

    public ModelOffsets(KafkaConsumer<String, String> consumer, KafkaProducer<String, String> out, ChatModel chatModel) {
        this.consumer = consumer;
        this.out = out;
        this.chatModel = chatModel;
    }

    public void resume(TopicPartition tp, String summary) {
        String reply = chatModel.chat("Which offset is safe to resume from? " + summary);
        long off = Long.parseLong(reply.trim());
        consumer.seek(tp, off); // expect: OL301
        consumer.commitSync(Map.of(tp, new OffsetAndMetadata(off))); // expect: OL301
    }

    // ---- correct twin ----

    public void label() throws Exception {
        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofSeconds(1))) {
            String label = chatModel.chat("Label this order: " + r.value());
            out.send(new ProducerRecord<>("labels", r.key(), label)).get();
            TopicPartition tp = new TopicPartition(r.topic(), r.partition());
            consumer.commitSync(Map.of(tp, new OffsetAndMetadata(r.offset() + 1)));
        }
    }
}
