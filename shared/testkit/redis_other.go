//go:build !linux

package testkit

import "syscall"

// ownedProcess: only Linux can tie a child's life to its parent's; elsewhere a Redis
// testkit started is stopped when the package's tests end (not on kill -9).
func ownedProcess() *syscall.SysProcAttr { return nil }
