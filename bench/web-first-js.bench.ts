// First JavaScript of a page (issue 13: ≤ 170 KB gzipped on / and /login): opens each page signed out in a
// fresh Chromium context (empty cache), waits until the network is idle and sums the JavaScript responses:
// their gzip size (zlib level 9 of the body, what the server's precompressed .gz files hold), the bytes
// Chromium actually received (encoded body, brotli when offered) and the raw size. Uses the built app in
// apps/web/dist (WEB_DIST overrides): run `npm run build` first. WEB_BENCH_FILES=1 lists the files.
import zlib from "node:zlib";
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath, load, startApp } from "./support/app.ts";

const RUNS = 3;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const server = await startApp();
console.log(`web dist served by the app; load ${load()}`);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (const route of ["/", "/login"]) {
    let last = { gzip: 0, wire: 0, raw: 0, files: 0, encoding: "" };
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts: Promise<{ url: string; gzip: number; wire: number; raw: number; encoding: string }>[] = [];
      page.on("response", (res) => {
        if (!/javascript/.test(res.headers()["content-type"] ?? "")) return;
        scripts.push(
          (async () => {
            const body = await res.body();
            const sizes = await res.request().sizes();
            return {
              url: res.url(),
              gzip: zlib.gzipSync(body, { level: 9 }).length,
              wire: sizes.responseBodySize,
              raw: body.length,
              encoding: res.headers()["content-encoding"] ?? "identity",
            };
          })(),
        );
      });
      await page.goto(`${server.origin}${route}`, { waitUntil: "networkidle" });
      // The page's own content is on screen (not the loader): every chunk it needed has arrived.
      await (
        route === "/"
          ? page.getByRole("link", { name: "Request a Demo" })
          : page.getByRole("button", { name: "Sign in" })
      )
        .first()
        .waitFor();
      const all = await Promise.all(scripts);
      last = {
        gzip: all.reduce((s, x) => s + x.gzip, 0),
        wire: all.reduce((s, x) => s + x.wire, 0),
        raw: all.reduce((s, x) => s + x.raw, 0),
        files: all.length,
        encoding: [...new Set(all.map((x) => x.encoding))].join("/"),
      };
      if (process.env.WEB_BENCH_FILES && run === 0)
        for (const x of all.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(x.gzip).padStart(9)}  ${x.url}`);
      await context.close();
    }
    console.log(
      `first JavaScript on ${route.padEnd(6)}  gzip ${kb(last.gzip)}  received ${kb(last.wire)} (${last.encoding})  raw ${kb(last.raw)}  ${last.files} files`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}
