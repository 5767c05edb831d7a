import v8 from 'node:v8'

// V8 settings for the server process, set first thing at start-up (server/index.ts): allocation-site pretenuring off,
// as V8 took per-request literals for long-lived in a booking rush. Why and what it measured: docs/decisions/0017-v8-pretenuring.md.
export function tuneV8() {
  v8.setFlagsFromString('--no-allocation-site-pretenuring')
}
