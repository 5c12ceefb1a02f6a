import { useEffect } from 'react';
import { lastActivePingMs } from '@lms/contract/visitor.rules';
import { apiClient } from '../../lib/api-client.ts';

/** PUT /v2/lms/visitor/last_active now and every 300000 ms while the shell is open (spec 1 §7, §9). */
export function useLastActivePing(): void {
  useEffect(() => {
    const ping = () => {
      // Visitor statistics are best effort; a failed ping is not worth a message.
      apiClient.put('/v2/lms/visitor/last_active').catch(() => undefined);
    };
    ping();
    const timer = window.setInterval(ping, lastActivePingMs);
    return () => window.clearInterval(timer);
  }, []);
}
