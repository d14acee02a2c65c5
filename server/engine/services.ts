import { findResource, getResource, type ResourceName } from "../../domain/registry/index.ts";
import type { ResourceDef } from "../../domain/registry/types.ts";
import { notFound } from "../errors.ts";
import { ResourceEngine } from "./engine.ts";
import { assertComposed, markBuilt, serviceFactory } from "./service-registry.ts";
// Every area's hooks, services and commands register themselves when the composition root
// (server/features/index.ts) loads them, before the first service is built.

export { defineService } from "./service-registry.ts";

// One way in (DESIGN §10, issue 9 item 1): REST, tRPC, page loaders and actions and exports reach an
// entity only through `serviceFor(name)`. An entity with behaviour beyond the engine's life cycle
// registers a service class extending ResourceEngine (its hooks, commands and extra calls); every
// other entry gets the generic engine. A rule written once in the service or its hooks therefore
// holds on every transport.

/** Entity services by registry name; feature modules add theirs with `declare module`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface EntityServices {}

export type ServiceOf<N extends ResourceName> = N extends keyof EntityServices ? EntityServices[N] : ResourceEngine;

const services = new Map<string, ResourceEngine>();

function build(def: ResourceDef): ResourceEngine {
  let service = services.get(def.name);
  if (!service) {
    assertComposed();
    service = (serviceFactory(def.name) ?? ((d) => new ResourceEngine(d)))(def);
    services.set(def.name, service);
    markBuilt(def.name);
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
 * entity's, so its feature module never makes an engine of its own.
 */
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
