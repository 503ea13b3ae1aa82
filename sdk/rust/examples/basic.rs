//! Basic sample: create a stream and topic, send a few messages, poll them back.
//!
//! Run: cargo run --example basic [CONNECTION_STRING]   (default iggy://iggy:iggy@127.0.0.1:8090)

use iggy_sdk::codes::compression_algorithm;
use iggy_sdk::{Consumer, IggyClient, IggyMessage, Partitioning, PollingStrategy};

pub const DEFAULT_CONNECTION_STRING: &str = "iggy://iggy:iggy@127.0.0.1:8090";

/// Returns the polled payloads as text.
pub async fn run(connection_string: &str, stream: &str) -> iggy_sdk::Result<Vec<String>> {
    let client = IggyClient::from_connection_string(connection_string)?;
    client.connect().await?;
    if client.get_stream(stream).await?.is_some() {
        client.delete_stream(stream).await?;
    }
    client.create_stream(stream).await?;
    client.create_topic(stream, "greetings", 1, compression_algorithm::NONE, 0, 0, 0).await?;

    let messages: Vec<IggyMessage> = ["hello", "from", "rust"].into_iter().map(IggyMessage::new).collect();
    client.send_messages(stream, "greetings", &Partitioning::balanced(), &messages).await?;

    let polled = client
        .poll_messages(stream, "greetings", Some(0), &Consumer::consumer(1), &PollingStrategy::first(), 10, false)
        .await?;
    let texts: Vec<String> = polled.messages.iter().map(|m| String::from_utf8_lossy(&m.payload).into_owned()).collect();
    for (message, text) in polled.messages.iter().zip(&texts) {
        println!("offset {}: {text}", message.offset);
    }
    client.delete_stream(stream).await?;
    client.close().await;
    Ok(texts)
}

#[allow(dead_code)]
#[tokio::main(flavor = "current_thread")]
async fn main() -> iggy_sdk::Result<()> {
    let connection_string = std::env::args().nth(1).unwrap_or_else(|| DEFAULT_CONNECTION_STRING.to_owned());
    run(&connection_string, "sample-basic").await.map(|_| ())
}
