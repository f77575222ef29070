package fixtures.ol105;

import java.util.Properties;

/**
 * OL105 precision fixture: a project client configured with a group.id-like Properties is
 * not a Kafka consumer.
 */
public class NotKafka {
    /** A project class taking Properties, like KafkaConsumer does. */
    public static class AuditConsumer {
        private final Properties props;

        public AuditConsumer(Properties props) {
            this.props = props;
        }

        public String group() {
            return props.getProperty("group.id");
        }
    }

    public AuditConsumer audit() {
        Properties p = new Properties();
        p.setProperty("group.id", "audit");
        return new AuditConsumer(p);
    }
}
