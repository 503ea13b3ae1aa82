//! Golden tests: every fixture under protocol-spec/fixtures replayed through the generated codec, both ways, in
//! its protocol version (0.8 frames: `length | code` / `status | length`; 0.9 frames under fixtures/v0_9: the
//! 256-byte header decoded and re-encoded too).

mod fields;
#[rustfmt::skip]
mod generated;

use std::path::{Path, PathBuf};

use bytes::Bytes;
use iggy_sdk::codec::{EvictionHeader, Operation, ProtocolVersion, ReplyHeader, RequestHeader};
use iggy_sdk::codes::constants::VSR_HEADER_SIZE;
use iggy_sdk::runtime::{Reader, Writer};
use serde_json::Value;

use fields::Fields;

const V0_8: ProtocolVersion = ProtocolVersion::V0_8;
const V0_9: ProtocolVersion = ProtocolVersion::V0_9;

fn is_0_9(fixture: &Value) -> bool {
    fixture.get("protocol").and_then(Value::as_str) == Some("0.9")
}

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
            generated::replay(code, true, fields, payload, V0_8)
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
            generated::replay(code, false, fields, Bytes::copy_from_slice(body), V0_8)
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
        if fixture.get("direction").is_none() || is_0_9(&fixture) {
            continue; // not a frame (e.g. connection_strings.json), or a 0.9 one (below)
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
        match generated::replay(code, true, &Value::Null, payload, V0_8) {
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
        if let Err(error) = generated::replay(code, true, &Value::Null, Bytes::from(payload), V0_8) {
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
        let stats = GetStatsRequest::decode_response(Bytes::from(body), V0_8).unwrap_or_else(|e| panic!("{name}: {e}"));
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
        let (version, start) = if is_0_9(&fixture) { (V0_9, VSR_HEADER_SIZE) } else { (V0_8, 8) };
        let payload = &frame[start..frame.len() - ignored];
        // A 0.9 options block runs to the end of the body, so a cut inside it (at an entry boundary) is a shorter
        // block, not a truncation: only cuts before it must fail.
        let options_len = fixture["fields"]["options"].as_str().map_or(0, |b64| {
            base64::Engine::decode(&base64::engine::general_purpose::STANDARD, b64).expect("base64").len()
        });
        for cut in 0..payload.len() {
            match generated::replay(code, true, &Value::Null, Bytes::copy_from_slice(&payload[..cut]), version) {
                Err(error) if error.starts_with("decode request") => {}
                _ if cut >= payload.len() - options_len => {}
                other => panic!("{}: the first {cut} of {} bytes decode ({other:?})", path.display(), payload.len()),
            }
        }
        checked += 1;
    }
    assert!(checked > 0, "no request fixtures under {}", root.display());
}

/// A 0.9 header: decoded to exactly the fixture's `header`, re-encoded to exactly its 256 bytes.
fn replay_header<H: Fields + PartialEq + std::fmt::Debug>(
    bytes: &[u8],
    expected: &Value,
    decode: fn(&mut Reader) -> Result<H, iggy_sdk::runtime::CodecError>,
    encode: fn(&H, &mut Writer) -> Result<(), iggy_sdk::runtime::CodecError>,
) -> Result<H, String> {
    let mut r = Reader::with_version(Bytes::copy_from_slice(bytes), V0_9);
    let header = decode(&mut r).map_err(|e| format!("decode header: {e}"))?;
    r.finish().map_err(|e| format!("decode header: {e}"))?;
    if &header.to_fields(V0_9) != expected {
        return Err(format!("header decoded {}\n   fixture {expected}", header.to_fields(V0_9)));
    }
    let mut w = Writer::with_version(V0_9);
    encode(&H::from_fields(expected, V0_9)?, &mut w).map_err(|e| format!("encode header: {e}"))?;
    if w.as_slice() != bytes {
        return Err("header re-encoded to other bytes".into());
    }
    Ok(header)
}

fn replay_0_9(fixture: &Value) -> Result<(), String> {
    let code = fixture["code"].as_u64().ok_or("no code")? as u32;
    let frame = hex(fixture["hex"].as_str().ok_or("no hex")?);
    if frame.len() < VSR_HEADER_SIZE {
        return Err("shorter than a 0.9 header".into());
    }
    let (header, mut body) = frame.split_at(VSR_HEADER_SIZE);
    let size = u32::from_le_bytes(header[48..52].try_into().expect("4 bytes")) as usize;
    if size != frame.len() {
        return Err(format!("header size {size}, frame {} bytes", frame.len()));
    }
    let fields = fixture.get("fields").ok_or("no fields")?;
    let expected_header = fixture.get("header").ok_or("no header")?;
    match fixture["frame"].as_str() {
        Some("request") => {
            replay_header(header, expected_header, RequestHeader::decode, RequestHeader::encode)?;
            generated::replay(code, true, fields, Bytes::copy_from_slice(body), V0_9)
        }
        Some("eviction") => {
            replay_header(header, expected_header, EvictionHeader::decode, EvictionHeader::encode)?;
            if body.is_empty() && fields.is_null() {
                Ok(())
            } else {
                Err("an eviction is a header alone".into())
            }
        }
        Some("reply") => {
            let reply = replay_header(header, expected_header, ReplyHeader::decode, ReplyHeader::encode)?;
            let operation = Operation::from_u8(reply.operation).ok_or("unknown operation")?;
            let result = &fixture["result"];
            if let Some(entries) = result.as_array() {
                // The result section: count u32, then count x {index u32, result u32}.
                if !operation.result_framed() {
                    return Err(format!("a result section on {operation:?}"));
                }
                let count = u32::from_le_bytes(body[..4].try_into().expect("4 bytes")) as usize;
                if count != entries.len() {
                    return Err(format!("result section of {count} entries, fixture {}", entries.len()));
                }
                for (i, entry) in entries.iter().enumerate() {
                    let at = 4 + 8 * i;
                    let index = u32::from_le_bytes(body[at..at + 4].try_into().expect("4 bytes"));
                    let code = u32::from_le_bytes(body[at + 4..at + 8].try_into().expect("4 bytes"));
                    if Some(u64::from(index)) != entry["index"].as_u64()
                        || Some(u64::from(code)) != entry["result"].as_u64()
                    {
                        return Err(format!("result entry {i}: {index} {code}, fixture {entry}"));
                    }
                }
                body = &body[4 + 8 * count..];
            } else if operation.result_framed()
                && reply.status == 0
                && !(operation == Operation::Register && body.is_empty())
            {
                return Err(format!("{operation:?} is result-framed but the fixture has no result"));
            }
            if fields.is_null() && (reply.status != 0 || body.is_empty()) {
                return if body.is_empty() { Ok(()) } else { Err("a failure carries no body".into()) };
            }
            generated::replay(code, false, fields, Bytes::copy_from_slice(body), V0_9)
        }
        other => Err(format!("unknown frame kind {other:?}")),
    }
}

fn fixtures_0_9() -> Vec<(PathBuf, Value)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../protocol-spec/fixtures/v0_9");
    let mut files = Vec::new();
    fixture_files(&root, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("read fixture");
            let fixture: Value = serde_json::from_str(&text).expect("fixture is JSON");
            (path, fixture)
        })
        .collect()
}

