//go:build race

package doctest

// raceEnabled: the services are built with the race detector too, reusing the packages
// make test already compiled that way.
const raceEnabled = true
