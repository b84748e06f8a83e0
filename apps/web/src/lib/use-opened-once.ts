// Overlays (modals, drawers) whose code loads on first use: the lazy component is mounted from
// the first time the overlay opens, and stays mounted so it can play its closing transition and
// open again at once. Keeps Mantine's Modal and Drawer out of the first render.
import { useState } from 'react';

/** True from the first render in which `opened` is true. */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}
