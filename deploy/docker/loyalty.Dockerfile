# syntax=docker/dockerfile:1
# Loyalty service image. Build from the repository root (the build context):
#   docker build -f deploy/docker/loyalty.Dockerfile -t loyalty .
#
# The AI query guard uses pg_query_go (cgo, libpg_query), so this binary is
# built with CGO_ENABLED=1 and linked fully statically against glibc; the
# netgo/osusergo tags keep the glibc NSS functions (DNS, user lookup) out of
# the static binary. The runtime image is distroless/static: no shell, no libc,
# CA certificates and tzdata only, user nonroot (65532).

ARG GO_VERSION=1.26
ARG DEBIAN_RELEASE=bookworm

FROM golang:${GO_VERSION}-${DEBIAN_RELEASE} AS build
WORKDIR /src
ENV CGO_ENABLED=1 \
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
COPY loyalty/ loyalty/

# --build-arg VERSION=1.2.3 is printed by `loyalty version` (main.version).
ARG VERSION=dev
RUN --mount=type=cache,target=/root/.cache/go-build \
    go build -trimpath -tags netgo,osusergo \
      -ldflags "-s -w -linkmode external -extldflags=-static -X main.version=${VERSION}" \
      -o /out/loyalty ./loyalty/cmd/loyalty \
 && if readelf -l /out/loyalty | grep -q INTERP; then \
      echo "loyalty is dynamically linked: it cannot run on distroless/static" >&2; exit 1; \
    fi \
 && /out/loyalty version

FROM gcr.io/distroless/static-debian12:nonroot
ARG VERSION=dev
LABEL org.opencontainers.image.title="loyalty" \
      org.opencontainers.image.source="https://github.com/loyaltylinks/platform" \
      org.opencontainers.image.version="${VERSION}"
COPY --from=build /out/loyalty /usr/local/bin/loyalty
USER 65532:65532
EXPOSE 8080 9090
ENV HTTP_ADDR=:8080
# `docker run IMAGE migrate` / `version` replace the default subcommand.
ENTRYPOINT ["/usr/local/bin/loyalty"]
CMD ["serve"]
