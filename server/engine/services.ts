import { findResource, getResource, type ResourceName } from "../../domain/registry/index.ts";
import type { ResourceDef } from "../../domain/registry/types.ts";
import { notFound } from "../errors.ts";
import { ResourceEngine } from "./engine.ts";

// One way in (DESIGN §10): REST, tRPC, page loaders and actions and exports reach an entity only
// through `serviceFor(name)`. An entry with behaviour beyond the engine's life cycle has a service
// class in its area extending ResourceEngine (its extension points, commands and extra calls); the
// composition root (server/features/index.ts) hands the engine those classes, explicitly, before the
// first request. Every other entry gets the generic engine. A rule written once in a service holds on
// every transport.

/** Entity services by registry name; the composition root fills it with the areas' classes. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface EntityServices {}

export type ServiceOf<N extends ResourceName> = N extends keyof EntityServices ? EntityServices[N] : ResourceEngine;

/** Builds the service of one entry from the entry. */
export type ServiceFactory = (def: ResourceDef) => ResourceEngine;

const factories = new Map<string, ServiceFactory>();
const services = new Map<string, ResourceEngine>();
let composed = false;

/**
 * Hands the engine the service classes of the areas (the composition root calls it once with every
 * area's; a test adds its own entries' the same way). A service already handed out is not replaced:
 * it would lose rules callers already rely on.
 */
export function composeServices(byEntry: Readonly<Record<string, ServiceFactory>>): void {
  for (const [name, factory] of Object.entries(byEntry)) {
    if (services.has(name) && factories.get(name) !== factory) {
      // A development server re-runs the composition on a hot reload after a service was built: keep it.
      if (process.env.NODE_ENV === "production") throw new Error(`The service of ${name} is already in use; compose it before first use`);
      continue;
    }
    factories.set(name, factory);
  }
  composed = true;
}

function build(def: ResourceDef): ResourceEngine {
  let service = services.get(def.name);
  if (!service) {
    // Refuses to hand out a service before the areas are composed: it would lack their rules.
    if (!composed)
      throw new Error("The areas are not composed: import server/features/index.ts (the composition root) before using a service.");
    service = (factories.get(def.name) ?? ((d) => new ResourceEngine(d)))(def);
    services.set(def.name, service);
  }
  return service;
}

/** The service of a registry entry, typed by its name. */
export function serviceFor<N extends ResourceName>(name: N): ServiceOf<N> {
  return build(getResource(name)) as ServiceOf<N>;
}

/**
 * The service of an entry kept out of the registry's RESOURCES on purpose (the blocklist view, whose
 * calls are not §7.2's pattern and have no generic transport): built and kept here like every other
 * entity's, so its area never makes an engine of its own. An entry named in the composition root
 * gets its area's class, typed by the entry's name.
 */
export function serviceForEntry<N extends keyof EntityServices>(def: ResourceDef & { name: N }): EntityServices[N];
export function serviceForEntry(def: ResourceDef): ResourceEngine;
export function serviceForEntry(def: ResourceDef): ResourceEngine {
  return build(def);
}

/**
 * The service of an entry named at run time (a REST path, a tRPC input, an export address):
 * 404 when there is no such entry, so an unknown name never reaches the database.
 */
export function serviceByName(name: string): ResourceEngine {
  const def = findResource(name);
  if (!def) throw notFound("resource");
  return build(def);
}
