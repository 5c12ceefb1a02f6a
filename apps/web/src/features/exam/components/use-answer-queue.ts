import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AnswerValue } from '@lms/contract/exam.rules';
import type { Attempt } from '@lms/contract/exam.schema';
import { ApiError } from '../../../lib/api-error.ts';
import { saveAnswer, type AnswerSaved } from '../api/save-answer.ts';
import { createAnswerWriter, type LocalAnswer, type LocalAnswers } from '../lib/answer-store.ts';

export type SaveState = 'tersimpan' | 'menyimpan' | 'offline';

export interface QueueSnapshot {
  answers: Record<string, LocalAnswer>;
  state: SaveState;
  pendingCount: number;
}

export interface QueueHandlers {
  onSaved(saved: AnswerSaved): void;
  onClosed(message: string): void;
}

const retryMs = 5_000;
/** A typed answer goes to the server once the student stops typing this long. */
export const typingPauseMs = 800;
const typedKinds = new Set<AnswerValue['jenis']>(['esay', 'isian_singkat', 'numerik', 'isian_rumpang']);
/** The first resend after a failed save: 1–2 s, spread so that a crowd whose server went away does not return at once. */
const firstRetryMs = () => 1_000 + Math.random() * 1_000;

/**
 * The answers of one attempt, saved as the student goes. Every change is written to the device first
 * (IndexedDB, answer-store.ts: a closed tab or a dead phone loses nothing), then sent with an increasing sequence number per
 * question (a late retry never overwrites a newer answer on the server); unsent answers are retried
 * every few seconds and when the browser comes back online. A failed save is first sent again after 1–2 s:
 * when one of several servers stops, the next request reaches another, and the student is back within
 * seconds.
 */
export class AnswerQueue {
  private answers: Record<string, LocalAnswer> = {};
  private readonly inFlight = new Set<string>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private soonRetry: ReturnType<typeof setTimeout> | undefined;
  /** Whether this outage already had its quick resend: after it, every `retryMs` (a phone offline for long). */
  private retriedSoon = false;
  private readonly listeners = new Set<() => void>();
  private offline = false;
  private stopped = false;
  private closed: boolean;
  private snapshotValue: QueueSnapshot;
  private handlers: QueueHandlers = { onSaved: () => undefined, onClosed: () => undefined };
  private readonly writer;

  constructor(
    private readonly attempt: Attempt,
    local: LocalAnswers,
  ) {
    this.writer = createAnswerWriter(attempt.id);
    // The server's answers, overlaid with newer ones this device has not delivered yet.
    for (const group of attempt.kelompok_soal) {
      for (const q of group.soal) {
        const mine = local[q.id];
        if (mine && mine.urutan > q.urutan) this.answers[q.id] = { ...mine, tersimpan: false };
        else if (q.jawaban) this.answers[q.id] = { jawaban: q.jawaban, urutan: q.urutan, tersimpan: true };
      }
    }
    this.closed = attempt.status === 'selesai';
    this.offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    this.snapshotValue = this.buildSnapshot();
  }

