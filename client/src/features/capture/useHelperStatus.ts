// The helper's status for a screen that uses it: pings while the screen is shown (every 5 s by
// default, shorter in tests) and starts over, 'checking' first, when the helper settings change.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { HelperClient } from '../../api/helper';
import { captureTimings } from './captureTimings';
import { createHelperMonitor, type HelperStatus } from './helperMonitor';
import { helperClientAtom, type HelperPurpose } from './helperSettings';

const CHECKING: HelperStatus = { state: 'checking' };

export function useHelperStatus(purpose: HelperPurpose, intervalMs?: number): HelperStatus {
  return useHelperClientStatus(useAtomValue(helperClientAtom)[purpose], intervalMs);
}

/** The status of one helper address (its client). */
export function useHelperClientStatus(client: HelperClient, intervalMs?: number): HelperStatus {
  // the status is kept with the client it belongs to, so a new address shows 'checking' at once
  const [seen, setSeen] = useState<{ client: HelperClient; status: HelperStatus } | null>(null);
  useEffect(() => {
    const monitor = createHelperMonitor({
      ping: (signal) => client.test(signal),
      intervalMs: intervalMs ?? captureTimings().pingMs,
      onChange: (status) => setSeen({ client, status }),
    });
    return () => monitor.stop();
  }, [client, intervalMs]);
  return seen?.client === client ? seen.status : CHECKING;
}
