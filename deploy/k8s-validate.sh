#!/usr/bin/env bash
# Validate the Kubernetes manifests offline. `make k8s-validate` runs it from the
# repo root (it also works from anywhere). Needs Go and the Go module proxy only.
#
#   1. kustomize and kubeconform: `go install` at pinned versions into bin/tools.
#   2. JSON schemas: the Kubernetes OpenAPI document (api/openapi-spec/swagger.json)
#      ships in the k8s.io/kubernetes module zip; `go mod download` fetches it
#      (checksum pinned below), deploy/tools/openapi2jsonschema turns it into
#      kubeconform's per-kind "standalone-strict" schemas in bin/tools/k8s-schemas.
#   3. Every kustomization (base, overlays/*) is rendered and checked by
#      kubeconform -strict (schema, unknown fields, duplicate keys) and by
#      deploy/tools/manifestlint (security/probe/resource policy, references
#      between objects; overlays also: no placeholder Secrets, pinned images).
# Everything is cached: a warm run downloads nothing and builds nothing.
# Exit status: non-zero when any manifest is invalid.
set -euo pipefail

KUSTOMIZE_VERSION=v5.8.2     # v5.8.3 needs go >= 1.27
KUBECONFORM_VERSION=v0.8.0
K8S_VERSION=1.35.4           # schemas: k8s.io/kubernetes@v$K8S_VERSION
K8S_MODULE_SUM="h1:o/8dBC/pHVpYoGV4OAIytAlNPZbdYVTXJHoYvXC4qzM="

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TOOLS=${TOOLS_DIR:-$ROOT/bin/tools}
K8S_DIR=$ROOT/deploy/k8s
SRC_TOOLS=$ROOT/deploy/tools
SCHEMA_ROOT=$TOOLS/k8s-schemas
SCHEMA_DIR=$SCHEMA_ROOT/v$K8S_VERSION-standalone-strict
export GOWORK=off            # tools are not part of the services' workspace
mkdir -p "$TOOLS"

log() { printf 'k8s-validate: %s\n' "$*" >&2; }

# install_tool NAME MODULE/PKG VERSION MODULE: go install unless bin/tools/NAME
# was already built from MODULE at VERSION.
install_tool() {
	local name=$1 pkg=$2 version=$3 module=$4 have=""
	if [[ -x $TOOLS/$name ]]; then
		have=$(go version -m "$TOOLS/$name" 2>/dev/null | awk -v m="$module" '$1 == "mod" && $2 == m { print $3 }')
	fi
	if [[ $have != "$version" ]]; then
		log "installing $pkg@$version"
		GOBIN=$TOOLS go install "$pkg@$version"
	fi
}

install_tool kustomize sigs.k8s.io/kustomize/kustomize/v5 "$KUSTOMIZE_VERSION" sigs.k8s.io/kustomize/kustomize/v5
install_tool kubeconform github.com/yannh/kubeconform/cmd/kubeconform "$KUBECONFORM_VERSION" github.com/yannh/kubeconform

# Our own tools (module deploy/tools): go build is a no-op when nothing changed.
(cd "$SRC_TOOLS" && go build -o "$TOOLS/" ./openapi2jsonschema ./manifestlint)

# Schemas: regenerate when the Kubernetes version or the converter changes.
stamp="$K8S_VERSION $K8S_MODULE_SUM $(cat "$SRC_TOOLS/openapi2jsonschema/main.go" | sha256sum | cut -d' ' -f1)"
if [[ ! -f $SCHEMA_DIR/.stamp || $(cat "$SCHEMA_DIR/.stamp") != "$stamp" ]]; then
	log "fetching k8s.io/kubernetes@v$K8S_VERSION (OpenAPI document) through the Go module proxy"
	info=$(cd "$TOOLS" && go mod download -json "k8s.io/kubernetes@v$K8S_VERSION")
	dir=$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",*$/\1/p' <<<"$info")
	sum=$(sed -n 's/^[[:space:]]*"Sum": "\(.*\)",*$/\1/p' <<<"$info")
	if [[ $sum != "$K8S_MODULE_SUM" ]]; then
		log "k8s.io/kubernetes@v$K8S_VERSION has checksum '$sum', expected $K8S_MODULE_SUM"
		exit 1
	fi
	rm -rf "$SCHEMA_DIR"
	"$TOOLS/openapi2jsonschema" -in "$dir/api/openapi-spec/swagger.json" -out "$SCHEMA_DIR.tmp" >&2
	mv "$SCHEMA_DIR.tmp" "$SCHEMA_DIR"
	printf '%s' "$stamp" >"$SCHEMA_DIR/.stamp"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

targets=("$K8S_DIR/base")
for d in "$K8S_DIR"/overlays/*/; do
	[[ -f $d/kustomization.yaml ]] && targets+=("${d%/}")
done

failed=0
for target in "${targets[@]}"; do
	rel=${target#"$ROOT"/}
	out=$tmp/$(tr / _ <<<"$rel").yaml
	lint_flags=()
	[[ $rel == deploy/k8s/overlays/* ]] && lint_flags=(-release)
	echo "== $rel"
	if ! "$TOOLS/kustomize" build "$target" >"$out"; then
		log "$rel: kustomize build failed"
		failed=1
		continue
	fi
	if ! "$TOOLS/kubeconform" -strict -summary \
		-kubernetes-version "$K8S_VERSION" \
		-schema-location "$SCHEMA_ROOT/{{ .NormalizedKubernetesVersion }}-standalone{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json" \
		"$out"; then
		failed=1
	fi
	if ! "$TOOLS/manifestlint" "${lint_flags[@]}" <"$out"; then
		failed=1
	fi
done

if ((failed)); then
	log "FAILED"
	exit 1
fi
log "OK (${#targets[@]} kustomizations, Kubernetes $K8S_VERSION schemas)"
