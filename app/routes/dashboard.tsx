import { titleMeta } from "~/lib/titles";
import { useRootData } from "~/lib/root-data";

export const meta = () => titleMeta("dashboard");

export default function Dashboard() {
  const root = useRootData();
  return <h1 className="text-2xl font-semibold">Welcome, {root?.user?.user_profile.firstname}</h1>;
}
