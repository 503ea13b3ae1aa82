package iggy

import (
	"fmt"
	"net"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Config holds every connection setting. ParseConnectionString builds one from sdk/python's grammar:
// iggy[+tcp]://[USER:PASS@|TOKEN@]HOST[:PORT][/][?option=value&...].
type Config struct {
	Address  string // host:port, [v6]:port or host (port DefaultTcpPort)
	Username string // with Password: log in after connecting
	Password string
	Token    string // a personal access token: log in with it after connecting

	TLS         bool
	TLSDomain   string // server name for SNI and the certificate check; default the host
	TLSCAFile   string // PEM file of CAs to trust; default the system pool
	TLSInsecure bool   // skip certificate verification (testing only)

	ConnectTimeout time.Duration // per connection attempt
	RequestTimeout time.Duration // per request (the context's deadline applies too)
	// ReconnectionRetries bounds reconnect attempts after a lost connection (0 = never); negative = unlimited.
	ReconnectionRetries     int
	ReconnectionInterval    time.Duration // first backoff, doubled up to ReconnectionMaxInterval
	ReconnectionMaxInterval time.Duration
	HeartbeatInterval       time.Duration // background Ping period; 0 = none
	NoDelay                 bool          // TCP_NODELAY
	// Protocol is the Iggy wire protocol the client speaks: ProtocolV0_9 (Iggy 0.9 servers, the default) or
	// ProtocolV0_8 (Iggy 0.8 servers). The connection string's protocol=0.9|0.8 sets it.
	Protocol ProtocolVersion
}

// DefaultConfig answers the defaults: 127.0.0.1:8090, no login, the timeouts and retries of sdk/python.
func DefaultConfig() Config {
	return Config{
		Address:                 net.JoinHostPort("127.0.0.1", strconv.Itoa(int(DefaultTcpPort))),
		ConnectTimeout:          5 * time.Second,
		RequestTimeout:          30 * time.Second,
		ReconnectionRetries:     3,
		ReconnectionInterval:    time.Second,
		ReconnectionMaxInterval: 5 * time.Second,
		HeartbeatInterval:       time.Duration(ClientHeartbeatIntervalMs) * time.Millisecond,
		NoDelay:                 true,
		Protocol:                DefaultProtocol,
	}
}

// DefaultProtocol is the protocol a client speaks unless told otherwise: Iggy 0.9, what current servers speak.
const DefaultProtocol = ProtocolV0_9

// ParseProtocol reads the `protocol` option: exactly "0.9" or "0.8" (no other spelling), the same rule and error
// text in every SDK of this project.
func ParseProtocol(text string) (ProtocolVersion, error) {
	for _, version := range AllProtocolVersions {
		if text == version.String() {
			return version, nil
		}
	}
	return 0, invalidConfig("invalid protocol %q: use protocol=0.9 (Iggy 0.9 servers, the default) or "+
		"protocol=0.8 (Iggy 0.8 servers)", text)
}

func invalidConfig(format string, args ...any) error {
	return newError(ErrorCodeInvalidConnectionString, fmt.Sprintf(format, args...), nil)
}

// Validate checks the settings together (credentials pairs, positive timeouts, a parsable address).
func (c Config) Validate() error {
	if _, _, err := splitAddress(c.Address); err != nil {
		return err
	}
	if (c.Username == "") != (c.Password == "") {
		return invalidConfig("username and password must be given together")
	}
	if c.Token != "" && c.Username != "" {
		return invalidConfig("give either username/password or a token, not both")
	}
	if c.ConnectTimeout <= 0 || c.RequestTimeout <= 0 {
		return invalidConfig("timeouts must be positive")
	}
	if c.ReconnectionInterval < 0 || c.ReconnectionMaxInterval < 0 || c.HeartbeatInterval < 0 {
		return invalidConfig("intervals must not be negative")
	}
	if _, err := ParseProtocol(c.Protocol.String()); err != nil {
		return invalidConfig("protocol must be ProtocolV0_9 or ProtocolV0_8, got %d", uint16(c.Protocol))
	}
	return nil
}

// splitAddress validates host:port ([v6]:port, or a bare host taking the default port).
func splitAddress(address string) (string, int, error) {
	if address == "" {
		return "", 0, invalidConfig("address must be a non-empty host:port")
	}
	host, portText := address, ""
	if strings.HasPrefix(address, "[") {
		end := strings.Index(address, "]")
		if end < 0 {
			return "", 0, invalidConfig("unterminated IPv6 address in %q", address)
		}
		host, portText = address[1:end], address[end+1:]
		if portText != "" && !strings.HasPrefix(portText, ":") {
			return "", 0, invalidConfig("unexpected text after IPv6 address in %q", address)
		}
		portText = strings.TrimPrefix(portText, ":")
	} else if strings.Count(address, ":") > 1 {
		return "", 0, invalidConfig("IPv6 addresses must be bracketed, e.g. [::1]:8090 (got %q)", address)
	} else if i := strings.Index(address, ":"); i >= 0 {
		host, portText = address[:i], address[i+1:]
	}
	if host == "" {
		return "", 0, invalidConfig("missing host in address %q", address)
	}
	if portText == "" {
		return host, int(DefaultTcpPort), nil
	}
	port, err := strconv.Atoi(portText)
	if err != nil || port < 1 || port > 65535 || strings.TrimLeft(portText, "0123456789") != "" {
		return "", 0, invalidConfig("port must be 1..65535, got %q", portText)
	}
	return host, port, nil
}

var durationPattern = regexp.MustCompile(`^\s*(\d+)\s*(us|ms|s|m|h)?\s*$`)

// parseDuration reads 500ms, 5s, 1m, 2h, 250us or a bare number of milliseconds.
func parseDuration(text, option string) (time.Duration, error) {
	match := durationPattern.FindStringSubmatch(text)
	if match == nil {
		return 0, invalidConfig("option %s: %q is not a duration (e.g. 500ms, 5s, 1m)", option, text)
	}
	n, err := strconv.ParseInt(match[1], 10, 64)
	if err != nil {
		return 0, invalidConfig("option %s: %q is out of range", option, text)
	}
	unit := map[string]time.Duration{"us": time.Microsecond, "ms": time.Millisecond, "s": time.Second,
		"m": time.Minute, "h": time.Hour, "": time.Millisecond}[match[2]]
	return time.Duration(n) * unit, nil
}

func parseBool(text, option string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "true", "1", "yes", "on":
		return true, nil
	case "false", "0", "no", "off":
		return false, nil
	}
	return false, invalidConfig("option %s: %q is not a boolean (true/false)", option, text)
}

