import type { FastifyReply } from 'fastify';
import type { Database, Db } from '../db/database.ts';
import { EventCoalescer } from './event-coalescer.ts';
import { isTransaction, notifyWithin } from './event-notify.repository.ts';
import { SseStream, type SseStreamOptions } from './sse-stream.ts';

/** The one NOTIFY channel every instance LISTENs on; the stream key inside the payload routes it. */
export const eventsChannel = 'lms_events';

/**
 * PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. Events therefore carry ids and small facts
 * only; a client that needs more fetches it through the API after the event arrives.
 */
export const maxEventPayloadBytes = 7900;

/**
 * Names one event stream. The college comes first so an event never reaches another college's
 * subscribers; further parts narrow it (`'sistem'`, `'ujian', examId`, `'kehadiran_mahasiswa', userId`).
 */
export function streamKey(collegeId: string, ...parts: string[]): string {
  return [collegeId, ...parts].map(encodeURIComponent).join('/');
}

/**
 * Publishes an event from inside a statement batch or transaction: PostgreSQL delivers a NOTIFY only
 * when the transaction commits, so listeners never hear of data they cannot read yet, and a rolled-back
 * change announces nothing.
 */
export async function publishWithin(db: Db, key: string, event: string, data: unknown = null): Promise<void> {
  const payload = JSON.stringify({ k: key, e: event, d: data } satisfies EventEnvelope);
  if (Buffer.byteLength(payload) > maxEventPayloadBytes) {
    throw new Error(`event ${event} is too large; events carry ids, not documents`);
  }
  await notifyWithin(db, eventsChannel, payload);
}

const coalescers = new WeakMap<Db, EventCoalescer>();

/** The coalescer of an app's root database handle (one per instance); the events plugin flushes it at close. */
export function eventCoalescerOf(db: Db): EventCoalescer {
  let coalescer = coalescers.get(db);
  if (!coalescer) {
    coalescer = new EventCoalescer((key, event, data) => publishWithin(db, key, event, data));
    coalescers.set(db, coalescer);
  }
  return coalescer;
}

/**
 * Publishes a hot event (one of many alike, each only telling pages to refresh) gathered with the others
 * of its stream into one NOTIFY per window (event-coalescer.ts); `merge` joins two events' data into one
 * that says enough for both. Through a transaction it is published within it, one per call: only after
 * the commit may a page hear of the change, and nothing tells when that is. The root handle's
 * statements are committed when they return, so a later announcement never comes too early.
 */
export async function publishCoalesced<T>(
  db: Db,
  key: string,
  event: string,
  data: T,
  merge: (a: T, b: T) => T,
): Promise<void> {
  if (isTransaction(db)) await publishWithin(db, key, event, data);
  else await eventCoalescerOf(db).publish(key, event, data, merge);
}

interface EventEnvelope {
  /** Stream key. */
  k: string;
  /** Event name. */
  e: string;
  /** Event data. */
  d: unknown;
}

export interface EventHubSettings extends SseStreamOptions {
  /** Period of the `time` event of the `sistem` stream. */
  timeEveryMs: number;
}

type Listener = (event: string, data: unknown) => void;

/** A part of the `sistem` stream that is the viewer's own (their unread notifications), added by an area. */
export type SystemStreamPart = (stream: SseStream, viewer: { collegeId: string; userId: string }) => void;

/**
 * Sessions that ended (sign-out, refresh-token reuse, going back to the operator's account, a password
 * change ending the other sign-ins): a user's sessions `s`, or all of them except `keep`.
 */
export interface EndedSessions {
  collegeId: string;
  userId: string;
  sessionIds?: string[];
  keep?: string;
}

/** The reserved stream key of session ends: college ids are never empty, so no stream key starts with '/'. */
const endedSessionsKey = '/sessions-ended';

/** The session a stream was opened with (its token's refresh-token family). */
interface StreamSession {
  collegeId: string;
  userId: string;
  sessionId: string;
}

/**
 * Fans events out to this instance's subscribers. Publishing goes through PostgreSQL NOTIFY, so every
 * instance on the same database (each LISTENing) delivers the event to its own subscribers of that key.
 */
export class EventHub {
  readonly settings: EventHubSettings = { heartbeatMs: 15_000, retryMs: 3_000, timeEveryMs: 30_000 };
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly streams = new Map<SseStream, StreamSession | null>();
  private unlisten: (() => Promise<void>) | undefined;
  private readonly endedListeners: Array<(ended: EndedSessions) => void> = [];
  private readonly systemParts: SystemStreamPart[] = [];

