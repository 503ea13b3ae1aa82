// Command conformance is the Go SDK's conformance driver: JSON lines in on stdin, JSON lines out on stdout
// (conformance-tests/README.md). It calls only the public API of package iggy.
//
// -protocol 0.9|0.8 (default: the SDK's, 0.9) is the Iggy wire protocol every client of the run speaks: the runner
// tells drivers nothing about it, so drivers.toml names one entry per protocol (go, go-0.9).
package main

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/big"
	"os"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	iggy "github.com/iggy-compat/iggy-compat/sdk/go"
)

type args map[string]any

func (a args) has(key string) bool { _, ok := a[key]; return ok && a[key] != nil }

func (a args) str(key string) string {
	switch v := a[key].(type) {
	case string:
		return v
	case json.Number:
		return v.String()
	}
	return ""
}

// uint reads an integer arg: required by the op table, or filled with its declared default by checkStep before
// the op runs (driver_ops_gen.go), so no default is written here; 0 for a nested field left out.
func (a args) uint(key string) uint64 {
	switch v := a[key].(type) {
	case json.Number:
		n, err := strconv.ParseUint(v.String(), 10, 64)
		if err == nil {
			return n
		}
	case string:
		if n, err := strconv.ParseUint(v, 10, 64); err == nil {
			return n
		}
	}
	return 0
}

func (a args) boolean(key string) bool { v, _ := a[key].(bool); return v }

func (a args) obj(key string) args {
	if v, ok := a[key].(map[string]any); ok {
		return args(v)
	}
	return nil
}

// ident turns a JSON id (number) or name (string; digits become a numeric id, like the official clients).
func (a args) ident(key string) iggy.Identifier {
	if n, ok := a[key].(json.Number); ok {
		v, _ := strconv.ParseUint(n.String(), 10, 32)
		return iggy.ID(uint32(v))
	}
	return iggy.ParseIdentifier(a.str(key))
}

func (a args) partition(key string) *uint32 {
	if !a.has(key) {
		return nil
	}
	v := uint32(a.uint(key))
	return &v
}

func (a args) consumer() iggy.Consumer {
	raw := a.obj("consumer")
	if raw.str("kind") == "group" {
		return iggy.ConsumerGroupID(raw.ident("id"))
	}
	return iggy.ConsumerID(raw.ident("id"))
}

var headerKinds = []string{"raw", "string", "bool", "int8", "int16", "int32", "int64", "int128", "uint8", "uint16",
	"uint32", "uint64", "uint128", "float32", "float64"}

func headerValue(raw args) (iggy.HeaderValue, error) {
	kind := raw.str("kind")
	value := raw["value"]
	number := func() string { return raw.str("value") }
	switch kind {
	case "raw":
		b, err := base64.StdEncoding.DecodeString(raw.str("value"))
		return iggy.RawHeader(b), err
	case "string":
		return iggy.StringHeader(raw.str("value")), nil
	case "bool":
		b, _ := value.(bool)
		return iggy.BoolHeader(b), nil
	case "float32", "float64":
		f, err := strconv.ParseFloat(number(), 64)
		if kind == "float32" {
			return iggy.Float32Header(float32(f)), err
		}
		return iggy.Float64Header(f), err
	case "int128", "uint128":
		n, ok := new(big.Int).SetString(number(), 10)
		if !ok {
			return iggy.HeaderValue{}, fmt.Errorf("bad %s %q", kind, number())
		}
		if n.Sign() < 0 {
			n.Add(n, new(big.Int).Lsh(big.NewInt(1), 128))
		}
		var le [16]byte
		be := n.FillBytes(make([]byte, 16))
		for i := range le {
			le[i] = be[15-i]
		}
		if kind == "int128" {
			return iggy.Int128Header(le), nil
		}
		return iggy.Uint128Header(le), nil
	}
	if strings.HasPrefix(kind, "uint") {
		n, err := strconv.ParseUint(number(), 10, 64)
		switch kind {
		case "uint8":
			return iggy.Uint8Header(uint8(n)), err
		case "uint16":
			return iggy.Uint16Header(uint16(n)), err
		case "uint32":
			return iggy.Uint32Header(uint32(n)), err
		}
		return iggy.Uint64Header(n), err
	}
	n, err := strconv.ParseInt(number(), 10, 64)
	switch kind {
	case "int8":
		return iggy.Int8Header(int8(n)), err
	case "int16":
		return iggy.Int16Header(int16(n)), err
	case "int32":
		return iggy.Int32Header(int32(n)), err
	case "int64":
		return iggy.Int64Header(n), err
	}
	return iggy.HeaderValue{}, fmt.Errorf("unknown header kind %q", kind)
}

