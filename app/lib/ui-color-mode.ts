import { useCallback, useEffect, useSyncExternalStore } from "react";

// Colour mode (spec §4): system, light or dark, stored locally under `portal-color-mode` and
// applied as <html class="dark">. root.tsx runs the same logic before first paint.

export const COLOR_MODE_KEY = "portal-color-mode";
export const COLOR_MODES = ["system", "light", "dark"] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

export function isColorMode(value: unknown): value is ColorMode {
  return typeof value === "string" && (COLOR_MODES as readonly string[]).includes(value);
}

export function readColorMode(): ColorMode {
  try {
    const stored = localStorage.getItem(COLOR_MODE_KEY);
    return isColorMode(stored) ? stored : "system";
  } catch {
    return "system";
  }
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches;
}

/** Whether a preference resolves to dark now. */
export function resolvesDark(mode: ColorMode): boolean {
  return mode === "dark" || (mode === "system" && systemPrefersDark());
}

export function applyColorMode(mode: ColorMode): void {
  const html = document.documentElement;
  html.classList.toggle("dark", resolvesDark(mode));
  html.dataset.colorMode = mode;
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === COLOR_MODE_KEY) {
      applyColorMode(readColorMode());
      listener();
    }
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function setColorMode(mode: ColorMode): void {
  try {
    localStorage.setItem(COLOR_MODE_KEY, mode);
  } catch {
    // private mode: the choice lasts for this page only
  }
  applyColorMode(mode);
  for (const listener of listeners) listener();
}

/** The stored preference ("system" while rendering on the server) and a setter. */
export function useColorMode(): [ColorMode, (mode: ColorMode) => void] {
  const mode = useSyncExternalStore(subscribe, readColorMode, () => "system" as ColorMode);
  // Follow the operating system while the preference is "system".
  useEffect(() => {
    if (mode !== "system" || typeof matchMedia !== "function") return;
    const query = matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => applyColorMode("system");
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [mode]);
  return [mode, useCallback((next: ColorMode) => setColorMode(next), [])];
}

/** The theme in effect ("light" | "dark"), for components such as the toaster. */
export function useResolvedTheme(): "light" | "dark" {
  const [mode] = useColorMode();
  return useSyncExternalStore(
    (listener) => {
      if (typeof matchMedia !== "function") return () => {};
      const query = matchMedia("(prefers-color-scheme: dark)");
      query.addEventListener("change", listener);
      return () => query.removeEventListener("change", listener);
    },
    () => (resolvesDark(mode) ? "dark" : "light"),
    () => "light",
  );
}
