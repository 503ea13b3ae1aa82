package main

import (
	"encoding/json"
	"strings"
	"testing"

	iggy "github.com/iggy-compat/iggy-compat/sdk/go"
)

// decode reads a step's args as the driver does (UseNumber).
func decode(t *testing.T, text string) map[string]any {
	t.Helper()
	decoder := json.NewDecoder(strings.NewReader(text))
	decoder.UseNumber()
	var value map[string]any
	if err := decoder.Decode(&value); err != nil {
		t.Fatal(err)
	}
	return value
}

func TestCheckStepFillsTheDeclaredDefaults(t *testing.T) {
	filled, err := checkStep("poll_messages", decode(t, `{"stream": 1, "topic": "t"}`), "0.8")
	if err != nil {
		t.Fatal(err)
	}
	if filled["count"] != json.Number("10") || filled["auto_commit"] != false {
		t.Fatalf("count/auto_commit not filled from the table: %v", filled)
	}
	if consumer, _ := filled["consumer"].(map[string]any); consumer["kind"] != "consumer" {
		t.Fatalf("consumer not filled from the table: %v", filled)
	}
	if _, ok := filled["partition_id"]; ok {
		t.Fatalf("partition_id has no shared default, yet it was filled: %v", filled)
	}
}

func TestCheckStepRefusesABadStepNamingOpAndKey(t *testing.T) {
	for _, bad := range []struct{ op, args, protocol, message string }{
		{"poll_message", `{}`, "0.8", `unknown op "poll_message"`},
		{"get_client", `{}`, "0.8", `op "get_client": missing required arg "client_id"`},
		{"store_consumer_offset", `{"stream": 1, "topic": 1}`, "0.8", `missing required arg "offset"`},
		{"create_partitions", `{"stream": 1, "topic": 1, "count": 2}`, "0.8",
			`op "create_partitions": unknown arg "count"`},
		{"poll_messages", `{"stream": 1, "topic": 1, "count": "3"}`, "0.8", `arg "count" must be of type integer`},
		{"poll_messages", `{"stream": 1, "topic": 1, "count": 1.5}`, "0.8", `arg "count" must be of type integer`},
		{"create_topic", `{"stream": 1, "name": "t", "options": {}}`, "0.8", `arg "options" is not in protocol 0.8`},
		{"describe_options", `{}`, "0.8", `op "describe_options" is not in protocol 0.8`},
	} {
		_, err := checkStep(bad.op, decode(t, bad.args), bad.protocol)
		if err == nil || !strings.Contains(err.Error(), bad.message) {
			t.Errorf("%s %s: want an error with %q, got %v", bad.op, bad.args, bad.message, err)
		}
	}
	if _, err := checkStep("create_topic", decode(t, `{"stream": 1, "name": "t", "options": {}}`), "0.9"); err != nil {
		t.Errorf("a 0.9 create_topic with options: %v", err)
	}
}

func TestAnswerIsTheDriverErrorForARefusedStep(t *testing.T) {
	d := &driver{protocol: iggy.ProtocolV0_8}
	answer := map[string]any{}
	d.answer("get_client", "default", args{}, answer)
	refused, _ := answer["error"].(map[string]any)
	if refused["code"] != -1 || refused["name"] != "DriverError" ||
		!strings.Contains(refused["message"].(string), `"client_id"`) {
		t.Fatalf("want the DriverError naming client_id, got %v", answer)
	}
}