func headerJSON(value iggy.HeaderValue) map[string]any {
	kind := "unknown"
	if int(value.Kind) >= 1 && int(value.Kind) <= len(headerKinds) {
		kind = headerKinds[value.Kind-1]
	}
	b := value.Value
	var decoded any
	switch kind {
	case "raw":
		decoded = base64.StdEncoding.EncodeToString(b)
	case "string":
		decoded = string(b)
	case "bool":
		decoded = len(b) > 0 && b[0] != 0
	case "int8":
		decoded = int8(b[0])
	case "uint8":
		decoded = b[0]
	case "int16":
		decoded = int16(binary.LittleEndian.Uint16(b))
	case "uint16":
		decoded = binary.LittleEndian.Uint16(b)
	case "int32":
		decoded = int32(binary.LittleEndian.Uint32(b))
	case "uint32":
		decoded = binary.LittleEndian.Uint32(b)
	case "int64":
		decoded = strconv.FormatInt(int64(binary.LittleEndian.Uint64(b)), 10)
	case "uint64":
		decoded = strconv.FormatUint(binary.LittleEndian.Uint64(b), 10)
	case "float32":
		decoded = math.Float32frombits(binary.LittleEndian.Uint32(b))
	case "float64":
		decoded = math.Float64frombits(binary.LittleEndian.Uint64(b))
	case "int128", "uint128":
		be := make([]byte, 16)
		for i := range be {
			be[i] = b[15-i]
		}
		n := new(big.Int).SetBytes(be)
		if kind == "int128" && b[15]&0x80 != 0 {
			n.Sub(n, new(big.Int).Lsh(big.NewInt(1), 128))
		}
		decoded = n.String()
	}
	return map[string]any{"kind": kind, "value": decoded}
}

func permissions(raw args) *iggy.Permissions {
	if raw == nil {
		return nil
	}
	global := raw.obj("global")
	p := &iggy.Permissions{ManageServers: global.boolean("manage_servers"), ReadServers: global.boolean("read_servers"),
		ManageUsers: global.boolean("manage_users"), ReadUsers: global.boolean("read_users"),
		ManageStreams: global.boolean("manage_streams"), ReadStreams: global.boolean("read_streams"),
		ManageTopics: global.boolean("manage_topics"), ReadTopics: global.boolean("read_topics"),
		PollMessages: global.boolean("poll_messages"), SendMessages: global.boolean("send_messages")}
	streams := raw.obj("streams")
	for _, key := range sortedNumericKeys(streams) {
		s := streams.obj(key)
		id, _ := strconv.ParseUint(key, 10, 32)
		entry := iggy.StreamPermissions{StreamID: uint32(id), ManageStream: s.boolean("manage_stream"),
			ReadStream: s.boolean("read_stream"), ManageTopics: s.boolean("manage_topics"),
			ReadTopics: s.boolean("read_topics"), PollMessages: s.boolean("poll_messages"),
			SendMessages: s.boolean("send_messages")}
		topics := s.obj("topics")
		for _, topicKey := range sortedNumericKeys(topics) {
			t := topics.obj(topicKey)
			topicID, _ := strconv.ParseUint(topicKey, 10, 32)
			entry.Topics = append(entry.Topics, iggy.TopicPermissions{TopicID: uint32(topicID),
				ManageTopic: t.boolean("manage_topic"), ReadTopic: t.boolean("read_topic"),
				PollMessages: t.boolean("poll_messages"), SendMessages: t.boolean("send_messages")})
		}
		p.Streams = append(p.Streams, entry)
	}
	return p
}

func sortedNumericKeys(m args) []string {
	keys := make([]string, 0, len(m))
	for key := range m {
		keys = append(keys, key)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, _ := strconv.Atoi(keys[i])
		b, _ := strconv.Atoi(keys[j])
		return a < b
	})
	return keys
}

var compression = map[string]iggy.CompressionAlgorithm{"none": iggy.CompressionAlgorithmNone,
	"gzip": iggy.CompressionAlgorithmGzip}
var statuses = map[string]iggy.UserStatus{"active": iggy.UserStatusActive, "inactive": iggy.UserStatusInactive}

func nameOf[T comparable](table map[string]T, value T) string {
	for name, v := range table {
		if v == value {
			return name
		}
	}
	return fmt.Sprint(value)
}

