import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

// The API runs on :3000 in development; set API_PROXY_TARGET to point the dev/preview proxy elsewhere.
const apiTarget = process.env.API_PROXY_TARGET ?? "http://localhost:3000";
const proxy = { "/api": { target: apiTarget } };

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Writes a .br and a .gz copy next to every built script, style sheet and page, compressed once at their
 * best levels; the server sends the one the browser accepts (@fastify/static preCompressed, ADR 039).
 */
const precompress = (): Plugin => ({
  name: "cultivate-precompress",
  apply: "build",
  async writeBundle(options, bundle) {
    const outDir = options.dir ?? "dist";
    await Promise.all(
      Object.values(bundle).map(async (file) => {
        if (!/\.(js|css|html|svg)$/.test(file.fileName)) return;
        const source = file.type === "chunk" ? file.code : file.source;
        // Below ~1 KB the headers outweigh what compression saves.
        if (source.length < 1024) return;
        const target = path.join(outDir, file.fileName);
        const [gz, br] = await Promise.all([
          gzip(source, { level: 9 }),
          brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        ]);
        await Promise.all([fs.promises.writeFile(`${target}.gz`, gz), fs.promises.writeFile(`${target}.br`, br)]);
      }),
    );
  },
});

// Vite reads the config from a default export.
export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true },
});
