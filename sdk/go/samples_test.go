package iggy

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSamples builds the three samples and runs each against a test server in each protocol, checking what it
// reports.
func TestSamples(t *testing.T) {
	s := startServer(t)
	dir := t.TempDir()
	build := exec.Command("go", "build", "-o", dir+string(filepath.Separator), "./samples/...")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build samples: %v\n%s", err, out)
	}
	cases := map[string]*regexp.Regexp{
		"basic":          regexp.MustCompile(`(?m)^polled 10 messages$`),
		"consumer_group": regexp.MustCompile(`(?m)^processed \d+ messages \(300 distinct\)$`),
		"at_least_once":  regexp.MustCompile(`(?m)processed \d+ in total, 100 distinct of 100`),
	}
	confirmed := regexp.MustCompile(`(?m)^stored in partition 0 from offset \d+$`)
	for _, protocol := range protocols {
		for name, want := range cases {
			t.Run(name+"-"+protocol, func(t *testing.T) {
				out, err := exec.Command(filepath.Join(dir, name), "-stream", "sample-"+name+"-"+protocol,
					s.url("?protocol="+protocol)).CombinedOutput()
				if err != nil || !want.Match(out) {
					t.Fatalf("%s: %v\n%s", name, err, strings.TrimSpace(string(out)))
				}
				if name == "basic" && confirmed.Match(out) != (protocol == "0.9") {
					t.Fatalf("the send confirmation over %s:\n%s", protocol, out)
				}
				t.Logf("%s", out)
			})
		}
	}
}