func streamJSON(s *iggy.StreamHeader) map[string]any {
	return map[string]any{"id": s.ID, "name": s.Name, "topics_count": s.TopicsCount,
		"messages_count": s.MessagesCount, "size_bytes": s.SizeBytes}
}

func topicJSON(t *iggy.TopicHeader) map[string]any {
	result := map[string]any{"id": t.ID, "name": t.Name, "partitions_count": t.PartitionsCount,
		"messages_count": t.MessagesCount, "size_bytes": t.SizeBytes,
		"compression_algorithm": nameOf(compression, iggy.CompressionAlgorithm(t.CompressionAlgorithm)),
		"message_expiry":        t.MessageExpiry, "max_topic_size": t.MaxTopicSize}
	// 0.9's form has the options blocks (never both empty: the catalog has keys) and no replication factor.
	if len(t.Options) > 0 || len(t.DerivedOptions) > 0 {
		result["options"], result["derived_options"] = optionsJSON(t.Options), optionsJSON(t.DerivedOptions)
	} else {
		result["replication_factor"] = t.ReplicationFactor
	}
	return result
}

// optionsJSON renders an options block by key (a block the SDK cannot parse renders as its error).
func optionsJSON(block []byte) any {
	options, err := iggy.ParseOptions(block)
	if err != nil {
		return err.Error()
	}
	rendered := map[string]any{}
	for key, value := range options {
		rendered[key] = optionValueJSON(value)
	}
	return rendered
}

// optionValueJSON is headerJSON with the value in its text form ("1024", "false"): how 0.9's REST API carries
// options, so every driver and transport compares alike (conformance-tests/README.md, create_topic).
func optionValueJSON(value iggy.HeaderValue) map[string]any {
	rendered := headerJSON(value)
	if _, isText := rendered["value"].(string); !isText {
		rendered["value"] = fmt.Sprint(rendered["value"])
	}
	return rendered
}

func topicDetailsJSON(t *iggy.TopicDetails) any {
	if t == nil {
		return nil
	}
	result := topicJSON(&iggy.TopicHeader{ID: t.ID, Name: t.Name, PartitionsCount: uint32(len(t.Partitions)),
		MessagesCount: t.MessagesCount, SizeBytes: t.SizeBytes, CompressionAlgorithm: t.CompressionAlgorithm,
		MessageExpiry: t.MessageExpiry, MaxTopicSize: t.MaxTopicSize, ReplicationFactor: t.ReplicationFactor,
		Options: t.Options, DerivedOptions: t.DerivedOptions})
	partitions := []any{}
	for _, p := range t.Partitions {
		partitions = append(partitions, map[string]any{"id": p.ID, "current_offset": p.CurrentOffset,
			"messages_count": p.MessagesCount, "segments_count": p.SegmentsCount, "size_bytes": p.SizeBytes})
	}
	result["partitions"] = partitions
	return result
}

func groupJSON(g *iggy.GroupHeader) map[string]any {
	return map[string]any{"id": g.ID, "name": g.Name, "partitions_count": g.PartitionsCount,
		"members_count": g.MembersCount}
}

// permissionsJSON is the inverse of permissions: conformance-tests/README.md's form, nil for none.
func permissionsJSON(p *iggy.Permissions) any {
	if p == nil {
		return nil
	}
	global := map[string]any{"manage_servers": p.ManageServers, "read_servers": p.ReadServers,
		"manage_users": p.ManageUsers, "read_users": p.ReadUsers, "manage_streams": p.ManageStreams,
		"read_streams": p.ReadStreams, "manage_topics": p.ManageTopics, "read_topics": p.ReadTopics,
		"poll_messages": p.PollMessages, "send_messages": p.SendMessages}
	streams := map[string]any{}
	for _, s := range p.Streams {
		topics := map[string]any{}
		for _, t := range s.Topics {
			topics[strconv.FormatUint(uint64(t.TopicID), 10)] = map[string]any{"manage_topic": t.ManageTopic,
				"read_topic": t.ReadTopic, "poll_messages": t.PollMessages, "send_messages": t.SendMessages}
		}
		streams[strconv.FormatUint(uint64(s.StreamID), 10)] = map[string]any{"manage_stream": s.ManageStream,
			"read_stream": s.ReadStream, "manage_topics": s.ManageTopics, "read_topics": s.ReadTopics,
			"poll_messages": s.PollMessages, "send_messages": s.SendMessages, "topics": topics}
	}
	return map[string]any{"global": global, "streams": streams}
}

