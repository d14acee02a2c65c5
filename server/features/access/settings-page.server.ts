import { data } from "react-router";
import { isAppError } from "../../errors.ts";
import * as account from "./account.ts";
import { serviceContextOf } from "../../http/pages/context.ts";
import { pageUrl, redirectWithFlash, rethrowForPage, type PageArgs } from "../../http/pages/page-kit.server.ts";
import { readFlash } from "../../http/pages/flash.server.ts";

// The page adapter of /system/settings/*: every form posts an intent; a 422 comes back
// with the field errors and what was typed (passwords excepted), success redirects with a flash.

type Args = PageArgs;

const SECRET = new Set(["current_password", "password", "password_confirmation", "_csrf"]);

function typed(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) if (!SECRET.has(k) && typeof v === "string") out[k] = v;
  return out;
}

/** The loader of /system/settings/account: the sign-in name and e-mail, your identity, the flash. */
export async function accountSettingsLoader(args: Args) {
  const ctx = serviceContextOf(args.context);
  const profile = await account.myIdentity(ctx);
  const language = await account.myLanguage(ctx);
  const { flash, clear } = readFlash(args.request);
  const body = { username: ctx.user?.username ?? "", email: ctx.user?.email ?? "", profile, language, flash };
  return data(body, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export async function settingsAction(args: Args) {
  const ctx = serviceContextOf(args.context);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = pageUrl(args).pathname;
  const done = (message: string) => redirectWithFlash(args, form, { message, type: "success" }, back);
  const text = (k: string) => (form.get(k) == null ? undefined : String(form.get(k)));
  try {
    switch (intent) {
      case "account":
        await account.updateAccount(ctx, { username: text("username"), email: text("email") });
        return done(account.MSG_ACCOUNT);
      case "identity":
        await account.updateIdentity(ctx, {
          firstname: text("firstname"),
          middlename: text("middlename"),
          lastname: text("lastname"),
          suffix: text("suffix"),
          hex_color: text("hex_color"),
        });
        return done(account.MSG_IDENTITY);
      case "password": {
        const { signedOut } = await account.updatePassword(ctx, {
          current_password: text("current_password"),
          password: text("password"),
          password_confirmation: text("password_confirmation"),
        });
        return done(signedOut ? `${account.MSG_PASSWORD} ${account.MSG_SIGNED_OUT_OTHERS(signedOut)}` : account.MSG_PASSWORD);
      }
      case "language":
        return done(account.MSG_LANGUAGE((await account.updateLanguage(ctx, { language: text("language") ?? "" })).language));
      case "photo": {
        const file = form.get("photo");
        if (!file || typeof file === "string" || file.size === 0)
          return data({ intent, errors: { photo: ["Choose a photo first."] }, values: {} }, { status: 422 });
        await account.setMyPhoto(ctx, new Uint8Array(await file.arrayBuffer()));
        return done(account.MSG_PHOTO);
      }
      case "remove-photo":
        await account.removeMyPhoto(ctx);
        return done(account.MSG_PHOTO_REMOVED);
      case "notifications": {
        const body = Object.fromEntries(form.getAll("topics").map((t) => [String(t), true]));
        await account.updateNotificationPreferences(ctx, body);
        return done(account.MSG_NOTIFICATIONS);
      }
      case "sign-out-session":
        await account.endMySession(ctx, String(form.get("key") ?? ""));
        return done("Signed out the session.");
      case "sign-out-others": {
        const n = await account.signOutOtherSessions(ctx);
        return done(account.MSG_SIGNED_OUT_OTHERS(n));
      }
      default:
        throw data(`Unknown action ${intent || "(none)"}`, { status: 400 });
    }
  } catch (error) {
    if (isAppError(error) && error.status === 422)
      return data({ intent, errors: error.errors ?? { _: [error.message] }, values: typed(form) }, { status: 422 });
    rethrowForPage(error);
  }
}

export type SettingsActionData = { intent: string; errors: Record<string, string[]>; values: Record<string, string> } | undefined;
