// The parts of autocannon's API the harness uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface RequestContext {
      [key: string]: unknown;
    }
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: Request, context: RequestContext) => Request | undefined;
      onResponse?: (status: number, body: string, context: RequestContext) => void;
    }
    interface Options extends Request {
      url?: string;
      connections?: number;
      duration?: number;
      requests?: Request[];
    }
    interface Histogram {
      average: number;
      p50: number;
      p90: number;
      p99: number;
      max: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      non2xx: number;
      /** Answers with a 2xx status. */
      '2xx': number;
      /** Seconds the run took. */
      duration: number;
      errors: number;
      timeouts: number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
