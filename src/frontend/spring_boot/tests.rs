use std::path::Path;

use super::*;
use crate::model::{Expr, Lit, StmtKind};

/// Each construction of a lowered file: its client, the line it is reported on and its
/// configuration as `key=value` (`?` for a value that is not a literal).
fn constructions(name: &str, source: &str) -> Vec<(String, usize, Vec<String>)> {
    let lowered = lower(Path::new(name), source).expect("lowers");
    let lines = crate::model::LineIndex::new(source);
    let body = &lowered.module.bodies[0];
    body.stmts
        .iter()
        .map(|s| {
            let StmtKind::Expr(Expr::Call(call)) = &s.kind else {
                panic!("not a construction: {s:?}");
            };
            let Expr::Name { id, .. } = &call.func else {
                panic!("callee: {:?}", call.func);
            };
            let Expr::Dict { items, .. } = &call.args[0].value else {
                panic!("config: {:?}", call.args[0].value);
            };
            let config = items
                .iter()
                .map(|(k, v)| {
                    let Some(Expr::Lit {
                        lit: Lit::Str(k), ..
                    }) = k
                    else {
                        panic!("key: {k:?}");
                    };
                    let v = match v {
                        Expr::Lit {
                            lit: Lit::Str(s), ..
                        } => s.to_string(),
                        Expr::Lit {
                            lit: Lit::Bool(b), ..
                        } => b.to_string(),
                        Expr::Lit {
                            lit: Lit::Int(i), ..
                        } => i.to_string(),
                        _ => "?".into(),
                    };
                    format!("{k}={v}")
                })
                .filter(|kv| !kv.starts_with("spring.kafka."))
                .collect();
            (id.to_string(), lines.line(call.range.start), config)
        })
        .collect()
}

#[test]
fn recognises_application_files_and_profiles() {
    for yes in [
        "src/main/resources/application.yml",
        "application-prod.yaml",
        "config/application.properties",
        "application-local.properties",
    ] {
        assert!(is_config_file(Path::new(yes)), "{yes}");
    }
    for no in [
        "applications.yml",
        "bootstrap.yml",
        "application.json",
        "docker-compose.yml",
        "log4j2.properties",
    ] {
        assert!(!is_config_file(Path::new(no)), "{no}");
    }
}

#[test]
fn yaml_keys_become_client_configurations_at_their_lines() {
    let src = "\
spring:
  kafka:
    bootstrap-servers: localhost:9092
    producer:
      acks: 1
    consumer:
      group-id: billing
      enable-auto-commit: true   # on purpose
";
    assert_eq!(
        constructions("application.yml", src),
        vec![
            (
                "spring.kafka.consumer".to_string(),
                8,
                vec![
                    "group.id=billing".to_string(),
                    "enable.auto.commit=true".to_string()
                ]
            ),
            (
                "spring.kafka.producer".to_string(),
                5,
                vec!["acks=1".to_string()]
            ),
        ]
    );
}

#[test]
fn properties_maps_win_over_typed_keys_and_common_ones_come_first() {
    let src = "\
spring.kafka.properties.enable.auto.commit=false
spring.kafka.consumer.groupId = billing
spring.kafka.consumer.properties[enable.auto.commit]: true
spring.kafka.producer.properties.acks=${ACKS:1}
";
    assert_eq!(
        constructions("application.properties", src),
        vec![
            (
                "spring.kafka.consumer".to_string(),
                3,
                vec![
                    "enable.auto.commit=false".to_string(),
                    "group.id=billing".to_string(),
                    "enable.auto.commit=true".to_string(),
                ]
            ),
            (
                "spring.kafka.producer".to_string(),
                4,
                vec!["enable.auto.commit=false".to_string(), "acks=?".to_string()]
            ),
        ]
    );
}

#[test]
fn yaml_documents_are_profiles_of_their_own_and_nested_map_keys_join() {
    let src = "\
spring:
  kafka:
    consumer:
      group-id: a
---
spring:
  config:
    activate:
      on-profile: prod
  kafka:
    consumer:
      properties:
        \"[enable.auto.commit]\": true
        isolation:
          level: read_committed
";
    let got = constructions("application.yaml", src);
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[0].2, vec!["group.id=a".to_string()]);
    assert_eq!(got[1].1, 13);
    assert_eq!(
        got[1].2,
        vec![
            "enable.auto.commit=true".to_string(),
            "isolation.level=read_committed".to_string()
        ]
    );
}

#[test]
fn a_yaml_error_is_reported_and_the_keys_before_it_kept() {
    let src = "spring:\n  kafka:\n    consumer:\n      group-id: a\n  bad: [\n";
    let lowered = lower(Path::new("application.yml"), src).expect("lowers");
    assert!(lowered.recovered.is_some());
    assert_eq!(constructions("application.yml", src).len(), 1);
}

#[test]
fn files_without_kafka_clients_construct_nothing() {
    let src = "server:\n  port: 8080\nspring:\n  kafka:\n    bootstrap-servers: x:9092\n";
    assert!(constructions("application.yml", src).is_empty());
}
