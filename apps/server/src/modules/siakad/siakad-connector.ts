/** A grade component of a class in SIAKAD, with its weight in percent. */
export interface SiakadComponent {
  id: string;
  jenis: string;
  label: string;
  bobot: number;
}

/** A student's value of one component as SIAKAD holds it, and who changed it last. */
export interface SiakadValue {
  komponenId: string;
  nim: string;
  nilai: number;
  /** Changed in SIAKAD itself rather than sent by the LMS (update_by_sikad). */
  updatedBySiakad: boolean;
  updatedBy: string;
  updatedAt: Date;
}

/** What SIAKAD holds about one class's grades. */
export interface SiakadClass {
  komponen: SiakadComponent[];
  windowStart: Date | null;
  windowEnd: Date | null;
  locked: boolean;
  values: SiakadValue[];
}

/** One value to write. */
export interface SiakadValueWrite {
  komponenId: string;
  nim: string;
  nilai: number;
}

/** SIAKAD's answer for one written value. */
export interface SiakadWriteResult {
  komponenId: string;
  nim: string;
  ok: boolean;
  message: string;
}

/**
 * The seam to the academic system (docs/api/grades-and-siakad.md): read a class's components, entry
 * window, lock and values; write students' component values. Two implementations: the HTTP client of a
 * real SIAKAD and the demo SIAKAD in our own database, chosen per college.
 */
export interface SiakadConnector {
  readonly kind: 'demo' | 'http';
  readClass(kelasId: string): Promise<SiakadClass>;
  /** Writes values as `by` (the LMS user's name); answers per value. */
  writeValues(kelasId: string, values: SiakadValueWrite[], by: string): Promise<SiakadWriteResult[]>;
}

/**
 * SIAKAD could not be reached (timeout, network) or refused the request. Transient failures (timeouts,
 * network errors, 5xx, 429) may be retried; a refusal may not.
 */
export class SiakadError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'SiakadError';
  }
}
