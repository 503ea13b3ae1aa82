//! A server for integration tests: the project's one launcher, `python -m iggy_server.testing`, spawned with the
//! repository's .venv interpreter (built by `make server`), or `IGGY_TEST_PYTHON` if set.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use iggy_sdk::{ClientConfig, IggyClient, ProtocolVersion};

/// One `#[tokio::test]` per protocol version for each `async fn name(version: ProtocolVersion)` named:
/// `name::v0_8` and `name::v0_9`.
#[macro_export]
macro_rules! in_both_protocols {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test]
            async fn v0_8() {
                super::$name(iggy_sdk::ProtocolVersion::V0_8).await
            }

            #[tokio::test]
            async fn v0_9() {
                super::$name(iggy_sdk::ProtocolVersion::V0_9).await
            }
        }
    )*};
}

/// Generous: the machine running the tests may be loaded; this bounds a hang, it does not measure anything.
const LAUNCHER_TIMEOUT: Duration = Duration::from_secs(120);

pub struct TestServer {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    pub address: String,
    pub ca_file: Option<String>,
}

impl TestServer {
    pub fn start() -> TestServer {
        TestServer::launch(&[])
    }

    pub fn start_tls() -> TestServer {
        TestServer::launch(&["--tls"])
    }

    fn launch(flags: &[&str]) -> TestServer {
        let python = std::env::var("IGGY_TEST_PYTHON")
            .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../.venv/bin/python").to_owned());
        assert!(std::path::Path::new(&python).exists(), "{python} missing: run `make server` first");
        let mut child = Command::new(&python)
            .args(["-m", "iggy_server.testing"])
            .args(flags)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start python -m iggy_server.testing");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        let mut server = TestServer { child, stdin, lines, address: String::new(), ca_file: None };
        server.read_until_ready();
        server
    }

    fn read_line(&self) -> String {
        self.lines.recv_timeout(LAUNCHER_TIMEOUT).expect("the test-server launcher answered in time")
    }

    fn read_until_ready(&mut self) {
        loop {
            let line = self.read_line();
            match line.split_once(' ') {
                Some(("address", address)) => self.address = address.to_owned(),
                Some(("ca_file", path)) => self.ca_file = Some(path.to_owned()),
                _ if line == "ready" => return,
                _ => {}
            }
        }
    }

    fn command(&mut self, command: &str) {
        let stdin = self.stdin.as_mut().expect("launcher stdin");
        writeln!(stdin, "{command}").and_then(|()| stdin.flush()).expect("write to the launcher");
    }

    /// SIGKILL the server (same data and port stay reserved for `restart`).
    pub fn kill(&mut self) {
        self.command("kill");
        assert_eq!(self.read_line(), "killed");
    }

    pub fn restart(&mut self) {
        self.command("restart");
        self.read_until_ready();
    }

    /// Settings for this server, logged in as root, in the default protocol (0.9).
    pub fn config(&self) -> ClientConfig {
        self.config_with(ClientConfig::default().protocol)
    }

    /// Settings for this server, logged in as root, speaking `version`.
    pub fn config_with(&self, version: ProtocolVersion) -> ClientConfig {
        let mut config = ClientConfig::from_address(&self.address).expect("launcher address");
        config.username = Some("iggy".into());
        config.password = Some("iggy".into());
        config.protocol = version;
        config
    }

    pub async fn client(&self) -> IggyClient {
        self.client_with(ClientConfig::default().protocol).await
    }

    pub async fn client_with(&self, version: ProtocolVersion) -> IggyClient {
        let client = IggyClient::new(self.config_with(version)).expect("valid config");
        client.connect().await.expect("connect and log in");
        client
    }

    /// A connection string for this server in `version`.
    pub fn connection_string(&self, version: ProtocolVersion) -> String {
        format!("iggy://iggy:iggy@{}?protocol={version}", self.address)
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        drop(self.stdin.take()); // end of stdin stops the server and removes its directory
        let _ = self.child.wait();
    }
}
