import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The SSR build's entry is server/app.ts, so the app and the routes share one copy of
// every module (DESIGN §2: two copies of the database module is a known trap).
// React Router 8 reads the entry from environments.ssr (Vite's environment API).
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" }, target: "node24" } },
  },
  plugins: [tailwindcss(), reactRouter()],
});
