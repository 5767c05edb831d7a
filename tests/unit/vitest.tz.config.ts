import { defineConfig } from 'vitest/config'

/**
 * Runs only the pure date rules, without the database set-up, so
 * availability-timezones.test.ts can start it under other process zones.
 */
export default defineConfig({
  test: {
    include: ['common/**/*.test.ts'],
    pool: 'forks',
  },
})
