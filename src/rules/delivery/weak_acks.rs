//! OL205 weak-acks: a producer whose visible configuration has its writes
//! acknowledged by the partition leader alone (`acks=1`) or not at all (`acks=0`), explicitly
//! or by its client's default (aiokafka's `acks=1`; kafka-python's through 2.3, judged only
//! when the project pins a version: `knowledge::version`). A leader that fails before
//! replicating loses records the delivery callback already reported as delivered.

use crate::analysis::config::{ConfigValue, ConfigView, Known};
use crate::diagnostic::Finding;
use crate::knowledge::version::{always, Pins};
use crate::knowledge::{AcksKeys, Role};
use crate::registry::Rule;
use crate::rules::RuleContext;

/// Why a configuration's acknowledgement level is weak.
enum Weak {
    /// Set to `0` or `1` under this key.
    Set(&'static str, i64),
    /// Left at the client's default, which is `acks=1`; for a default that changed between
    /// releases, the pinned version it was read for (`kafka-python ==2.0.2 (requirements.txt)`).
    Default(Option<String>),
}

/// OL205
pub(crate) fn weak_acks(ctx: &RuleContext) {
    // Tests run against test brokers, often a single one, where no level replicates.
    if ctx.analysis.program.file(ctx.analysis.file).is_test() {
        return;
    }
    for (call, _, client) in ctx.analysis.constructions(Role::Producer) {
        let library = ctx.knowledge.lib(client.lib);
        let Some(weak) = weakness(&client.config, &library.acks, library.name, ctx.file.pins)
        else {
            continue;
        };
        let ty = client.ty.as_deref().unwrap_or("producer");
        let (message, primary) = match weak {
            Weak::Set(key, level) => (
                format!(
                    "`{ty}` is configured with `{key}={level}`: {}",
                    consequence(level)
                ),
                format!("`{key}={level}`"),
            ),
            Weak::Default(pinned) => (
                format!(
                    "`{ty}` leaves `acks` at {}'s default (`1`{}): {}",
                    library.name,
                    pinned.map(|p| format!(" in {p}")).unwrap_or_default(),
                    consequence(1)
                ),
                format!("{}'s default `acks=1`", library.name),
            ),
        };
        let finding = Finding::new(Rule::WeakAcks, call.range, message)
            .primary(primary)
            .help(library.acks.help);
        ctx.report(finding);
    }
}

fn consequence(level: i64) -> &'static str {
    if level == 0 {
        "records are reported as delivered before any broker has them"
    } else {
        "records the leader acknowledged are lost if it fails before replicating them"
    }
}

/// The weak acknowledgement level a configuration is known to set, if any: set after any
/// entries of unknown content, or left at a weak default in a complete configuration. A value
/// that is not a literal or constant (`acks=settings.ACKS` read from the environment) is not
/// judged, nor a default that changed between releases when the versions the project allows
/// (`pins`) do not agree on it.
fn weakness(config: &ConfigView, keys: &AcksKeys, package: &str, pins: &Pins) -> Option<Weak> {
    match config.known_any(keys.keys) {
        Known::Set(value) => {
            // The key the last entry used (librdkafka reads `acks` and its alias in order).
            let ConfigView::Visible { entries, .. } = config else {
                return None;
            };
            let (key, _) = entries
                .iter()
                .rev()
                .find(|(k, _)| keys.keys.contains(&k.as_str()))?;
            let key = keys.keys.iter().find(|&&k| k == key)?;
            level(value).map(|l| Weak::Set(key, l))
        }
        Known::Unknown => None,
        Known::Default if idempotent(config, keys) => None,
        Known::Default => {
            let weak = pins.fact(package, keys.weak_default)?;
            let pinned = always(keys.weak_default).is_none();
            weak.then(|| {
                Weak::Default(
                    pinned
                        .then(|| pins.get(package))
                        .flatten()
                        .map(|p| p.describe(package)),
                )
            })
        }
    }
}

/// `0` or `1`, written as a number or a string.
fn level(value: &ConfigValue) -> Option<i64> {
    match value {
        ConfigValue::Int(i @ (0 | 1)) => Some(*i),
        ConfigValue::Str(s) | ConfigValue::Const(s) => match s.trim() {
            "0" => Some(0),
            "1" => Some(1),
            _ => None,
        },
        _ => None,
    }
}

/// Whether a setting that makes the default wait for every in-sync replica may be on: set to
/// anything but `False` / `None`, or possibly set by entries of unknown content (a value that
/// is not a literal may be on, so the default is not judged).
fn idempotent(config: &ConfigView, keys: &AcksKeys) -> bool {
    keys.idempotence.iter().any(|key| match config.known(key) {
        Known::Default | Known::Set(ConfigValue::Null) => false,
        Known::Unknown => true,
        Known::Set(v) => !v.is_false(),
    })
}
