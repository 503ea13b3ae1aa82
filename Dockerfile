# iggy-server as a container image. Build from the repository root:
#
#   docker build -t iggy-compat/iggy-server:$(cat VERSION) .
#   docker run -e IGGY_ROOT_PASSWORD=... -p 127.0.0.1:8090:8090 -v iggy-data:/var/lib/iggy/data \
#       iggy-compat/iggy-server:$(cat VERSION)
#
# Stage 1 builds the three wheels exactly as server/tests/test_release_wheels.py does (pip wheel for iggy-sdk and
# iggy-cli, maturin for iggy-server and its Rust extension); stage 2 installs them, binary only, on a slim Python
# with no compiler, and runs the server as an unprivileged user with its data in a volume. The image also carries
# the `iggy` command (docker-compose.yml runs it as a one-shot client).

ARG PYTHON_IMAGE=python:3.12-slim-bookworm

FROM ${PYTHON_IMAGE} AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates curl gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
RUN curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal --default-toolchain stable
ENV PATH=/root/.cargo/bin:$PATH
RUN pip install --no-cache-dir "maturin>=1.7,<2"
WORKDIR /src
COPY VERSION LICENSE NOTICE ./
COPY sdk/python sdk/python
COPY cli cli
COPY server server
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /dist sdk/python cli \
    && cd server && maturin build --release --out /dist

FROM ${PYTHON_IMAGE}
LABEL org.opencontainers.image.title="iggy-server" \
      org.opencontainers.image.description="Apache Iggy 0.8 compatible message-streaming server (TCP, HTTP, QUIC, WebSocket)" \
      org.opencontainers.image.version="0.2.0" \
      org.opencontainers.image.vendor="iggy-compat" \
      org.opencontainers.image.licenses="Apache-2.0" \
      org.opencontainers.image.source="https://github.com/iggy-compat/iggy-compat"
COPY --from=build /dist /tmp/dist
RUN pip install --no-cache-dir --only-binary=:all: /tmp/dist/*.whl && rm -rf /tmp/dist
COPY LICENSE NOTICE /usr/share/doc/iggy-server/
RUN useradd --system --uid 10001 --user-group --home-dir /var/lib/iggy --create-home iggy \
    && mkdir -p /var/lib/iggy/data && chown iggy:iggy /var/lib/iggy/data
# Every listener on all interfaces of the container (the defaults bind 127.0.0.1, unreachable from outside it);
# publish ports on the host's loopback unless the server should be reachable from the network.
ENV IGGY_SYSTEM_PATH=/var/lib/iggy/data \
    IGGY_TCP_ADDRESS=0.0.0.0:8090 \
    IGGY_HTTP_ADDRESS=0.0.0.0:3000 \
    IGGY_QUIC_ADDRESS=0.0.0.0:8080 \
    IGGY_WEBSOCKET_ADDRESS=0.0.0.0:8092
VOLUME ["/var/lib/iggy/data"]
# TCP, HTTP REST, QUIC (UDP), WebSocket.
EXPOSE 8090/tcp 3000/tcp 8080/udp 8092/tcp
USER iggy
WORKDIR /var/lib/iggy
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:3000/ping', timeout=2).status != 200)"]
ENTRYPOINT ["iggy-server"]
