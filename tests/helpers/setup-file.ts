import { afterAll } from 'vitest'
import { runAfterFile } from './after-file'

// Runs in every test file: what the file's helpers created goes when the file ends.
afterAll(runAfterFile)