type optionSetter func(c *Config, value, option string) error

func durationOption(field func(*Config) *time.Duration) optionSetter {
	return func(c *Config, value, option string) (err error) {
		*field(c), err = parseDuration(value, option)
		return err
	}
}

func boolOption(field func(*Config) *bool) optionSetter {
	return func(c *Config, value, option string) (err error) {
		*field(c), err = parseBool(value, option)
		return err
	}
}

var options = map[string]optionSetter{
	"tls":                boolOption(func(c *Config) *bool { return &c.TLS }),
	"tls_domain":         func(c *Config, v, _ string) error { c.TLSDomain = v; return nil },
	"tls_ca_file":        func(c *Config, v, _ string) error { c.TLSCAFile = v; return nil },
	"tls_insecure":       boolOption(func(c *Config) *bool { return &c.TLSInsecure }),
	"nodelay":            boolOption(func(c *Config) *bool { return &c.NoDelay }),
	"connect_timeout":    durationOption(func(c *Config) *time.Duration { return &c.ConnectTimeout }),
	"connect_timeout_ms": durationOption(func(c *Config) *time.Duration { return &c.ConnectTimeout }),
	"request_timeout":    durationOption(func(c *Config) *time.Duration { return &c.RequestTimeout }),
	"request_timeout_ms": durationOption(func(c *Config) *time.Duration { return &c.RequestTimeout }),
	"reconnection_interval": durationOption(func(c *Config) *time.Duration {
		return &c.ReconnectionInterval
	}),
	"reconnection_max_interval": durationOption(func(c *Config) *time.Duration {
		return &c.ReconnectionMaxInterval
	}),
	"heartbeat_interval": durationOption(func(c *Config) *time.Duration { return &c.HeartbeatInterval }),
	"protocol": func(c *Config, v, _ string) (err error) {
		c.Protocol, err = ParseProtocol(v)
		return err
	},
	"reconnection_retries": func(c *Config, v, option string) error {
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "unlimited", "infinite", "none":
			c.ReconnectionRetries = -1
			return nil
		}
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 {
			return invalidConfig("option %s: %q is not a count (or 'unlimited')", option, v)
		}
		c.ReconnectionRetries = n
		return nil
	},
}

