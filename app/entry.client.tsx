import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installChunkReload } from "./lib/chunk-reload.ts";
import { registerServiceWorker } from "./lib/service-worker.ts";

// React Router's default client entry, plus two things that must start with the page:
// - a failed chunk load reloads the page, at most once per 60 s (spec §8);
// - the service worker /sw.js is registered once the page has loaded (spec §7.1; not in development).

installChunkReload(window);

if (document.readyState === "complete") void registerServiceWorker();
else window.addEventListener("load", () => void registerServiceWorker(), { once: true });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
