package app

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/loyaltylinks/platform/loyalty/internal/config"
)

// checkAIProvider asks an OpenAI-compatible provider for its models (GET
// {AI_BASE_URL}/models) with the configured key, once, at start. A refused key (401, 403)
// stops the start with an error naming AI_API_KEY instead of a 502 on every generated
// report; anything else (no answer, an endpoint without /models) is only logged: the
// provider may be down for a while, or may not list models, and that is no
// misconfiguration.
func (a *App) checkAIProvider(ctx context.Context, cfg config.Config) error {
	ctx, cancel := context.WithTimeout(ctx, min(cfg.AITimeout, setupCheckTimeout))
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(cfg.AIBaseURL, "/")+"/models", nil)
	if err != nil {
		return fmt.Errorf("AI_BASE_URL: %w", err)
	}
	req.Header.Set("Accept", "application/json")
	if cfg.AIAPIKey != "" {
		req.Header.Set("Authorization", "Bearer "+cfg.AIAPIKey)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		a.Log.WarnContext(ctx, "AI provider could not be checked at start", "error", err)
		return nil
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	switch res.StatusCode {
	case http.StatusUnauthorized, http.StatusForbidden:
		return fmt.Errorf("AI_API_KEY: the AI provider at AI_BASE_URL refused the key (HTTP %d)", res.StatusCode)
	case http.StatusOK:
	default:
		a.Log.WarnContext(ctx, "AI provider answered its check at start with an unexpected status", "status", res.StatusCode)
	}
	return nil
}
