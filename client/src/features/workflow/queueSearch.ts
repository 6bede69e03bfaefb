// Queue search (spec §4): a queue opens on the selected archive when it has tasks there, otherwise
// on the archive holding most of them (the lower id on a tie, so the choice is stable); null when
// the queue holds no task of the user at all.
import type { QueueArchiveCount } from '@gs/contract/workflow';

export function pickQueueArchive(
  counts: readonly QueueArchiveCount[],
  selected: number | null,
): number | null {
  const withTasks = counts.filter((c) => c.Count > 0);
  if (selected !== null && withTasks.some((c) => c.ArchiveId === selected)) return selected;
  let best: QueueArchiveCount | null = null;
  for (const c of withTasks)
    if (!best || c.Count > best.Count || (c.Count === best.Count && c.ArchiveId < best.ArchiveId)) best = c;
  return best ? best.ArchiveId : null;
}
