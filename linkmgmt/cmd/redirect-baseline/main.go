// Command redirect-baseline is the yardstick of `make bench-redirect`: a bare Echo
// handler answering GET /{alias} with the same 302 the link service sends, with no
// middleware, no lookup and no analytics.
package main

import (
	"flag"
	"log"
	"net/http"

	"github.com/labstack/echo/v4"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:18082", "listen address")
	location := flag.String("location", "https://example.org/bench", "redirect target")
	flag.Parse()
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.GET("/:alias", func(c echo.Context) error { return c.Redirect(http.StatusFound, *location) })
	log.Fatal(e.Start(*addr))
}
