package main

import (
	"errors"
	"fmt"
	"os"
	"time"
)

// callList runs each call in turn; a failure is printed with its error and
// the run goes on, and finish prints how many passed.
type callList struct{ passed, total int }

func (l *callList) call(name string, run func() error) {
	l.total++
	err := func() (err error) {
		// A nil result from a failed earlier call must not end the run.
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic: %v", r)
			}
		}()
		return run()
	}()
	if err != nil {
		fmt.Fprintf(os.Stderr, "FAIL %s: %v\n", name, err)
		return
	}
	l.passed++
}

func (l *callList) finish(client, base string) {
	fmt.Printf("%s: %d/%d calls pass (base %s)\n", client, l.passed, l.total, base)
	if l.passed != l.total {
		os.Exit(1)
	}
}

// check turns a request error or a wrong answer into the call's error.
func check(err error, ok bool, message string) error {
	if err != nil {
		return err
	}
	if !ok {
		return errors.New(message)
	}
	return nil
}

// until polls read (deliveries are recorded once sent, as on GitHub).
func until[T any](read func() ([]T, error), what string) ([]T, error) {
	deadline := time.Now().Add(15 * time.Second)
	for {
		values, err := read()
		if err != nil || len(values) > 0 {
			return values, err
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("no %s after 15 s", what)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
