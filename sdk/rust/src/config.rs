//! Connection settings and the connection-string grammar shared with sdk/python (its README, "Connection
//! strings"): `iggy[+tcp]://[USER:PASS@|TOKEN@]HOST[:PORT][/][?option=value&...]`.

use std::str::FromStr;

use crate::codec::ProtocolVersion;
use crate::error::{Error, Result};

pub const DEFAULT_HOST: &str = "127.0.0.1";
pub const DEFAULT_PORT: u16 = 8090;
const SCHEMES: [&str; 2] = ["iggy", "iggy+tcp"];

/// Every connection setting. Build with `ClientConfig::default()` and field updates, or parse a connection string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientConfig {
    pub host: String,
    pub port: u16,
    pub username: Option<String>,
    pub password: Option<String>,
    /// A personal access token (instead of username and password).
    pub token: Option<String>,
    pub tls: bool,
    /// Server name for SNI and the certificate check (default: the host).
    pub tls_domain: Option<String>,
    /// PEM file of CAs to trust (default: none; set it, TLS without a CA file is refused).
    pub tls_ca_file: Option<String>,
    /// Skip certificate verification (testing only).
    pub tls_insecure: bool,
    pub connect_timeout_ms: u64,
    pub request_timeout_ms: u64,
    /// Reconnect attempts after a lost connection; `None` = unlimited, `Some(0)` = never reconnect.
    pub reconnection_retries: Option<u32>,
    pub reconnection_interval_ms: u64,
    pub reconnection_max_interval_ms: u64,
    /// Background Ping period; 0 = off.
    pub heartbeat_interval_ms: u64,
    pub nodelay: bool,
    /// The Iggy wire protocol spoken: 0.9 (the current servers, the default) unless the server is an Iggy 0.8 one
    /// (`protocol=0.8` in a connection string).
    pub protocol: ProtocolVersion,
}

/// The protocol a client speaks unless told otherwise (the shared vectors' `protocol.default`).
pub const DEFAULT_PROTOCOL: ProtocolVersion = ProtocolVersion::V0_9;

/// The `protocol` option: exactly "0.9" or "0.8", with the error text every SDK shares.
pub fn parse_protocol(value: &str) -> Result<ProtocolVersion> {
    ProtocolVersion::from_name(value).ok_or_else(|| {
        invalid(format!(
            "invalid protocol \"{value}\": use protocol=0.9 (Iggy 0.9 servers, the default) or protocol=0.8 (Iggy 0.8 \
             servers)"
        ))
    })
}

impl Default for ClientConfig {
    fn default() -> Self {
        ClientConfig {
            host: DEFAULT_HOST.to_owned(),
            port: DEFAULT_PORT,
            username: None,
            password: None,
            token: None,
            tls: false,
            tls_domain: None,
            tls_ca_file: None,
            tls_insecure: false,
            connect_timeout_ms: 5_000,
            request_timeout_ms: 30_000,
            reconnection_retries: Some(3),
            reconnection_interval_ms: 1_000,
            reconnection_max_interval_ms: 5_000,
            heartbeat_interval_ms: 5_000,
            nodelay: true,
            protocol: DEFAULT_PROTOCOL,
        }
    }
}

fn invalid(message: impl Into<String>) -> Error {
    Error::InvalidConnectionString(message.into())
}

impl ClientConfig {
    /// Settings for `address` (`host:port`, `[v6]:port` or `host`), everything else default.
    pub fn from_address(address: &str) -> Result<Self> {
        let (host, port) = split_address(address)?;
        Ok(ClientConfig { host, port, ..ClientConfig::default() })
    }

    /// `host:port` as a socket address string (IPv6 bracketed).
    pub fn address(&self) -> String {
        if self.host.contains(':') {
            format!("[{}]:{}", self.host, self.port)
        } else {
            format!("{}:{}", self.host, self.port)
        }
    }

    /// Check the combination of settings (the parser calls it; call it after building one by hand).
    pub fn validate(&self) -> Result<()> {
        if self.username.is_some() != self.password.is_some() {
            return Err(invalid("username and password must be given together"));
        }
        if self.token.is_some() && self.username.is_some() {
            return Err(invalid("give either username/password or a token, not both"));
        }
        if self.connect_timeout_ms == 0 || self.request_timeout_ms == 0 {
            return Err(invalid("timeouts must be positive"));
        }
        if self.port == 0 {
            return Err(invalid("port must be 1..65535"));
        }
        Ok(())
    }
}

impl FromStr for ClientConfig {
    type Err = Error;

