// Types of scripts/replace-build.mjs, for its test.
export const RETIRED_KEPT_MS: number
export const RETIRED_RECORD: string
export function keepRetiredAssets(previous: string, next: string, now?: Date): number
export function replaceBuild(buildDir: string, makeBuild: (staging: string) => unknown, now?: Date): Promise<{ kept: number }>
