package iggy

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// modulePath is the import path users `go get`; the test reads it from go.mod rather than restating it.
func modulePath(t *testing.T) string {
	t.Helper()
	goMod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(goMod), "\n") {
		if path, ok := strings.CutPrefix(line, "module "); ok {
			return strings.TrimSpace(path)
		}
	}
	t.Fatal("go.mod has no module line")
	return ""
}

// externalProgram is what a user writes after `go get`: it imports the SDK by its module path only.
const externalProgram = `package main

import (
	"context"
	"fmt"
	"os"
	"time"

	iggy "MODULE"
)

func main() {
	fmt.Println("version", iggy.Version)
	if len(os.Args) < 2 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	client, err := iggy.Connect(ctx, os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "connect:", err)
		os.Exit(1)
	}
	defer client.Close()
	stats, err := client.GetStats(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, "stats:", err)
		os.Exit(1)
	}
	fmt.Println("server", stats.IggyServerVersion)
}
`

// TestExternalModule builds a module outside this one that requires the SDK by its published path, as `go get`
// leaves it; only that module's own go.mod replaces the path with this folder (no download, GOPROXY=off). The
// program then runs against a test server, which must report the repository's VERSION, as the SDK does.
func TestExternalModule(t *testing.T) {
	module := modulePath(t)
	if !strings.Contains(strings.SplitN(module, "/", 2)[0], ".") {
		t.Fatalf("module path %q: the first element needs a dot, or `go get` refuses it", module)
	}
	sdkDir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	release, err := os.ReadFile(filepath.Join(sdkDir, "..", "..", "VERSION"))
	if err != nil {
		t.Fatal(err)
	}
	version := strings.TrimSpace(string(release))
	if Version != version {
		t.Fatalf("iggy.Version = %q, VERSION file says %q (run `make gen`)", Version, version)
	}

	dir := t.TempDir()
	goMod := "module example.com/iggy-user\n\ngo 1.23\n\nrequire " + module + " v" + version + "\n\n" +
		"replace " + module + " => " + sdkDir + "\n"
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", goMod)
	write("main.go", strings.Replace(externalProgram, "MODULE", module, 1))
	binary := filepath.Join(dir, "iggy-user")
	if runtime.GOOS == "windows" {
		binary += ".exe"
	}
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Dir = dir
	// GOFLAGS=-mod=mod lets go write the go.sum entries of the (dependency-free) SDK; GOWORK=off keeps any
	// workspace of the caller out; GOPROXY=off proves nothing is downloaded.
	build.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build of a module importing %s: %v\n%s", module, err, out)
	}

	s := startServer(t)
	out, err := exec.Command(binary, s.url("")).CombinedOutput()
	if err != nil {
		t.Fatalf("external program: %v\n%s", err, out)
	}
	want := []byte("version " + version + "\nserver " + version + "\n")
	if !bytes.Equal(out, want) {
		t.Fatalf("external program printed %q, want %q", out, want)
	}
}
