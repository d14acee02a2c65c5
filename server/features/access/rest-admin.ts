import type { Router } from "express";
import type { DB } from "../../../db/index.ts";
import { permissionModelView, roleModelView } from "./roles.ts";
import { handle, requireUser, serviceContext } from "../../http/rest/index.ts";

// {admin_path} = /backend/api/admin (DESIGN §7): roles and permissions. Their list, create,
// update and delete are the registry's routes (entries with restPrefix "admin"); these are the
// form data calls of spec §7.3, registered first so they are not read as "{id}".

export function registerAdminRoutes(router: Router, db: DB): void {
  router.get(
    "/api/admin/role/role_model_view",
    handle(async (req, res) => {
      requireUser(req);
      res.json({ data: await roleModelView(serviceContext(req, db)) });
    }),
  );
  router.get(
    "/api/admin/permission/permission_model_view",
    handle(async (req, res) => {
      requireUser(req);
      res.json({ data: await permissionModelView(serviceContext(req, db)) });
    }),
  );
}
