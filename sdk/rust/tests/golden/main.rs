//! Golden tests: every fixture under protocol-spec/fixtures replayed through the generated codec, both ways.

mod fields;
#[rustfmt::skip]
mod generated;

use std::path::{Path, PathBuf};

use bytes::Bytes;
use serde_json::Value;

fn fixture_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("fixtures directory") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            fixture_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
}

fn hex(text: &str) -> Vec<u8> {
    assert!(text.len() % 2 == 0, "odd hex length");
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex digit")).collect()
}

fn replay(fixture: &Value) -> Result<(), String> {
    let code = fixture["code"].as_u64().ok_or("no code")? as u32;
    let frame = hex(fixture["hex"].as_str().ok_or("no hex")?);
    let fields = fixture.get("fields").ok_or("no fields")?;
    let body = &frame[8..];
    match fixture["direction"].as_str() {
        Some("request") => {
            let ignored = fixture.get("ignored_trailing_hex").and_then(Value::as_str).map_or(0, |h| h.len() / 2);
            let payload = Bytes::copy_from_slice(&body[..body.len() - ignored]);
            generated::replay(code, true, fields, payload)
        }
        Some("response") => {
            let status = u32::from_le_bytes(frame[..4].try_into().expect("4 bytes"));
            if status != 0 {
                return if body.is_empty() && fields.is_null() {
                    Ok(())
                } else {
                    Err("an error response has an empty body and null fields".into())
                };
            }
            generated::replay(code, false, fields, Bytes::copy_from_slice(body))
        }
        other => Err(format!("unknown direction {other:?}")),
    }
}

#[test]
fn every_fixture_round_trips_through_the_generated_codec() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../protocol-spec/fixtures");
    let mut files = Vec::new();
    fixture_files(&root, &mut files);
    files.sort();
    let mut replayed = 0;
    let mut failures = Vec::new();
    for path in &files {
        let fixture: Value =
            serde_json::from_str(&std::fs::read_to_string(path).expect("read fixture")).expect("fixture is JSON");
        if fixture.get("direction").is_none() {
            continue; // not a frame (e.g. connection_strings.json)
        }
        replayed += 1;
        if let Err(error) = replay(&fixture) {
            failures.push(format!("{}: {error}", path.display()));
        }
    }
    assert!(replayed > 0, "no fixtures found under {}", root.display());
    assert!(failures.is_empty(), "{} of {replayed} fixtures failed:\n{}", failures.len(), failures.join("\n"));
}

/// protocol-spec/fixtures/malformed_payloads.json (see protocol-spec/README.md "Malformed payloads").
fn malformed_vectors() -> (PathBuf, Value) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../protocol-spec/fixtures");
    let text = std::fs::read_to_string(root.join("malformed_payloads.json")).expect("read malformed_payloads.json");
    (root, serde_json::from_str(&text).expect("malformed_payloads.json is JSON"))
}

#[test]
fn malformed_requests_do_not_decode() {
    let (_, vectors) = malformed_vectors();
    let cases = vectors["rejected_requests"].as_array().expect("rejected_requests");
    assert!(!cases.is_empty());
    for case in cases {
        let name = case["name"].as_str().expect("name");
        let code = case["code"].as_u64().expect("code") as u32;
        let payload = Bytes::from(hex(case["payload_hex"].as_str().expect("payload_hex")));
        // Null fields: replay can only get past decoding by decoding, so its error names the stage that failed.
        match generated::replay(code, true, &Value::Null, payload) {
            Err(error) if error.starts_with("decode request") => {}
            other => panic!("{name}: decoded ({other:?}); a cut or mis-sized payload must not decode"),
        }
    }
}

/// A flag byte of 2 is the vector's only fault: set to 0, the same payload gets past decoding.
#[test]
fn bad_flag_vectors_decode_with_flag_zero() {
    let (_, vectors) = malformed_vectors();
    let cases = vectors["rejected_requests"].as_array().expect("rejected_requests");
    let mut checked = 0;
    for case in cases.iter().filter(|case| case.get("bad_flag").is_some()) {
        let name = case["name"].as_str().expect("name");
        let code = case["code"].as_u64().expect("code") as u32;
        let mut payload = hex(case["payload_hex"].as_str().expect("payload_hex"));
        payload[case["flag_at"].as_u64().expect("flag_at") as usize] = 0;
        if let Err(error) = generated::replay(code, true, &Value::Null, Bytes::from(payload)) {
            assert!(!error.starts_with("decode request"), "{name}: with the flag 0: {error}");
        }
        checked += 1;
    }
    assert!(checked > 0, "no bad_flag vectors");
}

#[test]
fn stats_ignores_an_unparsable_extension_tail() {
    use iggy_sdk::codec::GetStatsRequest;
    use iggy_sdk::runtime::Command;
    let (root, vectors) = malformed_vectors();
    let cases = vectors["tolerated_responses"].as_array().expect("tolerated_responses");
    assert!(!cases.is_empty());
    for case in cases {
        let name = case["name"].as_str().expect("name");
        let base: Value = serde_json::from_str(
            &std::fs::read_to_string(root.join(case["base_fixture"].as_str().expect("base_fixture"))).expect("base"),
        )
        .expect("base fixture is JSON");
        let mut body = hex(base["hex"].as_str().expect("hex"))[8..].to_vec();
        body.extend(hex(case["appended_hex"].as_str().expect("appended_hex")));
        let stats = GetStatsRequest::decode_response(Bytes::from(body)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let got: Vec<(u64, String)> = stats
            .extensions
            .iter()
            .map(|e| (u64::from(e.tag), base64::Engine::encode(&base64::engine::general_purpose::STANDARD, &e.body)))
            .collect();
        let want: Vec<(u64, String)> = case["extensions"]
            .as_array()
            .expect("extensions")
            .iter()
            .map(|e| (e["tag"].as_u64().expect("tag"), e["body"].as_str().expect("body").to_string()))
            .collect();
        assert_eq!(got, want, "{name}");
    }
}

/// Every strict prefix of every captured request fails to decode: no field of any command, trailing presence flags
/// included, reads a missing byte as "absent" (SendMessages too: its messages_count announces every frame).
#[test]
fn every_prefix_of_a_request_fixture_is_rejected() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../protocol-spec/fixtures");
    let mut files = Vec::new();
    fixture_files(&root, &mut files);
    let mut checked = 0;
    for path in &files {
        let fixture: Value =
            serde_json::from_str(&std::fs::read_to_string(path).expect("read fixture")).expect("fixture is JSON");
        if fixture.get("direction").and_then(Value::as_str) != Some("request") {
            continue;
        }
        let code = fixture["code"].as_u64().expect("code") as u32;
        let frame = hex(fixture["hex"].as_str().expect("hex"));
        let ignored = fixture.get("ignored_trailing_hex").and_then(Value::as_str).map_or(0, |h| h.len() / 2);
        let payload = &frame[8..frame.len() - ignored];
        for cut in 0..payload.len() {
            match generated::replay(code, true, &Value::Null, Bytes::copy_from_slice(&payload[..cut])) {
                Err(error) if error.starts_with("decode request") => {}
                other => panic!("{}: the first {cut} of {} bytes decode ({other:?})", path.display(), payload.len()),
            }
        }
        checked += 1;
    }
    assert!(checked > 0, "no request fixtures under {}", root.display());
}
