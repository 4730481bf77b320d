# gradientd: a URL in, a gradient PNG out.
#   docker build -t gradientd .
#   docker run --rm -p 8080:8080 gradientd
# Build stage: the Swift 6 toolchain with the libpng, zlib, libwebp and libavif headers.
FROM swift:6.1-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libpng-dev=1.6.39-2+deb12u* zlib1g-dev=1:1.2.13.dfsg-1 pkg-config=1.8.1-1 \
       libwebp-dev=1.2.4-0.2+deb12u* libavif-dev=0.11.1-1+deb12u* \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift openapi.yaml ./
COPY Sources ./Sources
# SwiftPM checks every target's folder when it reads the manifest, test targets included.
COPY Tests ./Tests
# `install -s` strips the symbol tables and debug information (binutils' strip, in the Swift image): the runtime
# stage copies binaries of a fraction of their unstripped size (docs/operations.md, "Deployment").
RUN swift build -c release --static-swift-stdlib --product gradientd \
    && swift build -c release --static-swift-stdlib --product gradient \
    && install -s -m 0755 "$(swift build -c release --show-bin-path)/gradientd" /usr/local/bin/gradientd \
    && install -s -m 0755 "$(swift build -c release --show-bin-path)/gradient" /usr/local/bin/gradient

# Runtime stage: Debian slim with only the shared libraries the binaries load: libpng, zlib, libwebp, libavif and
# the AV1 codecs it is used with (aom encodes, dav1d decodes; libavif15 also pulls in the others it was built with).
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libpng16-16=1.6.39-2+deb12u* zlib1g=1:1.2.13.dfsg-1 \
       libwebp7=1.2.4-0.2+deb12u* libavif15=0.11.1-1+deb12u* libaom3=3.6.0-1+deb12u* libdav1d6=1.0.0-2+deb12u* \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin gradientd
COPY --from=build /usr/local/bin/gradientd /usr/local/bin/gradient /usr/local/bin/
USER 10001
ENV GRADIENTD_HOST=0.0.0.0 GRADIENTD_PORT=8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 CMD ["/usr/local/bin/gradientd", "health-check"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/gradientd"]
