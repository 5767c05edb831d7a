/** 'https://pub.example//' → 'https://pub.example' (a loop: a pattern ending in `/+$` can backtrack). */
export function withoutTrailingSlashes(value: string): string {
  let end = value.length
  while (end > 0 && value[end - 1] === '/') end--
  return value.slice(0, end)
}
