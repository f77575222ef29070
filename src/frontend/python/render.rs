//! Renders suggested Python code.

use crate::diagnostic::Suggestion;
use crate::knowledge::Lib;

pub fn render(suggestion: &Suggestion) -> String {
    match suggestion {
        Suggestion::CommitMessage { lib, receiver, message } => match lib {
            Lib::Aiokafka => format!(
                "await {receiver}.commit({{TopicPartition({message}.topic, {message}.partition): OffsetAndMetadata({message}.offset + 1, \"\")}})"
            ),
            Lib::KafkaPython => format!(
                "{receiver}.commit({{TopicPartition({message}.topic, {message}.partition): OffsetAndMetadata({message}.offset + 1, None, -1)}})"
            ),
            Lib::ConfluentKafka | Lib::Rdkafka => format!("{receiver}.commit(message={message})"),
        },
    }
}