// ParseConnectionString parses iggy[+tcp]://[USER:PASS@|TOKEN@]HOST[:PORT][/][?option=value&...] on top of
// DefaultConfig (protocol=0.9|0.8 picks the wire protocol, 0.9 unless given). User, password and token are
// percent-decoded; the last '@' ends the userinfo, so a password may contain ':' or '@'; a userinfo without ':' is a
// personal access token. Unknown options are rejected.
func ParseConnectionString(connectionString string) (Config, error) {
	config := DefaultConfig()
	text := strings.TrimSpace(connectionString)
	scheme, rest, found := strings.Cut(text, "://")
	if !found {
		return config, invalidConfig("connection string must start with iggy://")
	}
	if s := strings.ToLower(scheme); s != "iggy" && s != "iggy+tcp" {
		return config, invalidConfig("unsupported scheme %q: use iggy:// or iggy+tcp://", scheme)
	}
	userinfo, hostPart, hasAt := "", rest, false
	if at := strings.LastIndex(rest, "@"); at >= 0 {
		userinfo, hostPart, hasAt = rest[:at], rest[at+1:], true
	}
	hostPart, query, _ := strings.Cut(hostPart, "?")
	hostPart = strings.TrimRight(hostPart, "/")
	if strings.Contains(hostPart, "/") {
		return config, invalidConfig("unexpected path in connection string: %q", hostPart)
	}
	if hostPart != "" {
		config.Address = hostPart
	}
	if hasAt {
		if userinfo == "" {
			return config, invalidConfig("empty credentials before '@'")
		}
		user, password, colon := strings.Cut(userinfo, ":")
		var err1, err2 error
		if colon {
			if user == "" || password == "" {
				return config, invalidConfig("both username and password are required in USER:PASS@")
			}
			config.Username, err1 = url.PathUnescape(user)
			config.Password, err2 = url.PathUnescape(password)
		} else {
			config.Token, err1 = url.PathUnescape(user)
		}
		if err1 != nil || err2 != nil {
			return config, invalidConfig("bad percent-encoding in credentials")
		}
	}
	tlsExplicit := false
	for _, item := range strings.Split(query, "&") {
		if item == "" {
			continue
		}
		name, value, eq := strings.Cut(item, "=")
		if !eq {
			return config, invalidConfig("option %q needs a value (name=value)", name)
		}
		setter, known := options[strings.ToLower(name)]
		if !known {
			names := make([]string, 0, len(options))
			for key := range options {
				names = append(names, key)
			}
			sort.Strings(names)
			return config, invalidConfig("unknown option %q; known: %s", name, strings.Join(names, ", "))
		}
		decoded, err := url.QueryUnescape(value)
		if err != nil {
			return config, invalidConfig("option %s: bad percent-encoding", name)
		}
		if err := setter(&config, decoded, name); err != nil {
			return config, err
		}
		tlsExplicit = tlsExplicit || strings.ToLower(name) == "tls"
	}
	if !tlsExplicit && (config.TLSDomain != "" || config.TLSCAFile != "" || config.TLSInsecure) {
		config.TLS = true
	}
	return config, config.Validate()
}

// Host answers the host part of Address (without IPv6 brackets).
func (c Config) Host() string {
	host, _, _ := splitAddress(c.Address)
	return host
}

// Port answers the port of Address.
func (c Config) Port() int {
	_, port, _ := splitAddress(c.Address)
	return port
}
