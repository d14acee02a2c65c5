import { data } from "react-router";

// Unmatched routes (spec §2.2): the root ErrorBoundary renders the not-found page.
export function loader() {
  throw data("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
