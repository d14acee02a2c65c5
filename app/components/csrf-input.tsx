import { useRootData } from "~/lib/root-data";

/** The hidden `_csrf` field every HTML form posts (DESIGN §6). */
export function CsrfInput() {
  const root = useRootData();
  return <input type="hidden" name="_csrf" value={root?.csrfToken ?? ""} />;
}
