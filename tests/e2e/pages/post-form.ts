import type { Page } from "@playwright/test";

/**
 * Posts a form from the page as a browser without JavaScript would (a plain form submission, the
 * CSRF field from the XSRF-TOKEN cookie), and resolves with the POST's answer once the page that
 * answer drew has loaded. For posts no control on the page offers (another user's ids, an action
 * the user may not run).
 */
export async function postFormAsBrowser(page: Page, action: string, fields: Record<string, string>) {
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === action);
  await page.evaluate(
    ({ action, fields }) => {
      const csrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? "");
      const form = document.createElement("form");
      form.method = "post";
      form.action = action;
      for (const [name, value] of Object.entries({ _csrf: csrf, ...fields })) {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    },
    { action, fields },
  );
  const answer = await answered;
  await page.waitForLoadState();
  return answer;
}
