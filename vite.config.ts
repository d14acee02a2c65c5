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
    // React, React DOM and React Router as one file that every hydrated page loads (issue 17 item 5):
    // split in four by the importers they happen to share, they gzipped to 4 KB more.
    client: {
      build: {
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
            },
          },
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
});
