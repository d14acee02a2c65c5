import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The whole route table of spec §2.1 in one file. Layouts carry the guards (DESIGN §6):
// guest → /login, public → verification pages, auth → everything else.
export default [
  layout("routes/layouts/public.tsx", [
    index("routes/home.tsx", { id: "home" }),
    route("verify/collection/:collection_id?", "routes/verify.collection.tsx"),
    route("verify/transaction/:transaction_id?", "routes/verify.transaction.tsx"),
  ]),
  layout("routes/layouts/guest.tsx", [route("login", "routes/login.tsx")]),
  route("logout", "routes/logout.tsx"),
  layout("routes/layouts/default.tsx", [
    route("dashboard", "routes/dashboard.tsx"),
    route("test", "routes/test.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
