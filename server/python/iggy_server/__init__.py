"""Python reference server for the Apache Iggy 0.8 TCP protocol (Rust hot path in ``iggy_server._native``)."""
