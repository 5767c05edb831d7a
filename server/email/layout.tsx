import { Body } from '@react-email/body'
import { Button } from '@react-email/button'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Img } from '@react-email/img'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { CSSProperties } from 'react'
import { withoutTrailingSlashes } from '#common/url'

/**
 * The one layout every message's structured fields render through: a 600 px
 * table-based column (React Email's components), inline styles only, system
 * fonts, and nothing loaded from elsewhere but the venue's own header image.
 * It reads well in Gmail, Outlook and Apple Mail, and on a phone.
 */
export type EmailLayoutProps = {
  preview: string
  headerImageUrl?: string
  heroTitle?: string
  greeting?: string
  message?: string
  summaryTitle?: string
  /** Label and value rows (date, time, guests...); empty values are left out. */
  summary: [string, string][]
  buttons: { text: string; url: string }[]
  footerText?: string
  venue: { name: string; address: string; phone: string; email: string; siteUrl: string }
  /** How to stop offers (guests' messages only). */
  unsubscribeUrl?: string
}

const colors = { forest: '#2f4a34', cream: '#fbf7ef', paper: '#fffdf8', ink: '#2a2118', muted: '#5b4f42', brass: '#c99a3f', line: '#dccfb8' }
const serif = "Georgia, 'Times New Roman', serif"
const sans = "'Helvetica Neue', Helvetica, Arial, sans-serif"

const s: Record<string, CSSProperties> = {
  body: { backgroundColor: colors.cream, margin: 0, padding: '24px 0', fontFamily: sans, color: colors.ink },
  container: { maxWidth: '600px', width: '100%', margin: '0 auto', backgroundColor: colors.paper, border: `1px solid ${colors.line}`, borderRadius: '8px' },
  brand: { backgroundColor: colors.forest, padding: '20px 24px', borderRadius: '8px 8px 0 0' },
  brandName: { margin: 0, color: colors.cream, fontFamily: serif, fontSize: '22px', fontWeight: 700 },
  image: { display: 'block', width: '100%', height: 'auto', border: 0 },
  content: { padding: '24px' },
  hero: { margin: '0 0 16px', fontFamily: serif, fontSize: '26px', lineHeight: '32px', color: colors.forest },
  text: { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', whiteSpace: 'pre-line' },
  summary: { backgroundColor: colors.cream, border: `1px solid ${colors.line}`, borderRadius: '6px', padding: '16px 20px', margin: '8px 0 20px' },
  summaryTitle: { margin: '0 0 8px', fontFamily: serif, fontSize: '18px', color: colors.forest },
  row: { margin: '0 0 6px', fontSize: '15px', lineHeight: '22px' },
  label: { color: colors.muted, fontWeight: 700 },
  button: { backgroundColor: colors.forest, color: colors.cream, fontSize: '15px', fontWeight: 700, padding: '12px 20px', borderRadius: '6px', textDecoration: 'none', display: 'inline-block', margin: '0 8px 8px 0' },
  buttonAlt: { backgroundColor: colors.brass, color: colors.ink },
  hr: { borderColor: colors.line, margin: '8px 0 16px' },
  footer: { margin: '0 0 8px', fontSize: '13px', lineHeight: '20px', color: colors.muted },
  link: { color: colors.forest },
}

/** The venue's name and address in one line, the name once when the address already starts with it. */
export function nameAndAddress(venue: { name: string; address: string }, separator: string): string {
  return venue.address.startsWith(venue.name) ? venue.address : `${venue.name}${separator}${venue.address}`
}

export function EmailLayout(p: EmailLayoutProps) {
  return (
    <Html lang="en-GB">
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{p.preview}</Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          <Section style={s.brand}>
            <Text style={s.brandName}>{p.venue.name}</Text>
          </Section>
          {p.headerImageUrl && <Img src={p.headerImageUrl} alt="" width="600" style={s.image} />}
          <Section style={s.content}>
            {p.heroTitle && (
              <Heading as="h1" style={s.hero}>
                {p.heroTitle}
              </Heading>
            )}
            {p.greeting && <Text style={s.text}>{p.greeting}</Text>}
            {p.message && <Text style={s.text}>{p.message}</Text>}
            {p.summary.length > 0 && (
              <Section style={s.summary}>
                {p.summaryTitle && <Text style={s.summaryTitle}>{p.summaryTitle}</Text>}
                {p.summary.map(([label, value]) => (
                  <Text key={label} style={s.row}>
                    <span style={s.label}>{label}:</span> {value}
                  </Text>
                ))}
              </Section>
            )}
            {p.buttons.length > 0 && (
              <Section>
                {p.buttons.map((b, i) => (
                  <Button key={b.url} href={b.url} style={i === 0 ? s.button : { ...s.button, ...s.buttonAlt }}>
                    {b.text}
                  </Button>
                ))}
              </Section>
            )}
            {p.footerText && <Text style={s.text}>{p.footerText}</Text>}
            <Hr style={s.hr} />
            <Text style={s.footer}>
              {nameAndAddress(p.venue, ' · ')}
              <br />
              <Link href={`tel:${p.venue.phone.replace(/[^\d+]/g, '')}`} style={s.link}>
                {p.venue.phone}
              </Link>{' '}
              ·{' '}
              <Link href={`mailto:${p.venue.email}`} style={s.link}>
                {p.venue.email}
              </Link>{' '}
              ·{' '}
              <Link href={p.venue.siteUrl} style={s.link}>
                {p.venue.siteUrl.replace(/^https?:\/\//, '')}
              </Link>
            </Text>
            {p.unsubscribeUrl && (
              <Text style={s.footer}>
                If you agreed to hear about our offers when you booked, you can{' '}
                <Link href={p.unsubscribeUrl} style={s.link}>
                  stop offers from us here
                </Link>
                . Messages about your bookings still come. What we keep about you, and how to have it sent or erased:{' '}
                <Link href={`${withoutTrailingSlashes(p.venue.siteUrl)}/privacy-policy#your-data`} style={s.link}>
                  your data
                </Link>
                .
              </Text>
            )}
          </Section>
        </Container>
      </Body>
    </Html>
  )
}
