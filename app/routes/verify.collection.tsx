import { titleMeta } from "~/lib/titles";

export const meta = () => titleMeta("verify-collection");

export default function Verify() {
  return <h1 className="text-2xl font-semibold">Verify a collection</h1>;
}