func userJSON(u *iggy.UserHeader) map[string]any {
	return map[string]any{"id": u.ID, "username": u.Username,
		"status": nameOf(statuses, iggy.UserStatus(u.Status))}
}

func clientJSON(c *iggy.ClientInfo) map[string]any {
	return map[string]any{"client_id": c.ClientID, "user_id": c.UserID, "transport": c.Transport,
		"address": c.Address, "consumer_groups_count": c.ConsumerGroupsCount}
}

func clientDetailsJSON(c *iggy.ClientDetails) any {
	if c == nil {
		return nil
	}
	result := clientJSON(&iggy.ClientInfo{ClientID: c.ClientID, UserID: c.UserID, Transport: c.Transport,
		Address: c.Address, ConsumerGroupsCount: uint32(len(c.ConsumerGroups))})
	groups := []any{}
	for _, g := range c.ConsumerGroups {
		groups = append(groups, map[string]any{"stream_id": g.StreamID, "topic_id": g.TopicID, "group_id": g.GroupID})
	}
	result["consumer_groups"] = groups
	return result
}

func mapList[T any](items []T, render func(*T) map[string]any) []any {
	out := make([]any, 0, len(items))
	for i := range items {
		out = append(out, render(&items[i]))
	}
	return out
}

type driver struct {
	protocol iggy.ProtocolVersion
	clients  map[string]*iggy.Client
}

func (d *driver) v09() bool { return d.protocol >= iggy.ProtocolV0_9 }

func (d *driver) reset() {
	for _, c := range d.clients {
		_ = c.Close()
	}
	d.clients = map[string]*iggy.Client{}
}

// settings: 0.8 sends every setting (absent = none / the server default); 0.9 sends the settings given (zero
// values are not sent: an update is a patch) and the options map.
func settings(a args) (iggy.TopicSettings, error) {
	result := iggy.TopicSettings{CompressionAlgorithm: compression[a.str("compression_algorithm")],
		MessageExpiryUs: a.uint("message_expiry"), MaxTopicSizeBytes: a.uint("max_topic_size"),
		ReplicationFactor: uint8(a.uint("replication_factor"))}
	raw := a.obj("options")
	for _, key := range sortedKeys(raw) {
		value, err := optionValue(raw[key])
		if err != nil {
			return result, err
		}
		result.Options = append(result.Options, iggy.OptionOf(key, value))
	}
	return result, nil
}

// optionValue reads an option's JSON value: a typed header value ({"kind", "value"}) or a plain string the server
// parses ("7 days", "128 MiB").
func optionValue(raw any) (iggy.HeaderValue, error) {
	if typed, ok := raw.(map[string]any); ok {
		return headerValue(args(typed))
	}
	if text, ok := raw.(string); ok {
		return iggy.StringHeader(text), nil
	}
	return iggy.HeaderValue{}, fmt.Errorf("option value %v is neither a string nor a typed value", raw)
}

