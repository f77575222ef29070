import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;

/**
 * Clients built from the default package's settings (no import): kafka-clients 2.6.3 (the
 * version catalog), so a producer that leaves acks unset writes with acks=1.
 */
public final class LegacyClients {
    private LegacyClients() {
    }

    static KafkaProducer<String, String> producer() {
        return new KafkaProducer<>(LegacyKafkaSettings.producer()); // expect: OL205
    }

    static KafkaConsumer<String, String> consumer() {
        return new KafkaConsumer<>(LegacyKafkaSettings.consumer()); // expect: OL105
    }

    // ---- correct twins ----

    static KafkaProducer<String, String> durableProducer() {
        return new KafkaProducer<>(LegacyKafkaSettings.durableProducer());
    }

    static KafkaConsumer<String, String> manualConsumer() {
        return new KafkaConsumer<>(LegacyKafkaSettings.manualConsumer());
    }
}
