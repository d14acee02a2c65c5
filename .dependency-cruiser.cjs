// The house rules (DESIGN §13, decision 195), checked by `npm run lint` (dependency-cruiser).
// Type-only imports are erased at build time, so they make no run-time dependency: the cycle and
// engine rules let them through. app/ → server/ counts them too: a type the screens draw is part of
// the contract, in domain/.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment:
        "A cycle makes the order modules load in matter, and hides which way a dependency points. A lazy import() back to a parent (a dialog's chunk) and a type-only import load nothing, so they make no cycle.",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only", "dynamic-import"] } },
    },
    {
      name: "domain-imports-neither-side",
      severity: "error",
      comment: "domain/ is the contract both sides share: it imports neither the screens nor the server.",
      from: { path: "^domain/" },
      to: { path: "^(app|server)/" },
    },
    {
      name: "domain-reads-only-database-types",
      severity: "error",
      comment:
        "An entry knows its table and row by db/schema.ts's types (DESIGN §13): a type-only import, erased at build time, so the browser's bundle loads nothing of db/.",
      from: { path: "^domain/" },
      to: { path: "^db/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "server-not-to-app",
      severity: "error",
      comment: "The server reads the contract from domain/, never from the screens.",
      from: { path: "^(server|db)/" },
      to: { path: "^app/" },
    },
    {
      name: "app-not-to-server",
      severity: "error",
      comment:
        "The screens read the contract (entries, document and row types) from domain/, never from the server; type-only imports count too. Two doors only: a route module's *.server.ts module (loaders and actions, which React Router keeps out of the browser's bundle) and the tRPC router's type. An app module that is itself server-only by its name (*.server.tsx: the rendering entry) is on the server's side already.",
      from: { path: "^app/", pathNot: "\\.server\\.tsx?$" },
      to: { path: "^server/", pathNot: "\\.server\\.ts$|^server/http/trpc/router\\.ts$" },
    },
    {
      name: "trpc-router-as-a-type-only",
      severity: "error",
      comment: "The browser's tRPC client names the router's type (AppRouter); importing the router itself would bundle the server.",
      from: { path: "^app/" },
      to: { path: "^server/http/trpc/router\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "server-modules-only-from-route-modules",
      severity: "error",
      comment:
        "What a *.server.ts module imports stays on the server: only route modules (app/routes/, the root route) import one; a component module never does.",
      from: { path: "^app/", pathNot: "^app/routes/|^app/root\\.tsx$|\\.server\\.tsx?$" },
      to: { path: "\\.server\\.ts$" },
    },
    {
      name: "engine-not-to-features",
      severity: "error",
      comment: "The generic engine knows no area; the areas build on it.",
      from: { path: "^server/engine/" },
      to: { path: "^server/features/", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Tests may reach across the layers to check them; the rules are about what ships.
    exclude: { path: "(^|/)(node_modules|build|\\.react-router|test-results)/|\\.test\\.tsx?$" },
    includeOnly: "^(app|server|domain|db)/",
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
