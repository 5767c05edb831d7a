// `npm run fuzz`: the fuzz suite of tests/api/fuzz.test.ts at length, with a fresh seed
// (FUZZ_RUNS requests a route and mode, default 500; FUZZ_SEED to replay a run).
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31))
const runs = process.env.FUZZ_RUNS ?? '500'
console.log(`Fuzzing every route, ${runs} requests a route and mode, seed ${seed} (replay with FUZZ_SEED=${seed})`)
const result = spawnSync(path.resolve('node_modules/.bin/vitest'), ['run', 'tests/api/fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs, FUZZ_TIMEOUT_MS: String(Number(runs) * 4000) },
})
process.exit(result.status ?? 1)
