// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.

package main

import (
	"context"

	iggy "github.com/iggy-compat/iggy-compat/sdk/go"
)

// generatedOperations are the conformance driver's plain ops, generated from protocol-spec/spec/driver_ops.toml (protocol-spec/generator/driver_calls.py): runGenerated answers each of them.
var generatedOperations = []string{
	"ping",
	"logout_user",
	"get_stats",
	"create_stream",
	"get_streams",
	"update_stream",
	"delete_stream",
	"purge_stream",
	"delete_topic",
	"purge_topic",
	"create_partitions",
	"delete_partitions",
	"delete_segments",
	"flush_unsaved_buffer",
	"create_consumer_group",
	"get_consumer_groups",
	"delete_consumer_group",
	"join_consumer_group",
	"leave_consumer_group",
	"change_password",
	"delete_user",
	"create_personal_access_token",
	"delete_personal_access_token",
}

// runGenerated runs a plain op; handled is false for any other op.
func runGenerated(ctx context.Context, c *iggy.Client, op string, a args) (any, bool, error) {
	switch op {
	case "ping":
		return nil, true, c.Ping(ctx)
	case "logout_user":
		return nil, true, c.LogoutUser(ctx)
	case "get_stats":
		v, err := c.GetStats(ctx)
		if err != nil || v == nil {
			return nil, true, err
		}
		return map[string]any{"streams_count": v.StreamsCount, "topics_count": v.TopicsCount, "partitions_count": v.PartitionsCount, "segments_count": v.SegmentsCount, "messages_count": v.MessagesCount, "clients_count": v.ClientsCount, "consumer_groups_count": v.ConsumerGroupsCount, "iggy_server_version": v.IggyServerVersion}, true, nil
	case "create_stream":
		v, err := c.CreateStream(ctx, a.str("name"))
		if err != nil || v == nil {
			return nil, true, err
		}
		return map[string]any{"id": v.ID, "name": v.Name, "topics_count": v.TopicsCount, "messages_count": v.MessagesCount, "size_bytes": v.SizeBytes}, true, nil
	case "get_streams":
		listed, err := c.GetStreams(ctx)
		if err != nil {
			return nil, true, err
		}
		out := make([]any, 0, len(listed))
		for i := range listed {
			out = append(out, map[string]any{"id": listed[i].ID, "name": listed[i].Name, "topics_count": listed[i].TopicsCount, "messages_count": listed[i].MessagesCount, "size_bytes": listed[i].SizeBytes})
		}
		return out, true, nil
	case "update_stream":
		return nil, true, c.UpdateStream(ctx, a.ident("stream"), a.str("name"))
	case "delete_stream":
		return nil, true, c.DeleteStream(ctx, a.ident("stream"))
	case "purge_stream":
		return nil, true, c.PurgeStream(ctx, a.ident("stream"))
	case "delete_topic":
		return nil, true, c.DeleteTopic(ctx, a.ident("stream"), a.ident("topic"))
	case "purge_topic":
		return nil, true, c.PurgeTopic(ctx, a.ident("stream"), a.ident("topic"))
	case "create_partitions":
		return nil, true, c.CreatePartitions(ctx, a.ident("stream"), a.ident("topic"), uint32(a.uint("partitions_count")))
	case "delete_partitions":
		return nil, true, c.DeletePartitions(ctx, a.ident("stream"), a.ident("topic"), uint32(a.uint("partitions_count")))
	case "delete_segments":
		return nil, true, c.DeleteSegments(ctx, a.ident("stream"), a.ident("topic"), uint32(a.uint("partition_id")), uint32(a.uint("segments_count")))
	case "flush_unsaved_buffer":
		return nil, true, c.FlushUnsavedBuffer(ctx, a.ident("stream"), a.ident("topic"), uint32(a.uint("partition_id")), a.boolean("fsync"))
	case "create_consumer_group":
		v, err := c.CreateConsumerGroup(ctx, a.ident("stream"), a.ident("topic"), a.str("name"))
		if err != nil || v == nil {
			return nil, true, err
		}
		return map[string]any{"id": v.ID, "name": v.Name, "partitions_count": v.PartitionsCount, "members_count": v.MembersCount}, true, nil
	case "get_consumer_groups":
		listed, err := c.GetConsumerGroups(ctx, a.ident("stream"), a.ident("topic"))
		if err != nil {
			return nil, true, err
		}
		out := make([]any, 0, len(listed))
		for i := range listed {
			out = append(out, map[string]any{"id": listed[i].ID, "name": listed[i].Name, "partitions_count": listed[i].PartitionsCount, "members_count": listed[i].MembersCount})
		}
		return out, true, nil
	case "delete_consumer_group":
		return nil, true, c.DeleteConsumerGroup(ctx, a.ident("stream"), a.ident("topic"), a.ident("group"))
	case "join_consumer_group":
		return nil, true, c.JoinConsumerGroup(ctx, a.ident("stream"), a.ident("topic"), a.ident("group"))
	case "leave_consumer_group":
		return nil, true, c.LeaveConsumerGroup(ctx, a.ident("stream"), a.ident("topic"), a.ident("group"))
	case "change_password":
		return nil, true, c.ChangePassword(ctx, a.ident("user"), a.str("current_password"), a.str("new_password"))
	case "delete_user":
		return nil, true, c.DeleteUser(ctx, a.ident("user"))
	case "create_personal_access_token":
		value, err := c.CreatePersonalAccessToken(ctx, a.str("name"), a.uint("expiry"))
		return map[string]any{"token": value}, true, err
	case "delete_personal_access_token":
		return nil, true, c.DeletePersonalAccessToken(ctx, a.str("name"))
	}
	return nil, false, nil
}
