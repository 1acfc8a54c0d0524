/**
 * What the simulated people saw: every answer's time by kind of request, the answers nobody should get (a 5xx, a 4xx
 * the request was not made to provoke, no answer at all), the 429s apart, and what the servers acknowledged
 * (sign-ups, sign-ins, agreement requests and their outcomes, pledges, confirmations), to be found in the database
 * afterwards.
 */

export interface Unexpected {
  kind: string;
  /** 0 when no answer came (connection refused or reset, or no answer in time). */
  status: number;
  detail: string;
  /** When it came (ms since the epoch). */
  at: number;
}

/** The kinds of request that write what the database is checked for at the end. */
export const WRITES = {
  signUp: 'POST sign-up',
  verify: 'PATCH verify-otp',
  signIn: 'POST sign-in',
  signOut: 'POST sign-out',
  agreementRequest: 'POST agreement request',
  accept: 'POST accept',
  decline: 'POST decline',
  pledge: 'POST donation (pledge)',
  confirm: 'POST confirm donation (staff)',
} as const;

/** One acknowledged money movement: the project it belongs to and its amount in paisa (exact, as in the database). */
export interface Movement {
  projectId: string;
  paisa: number;
}

export class Recorder {
  private readonly times = new Map<string, number[]>();
  private readonly limitedByKind = new Map<string, number>();
  private readonly unansweredByKind = new Map<string, number>();
  /** The first unexpected answers, with what they said; `unexpectedCount` has them all. */
  readonly unexpected: Unexpected[] = [];
  unexpectedCount = 0;

  readonly acks = {
    signUps: 0,
    /** Phones verified with the code (each starts a session). */
    verified: 0,
    signIns: 0,
    signOuts: 0,
    agreementRequests: new Map<string, Movement>(),
    accepted: new Set<string>(),
    declined: new Set<string>(),
    pledges: new Map<string, Movement>(),
    confirmed: new Set<string>(),
  };

  /** An answer of `kind` after `ms` milliseconds; `expected` false records it among the unexpected ones. */
  answer(kind: string, ms: number, status: number, expected: boolean, detail: () => string): void {
    let list = this.times.get(kind);
    if (!list) this.times.set(kind, (list = []));
    list.push(ms);
    if (status === 429) {
      this.limitedByKind.set(kind, (this.limitedByKind.get(kind) ?? 0) + 1);
    } else if (!expected) {
      if (status === 0) this.unansweredByKind.set(kind, (this.unansweredByKind.get(kind) ?? 0) + 1);
      this.unexpectedCount += 1;
      if (this.unexpected.length < 50) this.unexpected.push({ kind, status, detail: detail(), at: Date.now() });
    }
  }

  /** Something an expected answer should have had and had not (e.g. no code in the SMS outbox after a sign-up). */
  problem(kind: string, status: number, detail: string): void {
    this.unexpectedCount += 1;
    if (this.unexpected.length < 50) this.unexpected.push({ kind, status, detail, at: Date.now() });
  }

  /** Latency samples (ms) by kind of request, in the order they were taken. */
  latencies(): ReadonlyMap<string, readonly number[]> {
    return this.times;
  }

  /** Answers counted in all. */
  total(): number {
    let n = 0;
    for (const list of this.times.values()) n += list.length;
    return n;
  }

  /**
   * Requests of these kinds (setup's included) that got no answer at all: whether their write happened, the person
   * never learned (the server may have committed it after the client gave up).
   */
  unanswered(...kinds: string[]): number {
    let n = 0;
    for (const kind of kinds) n += (this.unansweredByKind.get(kind) ?? 0) + (this.unansweredByKind.get(`setup: ${kind}`) ?? 0);
    return n;
  }

  /** 429 answers by kind of request. */
  limited(): ReadonlyMap<string, number> {
    return this.limitedByKind;
  }
}
