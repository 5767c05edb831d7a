/** 'tel:' link target for a display number ('01279 555 014' → 'tel:01279555014'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}