    /// Username, password and option values are percent-decoded; the password may contain ':' and '@' (the
    /// last '@' ends the userinfo). A userinfo without ':' is a personal access token.
    fn from_str(text: &str) -> Result<Self> {
        let text = text.trim();
        let (scheme, rest) = text.split_once("://").ok_or_else(|| invalid("must start with iggy://"))?;
        if !SCHEMES.contains(&scheme.to_ascii_lowercase().as_str()) {
            return Err(invalid(format!("unsupported scheme {scheme:?}: use iggy:// or iggy+tcp://")));
        }
        let (userinfo, hostpart) = match rest.rfind('@') {
            Some(at) => (Some(&rest[..at]), &rest[at + 1..]),
            None => (None, rest),
        };
        let (hostpart, query) = hostpart.split_once('?').unwrap_or((hostpart, ""));
        let hostpart = hostpart.trim_end_matches('/');
        if hostpart.contains('/') {
            return Err(invalid(format!("unexpected path in connection string: {hostpart:?}")));
        }
        let mut config =
            if hostpart.is_empty() { ClientConfig::default() } else { ClientConfig::from_address(hostpart)? };
        if let Some(userinfo) = userinfo {
            if userinfo.is_empty() {
                return Err(invalid("empty credentials before '@'"));
            }
            match userinfo.split_once(':') {
                Some((user, password)) => {
                    if user.is_empty() || password.is_empty() {
                        return Err(invalid("both username and password are required in USER:PASS@"));
                    }
                    config.username = Some(percent_decode(user)?);
                    config.password = Some(percent_decode(password)?);
                }
                None => config.token = Some(percent_decode(userinfo)?),
            }
        }
        let mut tls_set = false;
        let mut implies_tls = false;
        for item in query.split('&').filter(|item| !item.is_empty()) {
            let (name, value) =
                item.split_once('=').ok_or_else(|| invalid(format!("option {item:?} needs a value")))?;
            let value = percent_decode(value)?;
            match name.to_ascii_lowercase().as_str() {
                "tls" => {
                    config.tls = parse_bool(&value, name)?;
                    tls_set = true;
                }
                "tls_domain" => {
                    implies_tls |= !value.is_empty();
                    config.tls_domain = Some(value);
                }
                "tls_ca_file" => {
                    implies_tls |= !value.is_empty();
                    config.tls_ca_file = Some(value);
                }
                "tls_insecure" => {
                    config.tls_insecure = parse_bool(&value, name)?;
                    implies_tls |= config.tls_insecure;
                }
                "connect_timeout" | "connect_timeout_ms" => {
                    config.connect_timeout_ms = parse_duration_ms(&value, name)?
                }
                "request_timeout" | "request_timeout_ms" => {
                    config.request_timeout_ms = parse_duration_ms(&value, name)?
                }
                "reconnection_retries" => config.reconnection_retries = parse_retries(&value, name)?,
                "reconnection_interval" => config.reconnection_interval_ms = parse_duration_ms(&value, name)?,
                "reconnection_max_interval" => config.reconnection_max_interval_ms = parse_duration_ms(&value, name)?,
                "heartbeat_interval" => config.heartbeat_interval_ms = parse_duration_ms(&value, name)?,
                "nodelay" => config.nodelay = parse_bool(&value, name)?,
                "protocol" => config.protocol = parse_protocol(&value)?,
                _ => return Err(invalid(format!("unknown option {name:?}"))),
            }
        }
        if implies_tls && !tls_set {
            config.tls = true;
        }
        config.validate()?;
        Ok(config)
    }
}

/// `host:port`, `[v6]:port` or `host` (port 8090).
pub fn split_address(address: &str) -> Result<(String, u16)> {
    let (host, port_text) = if let Some(rest) = address.strip_prefix('[') {
        let end = rest.find(']').ok_or_else(|| invalid(format!("unterminated IPv6 address in {address:?}")))?;
        let after = &rest[end + 1..];
        let port = match after {
            "" => "",
            _ => after.strip_prefix(':').ok_or_else(|| invalid(format!("text after IPv6 address in {address:?}")))?,
        };
        (&rest[..end], port)
    } else if address.matches(':').count() > 1 {
        return Err(invalid(format!("IPv6 addresses must be bracketed, e.g. [::1]:8090 (got {address:?})")));
    } else {
        address.split_once(':').unwrap_or((address, ""))
    };
    if host.is_empty() {
        return Err(invalid(format!("missing host in address {address:?}")));
    }
    if port_text.is_empty() {
        return Ok((host.to_owned(), DEFAULT_PORT));
    }
    match port_text.parse::<u16>() {
        Ok(port) if port > 0 && port_text.bytes().all(|b| b.is_ascii_digit()) => Ok((host.to_owned(), port)),
        _ => Err(invalid(format!("port must be 1..65535, got {port_text:?}"))),
    }
}

/// `500ms`, `5s`, `1m`, `2h`, `250us` or a bare number of milliseconds.
pub fn parse_duration_ms(text: &str, option: &str) -> Result<u64> {
    let text = text.trim();
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let (number, unit) = text.split_at(digits);
    let number: u64 = number.parse().map_err(|_| invalid(format!("option {option}: {text:?} is not a duration")))?;
    let ms = match unit.trim() {
        "" | "ms" => Some(number),
        "us" => Some(number / 1_000),
        "s" => number.checked_mul(1_000),
        "m" => number.checked_mul(60_000),
        "h" => number.checked_mul(3_600_000),
        _ => None,
    };
    ms.ok_or_else(|| invalid(format!("option {option}: {text:?} is not a duration (e.g. 500ms, 5s, 1m)")))
}

fn parse_bool(text: &str, option: &str) -> Result<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" | "on" => Ok(true),
        "false" | "0" | "no" | "off" => Ok(false),
        _ => Err(invalid(format!("option {option}: {text:?} is not a boolean (true/false)"))),
    }
}

fn parse_retries(text: &str, option: &str) -> Result<Option<u32>> {
    match text.trim().to_ascii_lowercase().as_str() {
        "unlimited" | "infinite" | "none" => Ok(None),
        count => count.parse().map(Some).map_err(|_| invalid(format!("option {option}: {text:?} is not a count"))),
    }
}

fn percent_decode(text: &str) -> Result<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
            let value = hex.and_then(|h| u8::from_str_radix(h, 16).ok());
            out.push(value.ok_or_else(|| invalid(format!("bad percent escape in {text:?}")))?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| invalid(format!("{text:?} is not UTF-8 after percent-decoding")))
}
