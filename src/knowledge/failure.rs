//! Failure classification as data (OL102, OL103, OL202): which caught exception types and Rust
//! error patterns mean a failure that is *permanent for this message* (poison: retrying cannot
//! help, committing past it is the documented poison path), *transient* (network, timeout,
//! database: retrying may succeed, so the offset must not move), *broad* (anything), or
//! *back-pressure* (the local queue is full). Configuration can extend the lists with a
//! codebase's own poison and transient types without touching an analysis or a rule.

/// What a failure path handles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FailureKind {
    /// Everything: `except Exception`, `except BaseException`, a bare `except:`, `Err(_)`,
    /// `Err(e)`, the `else` of `if let Ok(..)`, an error closure.
    Broad,
    /// Network, timeout, connection, OS, database, HTTP or Kafka errors.
    Transient,
    /// Deserialization and validation errors only: the message itself is bad.
    Poison,
    /// `finally:`: runs after a failure as after a success.
    Finally,
    /// Named types or variants the tables do not know, or a guarded arm: not judged.
    Specific,
}

/// The classification tables.
#[derive(Debug, Clone)]
pub struct FailureKnowledge {
    /// Exception types that catch everything (last path segment).
    pub broad: Vec<String>,
    /// Poison exception types: deserialization and validation (last path segment), plus
    /// configured ones.
    pub poison: Vec<String>,
    /// Transient exception types by last segment (`OSError`), or by qualified suffix when the
    /// entry is dotted (`socket.timeout`).
    pub transient: Vec<String>,
    /// Words that make a type transient when its last segment contains one
    /// (`ConnectionResetError`, `ReadTimeout`, `OperationalError`).
    pub transient_words: Vec<String>,
    /// Types and variants raised when the producer's local queue is full (OL202's
    /// back-pressure flush).
    pub backpressure: Vec<String>,
    /// Rust: calls whose failure is a bad message (the matched expression's call, by last
    /// name): `serde_json::from_slice`, `validate`, `decode`.
    pub poison_calls: Vec<String>,
}

impl Default for FailureKnowledge {
    fn default() -> Self {
        FailureKnowledge {
            // Java's `RuntimeException` and `Throwable` catch everything a handler can see.
            broad: super::strings(&[
                "Exception",
                "BaseException",
                "RuntimeException",
                "Throwable",
                // Whatever a task's work threw, as `Future.get()` / `join()` rethrow it.
                "ExecutionException",
                "CompletionException",
            ]),
            poison: super::strings(&[
                "JSONDecodeError",
                "ValueError",
                "ValidationError",
                "UnicodeDecodeError",
                "UnicodeError",
                "KeyError",
                "TypeError",
                "DecodeError",
                "ParseError",
                "SerializationError",
                "SerializerError",
                "DeserializationError",
                "ValueDeserializationError",
                "KeyDeserializationError",
                "SchemaParseException",
                "InvalidSchema",
                "MarshmallowError",
                "ValidationException",
                // Java (java.md §2, OL102).
                "JsonProcessingException",
                "JsonParseException",
                "JsonMappingException",
                "MismatchedInputException",
                "DeserializationException",
                "SerializationException",
                "RecordDeserializationException",
                "NumberFormatException",
                "IllegalArgumentException",
                "DateTimeParseException",
                "ConstraintViolationException",
                "InvalidProtocolBufferException",
                "MessageConversionException",
                "ConversionException",
                "ClassCastException",
            ]),
            transient: super::strings(&[
                "OSError",
                "IOError",
                "EnvironmentError",
                "socket.error",
                "socket.timeout",
                "socket.gaierror",
                "socket.herror",
                "SSLError",
                "BrokenPipeError",
                "InterruptedError",
                "KafkaException",
                "KafkaError",
                "ProduceError",
                "ConsumeError",
                "ClientError",
                "ServerError",
                "HTTPError",
                "URLError",
                "RequestException",
                "RequestError",
                "TransportError",
                "DatabaseError",
                "OperationalError",
                "InterfaceError",
                "DBAPIError",
                "SQLAlchemyError",
                "RedisError",
                "BotoCoreError",
                // Java (java.md §2, OL102).
                "IOException",
                "UncheckedIOException",
                "SQLException",
                "DataAccessException",
                "RestClientException",
                "WebClientException",
            ]),
            transient_words: super::strings(&[
                "Timeout",
                "TimedOut",
                "Connection",
                "Connect",
                "Network",
                "Unavailable",
                "Transient",
                "Temporary",
                "Retriable",
                "Retryable",
                "Throttl",
                "Socket",
            ]),
            backpressure: super::strings(&["BufferError", "QueueFull"]),
            poison_calls: super::strings(&[
                "from_slice",
                "from_str",
                "from_value",
                "from_reader",
                "from_bytes",
                "from_utf8",
                "from_json",
                "parse",
                "validate",
                "decode",
                "deserialize",
                "payload_view",
                "try_from",
                "try_into",
            ]),
        }
    }
}

/// Whether a type's name says its failure is not worth retrying (`NonRetryableException`,
/// Spring's `NonTransientDataAccessException`): permanent for the message, as poison is,
/// whatever its base class (a project's `NonRetryableNotificationException extends
/// RuntimeException` catches only itself).
fn not_retryable(name: &str) -> bool {
    ["Non", "Not"].iter().any(|no| {
        ["Transient", "Retriable", "Retryable"]
            .iter()
            .any(|w| name.contains(&format!("{no}{w}")))
    })
}

