module wharf.local/compat-clients

go 1.26.0

require (
	github.com/bradleyfalzon/ghinstallation/v2 v2.19.0
	github.com/google/go-github/v93 v93.0.0
)

require (
	github.com/golang-jwt/jwt/v4 v4.5.2 // indirect
	github.com/google/go-github/v88 v88.0.0 // indirect
	github.com/google/go-querystring v1.2.0 // indirect
)
