//! The shared connection-string vectors (protocol-spec/fixtures/connection_strings.json), parsed by this SDK.

use iggy_sdk::{ClientConfig, ErrorCode};
use serde_json::{json, Value};

fn settings(config: &ClientConfig) -> Value {
    json!({
        "host": config.host, "port": config.port, "username": config.username, "password": config.password,
        "token": config.token, "tls": config.tls, "tls_domain": config.tls_domain, "tls_ca_file": config.tls_ca_file,
        "tls_insecure": config.tls_insecure, "connect_timeout_ms": config.connect_timeout_ms,
        "request_timeout_ms": config.request_timeout_ms, "reconnection_retries": config.reconnection_retries,
        "reconnection_interval_ms": config.reconnection_interval_ms,
        "reconnection_max_interval_ms": config.reconnection_max_interval_ms,
        "heartbeat_interval_ms": config.heartbeat_interval_ms, "nodelay": config.nodelay,
    })
}

fn vectors() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../protocol-spec/fixtures/connection_strings.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("vectors file")).expect("vectors are JSON")
}

#[test]
fn defaults_match_the_shared_defaults() {
    let vectors = vectors();
    let mut expected = vectors["defaults"].clone();
    // serde_json numbers with arbitrary_precision compare by text; build both sides the same way.
    expected = serde_json::from_str(&expected.to_string()).unwrap();
    assert_eq!(serde_json::from_str::<Value>(&settings(&ClientConfig::default()).to_string()).unwrap(), expected);
}

#[test]
fn every_valid_vector_parses_to_its_settings() {
    let vectors = vectors();
    let cases = vectors["valid"].as_array().expect("valid cases");
    assert!(!cases.is_empty());
    for case in cases {
        let input = case["input"].as_str().expect("input");
        let mut expected = vectors["defaults"].as_object().expect("defaults").clone();
        for (key, value) in case["expected"].as_object().expect("expected") {
            assert!(expected.contains_key(key), "{input}: unknown setting {key}");
            expected.insert(key.clone(), value.clone());
        }
        let config: ClientConfig = input.parse().unwrap_or_else(|e| panic!("{input}: {e}"));
        let got: Value = serde_json::from_str(&settings(&config).to_string()).unwrap();
        let want: Value = serde_json::from_str(&Value::Object(expected).to_string()).unwrap();
        assert_eq!(got, want, "{input}");
    }
}

#[test]
fn every_invalid_vector_fails_with_its_code() {
    let vectors = vectors();
    let cases = vectors["invalid"].as_array().expect("invalid cases");
    assert!(!cases.is_empty());
    for case in cases {
        let input = case["input"].as_str().expect("input");
        let error = input.parse::<ClientConfig>().expect_err(input);
        let code = case["error_code"].as_u64().expect("error_code") as u32;
        assert_eq!(error.code(), ErrorCode(code), "{input}: {error}");
        assert_eq!(error.code(), ErrorCode::INVALID_CONNECTION_STRING);
    }
}

/// The `protocol` section: the option every SDK shares, its default, and its exact error text.
#[test]
fn the_protocol_option_follows_the_shared_vectors() {
    let vectors = vectors();
    let section = &vectors["protocol"];
    assert_eq!(ClientConfig::default().protocol.name(), section["default"].as_str().expect("default"));
    for case in section["valid"].as_array().expect("valid") {
        let input = case["input"].as_str().expect("input");
        // This SDK speaks TCP only: the other schemes' vectors are parsed as far as the protocol goes.
        let tcp = input.replacen("iggy+ws://", "iggy://", 1).replacen("iggy+http://", "iggy://", 1);
        let config: ClientConfig = tcp.parse().unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(config.protocol.name(), case["protocol"].as_str().expect("protocol"), "{input}");
    }
    for case in section["invalid"].as_array().expect("invalid") {
        let input = case["input"].as_str().expect("input");
        let error = input.parse::<ClientConfig>().expect_err(input);
        assert_eq!(error.code(), ErrorCode(case["error_code"].as_u64().expect("code") as u32), "{input}");
        assert_eq!(error.message(), case["message"].as_str().expect("message"), "{input}");
    }
}
