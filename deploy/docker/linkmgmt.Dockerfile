# syntax=docker/dockerfile:1
# Link-management service image. Build from the repository root (the build context):
#   docker build -f deploy/docker/linkmgmt.Dockerfile -t linkmgmt .
#
# Pure Go (CGO_ENABLED=0): a static binary, cross-compiled on the build
# platform for the target one (docker buildx build --platform linux/arm64 ...).
# Runtime image: distroless/static (no shell, CA certificates and tzdata only),
# user nonroot (65532).

ARG GO_VERSION=1.26
ARG DEBIAN_RELEASE=bookworm

FROM --platform=$BUILDPLATFORM golang:${GO_VERSION}-${DEBIAN_RELEASE} AS build
WORKDIR /src
ENV CGO_ENABLED=0 \
    GOFLAGS=-buildvcs=false \
    GOTOOLCHAIN=local

# Dependencies first: this layer is rebuilt only when a go.mod/go.sum changes.
# go.work lists all three modules, so all three go.mod files are needed.
COPY go.work go.work.sum* ./
COPY shared/go.mod shared/go.sum* shared/
COPY loyalty/go.mod loyalty/go.sum* loyalty/
COPY linkmgmt/go.mod linkmgmt/go.sum* linkmgmt/
RUN go mod download

# Sources: only the modules this binary is built from.
COPY shared/ shared/
COPY linkmgmt/ linkmgmt/

# --build-arg VERSION=1.2.3 is printed by `linkmgmt version` (main.version).
ARG VERSION=dev
# Set by BuildKit from --platform (empty: the builder's own platform).
ARG TARGETOS
ARG TARGETARCH
RUN --mount=type=cache,target=/root/.cache/go-build \
    GOOS=${TARGETOS} GOARCH=${TARGETARCH} \
    go build -trimpath \
      -ldflags "-s -w -X main.version=${VERSION}" \
      -o /out/linkmgmt ./linkmgmt/cmd/linkmgmt

FROM gcr.io/distroless/static-debian12:nonroot
ARG VERSION=dev
LABEL org.opencontainers.image.title="linkmgmt" \
      org.opencontainers.image.source="https://github.com/loyaltylinks/platform" \
      org.opencontainers.image.version="${VERSION}"
COPY --from=build /out/linkmgmt /usr/local/bin/linkmgmt
USER 65532:65532
EXPOSE 8081 9091
ENV HTTP_ADDR=:8081
# GEOIP_DB: mount a MaxMind-format .mmdb (e.g. -v ./GeoLite2-Country.mmdb:/geoip/country.mmdb:ro)
# and set GEOIP_DB=/geoip/country.mmdb.
# `docker run IMAGE migrate` / `version` replace the default subcommand.
ENTRYPOINT ["/usr/local/bin/linkmgmt"]
CMD ["serve"]