func sortedKeys(m args) []string {
	keys := make([]string, 0, len(m))
	for key := range m {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	return keys
}

func (d *driver) run(ctx context.Context, op, name string, a args) (any, error) {
	if op == "connect" {
		config := iggy.DefaultConfig()
		config.Address, config.Username, config.Password, config.Token = a.str("address"), a.str("username"),
			a.str("password"), a.str("token")
		config.HeartbeatInterval, config.ReconnectionRetries, config.Protocol = 0, 0, d.protocol
		client, err := iggy.NewClient(config)
		if err != nil {
			return nil, err
		}
		if err := client.Connect(ctx); err != nil {
			_ = client.Close()
			return nil, err
		}
		if previous := d.clients[name]; previous != nil {
			_ = previous.Close()
		}
		d.clients[name] = client
		return nil, nil
	}
	c := d.clients[name]
	if c == nil {
		return nil, fmt.Errorf("no client %q", name)
	}
	stream, topic := a.ident("stream"), a.ident("topic")
	switch op {
	case "disconnect":
		delete(d.clients, name)
		return nil, c.Close()
	case "login_user":
		id, err := c.LoginUser(ctx, a.str("username"), a.str("password"))
		return map[string]any{"user_id": id}, err
	case "login_with_personal_access_token":
		id, err := c.LoginWithPersonalAccessToken(ctx, a.str("token"))
		return map[string]any{"user_id": id}, err
	case "get_me":
		me, err := c.GetMe(ctx)
		return clientDetailsJSON(me), err
	case "get_client":
		info, err := c.GetClient(ctx, uint32(a.uint("client_id")))
		return clientDetailsJSON(info), err
	case "get_clients":
		infos, err := c.GetClients(ctx)
		return mapList(infos, clientJSON), err
	case "get_snapshot":
		comp := iggy.SnapshotCompressionDeflated
		if name := a.str("compression"); name != "deflated" {
			found := false
			for v := iggy.SnapshotCompression(1); v < 32; v++ {
				if strings.EqualFold(fmt.Sprint(v), name) || snapshotName(v) == name {
					comp, found = v, true
				}
			}
			if !found {
				return nil, fmt.Errorf("unknown compression %q", name)
			}
		}
		var types []iggy.SnapshotType
		rawTypes, _ := a["types"].([]any)
		if len(rawTypes) == 0 {
			rawTypes = []any{"all"}
		}
		for _, raw := range rawTypes {
			t, ok := snapshotTypes[raw.(string)]
			if !ok {
				return nil, fmt.Errorf("unknown snapshot type %v", raw)
			}
			types = append(types, t)
		}
		archive, err := c.GetSnapshot(ctx, comp, types)
		return map[string]any{"size_bytes": len(archive), "zip": len(archive) >= 4 &&
			string(archive[:4]) == "PK\x03\x04"}, err
	case "get_cluster_metadata":
		m, err := c.GetClusterMetadata(ctx)
		if err != nil {
			return nil, err
		}
		nodes := []any{}
		for _, n := range m.Nodes {
			nodes = append(nodes, map[string]any{"name": n.Name, "role": n.Role, "status": n.Status})
		}
		return map[string]any{"name": m.Name, "nodes": nodes}, nil
	case "get_stream":
		s, err := c.GetStream(ctx, stream)
		if err != nil || s == nil {
			return nil, err
		}
		result := streamJSON(&iggy.StreamHeader{ID: s.ID, Name: s.Name, TopicsCount: uint32(len(s.Topics)),
			MessagesCount: s.MessagesCount, SizeBytes: s.SizeBytes})
		result["topics"] = mapList(s.Topics, topicJSON)
		return result, nil
	case "create_topic":
		settings, err := settings(a)
		if err != nil {
			return nil, err
		}
		t, err := c.CreateTopic(ctx, stream, a.str("name"), uint32(a.uint("partitions_count")), settings)
		return topicDetailsJSON(t), err
	case "describe_options":
		scope, ok := optionScopes[a.str("scope")]
		if !ok {
			return nil, fmt.Errorf("unknown option scope %q", a.str("scope"))
		}
		entries, err := c.DescribeOptions(ctx, scope)
		return mapList(entries, optionDescriptorJSON), err
	case "sync_consumer_group":
		assignment, err := c.SyncConsumerGroup(ctx, stream, topic, a.ident("group"))
		if err != nil || assignment == nil {
			return nil, err
		}
		partitions := []any{}
		for _, p := range assignment.Partitions {
			partitions = append(partitions, p)
		}
		return map[string]any{"generation": assignment.Generation, "partitions": partitions}, nil
	case "get_topic":
		t, err := c.GetTopic(ctx, stream, topic)
		return topicDetailsJSON(t), err
	case "get_topics":
		topics, err := c.GetTopics(ctx, stream)
		return mapList(topics, topicJSON), err
	case "update_topic":
		settings, err := settings(a)
		if err != nil {
			return nil, err
		}
		return nil, c.UpdateTopic(ctx, stream, topic, a.str("name"), settings)
	case "send_messages":
		return d.send(ctx, c, stream, topic, a)
	case "poll_messages":
		return d.poll(ctx, c, stream, topic, a)
	case "store_consumer_offset":
		return nil, c.StoreConsumerOffset(ctx, a.consumer(), stream, topic, a.partition("partition_id"),
			a.uint("offset"))
	case "get_consumer_offset":
		info, err := c.GetConsumerOffset(ctx, a.consumer(), stream, topic, a.partition("partition_id"))
		if err != nil || info == nil {
			return nil, err
		}
		return map[string]any{"partition_id": info.PartitionID, "current_offset": info.CurrentOffset,
			"stored_offset": info.StoredOffset}, nil
	case "delete_consumer_offset":
		return nil, c.DeleteConsumerOffset(ctx, a.consumer(), stream, topic, a.partition("partition_id"))
	case "get_consumer_group":
		g, err := c.GetConsumerGroup(ctx, stream, topic, a.ident("group"))
		if err != nil || g == nil {
			return nil, err
		}
		result := groupJSON(&iggy.GroupHeader{ID: g.ID, Name: g.Name, PartitionsCount: g.PartitionsCount,
			MembersCount: uint32(len(g.Members))})
		members := []any{}
		for _, m := range g.Members {
			ids := []any{}
			for _, id := range m.PartitionIDs {
				ids = append(ids, id)
			}
			members = append(members, map[string]any{"id": m.MemberID, "partitions_count": len(m.PartitionIDs),
				"partitions": ids})
		}
		result["members"] = members
		return result, nil
	case "consume_group":
		return d.consumeGroup(ctx, c, stream, topic, a)
	case "create_user":
		u, err := c.CreateUser(ctx, a.str("username"), a.str("password"),
			statuses[a.str("status")], permissions(a.obj("permissions")))
		if err != nil || u == nil {
			return nil, err
		}
		result := userJSON(&iggy.UserHeader{ID: u.ID, Username: u.Username, Status: u.Status})
		result["permissions"] = permissionsJSON(u.Permissions)
		return result, nil
	case "get_user":
		u, err := c.GetUser(ctx, a.ident("user"))
		if err != nil || u == nil {
			return nil, err
		}
		result := userJSON(&iggy.UserHeader{ID: u.ID, Username: u.Username, Status: u.Status})
		result["permissions"] = permissionsJSON(u.Permissions)
		return result, nil
	case "get_users":
		users, err := c.GetUsers(ctx)
		return mapList(users, userJSON), err
	case "update_user":
		var username *string
		var status *iggy.UserStatus
		if a.has("username") {
			v := a.str("username")
			username = &v
		}
		if a.has("status") {
			v := statuses[a.str("status")]
			status = &v
		}
		return nil, c.UpdateUser(ctx, a.ident("user"), username, status)
	case "update_permissions":
		return nil, c.UpdatePermissions(ctx, a.ident("user"), permissions(a.obj("permissions")))
	case "get_personal_access_tokens":
		tokens, err := c.GetPersonalAccessTokens(ctx)
		return mapList(tokens, func(t *iggy.PersonalAccessTokenInfo) map[string]any {
			return map[string]any{"name": t.Name, "expiry_at": t.ExpiryAt}
		}), err
	}
	// The plain ops: their calls are generated (protocol-spec/generator/driver_calls.py).
	if result, handled, err := runGenerated(ctx, c, op, a); handled {
		return result, err
	}
	return nil, errUnsupported
}

var errUnsupported = errors.New("unsupported")

var snapshotTypes = map[string]iggy.SnapshotType{"filesystem_overview": iggy.SnapshotTypeFilesystemOverview,
	"process_list": iggy.SnapshotTypeProcessList, "resource_usage": iggy.SnapshotTypeResourceUsage,
	"test": iggy.SnapshotTypeTest, "server_logs": iggy.SnapshotTypeServerLogs,
	"server_config": iggy.SnapshotTypeServerConfig, "all": iggy.SnapshotTypeAll}

func snapshotName(v iggy.SnapshotCompression) string {
	return map[iggy.SnapshotCompression]string{iggy.SnapshotCompressionStored: "stored",
		iggy.SnapshotCompressionDeflated: "deflated", iggy.SnapshotCompressionBzip2: "bzip2",
		iggy.SnapshotCompressionZstd: "zstd", iggy.SnapshotCompressionLzma: "lzma",
		iggy.SnapshotCompressionXz: "xz"}[v]
}

// send answers 0.9's send confirmation (nothing in 0.8).
func (d *driver) send(ctx context.Context, c *iggy.Client, stream, topic iggy.Identifier, a args) (any, error) {
	partitioning := iggy.Balanced()
	raw := a.obj("partitioning")
	switch raw.str("kind") {
	case "partition_id":
		partitioning = iggy.PartitionID(uint32(raw.uint("value")))
	case "key":
		partitioning = iggy.MessagesKey([]byte(raw.str("value")))
	}
	rawMessages, _ := a["messages"].([]any)
	messages := make([]iggy.Message, 0, len(rawMessages))
	for _, item := range rawMessages {
		m := args(item.(map[string]any))
		payload, err := base64.StdEncoding.DecodeString(m.str("payload"))
		if err != nil {
			return nil, err
		}
		message := iggy.NewMessage(payload)
		if m.has("id") {
			if message.ID, err = iggy.ParseU128(m.str("id")); err != nil {
				return nil, err
			}
		}
		if headers := m.obj("headers"); len(headers) > 0 {
			message.Headers = iggy.Headers{}
			for key := range headers {
				if message.Headers[key], err = headerValue(headers.obj(key)); err != nil {
					return nil, err
				}
			}
		}
		messages = append(messages, message)
	}
	confirmation, err := c.SendMessages(ctx, stream, topic, partitioning, messages)
	if err != nil || !d.v09() {
		return nil, err
	}
	confirmations := []any{}
	if confirmation != nil {
		confirmations = append(confirmations, map[string]any{"stream_id": confirmation.StreamID,
			"topic_id": confirmation.TopicID, "partition_id": confirmation.PartitionID,
			"base_offset": confirmation.BaseOffset})
	}
	return map[string]any{"confirmations": confirmations}, nil
}

func (d *driver) poll(ctx context.Context, c *iggy.Client, stream, topic iggy.Identifier, a args) (any, error) {
	raw := a.obj("strategy")
	value := raw.uint("value")
	strategy, known := map[string]iggy.PollingStrategy{"offset": iggy.PollOffset(value),
		"timestamp": iggy.PollTimestamp(value), "first": iggy.PollFirst(), "last": iggy.PollLast(),
		"next": iggy.PollNext()}[raw.str("kind")]
	if !known {
		return nil, fmt.Errorf("unknown polling strategy %q", raw.str("kind"))
	}
	polled, err := c.PollMessages(ctx, stream, topic, a.partition("partition_id"), a.consumer(), strategy,
		uint32(a.uint("count")), a.boolean("auto_commit"))
	if err != nil {
		return nil, err
	}
	messages := []any{}
	for _, m := range polled.Messages {
		headers, err := iggy.ParseHeaders(m.UserHeaders)
		if err != nil {
			return nil, err
		}
		rendered := map[string]any{}
		for key, value := range headers {
			rendered[key] = headerJSON(value)
		}
		messages = append(messages, map[string]any{"offset": m.Offset, "id": m.ID.String(),
			"timestamp": m.Timestamp, "payload": base64.StdEncoding.EncodeToString(m.Payload),
			"headers": rendered})
	}
	return map[string]any{"partition_id": polled.PartitionID, "current_offset": polled.CurrentOffset,
		"count": polled.MessagesCount, "messages": messages}, nil
}

func (d *driver) consumeGroup(ctx context.Context, c *iggy.Client, stream, topic iggy.Identifier,
	a args) (any, error) {
	count := int(a.uint("count"))
	ctx, cancel := context.WithTimeout(ctx, time.Duration(a.uint("timeout_ms"))*time.Millisecond)
	defer cancel()
	consumer, err := iggy.NewConsumer(c, iggy.ConsumerConfig{Stream: stream, Topic: topic, Group: a.str("group"),
		Strategy: iggy.PollNext(), AutoCommit: iggy.AutoCommitAfterPoll(), PollInterval: 10 * time.Millisecond})
	if err != nil {
		return nil, err
	}
	received := []map[string]any{}
	for message, err := range consumer.Messages(ctx) {
		if err != nil {
			_ = consumer.Close(context.Background())
			return nil, err
		}
		received = append(received, map[string]any{"partition_id": message.PartitionID, "offset": message.Offset,
			"payload": base64.StdEncoding.EncodeToString(message.Payload)})
		if len(received) >= count {
			break
		}
	}
	if err := consumer.Close(ctx); err != nil {
		return nil, err
	}
	sort.Slice(received, func(i, j int) bool {
		pi, pj := received[i]["partition_id"].(uint32), received[j]["partition_id"].(uint32)
		if pi != pj {
			return pi < pj
		}
		return received[i]["offset"].(uint64) < received[j]["offset"].(uint64)
	})
	out := make([]any, len(received))
	for i := range received {
		out[i] = received[i]
	}
	return map[string]any{"messages": out}, nil
}

var operations = []string{"connect", "disconnect", "login_user", "login_with_personal_access_token", "get_me",
	"get_client", "get_clients", "get_snapshot", "get_cluster_metadata", "get_stream", "create_topic", "get_topic",
	"get_topics", "update_topic", "send_messages", "poll_messages", "store_consumer_offset", "get_consumer_offset",
	"delete_consumer_offset", "get_consumer_group", "consume_group", "create_user", "get_user", "get_users",
	"update_user", "update_permissions", "get_personal_access_tokens", "reset", "describe_options",
	"sync_consumer_group"}

// only09 are the operations Iggy 0.8 does not have, with the reason.
var only09 = map[string]string{"describe_options": "Iggy 0.8 has no option catalog",
	"sync_consumer_group": "Iggy 0.8 groups assign partitions on the server"}

var optionScopes = map[string]iggy.OptionScope{"stream": iggy.OptionScopeStream, "topic": iggy.OptionScopeTopic,
	"user": iggy.OptionScopeUser}

func optionDescriptorJSON(entry *iggy.OptionDescriptor) map[string]any {
	kind := "unknown"
	if int(entry.Kind) >= 1 && int(entry.Kind) <= len(headerKinds) {
		kind = headerKinds[entry.Kind-1]
	}
	var fallback any
	if len(entry.DefaultValue) > 0 {
		fallback = optionValueJSON(iggy.HeaderValue{Kind: iggy.HeaderKind(entry.Kind), Value: entry.DefaultValue})
	}
	return map[string]any{"key": entry.Key, "kind": kind, "default": fallback, "description": entry.Description}
}

// hello names the driver after its protocol and lists what it can do in it.
func (d *driver) hello() map[string]any {
	capabilities := []string{}
	for _, op := range append(slices.Clone(operations), generatedOperations...) {
		if _, missing := only09[op]; d.v09() || !missing {
			capabilities = append(capabilities, op)
		}
	}
	hello := map[string]any{"name": "go-" + d.protocol.String(), "version": iggy.Version,
		"protocol": d.protocol.String(), "capabilities": capabilities, "unobservable": []string{}}
	if !d.v09() {
		hello["unsupported"] = only09
	}
	return hello
}

func main() {
	protocol := flag.String("protocol", iggy.DefaultProtocol.String(),
		"the Iggy wire protocol of every client: 0.9 (default) or 0.8")
	flag.Parse()
	version, err := iggy.ParseProtocol(*protocol)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	d := &driver{protocol: version, clients: map[string]*iggy.Client{}}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 0, 1<<20), 256<<20)
	out := bufio.NewWriter(os.Stdout)
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if line == "" {
			continue
		}
		decoder := json.NewDecoder(strings.NewReader(line))
		decoder.UseNumber()
		var request struct {
			ID     any    `json:"id"`
			Op     string `json:"op"`
			Client string `json:"client"`
			Args   args   `json:"args"`
		}
		answer := map[string]any{}
		if err := decoder.Decode(&request); err != nil {
			answer["error"] = map[string]any{"code": -1, "name": "DriverError", "message": err.Error()}
		} else {
			answer["id"] = request.ID
			if request.Client == "" {
				request.Client = "default"
			}
			if request.Args == nil {
				request.Args = args{}
			}
			d.answer(request.Op, request.Client, request.Args, answer)
		}
		encoded, err := json.Marshal(answer)
		if err != nil {
			encoded, _ = json.Marshal(map[string]any{"id": answer["id"], "error": map[string]any{"code": -1,
				"name": "DriverError", "message": err.Error()}})
		}
		_, _ = out.Write(append(encoded, '\n'))
		_ = out.Flush()
	}
	d.reset()
}

