import { useEffect, useRef } from 'react';
import { getCollegeId } from './college.ts';
import { getValidAccessToken } from './session/access-token.ts';
import { subscribeTokens } from './session/token-store.ts';

/**
 * Follows a server-sent event stream of the API as the signed-in user. EventSource cannot send headers,
 * so the token and the college go in the query; a refreshed token reopens the stream and signing out
 * closes it. `handlers` maps event names to what to do; they may change between renders.
 */
export function useAuthorizedEventSource(
  path: string,
  params: Record<string, string>,
  handlers: Record<string, (data: unknown) => void>,
  enabled = true,
): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const names = Object.keys(handlers).sort().join(',');
  const query = new URLSearchParams(params).toString();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let closed = false;
    const open = async () => {
      source?.close();
      const token = await getValidAccessToken();
      if (closed || !token) return;
      const search = new URLSearchParams(query);
      search.set('access_token', token);
      const collegeId = getCollegeId();
      if (collegeId) search.set('college-id', collegeId);
      source = new EventSource(`${path}?${search.toString()}`);
      for (const name of names.split(',').filter(Boolean)) {
        source.addEventListener(name, (event) => {
          let data: unknown = null;
          try {
            data = JSON.parse((event as MessageEvent<string>).data);
          } catch {
            data = (event as MessageEvent<string>).data;
          }
          latest.current[name]?.(data);
        });
      }
    };
    void open();
    const unsubscribe = subscribeTokens((tokens, reason) => {
      if (!tokens) source?.close();
      else if (reason !== 'sign-in') void open();
    });
    return () => {
      closed = true;
      unsubscribe();
      source?.close();
    };
  }, [path, query, names, enabled]);
}
