import type { ResourceDef } from "../../domain/registry/types.ts";
import type { ResourceEngine } from "./engine.ts";

// The registrations of entity services (DESIGN §10). Kept apart from services.ts and the engine so
// a feature module can register its service class while the modules load, whatever their order:
// this module imports nothing that runs.

const factories = new Map<string, (def: ResourceDef) => ResourceEngine>();
const built = new Set<string>();

/** Registers the service class of an entry (call once, when its feature module loads). */
export function defineService(name: string, factory: (def: ResourceDef) => ResourceEngine): void {
  if (built.has(name)) throw new Error(`The service of ${name} is already in use; define it before first use`);
  factories.set(name, factory);
}

export function serviceFactory(name: string): ((def: ResourceDef) => ResourceEngine) | undefined {
  return factories.get(name);
}

export function markBuilt(name: string): void {
  built.add(name);
}

let composed = false;

/** Called by the composition root (server/features/index.ts) once every area has registered. */
export function markComposed(): void {
  composed = true;
}

/** Refuses to hand out a service before the areas are composed: it would lack their rules. */
export function assertComposed(): void {
  if (!composed)
    throw new Error("The areas are not composed: import server/features/index.ts (the composition root) before using a service.");
}