impl FailureKnowledge {
    /// The kind of one caught exception type (its qualified path).
    pub fn exception_type(&self, path: &[String]) -> FailureKind {
        let Some(last) = path.last() else {
            return FailureKind::Specific;
        };
        let has = |list: &[String]| list.iter().any(|t| t == last);
        // A dotted entry (`socket.timeout`, a configured `billing.errors.BadInvoice`) matches
        // the path's qualified suffix; a plain one its last segment.
        let suffix = |list: &[String]| {
            list.iter().any(|t| {
                let want: Vec<&str> = t.split('.').collect();
                path.len() >= want.len()
                    && path[path.len() - want.len()..]
                        .iter()
                        .zip(&want)
                        .all(|(a, b)| a == b)
            })
        };
        if has(&self.broad) {
            FailureKind::Broad
        } else if suffix(&self.poison) || not_retryable(last) {
            FailureKind::Poison
        } else if suffix(&self.transient)
            || self
                .transient_words
                .iter()
                .any(|w| last.contains(w.as_str()))
        {
            FailureKind::Transient
        } else {
            FailureKind::Specific
        }
    }

    /// The kind of a clause catching all of `types`: the broadest of them (a tuple with one
    /// transient type runs on transient failures), poison only when every type is.
    pub fn exception_types(&self, types: &[Vec<String>]) -> FailureKind {
        let kinds: Vec<FailureKind> = types.iter().map(|t| self.exception_type(t)).collect();
        if kinds.contains(&FailureKind::Broad) {
            FailureKind::Broad
        } else if kinds.contains(&FailureKind::Transient) {
            FailureKind::Transient
        } else if !kinds.is_empty() && kinds.iter().all(|k| *k == FailureKind::Poison) {
            FailureKind::Poison
        } else {
            FailureKind::Specific
        }
    }

    /// Whether the call that failed (by last name) deserializes or validates a message.
    pub fn is_poison_call(&self, name: &str) -> bool {
        // A project's own decoder is named for what it decodes (`decode_avro`, `parse_event`,
        // `avro_decode`); one that also does more (`parse_and_store`) is not only a decode.
        let word = |c: &str| {
            name == c
                || !name.contains("_and_")
                    && (name.strip_prefix(c).is_some_and(|r| r.starts_with('_'))
                        || name.strip_suffix(c).is_some_and(|r| r.ends_with('_')))
        };
        self.poison_calls.iter().any(|c| word(c))
    }

    /// Whether a caught type or variant path names back-pressure (`BufferError`,
    /// `RDKafkaErrorCode::QueueFull`).
    pub fn is_backpressure(&self, path: &[String]) -> bool {
        path.last()
            .is_some_and(|l| self.backpressure.iter().any(|b| b == l))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(p: &str) -> Vec<String> {
        p.split('.').map(str::to_string).collect()
    }

    #[test]
    fn names_that_rule_out_a_retry_are_poison() {
        let k = FailureKnowledge::default();
        for name in [
            "NonRetryableNotificationException",
            "NonTransientDataAccessException",
            "NotRetriableError",
        ] {
            assert_eq!(k.exception_type(&path(name)), FailureKind::Poison, "{name}");
        }
        // Only a negated retry word: a connection that is not there is still transient.
        for name in [
            "RetryableException",
            "NotConnectedException",
            "TransientError",
        ] {
            assert_eq!(
                k.exception_type(&path(name)),
                FailureKind::Transient,
                "{name}"
            );
        }
    }

    #[test]
    fn exception_types_are_classified() {
        let k = FailureKnowledge::default();
        assert_eq!(k.exception_type(&path("Exception")), FailureKind::Broad);
        assert_eq!(
            k.exception_type(&path("builtins.BaseException")),
            FailureKind::Broad
        );
        assert_eq!(
            k.exception_type(&path("json.JSONDecodeError")),
            FailureKind::Poison
        );
        assert_eq!(
            k.exception_type(&path("pydantic.ValidationError")),
            FailureKind::Poison
        );
        assert_eq!(
            k.exception_type(&path("ConnectionResetError")),
            FailureKind::Transient
        );
        assert_eq!(
            k.exception_type(&path("requests.exceptions.ReadTimeout")),
            FailureKind::Transient
        );
        assert_eq!(
            k.exception_type(&path("socket.timeout")),
            FailureKind::Transient
        );
        // A lower-case `timeout` outside `socket` is nothing known.
        assert_eq!(
            k.exception_type(&path("mylib.timeout")),
            FailureKind::Specific
        );
        assert_eq!(
            k.exception_type(&path("PaymentDeclined")),
            FailureKind::Specific
        );
        // A clause catching several types: the broadest; poison only when all are.
        let types = |ts: &[&str]| ts.iter().map(|t| path(t)).collect::<Vec<_>>();
        assert_eq!(
            k.exception_types(&types(&["ValueError", "OSError"])),
            FailureKind::Transient
        );
        assert_eq!(
            k.exception_types(&types(&["ValueError", "KeyError"])),
            FailureKind::Poison
        );
        assert_eq!(
            k.exception_types(&types(&["ValueError", "Declined"])),
            FailureKind::Specific
        );
        assert_eq!(
            k.exception_types(&types(&["Exception", "ValueError"])),
            FailureKind::Broad
        );
    }

    #[test]
    fn calls_and_backpressure() {
        let k = FailureKnowledge::default();
        assert!(k.is_poison_call("from_slice") && k.is_poison_call("validate"));
        assert!(k.is_poison_call("decode_avro") && k.is_poison_call("avro_decode"));
        assert!(!k.is_poison_call("parse_and_store") && !k.is_poison_call("decoder"));
        assert!(!k.is_poison_call("apply_payment"));
        assert!(k.is_backpressure(&path("BufferError")));
        assert!(k.is_backpressure(&path("RDKafkaErrorCode.QueueFull")));
        assert!(!k.is_backpressure(&path("KafkaException")));
    }
}
