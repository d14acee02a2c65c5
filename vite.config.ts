import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

// Issue 17 item 5 (decision 177): the code every page of the signed-in shell loads statically goes
// in two chunks — what the root (the document) needs, and what the default layout adds (sidebar,
// top bar) — instead of some forty files of a few hundred bytes each, which gzip one by one to a
// quarter more than together. The module graph is read once the client build has loaded it.
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
// The compiled messages (docs/decisions/219) stay out of the forced groups: pulled into a group by the
// static closure, every message of every area went into the root chunk (112 kB gzip), where
// tree-shaking left them all; outside the groups each page bundles the messages it calls.
const PARAGLIDE_MESSAGES = /[\\/]domain[\\/]i18n[\\/]paraglide[\\/]messages[\\/]/;
const staticGraph = { root: new Set<string>(), shell: new Set<string>(), list: new Set<string>() };
const appFile = (name: string) => fileURLToPath(new URL(`./app/${name}`, import.meta.url));
function staticClosure(getInfo: (id: string) => { importedIds: readonly string[] } | null, ids: string[], from: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = ids.filter((id) => from.some((file) => id.split("?")[0] === file));
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of getInfo(id)?.importedIds ?? []) if (!seen.has(next) && !next.includes("node_modules") && !PARAGLIDE_MESSAGES.test(next)) queue.push(next);
  }
  return seen;
}
function shellChunks(): Plugin {
  return {
    name: "portal:shell-chunks",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      staticGraph.root = staticClosure(info, ids, [appFile("root.tsx"), appFile("entry.client.tsx")]);
      staticGraph.shell = staticClosure(info, ids, [appFile("routes/layouts/default.tsx")]);
      // The registry's list screen (DESIGN §4): its own modules, shared by every list page.
      const listDir = appFile("components/resource/");
      staticGraph.list = new Set(
        [...staticClosure(info, ids, [appFile("components/resource/resource-page.tsx")])].filter((id) => id.startsWith(listDir)),
      );
    },
  };
}

// The SSR build's entry is server/app.ts, so the app and the routes share one copy of
// every module (DESIGN §2: two copies of the database module is a known trap).
// React Router 8 reads the entry from environments.ssr (Vite's environment API).
export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@domain": fileURLToPath(new URL("./domain", import.meta.url)),
    },
  },
  environments: {
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" }, target: "node24" },
      // Bundled, so the server holds only the icons and primitives the pages use: left external,
      // Node loaded every icon (about 1,500: 7.6 MB of heap) and every Radix primitive the umbrella
      // package re-exports (issue 17 item 6). Recharts gained nothing bundled (it stays whole).
      resolve: { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//] },
    },
    // React, React DOM and React Router as one file that every hydrated page loads (issue 17 item 5):
    // split in four by the importers they happen to share, they gzipped to 4 KB more.
    client: {
      build: {
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 5 },
                // An icon joins the icons of the same pages, not the app chunks: a public page that
                // shows one of the menu's icons must not load the shell for it.
                {
                  name: "icons",
                  test: /node_modules[\\/]lucide-react[\\/]/,
                  entriesAware: true,
                  entriesAwareMergeThreshold: Number(process.env.MERGE ?? 4000),
                  priority: 4,
                },
                { name: "app-root", test: (id) => staticGraph.root.has(id), priority: 3 },
                { name: "app-shell", test: (id) => staticGraph.shell.has(id), priority: 2 },
                { name: "app-list", test: (id) => staticGraph.list.has(id), priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [
    // The catalogs (messages/<locale>/<area>.json) compiled to typed message functions; the same as
    // `npm run i18n`, which the scripts that do not go through Vite run first (docs/decisions/219).
    paraglideVitePlugin({ project: "./project.inlang", outdir: "./domain/i18n/paraglide", emitTsDeclarations: true }),
    tailwindcss(),
    reactRouter(),
    shellChunks(),
  ],
});
