import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The API runs on :3000 in development; set API_PROXY_TARGET to point the dev/preview proxy elsewhere.
const apiTarget = process.env.API_PROXY_TARGET ?? "http://localhost:3000";
const proxy = { "/api": { target: apiTarget } };

// Vite reads the config from a default export.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true },
});
