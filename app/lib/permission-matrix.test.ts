import { describe, expect, it } from "vitest";
import { buildMatrix, columnIds, entityLabel, rowIds, splitPermission, toggleAll } from "@domain/permission-matrix";

const perms = [
  { id: 1, name: "manage-bank", description: null },
  { id: 2, name: "update-bank", description: null },
  { id: 3, name: "manage-disaster_prone_area", description: null },
  { id: 4, name: "approve-disbursement", description: null },
  { id: 5, name: "manage-report", description: null },
];

describe("permission matrix", () => {
  it("puts entities down and actions across, known actions first, new ones appended", () => {
    const m = buildMatrix(perms);
    expect(m.actions).toEqual(["manage", "view", "create", "update", "delete", "restore", "approve"]);
    expect(m.rows.map((r) => r.entity)).toEqual(["bank", "disaster_prone_area", "disbursement", "report"]);
    expect(m.rows[0].cells.update.id).toBe(2);
    expect(m.rows[3].cells.restore).toBeUndefined();
  });

  it("selects a whole row or column, and clears it when all are selected", () => {
    const m = buildMatrix(perms);
    expect(rowIds(m, "bank").sort()).toEqual([1, 2]);
    expect(columnIds(m, "manage").sort()).toEqual([1, 3, 5]);
    const some = toggleAll(new Set([1]), columnIds(m, "manage"));
    expect([...some].sort()).toEqual([1, 3, 5]);
    expect([...toggleAll(some, columnIds(m, "manage"))]).toEqual([]);
  });

  it("splits at the first hyphen and labels entities", () => {
    expect(splitPermission("manage-disaster_prone_area")).toEqual({ action: "manage", entity: "disaster_prone_area" });
    expect(entityLabel("disaster_prone_area")).toBe("Disaster prone area");
  });
});