#[test]
fn every_0_9_fixture_round_trips_header_and_body() {
    let fixtures = fixtures_0_9();
    assert!(!fixtures.is_empty(), "no 0.9 fixtures");
    let failures: Vec<String> = fixtures
        .iter()
        .filter_map(|(path, fixture)| replay_0_9(fixture).err().map(|e| format!("{}: {e}", path.display())))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} 0.9 fixtures failed:\n{}",
        failures.len(),
        fixtures.len(),
        failures.join("\n")
    );
}

/// Every 0.9 command has a request and a response fixture captured from an official client.
#[test]
fn every_0_9_command_has_fixtures() {
    let fixtures = fixtures_0_9();
    for direction in ["request", "response"] {
        let covered: Vec<u32> = fixtures
            .iter()
            .filter(|(_, f)| f["direction"].as_str() == Some(direction))
            .map(|(_, f)| f["code"].as_u64().expect("code") as u32)
            .collect();
        let missing: Vec<u32> = iggy_sdk::codec::COMMANDS
            .iter()
            .filter(|c| c.versions.contains(&V0_9) && !covered.contains(&c.code))
            .map(|c| c.code)
            .collect();
        assert_eq!(missing, Vec::<u32>::new(), "{direction}: 0.9 commands without a fixture");
    }
}
