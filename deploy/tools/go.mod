// Tools used only by deploy/k8s-validate.sh. A module of its own, deliberately
// not listed in go.work, so nothing here leaks into the services' builds.
module github.com/loyaltylinks/platform/deploy/tools

go 1.26

require sigs.k8s.io/yaml v1.6.0

require go.yaml.in/yaml/v2 v2.4.2 // indirect
