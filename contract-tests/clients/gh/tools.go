//go:build tools

// The GitHub CLI, pinned by go.mod and go.sum: run.sh builds its cmd/gh.
package tools

import _ "github.com/cli/cli/v2/cmd/gh"
