package testkit

import "syscall"

// ownedProcess makes a child process die with the test binary, even on kill -9, so a
// Redis testkit started never outlives its run.
func ownedProcess() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
