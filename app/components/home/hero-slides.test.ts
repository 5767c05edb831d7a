import { describe, expect, it } from 'vitest'
import { artworkForSrc } from '~/lib/artwork'
import { toSlideViews } from './hero-slides'

const slide = (image: string) => ({ id: 1, title: 'Quiz night', subtitle: '', description: '', image, buttons: [] })

describe('staff hero slides', () => {
  it('use the responsive variants of an uploaded image', () => {
    const uploads = { '/uploads/abc.jpg': { src: '/uploads/abc-1600w.webp', srcSet: '/uploads/abc-480w.webp 480w', width: 2000, height: 1000 } }
    const [view] = toSlideViews([slide('/uploads/abc.jpg')], (url) => uploads[url as keyof typeof uploads])
    expect(view!.image).toEqual({ ...uploads['/uploads/abc.jpg'], alt: 'Quiz night' })
  })

  it('use the built-in variants of a picked venue picture', () => {
    const garden = artworkForSrc('/images/venue-garden-960.webp')
    expect(garden).toBeDefined()
    const [view] = toSlideViews([slide(garden!.src)], artworkForSrc)
    expect(view!.image.srcSet).toBe(garden!.srcSet)
    expect(view!.image.alt).toBe('Quiz night')
  })

  it('keep a plain source at the hero size for anything else', () => {
    const [view] = toSlideViews([slide('/somewhere/else.png')])
    expect(view!.image).toEqual({ src: '/somewhere/else.png', width: 1600, height: 900, alt: 'Quiz night' })
  })
})