  /** What to tell the page: a save answered (with the server's time left), or the attempt closed. */
  setHandlers(handlers: QueueHandlers): void {
    this.handlers = handlers;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.snapshotValue;

  private buildSnapshot(): QueueSnapshot {
    const pendingCount = Object.values(this.answers).filter((a) => !a.tersimpan).length;
    let state: SaveState = 'tersimpan';
    if (this.inFlight.size > 0) state = 'menyimpan';
    else if (this.offline) state = 'offline';
    else if (pendingCount > 0) state = 'menyimpan';
    return { answers: this.answers, state, pendingCount };
  }

  private changed(): void {
    void this.writer.write(this.answers);
    this.snapshotValue = this.buildSnapshot();
    for (const listener of this.listeners) listener();
  }

  /** Starts the retries; answers the function that stops them. */
  start(): () => void {
    const retry = setInterval(() => void this.flush(), retryMs);
    const online = () => {
      this.offline = false;
      void this.flush();
    };
    // The browser knows first: say offline at once rather than after a failed save.
    const offline = () => {
      this.offline = true;
      this.changed();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    if (Object.values(this.answers).some((a) => !a.tersimpan)) void this.flush();
    return () => {
      clearInterval(retry);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      for (const timer of this.timers.values()) clearTimeout(timer);
      clearTimeout(this.soonRetry);
      this.stopped = true;
    };
  }

  /**
   * Records an answer on the device and sends it: typing after a pause of `typingPauseMs` (one save per
   * pause, not per keystroke), a pick at once. `typing` defaults by kind (the kinds answered in a text
   * box); a fill-in-the-blanks answer says which of its gaps changed.
   */
  setAnswer(soalId: string, jawaban: AnswerValue, typing = typedKinds.has(jawaban.jenis)): void {
    if (this.closed) return;
    const previous = this.answers[soalId];
    this.answers = {
      ...this.answers,
      [soalId]: { jawaban, urutan: (previous?.urutan ?? 0) + 1, tersimpan: false },
    };
    this.changed();
    const timer = this.timers.get(soalId);
    if (timer) clearTimeout(timer);
    this.timers.set(
      soalId,
      setTimeout(() => void this.send(soalId), typing ? typingPauseMs : 0),
    );
  }

  /** Sends every answer the server does not have yet. */
  async flush(): Promise<void> {
    await Promise.all(
      Object.entries(this.answers)
        .filter(([, a]) => !a.tersimpan)
        .map(([id]) => this.send(id)),
    );
  }

  private async send(soalId: string): Promise<void> {
    const current = this.answers[soalId];
    if (!current || current.tersimpan || this.closed || this.inFlight.has(soalId)) return;
    this.inFlight.add(soalId);
    this.changed();
    try {
      const saved = await saveAnswer(this.attempt.id, soalId, current.jawaban, current.urutan);
      this.offline = false;
      this.retriedSoon = false;
      const latest = this.answers[soalId];
      if (latest && latest.urutan <= saved.urutan)
        this.answers = { ...this.answers, [soalId]: { ...latest, tersimpan: true } };
      this.handlers.onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 409) {
        this.closed = true;
        this.handlers.onClosed(error.message);
      } else if (error instanceof ApiError && error.statusCode && error.statusCode < 500) {
        // Refused for good (not a connection problem): it leaves the queue.
        this.answers = { ...this.answers, [soalId]: { ...current, tersimpan: true } };
      } else {
        this.offline = true;
        this.retrySoon();
      }
    } finally {
      this.inFlight.delete(soalId);
      this.changed();
    }
    // A newer answer given while this one was in flight goes next.
    const latest = this.answers[soalId];
    if (!this.offline && latest && !latest.tersimpan) await this.send(soalId);
  }

  private retrySoon(): void {
    if (this.soonRetry !== undefined || this.retriedSoon || this.stopped) return;
    this.soonRetry = setTimeout(() => {
      this.soonRetry = undefined;
      this.retriedSoon = true;
      void this.flush();
    }, firstRetryMs());
  }

  /** Resolves when the device copy has every change so far. */
  stored(): Promise<void> {
    return this.writer.settled();
  }
}

/**
 * The answer queue of an attempt (mount per attempt, once its device copy is loaded), with the snapshot
 * the page renders.
 */
export function useAnswerQueue(attempt: Attempt, local: LocalAnswers, handlers: QueueHandlers) {
  const [queue] = useState(() => new AnswerQueue(attempt, local));
  useEffect(() => {
    queue.setHandlers(handlers);
  });
  useEffect(() => queue.start(), [queue]);
  const snapshot = useSyncExternalStore(queue.subscribe, queue.snapshot);
  return { queue, ...snapshot };
}
