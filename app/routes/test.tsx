import { titleMeta } from "~/lib/titles";

export const meta = () => titleMeta("test");

export default function TestPage() {
  return <h1 className="text-2xl font-semibold">Diagnostics</h1>;
}
