// The house rules (DESIGN §13, decision 195), checked by `npm run lint` (dependency-cruiser).
// Type-only imports are erased at build time, so they never make a run-time dependency.
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
      name: "server-not-to-app",
      severity: "error",
      comment: "The server reads the contract from domain/, never from the screens.",
      from: { path: "^(server|db)/" },
      to: { path: "^app/" },
    },
    {
      name: "app-to-server-only-through-server-modules",
      severity: "error",
      comment:
        "A screen reaches the server only through a *.server.ts module (loaders and actions), which React Router keeps out of the browser's bundle.",
      from: { path: "^app/", pathNot: "\\.server\\.tsx?$" },
      to: { path: "^server/", pathNot: "\\.server\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "server-modules-not-in-the-browser",
      severity: "error",
      comment: "What a *.server.ts module imports stays on the server: no component module imports one but a route module.",
      from: { path: "^app/", pathNot: "^app/(routes|features)/.+\\.tsx?$|^app/root\\.tsx$|^app/routes\\.ts$" },
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
