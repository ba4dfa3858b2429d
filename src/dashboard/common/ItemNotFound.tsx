// The page an item route shows when its item is missing, trashed or another customer's (issue 13,
// part 6): the API answers 404 for all three, so the user learns nothing about foreign items.
import { StatusCard } from './StatusCard';

export function ItemNotFound({ backTo }: { backTo?: string }) {
  return <StatusCard kind="item_not_found" backTo={backTo} />;
}
