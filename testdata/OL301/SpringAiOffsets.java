package fixtures.ol301;

import java.util.Map;

import org.apache.kafka.common.TopicPartition;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.kafka.listener.AbstractConsumerSeekAware;
import org.springframework.kafka.support.TopicPartitionOffset;

/**
 * OL301 fixture (Spring AI, spring-kafka seeks): Spring's seek callbacks and a
 * TopicPartitionOffset carry an offset; one parsed from a model's answer is flagged.
 */
public class SpringAiOffsets extends AbstractConsumerSeekAware {
    private final ChatClient chatClient;

    public SpringAiOffsets(ChatClient chatClient) {
        this.chatClient = chatClient;
    }

    @Override
    public void onPartitionsAssigned(Map<TopicPartition, Long> assignments, ConsumerSeekCallback callback) {
        String answer = chatClient.prompt().user("Where should orders-0 restart?").call().content();
        long restart = Long.parseLong(answer.strip());
        callback.seek("orders", 0, restart); // expect: OL301
    }

    public TopicPartitionOffset replayFrom(String incident) {
        String answer = chatClient.prompt().user("First bad offset in: " + incident).call().content();
        return new TopicPartitionOffset("orders", 0, Long.valueOf(answer)); // expect: OL301
    }

    // ---- correct twin ----

    public TopicPartitionOffset replayFromStored(long storedOffset, StringBuilder report) {
        String note = chatClient.prompt().user("Summarise the replay").call().content();
        report.append(note);
        return new TopicPartitionOffset("orders", 0, storedOffset);
    }
}
