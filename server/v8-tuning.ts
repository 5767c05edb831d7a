import v8 from 'node:v8'

/**
 * V8 settings for the server process, set first thing at start-up (server/index.ts).
 *
 * Allocation-site pretenuring off. V8 watches the objects each object or array
 * literal makes, and once most of them survive a young-generation collection it
 * makes that literal's objects in the old generation from then on. A request's
 * objects live 20-30 ms, but in a booking rush each collection finds the fifty
 * requests in flight alive, so V8 took some per-request literals for long-lived.
 * About 2 MB then went to the old generation at every collection; it filled within
 * seconds, and each full collection paused every request in flight. Which literals it picked differed from one
 * process start to the next, so the same build ran in one of two modes (0.4 or
 * 2 MB promoted per collection). With it off: 0.06-0.16 MB, no full collection in
 * a 10 s rush, and young collections pause about 3 ms instead of 4-9 ms
 * (docs/decisions/0013-booking-write-path.md). Node warns that flags changed after
 * start-up may behave unpredictably: those figures were measured with the flag set
 * here, and v8-tuning.test.ts checks that setting it here takes effect.
 */
export function tuneV8() {
  v8.setFlagsFromString('--no-allocation-site-pretenuring')
}
