import { test as setup } from "@playwright/test";
import { PortalApi } from "./api";
import { ADMIN } from "./env";

// The "setup" project (playwright.config.ts): runs once the web server is up, before every other
// test. The seeded administrator has seen the welcome dialog (spec §2.2's new-user modal), so it
// does not cover the pages the administrator's tests open; the dialog itself is tested with a user
// of its own (shell.spec.ts).
setup("the seeded administrator signs in through the REST adapter and has been welcomed", async () => {
  const api = await PortalApi.signIn(ADMIN.username, ADMIN.password);
  await api.acknowledgeWelcome();
  await api.dispose();
});
