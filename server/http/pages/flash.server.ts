import { translatedMessage } from "../../../domain/i18n/server-messages.ts";

// A one-shot message carried across the redirect after a form post, so a page without
// JavaScript shows the same "Successfully saved." that a toast shows with it (DESIGN §8).

export interface Flash {
  message: string;
  type: "create" | "success" | "delete" | "restore" | "info" | "invalid";
  /** Offers undo on a delete (spec §4): the record to restore. */
  undo?: { resource: string; id: number; ids?: number[] };
}

const FLASH_COOKIE = "portal_flash";

/** The cookie of a flash, its message in the request's language (issue 33 item 4; English as it is). */
export function flashCookie(flash: Flash, secure: boolean): string {
  const message = translatedMessage(flash.message);
  const value = Buffer.from(JSON.stringify(message === flash.message ? flash : { ...flash, message }), "utf8").toString("base64url");
  return `${FLASH_COOKIE}=${value}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function readFlash(request: Request): { flash: Flash | null; clear: string | null } {
  const cookie = request.headers.get("cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=([^;]+)`).exec(cookie);
  if (!match) return { flash: null, clear: null };
  let flash: Flash | null = null;
  try {
    const parsed = JSON.parse(Buffer.from(match[1], "base64url").toString("utf8"));
    if (parsed && typeof parsed.message === "string") flash = parsed as Flash;
  } catch {
    flash = null;
  }
  return { flash, clear: `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` };
}
