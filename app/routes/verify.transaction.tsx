import { titleMeta } from "~/lib/titles";

export const meta = () => titleMeta("verify-transaction");

export default function Verify() {
  return <h1 className="text-2xl font-semibold">Verify a transaction</h1>;
}
