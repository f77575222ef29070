//! Renders suggested Python code.

use crate::diagnostic::Suggestion;
use crate::knowledge::Lib;

pub fn render(suggestion: &Suggestion) -> String {
    match suggestion {
        Suggestion::CommitMessage {
            lib,
            receiver,
            method,
            message,
            keep_args,
        } => {
            // aiokafka and kafka-python commit explicit offsets; the call only, an enclosing
            // `await` stays where it is.
            let explicit = match lib {
                Lib::Aiokafka => format!(
                    "{{TopicPartition({message}.topic, {message}.partition): OffsetAndMetadata({message}.offset + 1, \"\")}}"
                ),
                Lib::KafkaPython => format!(
                    "{{TopicPartition({message}.topic, {message}.partition): OffsetAndMetadata({message}.offset + 1, None, -1)}}"
                ),
                Lib::ConfluentKafka | Lib::Rdkafka => format!("message={message}"),
            };
            let args: Vec<&str> = std::iter::once(explicit.as_str())
                .chain(keep_args.iter().map(String::as_str))
                .collect();
            format!("{receiver}.{method}({})", args.join(", "))
        }
    }
}
