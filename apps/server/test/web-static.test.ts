// The built web app as the server sends it: the build's precompressed copies to browsers that accept them
// (ADR 039), the plain file to the rest, hashed assets cached for good and the page itself revalidated.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "./helpers.ts";

const script = `console.log(${JSON.stringify("cultivate ".repeat(400))});\n`;
const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14"/></svg>`;
const page = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body>${"<p>Cultivate</p>".repeat(100)}</body></html>`;

describe("the built web app", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), "cultivate-web-dist-"));
    fs.mkdirSync(path.join(webDist, "assets"));
    const files = { "index.html": page, "assets/app-abc123.js": script, "favicon.svg": icon };
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(webDist, name);
      fs.writeFileSync(file, text);
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    }
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it("sends a script's brotli copy to a browser that accepts br, cached for good", async () => {
    const res = await t.app.inject({
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it("sends the gzip copy when only gzip is accepted, and the plain file when nothing is", async () => {
    const gz = await t.app.inject({ url: "/assets/app-abc123.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ url: "/assets/app-abc123.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("answers a page route with index.html, compressed, revalidated on every visit", async () => {
    const res = await t.app.inject({ url: "/login", headers: { "accept-encoding": "gzip, br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(page);
    const plain = await t.app.inject({ url: "/donors?page=2" });
    expect(plain.headers["cache-control"]).toBe("no-cache");
    expect(plain.body).toBe(page);
  });

  it("lets the browser keep the favicon for a day (it is asked for at every change of the address)", async () => {
    const res = await t.app.inject({ url: "/favicon.svg" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/image\/svg\+xml/);
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    expect(res.body).toBe(icon);
  });
});
