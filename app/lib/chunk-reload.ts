// Failed chunk loads (spec §8): after a deploy, an open page may ask for a hashed asset that no
// longer exists. The page then reloads in full, at most once per 60 s (spec §9), remembered in
// sessionStorage under the spec's key "nuxt-reload" so a broken deploy cannot loop the page.

export const CHUNK_RELOAD_KEY = "nuxt-reload";
export const CHUNK_RELOAD_THROTTLE_MS = 60_000;

/** The messages browsers and Vite give for a module or chunk that failed to load. */
const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /importing a module script failed/i, // Safari
  /unable to preload css/i, // Vite's preload helper
  /loading (css )?chunk [\w-]+ failed/i, // webpack-style
  /chunkloaderror/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  const name = typeof error === "object" ? String((error as { name?: unknown }).name ?? "") : "";
  if (name === "ChunkLoadError") return true;
  const message = typeof error === "string" ? error : typeof error === "object" ? String((error as { message?: unknown }).message ?? "") : "";
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

export interface ChunkReloadDeps {
  storage: Pick<Storage, "getItem" | "setItem"> | null;
  now: () => number;
  reload: () => void;
}

function browserDeps(): ChunkReloadDeps {
  let storage: ChunkReloadDeps["storage"] = null;
  try {
    storage = typeof sessionStorage !== "undefined" ? sessionStorage : null;
  } catch {
    storage = null; // access denied (privacy settings)
  }
  return {
    storage,
    now: () => Date.now(),
    reload: () => window.location.reload(),
  };
}

/**
 * Reloads the page unless it already did so in the last 60 s. Returns whether it reloads.
 * When sessionStorage cannot be read or written the page is NOT reloaded: without a memory of the
 * last reload a missing chunk would reload the page forever.
 */
export function reloadAfterChunkError(deps: ChunkReloadDeps = browserDeps()): boolean {
  const { storage, now, reload } = deps;
  if (!storage) return false;
  const time = now();
  try {
    const last = Number(storage.getItem(CHUNK_RELOAD_KEY));
    if (Number.isFinite(last) && last > 0 && time - last >= 0 && time - last < CHUNK_RELOAD_THROTTLE_MS) return false;
    storage.setItem(CHUNK_RELOAD_KEY, String(time));
  } catch {
    return false;
  }
  reload();
  return true;
}

/** The error a window event carries, whichever kind it is. */
function errorOfEvent(event: Event): unknown {
  if ("reason" in event) return (event as PromiseRejectionEvent).reason; // unhandledrejection
  if ("payload" in event) return (event as Event & { payload: unknown }).payload; // vite:preloadError
  if ("error" in event && (event as ErrorEvent).error) return (event as ErrorEvent).error;
  if ("message" in event) return (event as ErrorEvent).message;
  return undefined;
}

/** A <script> or stylesheet <link> of our hashed assets that failed to load (window 'error', capture phase). */
function isAssetElementError(event: Event): boolean {
  const target = event.target as { tagName?: string; src?: string; href?: string; rel?: string } | null;
  if (!target || typeof target.tagName !== "string") return false;
  const url = target.tagName === "SCRIPT" ? target.src : target.tagName === "LINK" ? target.href : undefined;
  return typeof url === "string" && /\/assets\//.test(url);
}

/**
 * Hooks the reload to the window: 'error' (also failed <script>/<link> elements of /assets),
 * 'unhandledrejection' and Vite's 'vite:preloadError'. Returns a function that unhooks it.
 */
export function installChunkReload(target: Window = window, deps?: ChunkReloadDeps): () => void {
  const onEvent = (event: Event) => {
    if (!isChunkLoadError(errorOfEvent(event)) && !isAssetElementError(event)) return;
    const reloading = reloadAfterChunkError(deps);
    // Vite rethrows the preload error unless prevented; let it through when we do not reload.
    if (reloading && event.type === "vite:preloadError") event.preventDefault();
  };
  target.addEventListener("error", onEvent, true);
  target.addEventListener("unhandledrejection", onEvent);
  target.addEventListener("vite:preloadError", onEvent);
  return () => {
    target.removeEventListener("error", onEvent, true);
    target.removeEventListener("unhandledrejection", onEvent);
    target.removeEventListener("vite:preloadError", onEvent);
  };
}
