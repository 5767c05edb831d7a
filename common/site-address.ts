/**
 * The site address (issue 36): the public address every link in every email
 * leads to, from PUBLIC_URL or the Site address setting. Without a real one
 * the app still runs, but says so at start-up and in a banner across the
 * back-office. The rules both sides share live here.
 */

/** Why the site address needs staff's attention: not set (or a localhost address), or not where the site is served from. */
export type SiteAddressProblem = 'not-set' | 'mismatch'

/** GET /api/admin/notices' account of the site address. */
export type SiteAddressStatus = {
  siteUrl: string
  /** Set by PUBLIC_URL on the server (Settings cannot change it). */
  fromEnv: boolean
  problem: SiteAddressProblem | null
  /** The host this request reached, when it differs. */
  servedFrom: string | null
}

/** Hosts that only the machine itself reaches: no guest can follow a link to them. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || h === '0.0.0.0' || /^127\.\d+\.\d+\.\d+$/.test(h)
}

const parse = (url: string): URL | undefined => {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

/**
 * What is wrong with the site address, if anything. `requestHost` is the host
 * a staff member's browser reached (Host, or X-Forwarded-Host behind
 * TRUST_PROXY); a request to the machine itself (localhost) says nothing
 * about the public address, so it is never a mismatch.
 */
export function siteAddressProblem(siteUrl: string, requestHost?: string): SiteAddressProblem | null {
  const site = parse(siteUrl)
  if (!site || !/^https?:$/.test(site.protocol) || isLoopbackHost(site.hostname)) return 'not-set'
  if (!requestHost) return null
  const reached = parse(`${site.protocol}//${requestHost}`)
  if (!reached || isLoopbackHost(reached.hostname)) return null
  return reached.host === site.host ? null : 'mismatch'
}

export const SITE_ADDRESS_MESSAGES = {
  notSet: "The site address is not set, so the links in guests' emails lead to this computer (localhost), not to your website.",
  mismatch: (siteUrl: string, servedFrom: string) =>
    `The site address is ${siteUrl}, but this page came from ${servedFrom}: the links in guests' emails may lead to the wrong place.`,
  fix: 'Set it in Settings',
  fixFromEnv: 'It is set by PUBLIC_URL on the server: change it there.',
  /** The one line the server prints at start-up without a real address. */
  startup: (siteUrl: string) =>
    `No site address: the links in emails lead to ${siteUrl}. Set PUBLIC_URL (or Settings > Venue Details > Site address) to the address guests use, such as https://www.thewheatsheafinn.co.uk.`,
  savedOverEnv: 'The site address is set by PUBLIC_URL on the server: change it there.',
} as const