func (d *driver) answer(op, name string, a args, answer map[string]any) {
	if op == "hello" {
		answer["ok"] = d.hello()
		return
	}
	// The op table's check, before dispatch: a bad step is a DriverError, defaults are filled in.
	filled, err := checkStep(op, a, d.protocol.String())
	if err != nil {
		answer["error"] = map[string]any{"code": -1, "name": "DriverError", "message": err.Error()}
		return
	}
	a = filled
	switch op {
	case "reset":
		d.reset()
		answer["ok"] = nil
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	result, err := d.run(ctx, op, name, a)
	var iggyErr *iggy.Error
	switch {
	case errors.Is(err, errUnsupported):
		answer["unsupported"] = "operation " + op
	case errors.As(err, &iggyErr):
		answer["error"] = map[string]any{"code": uint32(iggyErr.Code), "name": iggyErr.Name,
			"message": iggyErr.Error()}
	case err != nil:
		fmt.Fprintln(os.Stderr, "driver error:", op, err)
		answer["error"] = map[string]any{"code": -1, "name": "DriverError", "message": err.Error()}
	default:
		if v := reflect.ValueOf(result); result == nil || (v.Kind() == reflect.Pointer && v.IsNil()) {
			answer["ok"] = nil
		} else {
			answer["ok"] = result
		}
	}
}
