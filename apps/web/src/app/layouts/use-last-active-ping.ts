import { useEffect } from 'react';
import { lastActivePingMs } from '@lms/contract/visitor.rules';
import { apiClient } from '../../lib/api-client.ts';

/**
 * The first ping waits until a first screen has had its answers: on a phone's slow link (six connections)
 * a visitor statistic sent with them took a connection and bandwidth from the page's own requests.
 */
export const firstLastActivePingMs = 5_000;

/**
 * PUT /v2/lms/visitor/last_active 5 s after the shell opens and every 300000 ms while it stays open (spec 1
 * §7, §9); a visitor counts as online for 5 minutes after a ping.
 */
export function useLastActivePing(): void {
  useEffect(() => {
    const ping = () => {
      // Visitor statistics are best effort; a failed ping is not worth a message.
      apiClient.put('/v2/lms/visitor/last_active').catch(() => undefined);
    };
    let interval: number | undefined;
    const first = window.setTimeout(() => {
      ping();
      interval = window.setInterval(ping, lastActivePingMs);
    }, firstLastActivePingMs);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(interval);
    };
  }, []);
}
