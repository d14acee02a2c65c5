import { describe, expect, test } from "vitest";
import { kpCase } from "@domain/registry/kp";
import { queueTicket } from "@domain/registry/queue";
import { listDefOf, userCommands } from "@domain/registry/types";
import { rowActions, type Gates } from "./row-actions";

// A command that asks more than a reason (a queue transfer's service, a KP step's date, terms or
// Pangkat) is offered where that is asked, not as the generic list's bare confirmation, which sent
// only a reason and was refused ("The service field is required.").

const every = (names: readonly { name: string }[]) => Object.fromEntries(names.map((c) => [c.name, true]));
const gatesFor = (commands: Record<string, boolean>): Gates => ({
  create: true,
  update: true,
  delete: true,
  restore: true,
  commands,
  links: { open: true },
});
const query = { page: 1, perPage: 15 } as never;

describe("the generic list's row commands", () => {
  test("a called ticket's row offers its window commands but not Transfer", () => {
    const def = listDefOf(queueTicket);
    const actions = rowActions(def, { id: 7, state: "called", status: "Active" }, gatesFor(every(userCommands(queueTicket))), query);
    const keys = actions.map((a) => a.key);
    expect(keys).toContain("command-done");
    expect(keys).not.toContain("command-transfer");
  });

  test("a KP case's row takes no step: its steps are on the case's page", () => {
    const def = listDefOf(kpCase);
    const actions = rowActions(def, { id: 3, state: "summoned", status: "Active" }, gatesFor(every(userCommands(kpCase))), query);
    expect(actions.filter((a) => a.key.startsWith("command-"))).toEqual([]);
    // REST and tRPC still take every step.
    expect(userCommands(kpCase).map((c) => c.name)).toContain("settle");
  });
});