  constructor(
    private readonly database: Database,
    private readonly onError: (error: unknown) => void,
  ) {
    this.subscribe(endedSessionsKey, (_event, data) => this.sessionsEnded(data as EndedSessions));
  }

  /**
   * Tells every instance that sessions ended: each closes the streams opened with them (the browser's
   * EventSource then reconnects and is refused) and forgets the user's remembered rows.
   */
  async endSessions(ended: EndedSessions): Promise<void> {
    // Here at once, even when the notice comes back late or the database cannot deliver it.
    this.sessionsEnded(ended);
    // The session is revoked in the database already; other instances refuse it within the actor
    // cache's bound even if this notice is lost.
    await this.publish(endedSessionsKey, 'ended', ended).catch(this.onError);
  }

  /** Calls `listener` whenever sessions end, on this instance or another. */
  onSessionsEnded(listener: (ended: EndedSessions) => void): void {
    this.endedListeners.push(listener);
  }

  /**
   * Adds a part to every `sistem` stream opened from now on: the header keeps that stream open on every
   * page, so what it carries of the viewer's own costs no request of its own.
   */
  addSystemStreamPart(part: SystemStreamPart): void {
    this.systemParts.push(part);
  }

  /** Joins the parts areas added to a `sistem` stream just opened for the viewer. */
  joinSystemStreamParts(stream: SseStream, viewer: { collegeId: string; userId: string }): void {
    for (const part of this.systemParts) part(stream, viewer);
  }

  /** Starts LISTENing; until then published events reach no one here. */
  async start(): Promise<void> {
    this.unlisten ??= await this.database.listen(eventsChannel, (payload) => this.deliver(payload));
  }

  /** Publishes an event to every subscriber of `key` on every instance. */
  async publish(key: string, event: string, data: unknown = null): Promise<void> {
    const payload = JSON.stringify({ k: key, e: event, d: data } satisfies EventEnvelope);
    const bytes = Buffer.byteLength(payload);
    if (bytes > maxEventPayloadBytes) {
      throw new Error(`event ${event} is ${bytes} bytes; events carry ids, not documents`);
    }
    await this.database.query('select pg_notify($1, $2)', [eventsChannel, payload]);
  }

  /** Calls `listener` for every event of `key` that reaches this instance; returns the unsubscribe function. */
  subscribe(key: string, listener: Listener): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(key) === set) this.listeners.delete(key);
    };
  }

  /**
   * Turns the reply into an SSE stream subscribed to `key`; it ends when the client leaves or the app
   * closes. Fastify no longer manages the reply afterwards (hijacked), so the handler returns nothing.
   */
  openStream(reply: FastifyReply, key: string): SseStream {
    reply.hijack();
    const stream = new SseStream(reply.raw, this.settings);
    // The session of the token that opened it: the stream ends with the session (see endSessions).
    const auth = reply.request.auth;
    this.streams.set(
      stream,
      auth ? { collegeId: auth.collegeId, userId: auth.userId, sessionId: auth.sessionId } : null,
    );
    const unsubscribe = this.subscribe(key, (event, data) => stream.send(event, data));
    stream.onClose(() => {
      unsubscribe();
      this.streams.delete(stream);
    });
    return stream;
  }

  /** How many SSE streams are open on this instance. */
  get openStreams(): number {
    return this.streams.size;
  }

  /** Ends every open stream and stops LISTENing (app shutdown). */
  async stop(): Promise<void> {
    for (const stream of [...this.streams.keys()]) stream.close();
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    // The database may already be gone (it failed, or closed first); nothing is left to unsubscribe then.
    await unlisten?.().catch(() => undefined);
  }

  private sessionsEnded(ended: EndedSessions): void {
    for (const [stream, session] of [...this.streams]) {
      if (!session || session.collegeId !== ended.collegeId || session.userId !== ended.userId) continue;
      const matches = ended.sessionIds
        ? ended.sessionIds.includes(session.sessionId)
        : session.sessionId !== ended.keep;
      if (matches) stream.close();
    }
    for (const listener of this.endedListeners) listener(ended);
  }

  private deliver(payload: string): void {
    let envelope: EventEnvelope;
    try {
      envelope = JSON.parse(payload) as EventEnvelope;
    } catch (error) {
      this.onError(error);
      return;
    }
    for (const listener of this.listeners.get(envelope.k) ?? []) {
      try {
        listener(envelope.e, envelope.d);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
