// Service worker registration (spec §7.1, §8): /sw.js with scope /, registered
// in production only. A browser without service-worker support raises an error that is swallowed,
// and a failed registration is ignored: the portal works without it.

export const SERVICE_WORKER_URL = "/sw.js";
export const SERVICE_WORKER_SCOPE = "/";

export interface ServiceWorkerDeps {
  navigator: { serviceWorker?: Pick<ServiceWorkerContainer, "register"> } | undefined;
  /** Vite's import.meta.env.DEV */
  dev: boolean;
}

function defaultDeps(): ServiceWorkerDeps {
  return {
    navigator: typeof navigator !== "undefined" ? navigator : undefined,
    dev: import.meta.env?.DEV ?? false,
  };
}

/** Registers /sw.js; resolves with the registration, or null when skipped or failed. Never rejects. */
export async function registerServiceWorker(deps: ServiceWorkerDeps = defaultDeps()): Promise<ServiceWorkerRegistration | null> {
  if (deps.dev) return null;
  try {
    const container = deps.navigator?.serviceWorker;
    if (!container) throw new Error("This browser does not support service workers.");
    return await container.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  } catch {
    return null; // spec §8: "Error raised and swallowed"
  }
}
